#include "life.spec.cpp"
#include "life_gen.h"
#include "../suite.hpp"

SUITE_CASE(life) {
  suite::Kernel<2> C(S, {37, 41}, {8192, 8192});
  auto cells = C.in<int>("cells", suite::bits(0.35));
  auto next = C.out<int>("next");
  auto alive = C.sum<int>("alive");
  C.run([&](auto &A) { A.run(life, A[cells], A[next], A[alive]); },
        [&](auto &A) {
          A.got(alive, gpu::life(A[cells], A[next], A.opts).alive);
        });
}
