// RUN: %stencilc %s --emit=ir -O0 | FileCheck %s
#include <stencil/stencil.hpp>
using namespace stencil;

// Inline helpers whose body is a single return are substituted.
inline double square(double x) { return x * x; }
inline double laplacian(In<double, 2> g) { return g(0, 1) + g(0, -1) + g(1, 0) + g(-1, 0) - 4 * g(); }

STENCIL_KERNEL void smooth(In<double, 2> g, Out<double, 2> u, double h) {
  u() = g() + square(h) * laplacian(g) + square(g(1, 1));
}

// CHECK-LABEL: kernel smooth rank 2
// CHECK:         store u = ((g[0, 0] + ((h * h) * ((((g[0, 1] + g[0, -1]) + g[1, 0]) + g[-1, 0]) - (f64(4) * g[0, 0])))) + (g[1, 1] * g[1, 1]))
