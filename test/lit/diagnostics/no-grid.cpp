// RUN: %stencilc --verify-diagnostics %s
#include <stencil/stencil.hpp>
using namespace stencil;

// expected-error@+2 {{kernel 'k' has no grid parameter}}
// expected-note@+1 {{a kernel runs once per point of its grids; add an In, Out or InOut parameter}}
STENCIL_KERNEL void k(Sum<double> s, double x) {
  s += x;
}
