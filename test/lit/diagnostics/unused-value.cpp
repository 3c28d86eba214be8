// RUN: not %stencilc %s --emit=ir 2>&1 | FileCheck %s
#include <stencil/stencil.hpp>
using namespace stencil;

STENCIL_KERNEL void k(In<double, 1> g, Out<double, 1> u) {
  g() + 1.0;
  u() = g();
}

// CHECK: {{.*}}unused-value.cpp:6:7: error: expression statement has no effect
// CHECK: {{.*}}unused-value.cpp:6:7: note: assign the value to a local, a grid or a reduction
// CHECK: 1 warning and 1 error generated.
