#include "wave3d_r4.spec.cpp"
#include "wave3d_r4_gen.h"
#include "../suite.hpp"

SUITE_CASE(wave3d_r4) {
  suite::Kernel<3> C(S, {13, 17, 19}, {512, 512, 512});
  auto u = C.in<float>("u", suite::uniform(-1.0, 1.0));
  auto vel2 = C.in<float>("vel2", suite::uniform(0.5, 1.0));
  auto prev = C.inout<float>("prev", suite::uniform(-1.0, 1.0));
  const float Dt2 = 0.01f;
  C.run([&](auto &A) { A.run(wave3d_r4, A[u], A[vel2], A[prev], Dt2); },
        [&](auto &A) { gpu::wave3d_r4(A[u], A[vel2], A[prev], Dt2, A.opts); });
}
