// RUN: %stencilc --verify-diagnostics %s
#include <stencil/stencil.hpp>
using namespace stencil;

STENCIL_KERNEL void k(In<double, 2> uold, Out<double, 2> u, InOut<double, 2> v) {
  // expected-error@+2 {{grid 'u' can only be written at the centre}}
  // expected-note@+1 {{write 'u() = ...'; each point writes only its own element}}
  u(1, 0) = uold();
  // expected-error@+2 {{grid 'v' can only be written at the centre}}
  // expected-note@+1 {{write 'v() = ...'; each point writes only its own element}}
  v(0, -1) = uold();
}
