#include <stencil/stencil.hpp>
using namespace stencil;

// The expected text is not what stencilc says: the expectation is not seen
// and the real error is not expected.
STENCIL_KERNEL void copy(In<double, 2> a, Out<double, 2> b) {
  // expected-error@+2 {{cannot write to output grid 'a'}}
  // expected-note@+1 {{In grids are read-only}}
  a() = 1.0;
  b() = a();
}
