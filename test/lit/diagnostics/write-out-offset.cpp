// RUN: not %stencilc %s --emit=ir 2>&1 | FileCheck %s
#include <stencil/stencil.hpp>
using namespace stencil;

STENCIL_KERNEL void k(In<double, 2> uold, Out<double, 2> u, InOut<double, 2> v) {
  u(1, 0) = uold();
  v(0, -1) = uold();
}

// CHECK: {{.*}}write-out-offset.cpp:6:3: error: grid 'u' can only be written at the centre
// CHECK: {{.*}}write-out-offset.cpp:6:3: note: write 'u() = ...'; each point writes only its own element
// CHECK: {{.*}}write-out-offset.cpp:7:3: error: grid 'v' can only be written at the centre
// CHECK: {{.*}}write-out-offset.cpp:7:3: note: write 'v() = ...'; each point writes only its own element
// CHECK: 2 errors generated.
