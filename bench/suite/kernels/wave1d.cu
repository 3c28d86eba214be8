#include "wave1d.spec.cpp"
#include "wave1d_gen.h"
#include "../suite.hpp"

SUITE_CASE(wave1d) {
  suite::Kernel<1> C(S, {1013}, {int64_t(1) << 28}, {{int64_t(1) << 16}});
  auto prev = C.in<float>("prev", suite::uniform(-1.0, 1.0));
  auto cur = C.in<float>("cur", suite::uniform(-1.0, 1.0));
  auto next = C.out<float>("next");
  auto lowest = C.min<float>("lowest");
  auto highest = C.max<float>("highest");
  const float C2 = 0.25f;
  C.run(
      [&](auto &A) {
        A.run(wave1d, A[prev], A[cur], A[next], A[lowest], A[highest], C2);
      },
      [&](auto &A) {
        auto R = gpu::wave1d(A[prev], A[cur], A[next], C2, A.opts);
        A.got(lowest, R.lowest);
        A.got(highest, R.highest);
      });
}
