#include <stencil/stencil.hpp>
using namespace stencil;

// The second error has no expectation.
STENCIL_KERNEL void copy(In<double, 2> a, Out<double, 2> b) {
  // expected-error@+2 {{cannot write to input grid 'a'}}
  // expected-note@+1 {{In grids are read-only}}
  a() = 1.0;
  b() = b();
}
