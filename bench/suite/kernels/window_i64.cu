#include "window_i64.spec.cpp"
#include "window_i64_gen.h"
#include "../suite.hpp"

SUITE_CASE(window_i64) {
  suite::Kernel<1> C(S, {1013}, {int64_t(1) << 26});
  auto a = C.in<int64_t>(
      "a", suite::integers(-1'000'000'000'000, 1'000'000'000'000));
  auto total = C.out<int64_t>("total");
  auto best = C.max<int64_t>("best_total");
  auto peak = C.max<int64_t>("peak");
  auto widest = C.max<int64_t>("widest");
  C.run(
      [&](auto &A) {
        A.run(window_i64, A[a], A[total], A[best], A[peak], A[widest]);
      },
      [&](auto &A) {
        auto R = gpu::window_i64(A[a], A[total], A.opts);
        A.got(best, R.best_total);
        A.got(peak, R.peak);
        A.got(widest, R.widest);
      });
}
