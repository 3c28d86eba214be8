// heat3d.spec.cpp - one explicit step of the 3-D heat equation: the 7-point
// Laplacian (star, radius 1), f64, and the squared change summed.
#include <stencil/stencil.hpp>
using namespace stencil;

STENCIL_KERNEL void heat3d(In<double, 3> u, Out<double, 3> unew, Sum<double> change,
                           double alpha) {
  double lap = u(-1, 0, 0) + u(1, 0, 0) + u(0, -1, 0) + u(0, 1, 0) + u(0, 0, -1) +
               u(0, 0, 1) - 6.0 * u();
  double du = alpha * lap;
  unew() = u() + du;
  change += du * du;
}
