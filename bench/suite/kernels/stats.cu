#include "stats.spec.cpp"
#include "stats_gen.h"
#include "../suite.hpp"

SUITE_CASE(stats) {
  suite::Kernel<1> C(S, {1013}, {int64_t(1) << 27}, {{int64_t(1) << 17}});
  auto x = C.in<double>("x", suite::uniform(-1.0, 3.0));
  auto total = C.sum<double>("total");
  auto lowest = C.min<double>("lowest");
  auto highest = C.max<double>("highest");
  C.run([&](auto &A) { A.run(stats, A[x], A[total], A[lowest], A[highest]); },
        [&](auto &A) {
          auto R = gpu::stats(A[x], A.opts);
          A.got(total, R.total);
          A.got(lowest, R.lowest);
          A.got(highest, R.highest);
        });
}
