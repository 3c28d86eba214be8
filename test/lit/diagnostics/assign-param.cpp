// RUN: not %stencilc %s --emit=ir 2>&1 | FileCheck %s
#include <stencil/stencil.hpp>
using namespace stencil;

STENCIL_KERNEL void k(In<double, 1> g, Out<double, 1> u, double w) {
  w = 2.0 * w;
  w += 1.0;
  u() = w * g();
}

// CHECK: {{.*}}assign-param.cpp:6:3: error: cannot assign to scalar parameter 'w'
// CHECK: {{.*}}assign-param.cpp:6:3: note: scalar parameters are uniform over the launch; copy 'w' into a local variable and change that
// CHECK: {{.*}}assign-param.cpp:7:3: error: cannot assign to scalar parameter 'w'
// CHECK: {{.*}}assign-param.cpp:7:3: note: scalar parameters are uniform over the launch; copy 'w' into a local variable and change that
// CHECK: 2 errors generated.
