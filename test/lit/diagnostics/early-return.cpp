// RUN: not %stencilc %s --emit=ir 2>&1 | FileCheck %s
#include <stencil/stencil.hpp>
using namespace stencil;

STENCIL_KERNEL void k(In<double, 1> g, Out<double, 1> u) {
  if (g() < 0.0)
    return;
  u() = g();
  return;
}

// CHECK: {{.*}}early-return.cpp:7:5: error: early return is not supported
// CHECK: {{.*}}early-return.cpp:7:5: note: guard the rest of the body with if/else instead
// CHECK: 1 error generated.
