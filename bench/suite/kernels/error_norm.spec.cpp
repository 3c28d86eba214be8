// error_norm.spec.cpp - the squared distance of u from an exact solution
// given by the point's coordinates, summed (the Jacobi error check's shape:
// no output grid, one reduction).
#include <stencil/stencil.hpp>
using namespace stencil;

STENCIL_KERNEL void error_norm(In<double, 2> u, Sum<double> error, double dx, double dy) {
  double x = -1.0 + dx * index(1);
  double y = -1.0 + dy * index(0);
  double t = u() - (1.0 - x * x) * (1.0 - y * y);
  error += t * t;
}
