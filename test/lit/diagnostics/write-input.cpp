// RUN: not %stencilc %s --emit=ir 2>&1 | FileCheck %s
#include <stencil/stencil.hpp>
using namespace stencil;

STENCIL_KERNEL void k(In<double, 2> uold, Out<double, 2> u) {
  uold() = 1.0;
  u() = uold();
}

// CHECK: {{.*}}write-input.cpp:6:3: error: cannot write to input grid 'uold'
// CHECK-NEXT: {{^ *}}6 |   uold() = 1.0;
// CHECK-NEXT: {{^ *}}|   ^
// CHECK: {{.*}}write-input.cpp:6:3: note: In grids are read-only; declare 'uold' as Out<T, R> or InOut<T, R> to write it
// CHECK: 1 error generated.
