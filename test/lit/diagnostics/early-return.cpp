// RUN: %stencilc --verify-diagnostics %s
#include <stencil/stencil.hpp>
using namespace stencil;

STENCIL_KERNEL void k(In<double, 1> g, Out<double, 1> u) {
  if (g() < 0.0)
    // expected-error@+2 {{early return is not supported}}
    // expected-note@+1 {{guard the rest of the body with if/else instead}}
    return;
  u() = g();
  return;
}
