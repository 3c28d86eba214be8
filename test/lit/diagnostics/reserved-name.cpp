// Names the generated CUDA uses itself cannot be spec names: a parameter
// named at_ was shadowed by the point's linear index (a silent wrong
// result), one named threadIdx did not compile with nvcc.
// RUN: %stencilc --verify-diagnostics %s
#include <stencil/stencil.hpp>
using namespace stencil;

// expected-error@+2 {{'at_' is a name the generated CUDA uses}}
// expected-note@+1 {{names ending in '_', CUDA's built-in variables and the math functions are reserved in the generated code; rename it}}
STENCIL_KERNEL void scale(In<double, 2> g, Out<double, 2> u, double at_) {
  u() = at_ * g();
}

// expected-error@+2 {{'threadIdx' is a name the generated CUDA uses}}
// expected-note@+1 {{names ending in '_', CUDA's built-in variables and the math functions are reserved in the generated code; rename it}}
STENCIL_KERNEL void builtin(In<double, 2> g, Out<double, 2> u, int threadIdx) {
  u() = threadIdx * g();
}

STENCIL_KERNEL void local(In<double, 2> g, Out<double, 2> u) {
  // expected-error@+2 {{'dom_' is a name the generated CUDA uses}}
  // expected-note@+1 {{names ending in '_', CUDA's built-in variables and the math functions are reserved in the generated code; rename it}}
  double dom_ = g(0, 1);
  u() = dom_;
}
