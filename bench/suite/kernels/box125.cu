#include "box125.spec.cpp"
#include "box125_gen.h"
#include "../suite.hpp"

SUITE_CASE(box125) {
  suite::Kernel<3> C(S, {13, 17, 19}, {384, 384, 384});
  auto u = C.in<float>("u", suite::uniform(-1.0, 1.0));
  auto v = C.out<float>("v");
  C.run([&](auto &A) { A.run(box125, A[u], A[v]); },
        [&](auto &A) { gpu::box125(A[u], A[v], A.opts); });
}
