// RUN: not %stencilc %s --emit=ir 2>&1 | FileCheck %s
#include <stencil/stencil.hpp>
using namespace stencil;

STENCIL_KERNEL void k(In<double, 1> g, Out<double, 1> u) {
  double acc = 0;
  for (int i = 0; i < 4; ++i) {
    acc += g(i);
    i += 1;
  }
  u() = acc;
}

// CHECK: {{.*}}loop-variable.cpp:9:5: error: cannot modify loop variable 'i' inside the loop
// CHECK: {{.*}}loop-variable.cpp:9:5: note: the loop is unrolled with 'i' a constant in each copy; change it only in the increment
// CHECK: 1 error generated.
