// RUN: %stencilc --verify-diagnostics %s
#include <stencil/stencil.hpp>
using namespace stencil;

STENCIL_KERNEL void k(In<double, 2> uold, Out<double, 2> u) {
  u() = uold();
  // expected-error@+2 {{cannot read output grid 'u'}}
  // expected-note@+1 {{Out grids are write-only; keep the value in a local variable, or declare 'u' as InOut<T, R> to read its centre}}
  double x = u() + 1.0;
  // expected-error@+2 {{cannot read output grid 'u'}}
  // expected-note@+1 {{Out grids are write-only; keep the value in a local variable, or declare 'u' as InOut<T, R> to read its centre}}
  u() += x;
}
