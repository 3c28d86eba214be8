// RUN: not %stencilc %s --emit=ir 2>&1 | FileCheck %s
#include <stencil/stencil.hpp>
using namespace stencil;

STENCIL_KERNEL void k(In<double, 2> g, Out<double, 2> u, Sum<double> error, Max<double> m, Histogram<int> h) {
  double x = error;
  double y = m + 1.0;
  int z = h[0];
  u() = x + y + z;
}

// CHECK: {{.*}}reduction-read.cpp:6:14: error: cannot read sum reduction 'error' inside a kernel
// CHECK: {{.*}}reduction-read.cpp:6:14: note: its value is known only after the launch, which returns it to the host
// CHECK: {{.*}}reduction-read.cpp:7:14: error: cannot read max reduction 'm' inside a kernel
// CHECK: {{.*}}reduction-read.cpp:7:14: note: its value is known only after the launch, which returns it to the host
// CHECK: {{.*}}reduction-read.cpp:8:11: error: cannot read histogram 'h' inside a kernel
// CHECK: {{.*}}reduction-read.cpp:8:11: note: its value is known only after the launch, which returns it to the host
// CHECK: 3 errors generated.
