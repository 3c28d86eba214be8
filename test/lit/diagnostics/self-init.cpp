// RUN: not %stencilc %s --emit=ir 2>&1 | FileCheck %s --implicit-check-not=error:
#include <stencil/stencil.hpp>
using namespace stencil;

// `a` used to vanish from the IR without a word, and every statement
// using it with it.
STENCIL_KERNEL void k(In<double, 1> g, Out<double, 1> u) {
  double a = a + g();
  u() = a;
}

// A failed declaration is reported once, not again at every use.
STENCIL_KERNEL void cascade(In<double, 1> g, Out<double, 1> u) {
  double b = g(0.5);
  b = b * 2;
  u() = b;
}

// CHECK: {{.*}}self-init.cpp:8:14: error: local variable 'a' is read in its own initialiser
// CHECK: {{.*}}self-init.cpp:8:14: note: its value is indeterminate there; initialise it from other values
// CHECK: {{.*}}self-init.cpp:14:16: error: offset of grid 'g' has type 'double', not an integer
// CHECK: 2 errors generated.
