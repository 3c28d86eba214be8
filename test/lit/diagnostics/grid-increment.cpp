// RUN: not %stencilc %s --emit=ir 2>&1 | FileCheck %s
#include <stencil/stencil.hpp>
using namespace stencil;

STENCIL_KERNEL void k(In<double, 1> g, Out<double, 1> u, InOut<double, 1> v,
                      Sum<double> s, Histogram<int> h) {
  g()++;
  --u();
  v(1)++;
  ++h[0];
  s += s;
}

// CHECK: {{.*}}grid-increment.cpp:7:3: error: cannot write to input grid 'g'
// CHECK: {{.*}}grid-increment.cpp:8:5: error: cannot read output grid 'u'
// CHECK: {{.*}}grid-increment.cpp:9:3: error: grid 'v' can only be written at the centre
// CHECK: {{.*}}grid-increment.cpp:10:3: error: histogram 'h' can only be updated with 'h[i] += e'
// CHECK: {{.*}}grid-increment.cpp:11:8: error: cannot read sum reduction 's' inside a kernel
// CHECK: 5 errors generated.
