// RUN: not %stencilc %s --emit=ir 2>&1 | FileCheck %s
#include <stencil/stencil.hpp>
using namespace stencil;

STENCIL_KERNEL void k(In<double, 1> g, Out<double, 1> u) {
  u() = g() +;
}

// CHECK: {{.*}}syntax-error.cpp:6:14: error: expected expression
// CHECK: 1 error generated.
