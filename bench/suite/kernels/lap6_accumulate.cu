#include "lap6_accumulate.spec.cpp"
#include "lap6_accumulate_gen.h"
#include "../suite.hpp"

SUITE_CASE(lap6_accumulate) {
  suite::Kernel<2> C(S, {37, 41}, {8192, 8192});
  auto u = C.in<float>("u", suite::uniform(-1.0, 1.0));
  auto acc = C.inout<float>("acc", suite::uniform(-1.0, 1.0));
  const float Dt = 0.125f;
  C.run([&](auto &A) { A.run(lap6_accumulate, A[u], A[acc], Dt); },
        [&](auto &A) { gpu::lap6_accumulate(A[u], A[acc], Dt, A.opts); });
}
