// REQUIRES: nvcc
// The --distributed launchers compile for sm_90 with warnings as errors, and
// a program calling them compiles; calling the launcher of a kernel with
// boundary rules fails to compile with the reason.
// RUN: %stencilc %s --distributed -o %t.cu --header %t.h
// RUN: %nvcc -Werror all-warnings -Xcompiler -Wall,-Wextra,-Werror -c %t.cu -o %t.o
// RUN: %nvcc -Werror all-warnings -Xcompiler -Wall,-Wextra,-Werror -include %t.h -c %S/Inputs/distributed-calls.cu -o %t.calls.o
// RUN: not %nvcc -include %t.h -DCALL_REFUSED -c %S/Inputs/distributed-calls.cu -o %t.refused.o 2>&1 | FileCheck %s
// CHECK: stencil: wrap: distributed grids are not supported yet for this kernel: kernels with boundary rules
#include <stencil/stencil.hpp>
using namespace stencil;

STENCIL_KERNEL void sweep(In<double, 2> u, In<double, 2> f, Out<double, 2> v,
                          Sum<double> res, Max<float> peak, double w) {
  double r = u(-1, 0) + u(1, 0) + u(0, -1) + u(0, 1) - 4.0 * u() - f();
  v() = u() + w * r;
  res += r * r;
  peak = max(peak, float(fabs(r)));
}

STENCIL_KERNEL void smooth3(In<float, 3> a, Out<float, 3> b, Sum<float> total) {
  float m = (a(-1, 0, 0) + a(1, 0, 0) + a(0, -1, 0) + a(0, 1, 0) + a(0, 0, -1) + a(0, 0, 1)) / 6.0f;
  b() = m;
  total += m;
}

STENCIL_KERNEL void bins(In<double, 1> x, Histogram<int> h, Min<double> low, int n) {
  h[min(int(x() * n), n - 1)] += 1;
  low = min(low, x());
}

STENCIL_KERNEL void update(InOut<double, 2> u, In<double, 2> d) { u() = u() + d(1, 0); }

// Reductions named like the launcher's own locals (part_, result_, ...) once
// the '_' is added: the combine's locals must not collide with them.
STENCIL_KERNEL void names(In<double, 1> x, Sum<double> part, Sum<int> result, Max<double> launch,
                          Min<double> piece) {
  part += x();
  result += 1;
  launch = max(launch, x());
  piece = min(piece, x());
}

STENCIL_KERNEL void ramp(Out<double, 2> u) { u() = double(index(0) + index(1)); }

STENCIL_KERNEL void wrap(In<double, 2, Periodic> a, Out<double, 2> b) { b() = a(-1, 0) + a(1, 0); }
