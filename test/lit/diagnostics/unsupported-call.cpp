// RUN: %stencilc --verify-diagnostics %s
#include <stencil/stencil.hpp>
using namespace stencil;

double noise(int seed);
STENCIL_KERNEL void k(In<double, 2> g, Out<double, 2> u) {
  // expected-error@+2 {{call to 'noise', which is neither a math function nor a helper}}
  // expected-note@+1 {{kernels may call sqrt, fabs/abs, min/max, stencil::fmin/stencil::fmax, exp, log, pow, sin, cos, floor, ceil and inline helpers whose body is 'return expr;'; inline the expression}}
  u() = g() + noise(index(0));
}
