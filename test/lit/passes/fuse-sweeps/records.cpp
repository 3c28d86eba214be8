// Rank 3: the carried grids that merge-arrays packed into records are read by
// the fused kernel's first step as the records' 16-byte vectors and handed to
// the next step as those vectors (carriedRecords, FusedStream.cpp); a carried
// grid in no record (e) is read and carried one value a point, after the
// vectors. The fused launcher packs the records through the same record array
// as the one-sweep and persistent launchers (one copy of the grids).
// RUN: %stencilc %s --report -o /dev/null 2>&1 | FileCheck %s --check-prefix=REPORT
// RUN: %stencilc %s -o %t.cu --header %t.h
// RUN: FileCheck %s --check-prefix=CU < %t.cu
// Without merge-arrays every carried grid is a value of its own, as before.
// RUN: %stencilc %s --disable-pass=merge-arrays -o %t.off.cu --header %t.off.h
// RUN: FileCheck %s --check-prefix=OFF < %t.off.cu
#include <stencil/stencil.hpp>
using namespace stencil;

STENCIL_KERNEL void coeffs(In<float, 3> p, In<float, 3> a, In<float, 3> b, In<float, 3> c,
                           In<float, 3> d, In<float, 3> e, Out<float, 3> q, Sum<double> s) {
  float v = a() * p(1, 0, 0) + b() * p(-1, 0, 0) + c() * p(0, 1, 0) + d() * p(0, 0, -1) +
            e() * p();
  q() = v;
  s += v;
}
// REPORT: remark: kernel coeffs: merge-arrays: merged 4 read-only f32 grids read only at the centre {a, b, c, d} into 'rec0'
// REPORT: remark: kernel coeffs: fuse-sweeps: {{.*}} 5 grids read only at the centre {a, b, c, d, e} read once per launch from the records of 'rec0' (1 x 16-byte loads a point), each step handing them to the next in shared memory

// The record array, one for all launchers.
// CU-LABEL: stencil::detail::RecordArray<float, 3, 4>& coeffs_rec0_records_() {
// CU-NEXT:    static stencil::detail::RecordArray<float, 3, 4> records_;
// CU:       const float4* rec0_ = reinterpret_cast<const float4*>(coeffs_rec0_records_().get(kernel_name_, {&a, &b, &c, &d}, tuned_opts_.Stream));
// The fused kernel takes the records, not a, b, c and d.
// CU-LABEL: coeffs_fused_kernel(
// CU-NEXT:      const float* in_,
// CU-NEXT:      float* out_,
// CU-NEXT:      float* prev_,
// CU-NEXT:      const float* ring_first_,
// CU-NEXT:      const float* ring_second_,
// CU-NEXT:      const float* __restrict__ e,
// CU-NEXT:      const float4* __restrict__ rec0_,
// CU:         constexpr int G_ = 5,
// CU:             float4 rec0_v0_;
// CU-NEXT:        float e_cv_;
// CU-NEXT:        if constexpr (Carry_ && step_ > 1) {
// CU-NEXT:          const float4* const from_v_ = reinterpret_cast<const float4*>(carry_ + ((step_ - 2) * 2 + (t_ + 1) % 2) * G_ * CP_) + (r_ - step_ * R1_) * P1_ + tx_;
// CU-NEXT:          rec0_v0_ = from_v_[0 * CP_];
// CU-NEXT:          const float* const from_ = carry_ + ((step_ - 2) * 2 + (t_ + 1) % 2) * G_ * CP_ + (r_ - step_ * R1_) * P1_ + tx_;
// CU-NEXT:          e_cv_ = from_[4 * CP_];
// CU-NEXT:        } else {
// CU-NEXT:          rec0_v0_ = rec0_[at_ * 1 + 0];
// CU-NEXT:          e_cv_ = e[at_];
// CU-NEXT:        }
// CU-NEXT:        const float a_cv_ = rec0_v0_.x;
// CU-NEXT:        const float b_cv_ = rec0_v0_.y;
// CU-NEXT:        const float c_cv_ = rec0_v0_.z;
// CU-NEXT:        const float d_cv_ = rec0_v0_.w;
// CU-NEXT:        if constexpr (Carry_ && step_ < Steps) {
// CU-NEXT:          if (r_ >= (step_ + 1) * R1_ && r_ < Q1_ - (step_ + 1) * R1_) {
// CU-NEXT:            float4* const to_v_ = reinterpret_cast<float4*>(carry_ + ((step_ - 1) * 2 + t_ % 2) * G_ * CP_) + (r_ - (step_ + 1) * R1_) * P1_ + tx_;
// CU-NEXT:            to_v_[0 * CP_] = rec0_v0_;
// CU-NEXT:            float* const to_ = carry_ + ((step_ - 1) * 2 + t_ % 2) * G_ * CP_ + (r_ - (step_ + 1) * R1_) * P1_ + tx_;
// CU-NEXT:            to_[4 * CP_] = e_cv_;
// The fused launchers pack the same records and pass them.
// CU-LABEL: static std::vector<coeffs_result> coeffs_sweeps_at_(
// CU:         const float4* rec0_ = reinterpret_cast<const float4*>(coeffs_rec0_records_().get(kernel_name_, {&a, &b, &c, &d}, opts.Stream));
// CU:         coeffs_fused_launch_(kernel_name_, steps_, narrow_, domain_, opts.Stream, pp_.input(), pp_.output(b_), pp_.previous(b_), pp_.ring(pp_.Done + 1), pp_.ring(pp_.Done + 2), e.data(), rec0_, slots_,

// OFF-LABEL: coeffs_fused_kernel(
// OFF:           const float* __restrict__ a,
// OFF-NOT:   rec0_
// OFF:           float a_cv_, b_cv_, c_cv_, d_cv_, e_cv_;
// OFF:             e_cv_ = from_[4 * CP_];
