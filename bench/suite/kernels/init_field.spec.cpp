// init_field.spec.cpp - an initial field from the point's coordinates
// (x, y, z) = h * (k, j, i), f64: no input grid, no reduction.
#include <stencil/stencil.hpp>
using namespace stencil;

STENCIL_KERNEL void init_field(Out<double, 3> u, double h) {
  double x = h * index(2);
  double y = h * index(1);
  double z = h * index(0);
  u() = x * (1.0 - x) * y * (1.0 - y) + z * z * (1.0 - z) + 0.25;
}
