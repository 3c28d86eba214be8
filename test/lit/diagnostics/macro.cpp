// Kept as FileCheck, not --verify-diagnostics: what this test pins is the
// column (inside a macro's expansion the location is the macro argument as
// written in the spec, not the macro's name), and -verify matches lines only.
// RUN: not %stencilc %s --emit=ir 2>&1 | FileCheck %s --implicit-check-not=error:
#include <stencil/stencil.hpp>
using namespace stencil;

#define SQUARE(x) ((x) * (x))
#define STORE_EAST(g, v) g(1) = v

// Locations point into the spec, at the macro argument; an argument expanded
// twice is reported once.
STENCIL_KERNEL void k(In<double, 1> a, Out<double, 1> u, int n) {
  u() = SQUARE(a(n));
  // CHECK: {{.*}}macro.cpp:[[@LINE-1]]:18: error: offset of grid 'a' is not a constant
  // CHECK-NEXT: SQUARE(a(n));
  STORE_EAST(u, 1.0);
  // CHECK: {{.*}}macro.cpp:[[@LINE-1]]:14: error: grid 'u' can only be written at the centre
}

// CHECK: 2 errors generated.
