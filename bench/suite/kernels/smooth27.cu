#include "smooth27.spec.cpp"
#include "smooth27_gen.h"
#include "../suite.hpp"

SUITE_CASE(smooth27) {
  suite::Kernel<3> C(S, {13, 17, 19}, {384, 384, 384});
  auto u = C.in<double>("u", suite::uniform(-1.0, 1.0));
  auto v = C.out<double>("v");
  C.run([&](auto &A) { A.run(smooth27, A[u], A[v]); },
        [&](auto &A) { gpu::smooth27(A[u], A[v], A.opts); });
}
