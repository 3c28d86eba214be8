// diffusion_vc.spec.cpp - an explicit step of variable-coefficient diffusion
// with a source, f64: face conductivities kx, ky, five grids.
#include <stencil/stencil.hpp>
using namespace stencil;

STENCIL_KERNEL void diffusion_vc(In<double, 2> u, In<double, 2> kx, In<double, 2> ky,
                                 In<double, 2> source, Out<double, 2> unew, double dt) {
  double flux_x = kx(0, 1) * (u(0, 1) - u()) - kx() * (u() - u(0, -1));
  double flux_y = ky(1, 0) * (u(1, 0) - u()) - ky() * (u() - u(-1, 0));
  unew() = u() + dt * (flux_x + flux_y + source());
}
