#include "density49.spec.cpp"
#include "density49_gen.h"
#include "../suite.hpp"

SUITE_CASE(density49) {
  suite::Kernel<2> C(S, {37, 41}, {8192, 8192});
  auto occupied = C.in<int>("occupied", suite::bits(0.3));
  auto count = C.out<int>("count");
  auto sparsest = C.min<int>("sparsest");
  C.run([&](auto &A) { A.run(density49, A[occupied], A[count], A[sparsest]); },
        [&](auto &A) {
          A.got(sparsest,
                gpu::density49(A[occupied], A[count], A.opts).sparsest);
        });
}
