// RUN: not %stencilc %s --emit=ir 2>&1 | FileCheck %s
#include <stencil/stencil.hpp>
using namespace stencil;

// Clang folds 2147483647 * 2 to -2 with a warning; C++ leaves it undefined,
// so it is no offset (it used to read g[-2, 0]).
STENCIL_KERNEL void k(In<double, 2> g, Out<double, 2> u) {
  u() = g(2147483647 * 2, 0);
}

// The same in an unrolled loop, where stencilc evaluates the offset itself
// (the loop variable is a constant only in each copy).
STENCIL_KERNEL void in_loop(In<double, 2> g, Out<double, 2> u) {
  double acc = 0;
  for (int i = 1; i < 2; ++i)
    acc += g(0, i * 2147483647 + i);
  u() = acc;
}

// CHECK: {{.*}}offset-overflow.cpp:8:22: warning: overflow in expression; result is -2 with type 'int'
// CHECK: {{.*}}offset-overflow.cpp:8:11: error: offset of grid 'g' is not a constant
// CHECK: {{.*}}offset-overflow.cpp:16:17: error: offset of grid 'g' is not a constant
// CHECK: 1 warning and 2 errors generated.
