// RUN: not %stencilc %s --emit=ir 2>&1 | FileCheck %s
#include <stencil/stencil.hpp>
using namespace stencil;

STENCIL_KERNEL void k(In<double, 2> g, Out<double, 2> u) {
  u() = g(1) + g(0, 1, 0);
}

// CHECK: {{.*}}offset-count.cpp:6:9: error: grid 'g' of rank 2 takes 0 or 2 offsets, not 1
// CHECK: {{.*}}offset-count.cpp:6:9: note: pass one offset per dimension, or none to read the centre
// CHECK: {{.*}}offset-count.cpp:6:16: error: grid 'g' of rank 2 takes 0 or 2 offsets, not 3
// CHECK: {{.*}}offset-count.cpp:6:16: note: pass one offset per dimension, or none to read the centre
// CHECK: 2 errors generated.
