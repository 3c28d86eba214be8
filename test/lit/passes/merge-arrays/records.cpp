// merge-arrays: read-only grids read only at the centre become records of
// whole 16-byte vectors (the rest stay separate); the kernel reads a record
// with 16-byte loads, the launcher packs the user's grids (and repacks when
// one changed: stencil::detail::RecordArray keys on id and version).
// RUN: %stencilc %s --print-after=merge-arrays -o /dev/null 2>&1 | FileCheck %s
// RUN: %stencilc %s --disable-pass=merge-arrays --print-after=merge-arrays -o /dev/null 2>&1 | FileCheck %s --check-prefix=OFF
// RUN: %stencilc %s --report -o /dev/null 2>&1 | FileCheck %s --check-prefix=REPORT
// RUN: %stencilc %s -o %t.cu --header %t.h
// RUN: FileCheck %s --check-prefix=CUDA < %t.cu
// RUN: %stencilc %s --disable-pass=merge-arrays -o %t.off.cu --header %t.off.h
// RUN: FileCheck %s --check-prefix=CUDA-OFF < %t.off.cu
#include <stencil/stencil.hpp>
using namespace stencil;

STENCIL_KERNEL void coeffs(In<float, 3> p, In<float, 3> a, In<float, 3> b, In<float, 3> c,
                           In<float, 3> d, In<float, 3> e, Out<float, 3> q) {
  q() = a() * p(1, 0, 0) + b() * p(-1, 0, 0) + c() * p() + d() + e();
}
// p is read at offsets; e is the fifth f32 grid: a vector holds four.
// CHECK-LABEL: kernel coeffs rank 3
// CHECK:         merged rec0: f32 { a, b, c, d }
// OFF-LABEL:   kernel coeffs rank 3
// OFF-NOT:       merged
// OFF:         {
// REPORT:      remark: kernel coeffs: merge-arrays: merged 4 read-only f32 grids read only at the centre {a, b, c, d} into 'rec0', records of 4 fields (1 x 16-byte loads per point)

// CUDA-LABEL:  // coeffs (
// CUDA:          __global__ void __launch_bounds__({{[0-9]+(, [0-9]+)?}}) coeffs_kernel(
// CUDA-NEXT:         const float* __restrict__ p,
// CUDA-NEXT:         const float* __restrict__ e,
// CUDA-NEXT:         float* __restrict__ q,
// CUDA-NEXT:         const float4* __restrict__ rec0_,
// CUDA:            Index at_ =
// CUDA:            for (Index i0_ = chunk0_; i0_ < end0_; ++i0_, at_ += stride0_) {
// CUDA-NEXT:       const float4 rec0_v0_ = rec0_[at_ * 1 + 0];
// CUDA:            q[at_] = ((((__fmul_rn(rec0_v0_.x, p[at_ + stride0_]) + __fmul_rn(rec0_v0_.y, p[at_ - stride0_])) + __fmul_rn(rec0_v0_.z, p[at_])) + rec0_v0_.w) + e[at_]);
// The record array: one per group for all of the kernel's launchers.
// CUDA:          stencil::detail::RecordArray<float, 3, 4>& coeffs_rec0_records_() {
// CUDA-NEXT:       static stencil::detail::RecordArray<float, 3, 4> records_;
// CUDA:          fitsNarrowIndex<3>(extents_, 1)
// CUDA:          const float4* rec0_ = reinterpret_cast<const float4*>(coeffs_rec0_records_().get(kernel_name_, {&a, &b, &c, &d}, tuned_opts_.Stream));
// CUDA:          stencil::detail::launchAfterPrevious(kernel_name_, kernel_, grid_, block_, smem_, tuned_opts_.Stream, p.data(), e.data(), q.data(), rec0_, points_per_thread_, domain_);
// CUDA-OFF-LABEL: // coeffs (
// CUDA-OFF-NOT:  rec0
// CUDA-OFF:        q[at_] = ((((__fmul_rn(a[at_], p[at_ + stride0_]) + __fmul_rn(b[at_], p[at_ - stride0_])) + __fmul_rn(c[at_], p[at_])) + d[at_]) + e[at_]);

STENCIL_KERNEL void pairs(In<double, 2> u, In<double, 2> v, In<double, 2> w, In<int, 2> m,
                          Out<double, 2> r) {
  r() = u() * v() + w() + m();
}
// Two f64 grids fill a vector; w is left over, one int is not worth a record.
// CHECK-LABEL: kernel pairs rank 2
// CHECK:         merged rec0: f64 { u, v }
// CHECK-NOT:     merged rec1
// CUDA-LABEL:  // pairs (
// CUDA:            const double2 rec0_v0_ = rec0_[at_ * 1 + 0];
// CUDA-NEXT:       // records.cpp
// CUDA-NEXT:       r[at_] = ((__dmul_rn(rec0_v0_.x, rec0_v0_.y) + w[at_]) + static_cast<double>(m[at_]));

STENCIL_KERNEL void twelve(In<float, 3> p, In<float, 3> a0, In<float, 3> a1, In<float, 3> a2,
                           In<float, 3> a3, In<float, 3> a4, In<float, 3> a5, In<float, 3> a6,
                           In<float, 3> a7, Out<float, 3> q) {
  q() = p(0, 0, 1) * (a0() + a1() + a2() + a3() + a4() + a5() + a6() + a7());
}
// Eight fields: two 16-byte loads per point; 32-bit indices only while
// twice the points fit.
// CUDA-LABEL:  // twelve (
// CUDA:            const float4 rec0_v0_ = rec0_[at_ * 2 + 0];
// CUDA-NEXT:       const float4 rec0_v1_ = rec0_[at_ * 2 + 1];
// CUDA:          RecordArray<float, 3, 8>& twelve_rec0_records_() {
// CUDA:          fitsNarrowIndex<3>(extents_, 2)

STENCIL_KERNEL void weighted(In<double, 1> x, In<double, 1> w, Histogram<double> h, int n) {
  h[min(int(x() * n), n - 1)] += w();
}
// REPORT:      remark: kernel weighted: merge-arrays: not merged: a histogram kernel's time goes to its scattered atomics, not its streamed reads
