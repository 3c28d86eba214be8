// RUN: not %stencilc %s --emit=ir 2>&1 | FileCheck %s
#include <stencil/stencil.hpp>
using namespace stencil;

double Scale = 2.0;
constexpr double Shift = 1.0;
STENCIL_KERNEL void k(In<double, 1> g, Out<double, 1> u) {
  u() = Scale * g() + Shift;
}

// CHECK: {{.*}}global-variable.cpp:8:9: error: kernel reads global variable 'Scale', which is not a constant
// CHECK: {{.*}}global-variable.cpp:8:9: note: make it constexpr, or pass it as a scalar parameter
// CHECK: 1 error generated.
