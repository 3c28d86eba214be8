// RUN: %stencilc --verify-diagnostics %s
#include <stencil/stencil.hpp>
using namespace stencil;

STENCIL_KERNEL void k(In<double, 1> g, Out<double, 1> u, double w) {
  // expected-error@+2 {{cannot assign to scalar parameter 'w'}}
  // expected-note@+1 {{scalar parameters are uniform over the launch; copy 'w' into a local variable and change that}}
  w = 2.0 * w;
  // expected-error@+2 {{cannot assign to scalar parameter 'w'}}
  // expected-note@+1 {{scalar parameters are uniform over the launch; copy 'w' into a local variable and change that}}
  w += 1.0;
  u() = w * g();
}
