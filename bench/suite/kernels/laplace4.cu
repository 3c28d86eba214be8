#include "laplace4.spec.cpp"
#include "laplace4_gen.h"
#include "../suite.hpp"

SUITE_CASE(laplace4) {
  suite::Kernel<2> C(S, {37, 41}, {8192, 8192});
  auto u = C.in<double>("u", suite::uniform(-1.0, 1.0));
  auto lap = C.out<double>("lap");
  const double InvH2 = 1.0 / (0.01 * 0.01);
  C.run([&](auto &A) { A.run(laplace4, A[u], A[lap], InvH2); },
        [&](auto &A) { gpu::laplace4(A[u], A[lap], InvH2, A.opts); });
}
