#include "heat3d.spec.cpp"
#include "heat3d_gen.h"
#include "../suite.hpp"

SUITE_CASE(heat3d) {
  suite::Kernel<3> C(S, {13, 17, 19}, {512, 512, 512}, {{40, 40, 40}});
  auto u = C.in<double>("u", suite::uniform(0.0, 1.0));
  auto unew = C.out<double>("unew");
  auto change = C.sum<double>("change");
  const double Alpha = 0.1;
  C.run([&](auto &A) { A.run(heat3d, A[u], A[unew], A[change], Alpha); },
        [&](auto &A) {
          A.got(change, gpu::heat3d(A[u], A[unew], Alpha, A.opts).change);
        });
}
