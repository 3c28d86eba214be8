// RUN: not %stencilc %s --emit=ir 2>&1 | FileCheck %s
#include <stencil/stencil.hpp>
using namespace stencil;

STENCIL_KERNEL void k(In<double, 2> uold, Out<double, 2> u) {
  u() = uold();
  double x = u() + 1.0;
  u() += x;
}

// CHECK: {{.*}}read-output.cpp:7:14: error: cannot read output grid 'u'
// CHECK: {{.*}}read-output.cpp:7:14: note: Out grids are write-only; keep the value in a local variable, or declare 'u' as InOut<T, R> to read its centre
// CHECK: {{.*}}read-output.cpp:8:3: error: cannot read output grid 'u'
// CHECK: {{.*}}read-output.cpp:8:3: note: Out grids are write-only; keep the value in a local variable, or declare 'u' as InOut<T, R> to read its centre
// CHECK: 2 errors generated.
