// RUN: %stencilc --verify-diagnostics %s
#include <stencil/stencil.hpp>
using namespace stencil;

STENCIL_KERNEL void k(Out<double, 2> u, int d) {
  // expected-error@+4 {{index(2) in a kernel of rank 2}}
  // expected-note@+3 {{dimensions are numbered from 0 to the kernel's rank minus one}}
  // expected-error@+2 {{argument of index() is not a constant}}
  // expected-note@+1 {{write index(0), index(1) or index(2)}}
  u() = index(2) + index(d);
}
