// REQUIRES: nvcc
// Kernels with boundary rules compile for sm_90 (every rule, ranks 1-3,
// merged grids and reductions in the shell kernel).
// RUN: %stencilc %s -o %t.cu --header %t.h
// RUN: %nvcc -Werror all-warnings -Xcompiler -Wall,-Wextra,-Werror -c %t.cu -o %t.o
// The schedule variants (tune-variants) of kernels with boundary rules (their shell kernels):
// their launchers and the dispatch compile without a warning.
// RUN: %stencilc %s --tune-variants=4 -o %t.variants.cu --header %t.variants.h
// RUN: %nvcc -Werror all-warnings -Xcompiler -Wall,-Wextra,-Werror -c %t.variants.cu -o %t.variants.o
// RUN: %stencilc %s -O0 -o %t.O0.cu --header %t.O0.h
// RUN: %nvcc -Werror all-warnings -Xcompiler -Wall,-Wextra,-Werror -c %t.O0.cu -o %t.O0.o
#include <stencil/stencil.hpp>
using namespace stencil;

STENCIL_KERNEL void r1(In<int64_t, 1, Reflect> a, In<int, 1, Constant<7>> b, Out<int64_t, 1> u,
                       Max<int64_t> m) {
  u() = a(-3) + a(2) + b(-1) + b(4);
  m = max(m, a(1) - b(-2));
}
STENCIL_KERNEL void r2(In<double, 2, Boundary<Periodic, Clamp>> a, Out<double, 2> u) {
  u() = a(-1, -2) + a(1, 2);
}
STENCIL_KERNEL void r3(In<float, 3, Boundary<Mirror, Constant<0>, Periodic>> a, In<float, 3> c0,
                       In<float, 3> c1, InOut<float, 3> q, Sum<float, double> s) {
  q() = q() * c0() + c1() * (a(-1, 0, 0) + a(0, 1, 0) + a(0, 0, -1) + a(1, 1, 1));
  s += q();
}
