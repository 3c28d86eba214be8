// RUN: not %stencilc %s --emit=ir 2>&1 | FileCheck %s --implicit-check-not=error:
#include <stencil/stencil.hpp>
using namespace stencil;

// An error inside a helper is printed once however many kernels inline it;
// every one of them fails (no IR is printed).
inline double shifted(In<double, 1> a, int by) { return a(by); }

STENCIL_KERNEL void first(In<double, 1> g, Out<double, 1> u, int n) { u() = shifted(g, n); }
STENCIL_KERNEL void second(In<double, 1> g, Out<double, 1> u, int n) { u() = shifted(g, n); }

// CHECK: {{.*}}helper-error-once.cpp:7:59: error: offset of grid 'g' is not a constant
// CHECK: 1 error generated.
// CHECK-NOT: kernel
