// RUN: %stencilc --verify-diagnostics %s
#include <stencil/stencil.hpp>
using namespace stencil;

STENCIL_KERNEL void k(In<double, 1> g, Out<double, 1> u) {
  // expected-warning@+3 {{expression result unused}}
  // expected-error@+2 {{expression statement has no effect}}
  // expected-note@+1 {{assign the value to a local, a grid or a reduction}}
  g() + 1.0;
  u() = g();
}
