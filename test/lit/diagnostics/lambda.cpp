// RUN: not %stencilc %s --emit=ir 2>&1 | FileCheck %s
#include <stencil/stencil.hpp>
using namespace stencil;

STENCIL_KERNEL void k(In<double, 1> g, Out<double, 1> u) {
  auto twice = [](double x) { return 2 * x; };
  u() = [](double x) { return x * x; }(g());
}

// CHECK: {{.*}}lambda.cpp:6:16: error: lambdas are not supported in kernels
// CHECK: {{.*}}lambda.cpp:6:16: note: define an inline helper function 'T f(...) { return expr; }' outside the kernel and call it
// CHECK: {{.*}}lambda.cpp:7:9: error: lambdas are not supported in kernels
// CHECK: 2 errors generated.
