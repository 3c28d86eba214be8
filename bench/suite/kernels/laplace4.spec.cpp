// laplace4.spec.cpp - the fourth-order 2-D Laplacian (9-point star, radius
// 2), f64.
#include <stencil/stencil.hpp>
using namespace stencil;

STENCIL_KERNEL void laplace4(In<double, 2> u, Out<double, 2> lap, double inv_h2) {
  double near = u(0, -1) + u(0, 1) + u(-1, 0) + u(1, 0);
  double far = u(0, -2) + u(0, 2) + u(-2, 0) + u(2, 0);
  lap() = inv_h2 * (4.0 / 3.0 * near - far / 12.0 - 5.0 * u());
}
