// RUN: %stencilc --verify-diagnostics %s
#include <stencil/stencil.hpp>
using namespace stencil;

STENCIL_KERNEL void k(In<double, 1> g, Out<double, 1> u, InOut<double, 1> v,
                      Sum<double> s, Histogram<int> h) {
  // expected-error@+2 {{cannot write to input grid 'g'}}
  // expected-note@+1 {{In grids are read-only; declare 'g' as Out<T, R> or InOut<T, R> to write it}}
  g()++;
  // expected-error@+2 {{cannot read output grid 'u'}}
  // expected-note@+1 {{Out grids are write-only; keep the value in a local variable, or declare 'u' as InOut<T, R> to read its centre}}
  --u();
  // expected-error@+2 {{grid 'v' can only be written at the centre}}
  // expected-note@+1 {{write 'v() = ...'; each point writes only its own element}}
  v(1)++;
  // expected-error@+2 {{histogram 'h' can only be updated with 'h[i] += e'}}
  // expected-note@+1 {{each point contributes one value through 'h[i] += e'; other updates have no parallel meaning}}
  ++h[0];
  // expected-error@+2 {{cannot read sum reduction 's' inside a kernel}}
  // expected-note@+1 {{its value is known only after the launch, which returns it to the host}}
  s += s;
}
