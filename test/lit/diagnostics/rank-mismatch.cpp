// RUN: not %stencilc %s --emit=ir 2>&1 | FileCheck %s
#include <stencil/stencil.hpp>
using namespace stencil;

STENCIL_KERNEL void k(In<double, 2> g, Out<double, 3> u) {
  u() = g();
}

// CHECK: {{.*}}rank-mismatch.cpp:5:55: error: grid 'u' has rank 3 but the kernel's first grid has rank 2
// CHECK: {{.*}}rank-mismatch.cpp:5:55: note: all grids of a kernel share one domain; give them one rank or split the kernel
// CHECK: 1 error generated.
