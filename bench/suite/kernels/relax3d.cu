#include "relax3d.spec.cpp"
#include "relax3d_gen.h"
#include "../suite.hpp"

SUITE_CASE(relax3d) {
  suite::Kernel<3> C(S, {13, 17, 19}, {512, 512, 512});
  auto rhs = C.in<float>("rhs", suite::uniform(-1.0, 1.0));
  auto diag = C.in<float>("diag", suite::uniform(1.0, 2.0));
  auto x = C.inout<float>("x", suite::uniform(-1.0, 1.0));
  auto residual = C.sum<float, double>("residual");
  const float Omega = 0.8f;
  C.run(
      [&](auto &A) {
        A.run(relax3d, A[rhs], A[diag], A[x], A[residual], Omega);
      },
      [&](auto &A) {
        A.got(residual,
              gpu::relax3d(A[rhs], A[diag], A[x], Omega, A.opts).residual);
      });
}
