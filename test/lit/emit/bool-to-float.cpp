// A bool converted to floating point, explicitly or by the usual arithmetic
// conversions: through the int conversion intrinsics, never a select of 1.0
// and 0.0 (test/diff seed 18006: ptxas took the second F2I of such a
// double's register pair for the first; docs/difftest.md). The CPU reference
// (the spec as C++) keeps the plain conversion; the values are 0 and 1 alike.
// RUN: %stencilc %s -o %t.cu --header %t.h
// RUN: FileCheck %s < %t.cu
#include <stencil/stencil.hpp>
using namespace stencil;

STENCIL_KERNEL void flags(In<double, 1> a, Out<int, 1> n, Out<float, 1> f, Out<double, 1> d) {
  bool v = a() > 0.5;
  v = (static_cast<int>(double(v)) == 3 * int(a(1)));
  v = (static_cast<int>(double(v)) == 3 * int(a(1)));
  n() = v;
  f() = float(v) * 2.0f;
  d() = v + a();
}
// CHECK-LABEL: flags_kernel(
// CHECK:         v = (static_cast<int>(__int2double_rn(static_cast<int>(v))) == (3 * static_cast<int>(a[at_ + 1])));
// CHECK-NEXT:    // bool-to-float.cpp:14
// CHECK-NEXT:    v = (static_cast<int>(__int2double_rn(static_cast<int>(v))) == (3 * static_cast<int>(a[at_ + 1])));
// CHECK:         f[at_] = __fmul_rn(__int2float_rn(static_cast<int>(v)), 2.0f);
// CHECK:         d[at_] = (__int2double_rn(static_cast<int>(v)) + a[at_]);
// CHECK-NOT:     static_cast<double>(v)
// CHECK-NOT:     static_cast<float>(v)
