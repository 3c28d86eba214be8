// Names the generated CUDA uses itself cannot be spec names: a parameter
// named at_ was shadowed by the point's linear index (a silent wrong
// result), one named threadIdx did not compile with nvcc.
// RUN: not %stencilc %s -o /dev/null 2>&1 | FileCheck %s
#include <stencil/stencil.hpp>
using namespace stencil;

STENCIL_KERNEL void scale(In<double, 2> g, Out<double, 2> u, double at_) {
  u() = at_ * g();
}
// CHECK: reserved-name.cpp:[[@LINE-3]]:69: error: 'at_' is a name the generated CUDA uses
// CHECK: note: names ending in '_', CUDA's built-in variables and the math functions are reserved in the generated code; rename it

STENCIL_KERNEL void builtin(In<double, 2> g, Out<double, 2> u, int threadIdx) {
  u() = threadIdx * g();
}
// CHECK: reserved-name.cpp:[[@LINE-3]]:68: error: 'threadIdx' is a name the generated CUDA uses

STENCIL_KERNEL void local(In<double, 2> g, Out<double, 2> u) {
  double dom_ = g(0, 1);
  u() = dom_;
}
// CHECK: reserved-name.cpp:[[@LINE-3]]:10: error: 'dom_' is a name the generated CUDA uses
