#include "diffusion_vc.spec.cpp"
#include "diffusion_vc_gen.h"
#include "../suite.hpp"

SUITE_CASE(diffusion_vc) {
  suite::Kernel<2> C(S, {37, 41}, {8192, 8192});
  auto u = C.in<double>("u", suite::uniform(0.0, 1.0));
  auto kx = C.in<double>("kx", suite::uniform(0.5, 2.0));
  auto ky = C.in<double>("ky", suite::uniform(0.5, 2.0));
  auto source = C.in<double>("source", suite::uniform(-0.1, 0.1));
  auto unew = C.out<double>("unew");
  const double Dt = 0.05;
  C.run(
      [&](auto &A) {
        A.run(diffusion_vc, A[u], A[kx], A[ky], A[source], A[unew], Dt);
      },
      [&](auto &A) {
        gpu::diffusion_vc(A[u], A[kx], A[ky], A[source], A[unew], Dt, A.opts);
      });
}
