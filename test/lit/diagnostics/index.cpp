// RUN: not %stencilc %s --emit=ir 2>&1 | FileCheck %s
#include <stencil/stencil.hpp>
using namespace stencil;

STENCIL_KERNEL void k(Out<double, 2> u, int d) {
  u() = index(2) + index(d);
}

// CHECK: {{.*}}index.cpp:6:9: error: index(2) in a kernel of rank 2
// CHECK: {{.*}}index.cpp:6:9: note: dimensions are numbered from 0 to the kernel's rank minus one
// CHECK: {{.*}}index.cpp:6:26: error: argument of index() is not a constant
// CHECK: {{.*}}index.cpp:6:26: note: write index(0), index(1) or index(2)
// CHECK: 2 errors generated.
