// RUN: not %stencilc %s --emit=ir 2>&1 | FileCheck %s
#include <stencil/stencil.hpp>
using namespace stencil;

STENCIL_KERNEL void k(In<double, 2> g, Out<double, 2> u) {
  double x = g();
  double *p = &x;
  double y = *(&x + 1);
  u() = x + y;
}

// CHECK: {{.*}}pointer.cpp:7:11: error: pointers are not supported in kernels
// CHECK: {{.*}}pointer.cpp:7:11: note: read grids with g(offsets...) and keep values in local variables; no address-of, dereference or pointer arithmetic
// CHECK: {{.*}}pointer.cpp:8:14: error: pointers are not supported in kernels
// CHECK: {{.*}}pointer.cpp:8:14: note: read grids with g(offsets...) and keep values in local variables; no address-of, dereference or pointer arithmetic
// CHECK: 2 errors generated.
