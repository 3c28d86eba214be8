// RUN: %stencilc %s --emit=ir -O0 | FileCheck %s
#include <stencil/stencil.hpp>
using namespace stencil;

// Grid reads at constant offsets, centre stores, InOut read-modify-write.
STENCIL_KERNEL void helmholtz_sweep(In<double, 2> uold, In<double, 2> f, Out<double, 2> u,
                                    Sum<double> error, double ax, double ay, double b, double omega) {
  double resid = (ax * (uold(0, -1) + uold(0, 1)) + ay * (uold(-1, 0) + uold(1, 0))
                  + b * uold() - f()) / b;
  u() = uold() - omega * resid;
  error += resid * resid;
}

STENCIL_KERNEL void relax3d(In<float, 3> p, InOut<float, 3> q, const float w) {
  q() = q() + w * (p(-1, 0, 0) + p(0, 0, +1) - 2 * p());
  q() *= 0.5f;
}

STENCIL_KERNEL void copy1d(In<int64_t, 1> a, Out<int64_t, 1> b) {
  b() = a(-3) + a(0);
}

// CHECK-LABEL: kernel helmholtz_sweep rank 2 loc(6:{{[0-9]+}}){{$}}
// CHECK-NEXT:    param in f64[2] uold
// CHECK-NEXT:    param in f64[2] f
// CHECK-NEXT:    param out f64[2] u
// CHECK-NEXT:    param sum f64 error
// CHECK-NEXT:    param scalar f64 ax
// CHECK:         let %resid: f64 = (((((ax * (uold[0, -1] + uold[0, 1])) + (ay * (uold[-1, 0] + uold[1, 0]))) + (b * uold[0, 0])) - f[0, 0]) / b)
// CHECK-NEXT:    store u = (uold[0, 0] - (omega * %resid))
// CHECK-NEXT:    reduce error += (%resid * %resid)

// CHECK-LABEL: kernel relax3d rank 3
// CHECK:         param inout f32[3] q
// CHECK-NEXT:    param scalar f32 w
// CHECK:         store q = (q[0, 0, 0] + (w * ((p[-1, 0, 0] + p[0, 0, 1]) - (f32(2) * p[0, 0, 0]))))
// CHECK-NEXT:    store q = (q[0, 0, 0] * 0.5f)

// CHECK-LABEL: kernel copy1d rank 1
// CHECK:         param in i64[1] a
// CHECK:         store b = (a[-3] + a[0])
