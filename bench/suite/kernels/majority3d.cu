#include "majority3d.spec.cpp"
#include "majority3d_gen.h"
#include "../suite.hpp"

SUITE_CASE(majority3d) {
  suite::Kernel<3> C(S, {13, 17, 19}, {384, 384, 384});
  auto s = C.in<int>("s", suite::bits(0.5));
  auto t = C.out<int>("t");
  auto flips = C.sum<int>("flips");
  C.run([&](auto &A) { A.run(majority3d, A[s], A[t], A[flips]); },
        [&](auto &A) {
          A.got(flips, gpu::majority3d(A[s], A[t], A.opts).flips);
        });
}
