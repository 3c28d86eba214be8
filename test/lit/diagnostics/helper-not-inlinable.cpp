// RUN: not %stencilc %s --emit=ir 2>&1 | FileCheck %s
#include <stencil/stencil.hpp>
using namespace stencil;

inline double twice(double x) {
  double y = 2.0 * x;
  return y;
}
STENCIL_KERNEL void k(In<double, 1> g, Out<double, 1> u) {
  u() = twice(g());
}

// CHECK: {{.*}}helper-not-inlinable.cpp:10:9: error: helper 'twice' cannot be inlined into a kernel
// CHECK: {{.*}}helper-not-inlinable.cpp:10:9: note: a helper's body must be a single 'return expr;' over scalar or grid parameters; inline the expression
// CHECK: 1 error generated.
