// RUN: %stencilc --verify-diagnostics %s
#include <stencil/stencil.hpp>
using namespace stencil;

STENCIL_KERNEL void k(In<double, 2> g, Sum<double> error, Max<double> m, Min<double> lo) {
  double e = g();
  // expected-error@+2 {{sum reduction 'error' can only be updated with 'error += e'}}
  // expected-note@+1 {{each point contributes one value through 'error += e'; other updates have no parallel meaning}}
  error = e;
  // expected-error@+2 {{sum reduction 'error' can only be updated with 'error += e'}}
  // expected-note@+1 {{each point contributes one value through 'error += e'; other updates have no parallel meaning}}
  error -= e;
  // expected-error@+2 {{max reduction 'm' can only be updated with 'm = max(m, e)'}}
  // expected-note@+1 {{each point contributes one value through 'm = max(m, e)'; other updates have no parallel meaning}}
  m = min(m, e);
  // expected-error@+2 {{max reduction 'm' can only be updated with 'm = max(m, e)'}}
  // expected-note@+1 {{each point contributes one value through 'm = max(m, e)'; other updates have no parallel meaning}}
  m += e;
  // expected-error@+2 {{min reduction 'lo' can only be updated with 'lo = min(lo, e)'}}
  // expected-note@+1 {{each point contributes one value through 'lo = min(lo, e)'; other updates have no parallel meaning}}
  lo = max(e, lo);
  // expected-error@+2 {{min reduction 'lo' can only be updated with 'lo = min(lo, e)'}}
  // expected-note@+1 {{each point contributes one value through 'lo = min(lo, e)'; other updates have no parallel meaning}}
  lo = min(e, 1.0);
}
