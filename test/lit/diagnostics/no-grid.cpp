// RUN: not %stencilc %s --emit=ir 2>&1 | FileCheck %s
#include <stencil/stencil.hpp>
using namespace stencil;

STENCIL_KERNEL void k(Sum<double> s, double x) {
  s += x;
}

// CHECK: {{.*}}no-grid.cpp:5:21: error: kernel 'k' has no grid parameter
// CHECK: {{.*}}no-grid.cpp:5:21: note: a kernel runs once per point of its grids; add an In, Out or InOut parameter
// CHECK: 1 error generated.
