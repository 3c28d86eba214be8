// RUN: %stencilc --verify-diagnostics %s
#include <stencil/stencil.hpp>
using namespace stencil;

// `a` used to vanish from the IR without a word, and every statement
// using it with it.
STENCIL_KERNEL void k(In<double, 1> g, Out<double, 1> u) {
  // expected-error@+2 {{local variable 'a' is read in its own initialiser}}
  // expected-note@+1 {{its value is indeterminate there; initialise it from other values}}
  double a = a + g();
  u() = a;
}

// A failed declaration is reported once, not again at every use.
STENCIL_KERNEL void cascade(In<double, 1> g, Out<double, 1> u) {
  // expected-error@+2 {{offset of grid 'g' has type 'double', not an integer}}
  // expected-note@+1 {{offsets count points; write an integer constant}}
  double b = g(0.5);
  b = b * 2;
  u() = b;
}
