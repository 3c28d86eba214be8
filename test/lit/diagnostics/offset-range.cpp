// RUN: not %stencilc %s --emit=ir 2>&1 | FileCheck %s
#include <stencil/stencil.hpp>
using namespace stencil;

// Offsets are checked before they are narrowed to int: 4294967296 used to
// become offset 0 and read the centre.
STENCIL_KERNEL void k(In<double, 2> g, Out<double, 2> u) {
  u() = g(2147483647, 0) + g(0, 4294967296LL) + g(-2000000, 0) + g(1.5, 0);
}

// CHECK: {{.*}}offset-range.cpp:8:11: error: offset 2147483647 of grid 'g' is out of range
// CHECK: {{.*}}offset-range.cpp:8:11: note: offsets lie within [-1048576, 1048576]; a grid read that reaches further leaves any grid the kernel can run on
// CHECK: {{.*}}offset-range.cpp:8:33: error: offset 4294967296 of grid 'g' is out of range
// CHECK: {{.*}}offset-range.cpp:8:51: error: offset -2000000 of grid 'g' is out of range
// CHECK: {{.*}}offset-range.cpp:8:68: error: offset of grid 'g' has type 'double', not an integer
// CHECK: {{.*}}offset-range.cpp:8:68: note: offsets count points; write an integer constant
// CHECK: 4 errors generated.
