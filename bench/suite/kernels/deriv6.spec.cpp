// deriv6.spec.cpp - the sixth-order central first derivative (7-point star,
// radius 3), f64, and the sum of its squares.
#include <stencil/stencil.hpp>
using namespace stencil;

STENCIL_KERNEL void deriv6(In<double, 1> f, Out<double, 1> df, Sum<double> energy,
                           double inv_h) {
  double d = (45.0 * (f(1) - f(-1)) - 9.0 * (f(2) - f(-2)) + (f(3) - f(-3))) / 60.0;
  double g = d * inv_h;
  df() = g;
  energy += g * g;
}
