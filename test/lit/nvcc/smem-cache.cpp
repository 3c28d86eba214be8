// REQUIRES: nvcc
// smem-cache's lowering compiles for sm_90 with warnings as errors: several
// cached grids of different halos and element types beside a reduction and a
// coordinate read, forced on one kernel. Two cached grids, in the one-sweep
// kernel and again in the persistent sweeps' kernel (its point work).
// RUN: %stencilc %s --smem-cache=two -o %t.cu --header %t.h
// RUN: grep -c "_smem_at_ =" %t.cu | FileCheck %s
// RUN: %nvcc -Werror all-warnings -Xcompiler -Wall,-Wextra,-Werror -c %t.cu -o %t.o
#include <stencil/stencil.hpp>
using namespace stencil;

STENCIL_KERNEL void two(In<double, 2> u, In<float, 2> w, Out<double, 2> v, Max<double> peak) {
  double s = u(-1, 0) + u(1, 0) + u(0, -2) + u(0, 2) + double(w(0, 1) - w(0, -1));
  v() = s + double(index(1));
  peak = max(peak, s);
}
// CHECK: 4
