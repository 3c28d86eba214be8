#include "deriv6.spec.cpp"
#include "deriv6_gen.h"
#include "../suite.hpp"

SUITE_CASE(deriv6) {
  suite::Kernel<1> C(S, {1013}, {int64_t(1) << 26});
  auto f = C.in<double>("f", suite::uniform(-1.0, 1.0));
  auto df = C.out<double>("df");
  auto energy = C.sum<double>("energy");
  const double InvH = 64.0;
  C.run([&](auto &A) { A.run(deriv6, A[f], A[df], A[energy], InvH); },
        [&](auto &A) {
          A.got(energy, gpu::deriv6(A[f], A[df], InvH, A.opts).energy);
        });
}
