// Control flow, casts, math functions per type, 3-D strides, InOut.
// RUN: %stencilc %s -O0 -o %t.cu --header %t.h
// RUN: FileCheck %s < %t.cu
#include <stencil/stencil.hpp>
using namespace stencil;

STENCIL_KERNEL void relax(In<float, 3> p, InOut<float, 3> q, Out<double, 3> r, float omega,
                          bool flag) {
  float s = p(1, 0, 0) + p(0, -1, 0) + p(0, 0, 2) + p(-1, 1, -1);
  if (flag && index(2) != 3) {
    q() = q() + omega * sqrt(fabs(s));
  } else {
    q() = s < -0.5f ? 1e-30f : 3.0f;
  }
  double d = pow(double(s), 2.0) + exp(floor(double(omega))) + stencil::fmax(1.0, double(s));
  r() = d;
}
// CHECK-LABEL: // relax (
// CHECK:         const float* __restrict__ p,
// CHECK-NEXT:    float* __restrict__ q,
// CHECK-NEXT:    double* __restrict__ r,
// CHECK:         const Index stride0_ = Index(dom_.Stride[0]);
// CHECK-NEXT:    const Index stride1_ = Index(dom_.Stride[1]);
// CHECK:         for (Index i0_ = Index(dom_.Lo[0]) + (Index(blockIdx.z)
// CHECK:         for (Index i1_ = Index(dom_.Lo[1]) + (Index(blockIdx.y)
// CHECK:         for (Index i2_ = Index(dom_.Lo[2]) + (Index(blockIdx.x)
// CHECK:         const Index at_ = i0_ * stride0_ + i1_ * stride1_ + i2_;
// The InOut grid's value is loaded once, before the point work; its reads
// come from the local and each store updates both (KernelEmitter::
// collectInOutLocals: nvcc 13.0 miscompiles a reload after the store).
// CHECK-NEXT:    float q_c_ = q[at_];
// CHECK:         float s = (((p[at_ + stride0_] + p[at_ - stride1_]) + p[at_ + 2]) + p[at_ - stride0_ + stride1_ - 1]);
// CHECK:         if ((flag && (static_cast<int>(i2_) != 3))) {
// CHECK:           q_c_ = (q_c_ + __fmul_rn(omega, sqrtf(fabsf(s))));
// CHECK-NEXT:      q[at_] = q_c_;
// CHECK:         } else {
// CHECK:           q_c_ = ((s < (-0.5f)) ? 1e-30f : 3.0f);
// CHECK-NEXT:      q[at_] = q_c_;
// CHECK:         }
// CHECK:         double d = ((pow(static_cast<double>(s), 2.0) + exp(floor(static_cast<double>(omega)))) + stencil::detail::fmaxOf(1.0, static_cast<double>(s)));
// CHECK:         r[at_] = d;
// CHECK:         launchDomain<3>(kernel_name_, extents_, {1, 1, 1}, {1, 1, 2}, opts);
