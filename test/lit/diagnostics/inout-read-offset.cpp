// RUN: %stencilc --verify-diagnostics %s
#include <stencil/stencil.hpp>
using namespace stencil;

STENCIL_KERNEL void k(InOut<double, 2> v) {
  // expected-error@+2 {{InOut grid 'v' can only be read at the centre}}
  // expected-note@+1 {{read 'v()'; to read neighbours, read them from a separate In<T, R> grid holding the previous values}}
  v() = v(1, 0) + v();
}
