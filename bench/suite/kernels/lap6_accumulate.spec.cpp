// lap6_accumulate.spec.cpp - adds dt times the sixth-order 2-D Laplacian
// (13-point star, radius 3) of u to acc in place (InOut), f32.
#include <stencil/stencil.hpp>
using namespace stencil;

STENCIL_KERNEL void lap6_accumulate(In<float, 2> u, InOut<float, 2> acc, float dt) {
  float lap = -49.0f / 9.0f * u();
  lap += 1.5f * (u(0, 1) + u(0, -1) + u(1, 0) + u(-1, 0));
  lap -= 0.15f * (u(0, 2) + u(0, -2) + u(2, 0) + u(-2, 0));
  lap += (u(0, 3) + u(0, -3) + u(3, 0) + u(-3, 0)) / 90.0f;
  acc() = acc() + dt * lap;
}
