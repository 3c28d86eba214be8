// REQUIRES: nvcc
// The lowerings of tile (streamed dimension, persistent grid), merge-arrays
// (records of f32, f64, i32 and i64 fields), the reduction slots and their
// finalize kernel compile for sm_90 with warnings as errors, as do a
// --tile override and every pass disabled in turn.
// RUN: %stencilc %s -o %t.cu --header %t.h
// RUN: %nvcc -Werror all-warnings -Xcompiler -Wall,-Wextra,-Werror -c %t.cu -o %t.o
// RUN: %stencilc %s --tile=coefficients:32x2x2:ppt=3 --tile=pairs:256x1:stream=none -o %t.user.cu --header %t.user.h
// RUN: %nvcc -Werror all-warnings -Xcompiler -Wall,-Wextra,-Werror -c %t.user.cu -o %t.user.o
// RUN: %stencilc %s --disable-pass=tile -o %t.notile.cu --header %t.notile.h
// RUN: %nvcc -Werror all-warnings -Xcompiler -Wall,-Wextra,-Werror -c %t.notile.cu -o %t.notile.o
// RUN: %stencilc %s --disable-pass=merge-arrays --disable-pass=warp-aggregate -o %t.nomerge.cu --header %t.nomerge.h
// RUN: %nvcc -Werror all-warnings -Xcompiler -Wall,-Wextra,-Werror -c %t.nomerge.cu -o %t.nomerge.o
#include <stencil/stencil.hpp>
using namespace stencil;

STENCIL_KERNEL void coefficients(In<float, 3> p, In<float, 3> a, In<float, 3> b,
                                 In<float, 3> c, In<float, 3> d, Out<float, 3> q,
                                 Sum<float, double> gosa, Max<float> peak) {
  float s = a() * p(1, 0, 0) + b() * p(0, -1, 0) + c() * p(0, 0, 1) + d();
  q() = s;
  gosa += s * s;
  peak = max(peak, fabs(s));
}

STENCIL_KERNEL void pairs(In<double, 2> u, In<double, 2> v, In<int, 2> i0, In<int, 2> i1,
                          In<int, 2> i2, In<int, 2> i3, In<int64_t, 2> l0,
                          In<int64_t, 2> l1, Out<double, 2> r, Min<int64_t> low) {
  r() = u() * v() + double(i0() + i1() + i2() + i3());
  low = min(low, l0() + l1());
}
