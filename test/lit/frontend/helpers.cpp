// RUN: %stencilc %s --emit=ir -O0 | FileCheck %s
#include <stencil/stencil.hpp>
using namespace stencil;

// Inline helpers whose body is a single return are substituted.
inline double square(double x) { return x * x; }
inline double scaled(double x, double by = 0.5) { return by * x; }
inline double twice(double x) { return scaled(x, 2.0); }
inline double shifted(In<double, 1> g, int by) { return g(by); }
inline double laplacian(In<double, 2> g) { return g(0, 1) + g(0, -1) + g(1, 0) + g(-1, 0) - 4 * g(); }

STENCIL_KERNEL void smooth(In<double, 2> g, Out<double, 2> u, double h) {
  u() = g() + square(h) * laplacian(g) + square(g(1, 1));
}

// Helpers may call helpers; default arguments are substituted too.
STENCIL_KERNEL void nested(In<double, 1> g, Out<double, 1> u) {
  u() = twice(g()) + scaled(g(1)) + shifted(g, -2);
}

// CHECK-LABEL: kernel smooth rank 2
// CHECK:         store u = ((g[0, 0] + ((h * h) * ((((g[0, 1] + g[0, -1]) + g[1, 0]) + g[-1, 0]) - (f64(4) * g[0, 0])))) + (g[1, 1] * g[1, 1]))

// CHECK-LABEL: kernel nested rank 1
// A constant argument is a constant offset inside the helper.
// CHECK:         store u = (((2.0 * g[0]) + (0.5 * g[1])) + g[-2])
