// RUN: %stencilc --verify-diagnostics %s
#include <stencil/stencil.hpp>
using namespace stencil;

// Offsets are checked before they are narrowed to int: 4294967296 used to
// become offset 0 and read the centre.
STENCIL_KERNEL void k(In<double, 2> g, Out<double, 2> u) {
  // expected-error@+6 {{offset 2147483647 of grid 'g' is out of range}}
  // expected-error@+5 {{offset 4294967296 of grid 'g' is out of range}}
  // expected-error@+4 {{offset -2000000 of grid 'g' is out of range}}
  // expected-note@+3 3 {{offsets lie within [-1048576, 1048576]; a grid read that reaches further leaves any grid the kernel can run on}}
  // expected-error@+2 {{offset of grid 'g' has type 'double', not an integer}}
  // expected-note@+1 {{offsets count points; write an integer constant}}
  u() = g(2147483647, 0) + g(0, 4294967296LL) + g(-2000000, 0) + g(1.5, 0);
}
