// RUN: not %stencilc %s --emit=ir 2>&1 | FileCheck %s
#include <stencil/stencil.hpp>
using namespace stencil;

#define SQUARE(x) ((x) * (x))
#define STORE_EAST(g, v) g(1) = v

// Locations point into the spec, at the macro argument; an argument expanded
// twice is reported once.
STENCIL_KERNEL void k(In<double, 1> a, Out<double, 1> u, int n) {
  u() = SQUARE(a(n));
  STORE_EAST(u, 1.0);
}

// CHECK: {{.*}}macro.cpp:11:18: error: offset of grid 'a' is not a constant
// CHECK-NOT: macro.cpp:11:18: error
// CHECK: {{.*}}macro.cpp:12:14: error: grid 'u' can only be written at the centre
// CHECK: 2 errors generated.
