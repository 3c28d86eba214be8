// RUN: %stencilc %s --emit=ir -O0 | FileCheck %s
#include <stencil/stencil.hpp>
using namespace stencil;

// C++ implicit conversions become explicit casts; explicit casts in all
// three spellings.
STENCIL_KERNEL void convert(In<int, 1> a, In<float, 1> f, Out<double, 1> b, int64_t big, bool flag) {
  double d = a();
  int i = d;
  int64_t l = big + i;
  float x = f() * 2;
  double y = x + d;
  double c1 = (double)i;
  double c2 = double(l);
  int c3 = static_cast<int>(y);
  bool nz = i;
  int fromBool = flag;
  b() = y + c1 + c2 + c3 + nz + fromBool + 1.5f + 2L;
}

// CHECK-LABEL: kernel convert rank 1
// CHECK:         param scalar i64 big
// CHECK-NEXT:    param scalar bool flag
// CHECK:         let %d: f64 = f64(a[0])
// CHECK-NEXT:    let %i: i32 = i32(%d)
// CHECK-NEXT:    let %l: i64 = (big + i64(%i))
// CHECK-NEXT:    let %x: f32 = (f[0] * f32(2))
// CHECK-NEXT:    let %y: f64 = (f64(%x) + %d)
// CHECK-NEXT:    let %c1: f64 = f64(%i)
// CHECK-NEXT:    let %c2: f64 = f64(%l)
// CHECK-NEXT:    let %c3: i32 = i32(%y)
// CHECK-NEXT:    let %nz: bool = bool(%i)
// CHECK-NEXT:    let %fromBool: i32 = i32(flag)
// CHECK-NEXT:    store b = (((((((%y + %c1) + %c2) + f64(%c3)) + f64(i32(%nz))) + f64(%fromBool)) + f64(1.5f)) + f64(2l))
