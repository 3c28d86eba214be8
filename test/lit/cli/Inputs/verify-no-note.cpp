#include <stencil/stencil.hpp>
using namespace stencil;

// The error is expected, its note is not.
STENCIL_KERNEL void copy(In<double, 2> a, Out<double, 2> b) {
  // expected-error@+1 {{cannot write to input grid 'a'}}
  a() = 1.0;
  b() = a();
}
