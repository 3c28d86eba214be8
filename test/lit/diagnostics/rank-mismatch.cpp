// RUN: %stencilc --verify-diagnostics %s
#include <stencil/stencil.hpp>
using namespace stencil;

// expected-error@+2 {{grid 'u' has rank 3 but the kernel's first grid has rank 2}}
// expected-note@+1 {{all grids of a kernel share one domain; give them one rank or split the kernel}}
STENCIL_KERNEL void k(In<double, 2> g, Out<double, 3> u) {
  u() = g();
}
