// RUN: %stencilc --verify-diagnostics %s
#include <stencil/stencil.hpp>
using namespace stencil;

STENCIL_KERNEL void k(In<double, 1> x, Histogram<int> bins) {
  // expected-error@+2 {{histogram index has type 'double', not an integer}}
  // expected-note@+1 {{convert the bin explicitly, e.g. 'bins[int(x)] += 1'}}
  bins[x()] += 1;
  // expected-error@+2 {{histogram 'bins' can only be updated with 'bins[i] += e'}}
  // expected-note@+1 {{each point contributes one value through 'bins[i] += e'; other updates have no parallel meaning}}
  bins[int(x())] = 1;
}
