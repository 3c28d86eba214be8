// RUN: not %stencilc %s --emit=ir 2>&1 | FileCheck %s
#include <stencil/stencil.hpp>
using namespace stencil;

STENCIL_KERNEL void init(Out<double, 1> u) { u() = 0.0; }
STENCIL_KERNEL void k(In<double, 1> g, Out<double, 1> u) {
  init(u);
  u() = g();
}

// CHECK: {{.*}}kernel-call.cpp:7:3: error: kernel 'k' cannot call kernel 'init'
// CHECK: {{.*}}kernel-call.cpp:7:3: note: kernels are launched from the host; launch both from the host, or move the shared expression into an inline helper
// CHECK: 1 error generated.
