// RUN: not %stencilc %s --emit=ir 2>&1 | FileCheck %s
#include <stencil/stencil.hpp>
using namespace stencil;

STENCIL_KERNEL void k(In<double, 2> g, Out<double, 2> u, int n) {
  int i = n / 2;
  u() = g(i, 0) + g(0, n);
}

// CHECK: {{.*}}non-constant-offset.cpp:7:11: error: offset of grid 'g' is not a constant
// CHECK: {{.*}}non-constant-offset.cpp:7:11: note: offsets must be integer constants: literals, constexpr variables or the variable of a loop with a constant trip count
// CHECK: {{.*}}non-constant-offset.cpp:7:24: error: offset of grid 'g' is not a constant
// CHECK: {{.*}}non-constant-offset.cpp:7:24: note: offsets must be integer constants: literals, constexpr variables or the variable of a loop with a constant trip count
// CHECK: 2 errors generated.
