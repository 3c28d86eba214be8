// Vectors along the contiguous dimension (docs/passes/tile.md#vectors): a
// kernel that reads a grid at offsets along its last dimension (and is not
// jammed along a streamed dimension) computes 16 / (widest grid element)
// adjacent points per thread (4 for f32 and int, 2 for f64 and int64, except
// in rank 2), each row it reads loaded once as aligned vectors, the lanes'
// statements printed in turn as for unroll-and-jam. The kernel is a template on the width: the launcher takes the
// vector instance when every row is whole vectors (rank 2: an instance per row skew, tile.md#skewed-rows),
// else Vec = 1, where every point goes one at a time. --max-vector=1 turns it off.
// RUN: %stencilc %s --emit=ir -o - | FileCheck %s --check-prefix=IR
// RUN: %stencilc %s --max-vector=1 --emit=ir -o - | FileCheck %s --check-prefix=OFF
// RUN: %stencilc %s --max-vector=2 --emit=ir -o - | FileCheck %s --check-prefix=TWO
// RUN: %stencilc %s --report -o /dev/null 2>&1 | FileCheck %s --check-prefix=REPORT
// RUN: %stencilc %s -o %t.cu --header %t.h
// RUN: FileCheck %s < %t.cu
// RUN: %stencilc %s --emit=ir -o %t.sir
// RUN: %stencilc-opt %t.sir | FileCheck %s --check-prefix=IR
// RUN: not %stencilc %s --max-vector=3 -o /dev/null 2>&1 | FileCheck %s --check-prefix=BAD
#include <stencil/stencil.hpp>
using namespace stencil;

// f32, a radius-2 star, InOut: vectors of 4.
STENCIL_KERNEL void star(In<float, 2> u, InOut<float, 2> w, float c) {
  float s = u(0, -2) + u(0, -1) + u(0, 1) + u(0, 2) + u(-1, 0) + u(1, 0);
  w() = w() + c * s + float(index(1));
}

// int64 with a Min: vectors of 2 (16-byte longlong2 loads).
STENCIL_KERNEL void diff(In<int64_t, 1> a, Out<int64_t, 1> d, Min<int64_t> lo) {
  int64_t v = a(1) - a(-1);
  d() = v;
  lo = min(lo, v);
}

// Mixed f32 and f64: the widest element (8 bytes) gives vectors of 2, in
// rank 3; rank 2 takes vectors of 4 only (vectors of 2 lost there).
STENCIL_KERNEL void mixed(In<float, 3> u, Out<double, 3> v) {
  v() = double(u(0, 0, -1)) + double(u(0, 0, 1));
}
STENCIL_KERNEL void wide(In<double, 2> u, Out<double, 2> v) {
  v() = u(0, -1) + u(0, 1);
}

// A rank-2 reduction sweep: chunks of 4 rows, a block per chunk, and vectors
// (a persistent grid, until session 24, took none).
STENCIL_KERNEL void swept(In<float, 2> u, Out<float, 2> v, Sum<double> s) {
  float x = u(0, -1) + u(0, 1) + u(1, 0);
  v() = x;
  s += x;
}

// Reads across the streamed dimension only: vectors all the same, for the
// bytes in flight (one 16-byte load per row for 4 points).
STENCIL_KERNEL void vertical(In<float, 2> u, Out<float, 2> v) {
  v() = u(-1, 0) + u(1, 0);
}

// Rank 3, streamed, read across rows and planes: two skews, the plane
// stride's and the row stride's (tile.md#skewed-rows).
STENCIL_KERNEL void heat(In<float, 3> u, Out<float, 3> v) {
  v() = u(-1, 0, 0) + u(1, 0, 0) + u(0, -1, 0) + u(0, 1, 0) + u(0, 0, -1) + u(0, 0, 1);
}

// IR-LABEL: kernel star rank 2
// IR:       schedule block (128, 2, 1) stream dim 0 points-per-thread 4 vector 4{{( min-blocks [0-9]+)?$}}
// IR-LABEL: kernel diff rank 1
// IR:       vector 2{{$}}
// IR-LABEL: kernel mixed rank 3
// IR:       schedule block (64, 8, 1) vector 2{{( min-blocks [0-9]+)?$}}
// IR-LABEL: kernel wide rank 2
// IR:       schedule block (64, 4, 1){{( min-blocks [0-9]+)?$}}
// IR-LABEL: kernel swept rank 2
// IR:       schedule block (256, 1, 1) stream dim 0 points-per-thread 4 vector 4{{( min-blocks [0-9]+)?$}}
// IR-LABEL: kernel vertical rank 2
// IR:       schedule block (128, 2, 1) stream dim 0 points-per-thread 4 vector 4{{( min-blocks [0-9]+)?$}}
// OFF-NOT: {{ vector [0-9]}}
// TWO-LABEL: kernel star rank 2
// TWO:       points-per-thread 4{{( min-blocks [0-9]+)?$}}
// TWO-LABEL: kernel diff rank 1
// TWO:       vector 2{{$}}
// REPORT: remark: kernel star: tile: {{.*}}; vectors of 4: each thread computes 4 adjacent points along dimension 1 from aligned vector loads, 1.25 loads per point instead of 6
// REPORT: remark: kernel diff: tile: {{.*}}; vectors of 2: {{.*}}, 1.5 loads per point instead of 2
// REPORT: remark: kernel vertical: tile: {{.*}}; vectors of 4: {{.*}}, 0.5 loads per point instead of 2
// BAD: --max-vector=3 is not 1, 2 or 4

// CHECK-LABEL: template <class Index, int Vec, int Skew>
// CHECK-NEXT:  __global__ void __launch_bounds__(256, 6) star_kernel(
// Rows that are whole vectors (and the one-point instance) first.
// CHECK:       if constexpr (Skew == 0) {
// The thread's first column is a multiple of Vec; it steps Vec columns.
// CHECK:       for (Index i1_ = Index(dom_.Lo[1]) / Vec * Vec + Vec * (Index(blockIdx.x) * Index(blockDim.x) + Index(threadIdx.x)); i1_ < Index(dom_.Hi[1]); i1_ += Vec * (Index(gridDim.x) * Index(blockDim.x))) {
// CHECK:         for (Index i0_ = chunk0_; i0_ < end0_; ++i0_, at_ += stride0_) {
// All Vec points in the domain: the lanes.
// CHECK-NEXT:      if (Vec > 1 && i1_ >= Index(dom_.Lo[1]) && i1_ + Vec <= Index(dom_.Hi[1])) {
// CHECK-NEXT:        const float4 w_cv_ = *reinterpret_cast<const float4*>(w + at_);
// CHECK-NEXT:        float w_c_ = w_cv_.x;
// CHECK-NEXT:        float w_c1_ = w_cv_.y;
// CHECK-NEXT:        float w_c2_ = w_cv_.z;
// CHECK-NEXT:        float w_c3_ = w_cv_.w;
// Row 0's columns -2 .. 5 are the vectors at -4, 0 and 4; lane 0's u(0, -2)
// is component z of the vector at -4, lane 3's u(0, 2) component x of the one
// at 4.
// Every vector of the group is loaded before its first statement (the 16
// components the lanes read fit in registers).
// CHECK-DAG:         const float4 u_v[[M4:[0-9]+]]_ = *reinterpret_cast<const float4*>(u + (at_ - 4));
// CHECK-DAG:         const float4 u_v[[Z:[0-9]+]]_ = *reinterpret_cast<const float4*>(u + (at_));
// CHECK-DAG:         const float4 u_v[[P4:[0-9]+]]_ = *reinterpret_cast<const float4*>(u + (at_ + 4));
// CHECK-DAG:         const float4 u_v[[UP:[0-9]+]]_ = *reinterpret_cast<const float4*>(u + (at_ - stride0_));
// CHECK-DAG:         const float4 u_v[[DOWN:[0-9]+]]_ = *reinterpret_cast<const float4*>(u + (at_ + stride0_));
// CHECK:             // vector.cpp:23
// CHECK:             float s = (((((u_v[[M4]]_.z + u_v[[M4]]_.w) + u_v[[Z]]_.y) + u_v[[Z]]_.z) + u_v[[UP]]_.x) + u_v[[DOWN]]_.x);
// CHECK:             float s_j3 = (((((u_v[[Z]]_.y + u_v[[Z]]_.z) + u_v[[P4]]_.x) + u_v[[P4]]_.y) + u_v[[UP]]_.w) + u_v[[DOWN]]_.w);
// Each lane's index along the vector is lane 0's plus the lane; each lane
// keeps its value, and the last lane stores the row as one aligned vector.
// CHECK:             w_c_ = ((w_c_ + __fmul_rn(c, s)) + static_cast<float>(static_cast<int>(i1_)));
// CHECK-NEXT:        w_c1_ =
// CHECK:             w_c3_ = ((w_c3_ + __fmul_rn(c, s_j3)) + static_cast<float>(static_cast<int>(i1_ + 3)));
// CHECK-NEXT:        *reinterpret_cast<float4*>(w + at_) = make_float4(w_c_, w_c1_, w_c2_, w_c3_);
// The domain's first and last columns (and the Vec = 1 instance): one point
// at a time, at its own column.
// CHECK-NEXT:      } else {
// CHECK-NEXT:        const Index lane0_at_ = at_;
// CHECK-NEXT:        const Index lane0_i1_ = i1_;
// CHECK-NEXT:        #pragma unroll 1
// CHECK-NEXT:        for (Index lane_ = 0; lane_ < Vec; ++lane_) {
// CHECK-NEXT:          const Index i1_ = lane0_i1_ + lane_;
// CHECK-NEXT:          if (i1_ < Index(dom_.Lo[1]) || i1_ >= Index(dom_.Hi[1])) continue;
// CHECK-NEXT:          const Index at_ = lane0_at_ + lane_;
// CHECK-NEXT:          float w_c_ = w[at_];
// CHECK:               float s = (((((u[at_ - 2] + u[at_ - 1]) + u[at_ + 1]) + u[at_ + 2]) + u[at_ - stride0_]) + u[at_ + stride0_]);
// Rows 1 more than a multiple of 4 apart (Skew 1): each chunk's first row
// starts where its vectors are aligned, every next row one column further
// left, and the thread's column col1_ reaches as far right as that drift.
// CHECK:       } else if constexpr (Skew == 1) {
// CHECK:         for (Index col1_ = Index(dom_.Lo[1]) / Vec * Vec + Vec * (Index(blockIdx.x) * Index(blockDim.x) + Index(threadIdx.x)); col1_ < Index(dom_.Hi[1]) + (Vec - 1 + (points_per_thread_ - 1)); col1_ += Vec * (Index(gridDim.x) * Index(blockDim.x))) {
// CHECK:             Index i1_ = col1_ - chunk0_ % Vec;
// CHECK-NEXT:        Index at_ = chunk0_ * stride0_ + i1_;
// CHECK:             for (Index i0_ = chunk0_; i0_ < end0_; ++i0_, i1_ -= 1, at_ += (stride0_ - 1)) {
// CHECK-NEXT:          if (Vec > 1 && i1_ >= Index(dom_.Lo[1]) && i1_ + Vec <= Index(dom_.Hi[1])) {
// The rows above and below are aligned a column off lane 0's: u(-1, 0) is
// the last component of the vector 3 left of at_ - stride0_, u(1, 0) the
// second of the one a column left of at_ + stride0_.
// CHECK-DAG:           const float4 u_v[[UP1:[0-9]+]]_ = *reinterpret_cast<const float4*>(u + (at_ - stride0_ - 3));
// CHECK-DAG:           const float4 u_v[[DOWN1:[0-9]+]]_ = *reinterpret_cast<const float4*>(u + (at_ + stride0_ - 1));
// CHECK:               float s = (((((u_v{{[0-9]+}}_.z + u_v{{[0-9]+}}_.w) + u_v{{[0-9]+}}_.y) + u_v{{[0-9]+}}_.z) + u_v[[UP1]]_.w) + u_v[[DOWN1]]_.y);
// CHECK:               *reinterpret_cast<float4*>(w + at_) = make_float4(w_c_, w_c1_, w_c2_, w_c3_);
// Skew 3 drifts the other way, a column right per row (3 left would align
// the same rows; a jam group's rows then lie 3 columns apart, not 9), and the
// thread's column starts as far left as that needs.
// CHECK:       } else if constexpr (Skew == 3) {
// CHECK:         for (Index col1_ = Index(dom_.Lo[1]) / Vec * Vec - ((points_per_thread_ - 1) + Vec - 1) / Vec * Vec + Vec * (Index(blockIdx.x) * Index(blockDim.x) + Index(threadIdx.x)); col1_ < Index(dom_.Hi[1]) + (Vec - 1); col1_ +=
// CHECK:             for (Index i0_ = chunk0_; i0_ < end0_; ++i0_, i1_ += 1, at_ += (stride0_ + 1)) {
// The launcher: the grid covers Vec points per thread along x.
// CHECK-LABEL: void star(
// The block's x fitted to the rows' vectors (stencil::detail::fitBlockToRows:
// narrower when more than 1/8 of a row's threads would idle).
// CHECK:         const dim3 block_ = stencil::detail::fitBlockToRows<2>(stencil::detail::blockShape<2>(kernel_name_, {128, 2, 1}, 256, tuned_opts_), domain_, 4, tuned_opts_);
// The vector instance only when the grids' addresses are aligned and the
// launch has a device's worth of threads with vectors (LaunchOptions::
// Vectors: 1 asks for it whenever the rows allow, 0 never); rows that are not
// whole vectors take the instance of their skew, with 32-bit indices.
// CHECK:         int points_per_thread_ = tuned_opts_.PointsPerThread > 0 ? tuned_opts_.PointsPerThread : 4;
// CHECK:         const bool narrow_ = stencil::detail::fitsNarrowIndex<2>(extents_, 1);
// CHECK:         const int skew_ = int(extents_[1] % 4);
// CHECK-NEXT:    const bool vec_ = stencil::detail::vectorAligned<2>(extents_, 4, 4, {std::as_const(u).data(), std::as_const(w).data()}, /*WholeRows=*/false) && (narrow_ || skew_ == 0) &&
// CHECK-NEXT:        (tuned_opts_.Vectors < 0 ? stencil::detail::vectorsFillDevice<2>(domain_, points_per_thread_, 0, 4) : tuned_opts_.Vectors > 0);
// CHECK-NEXT:    auto* const kernel_ = narrow_
// CHECK-NEXT:        ? (vec_ ? skew_ == 1 ? &star_kernel<int, 4, 1> : skew_ == 2 ? &star_kernel<int, 4, 2> : skew_ == 3 ? &star_kernel<int, 4, 3> : &star_kernel<int, 4, 0> : &star_kernel<int, 1, 0>)
// CHECK-NEXT:        : (vec_ ? &star_kernel<int64_t, 4, 0> : &star_kernel<int64_t, 1, 0>);
// CHECK:         points_per_thread_ = stencil::detail::pointsToFill<2>(domain_, block_, points_per_thread_, 0, resident_blocks_, vec_ ? 4 : 1, 1);
// The grid's x also covers the columns the skewed rows reach: a row's phase
// (up to 3) and its chunk's drift (1 or 2 a row; skew 3 drifts 1 right).
// CHECK:         const int reach_ = skew_ == 1 ? 3 + (points_per_thread_ - 1) : skew_ == 2 ? 3 + (points_per_thread_ - 1) * 2 : skew_ == 3 ? 3 + (points_per_thread_ - 1) : 0;
// CHECK-NEXT:    stencil::detail::gridShape<2>(domain_, block_, points_per_thread_, 0, vec_ ? 4 : 1, vec_ ? reach_ : 0);
// int64 lanes read longlong2 fields as int64_t; the Min takes each lane.
// CHECK-LABEL: __global__ void __launch_bounds__(256) diff_kernel(
// CHECK-DAG:     const longlong2 a_v[[A:[0-9]+]]_ = *reinterpret_cast<const longlong2*>(a + (at_ - 2));
// CHECK-DAG:     const longlong2 a_v[[B:[0-9]+]]_ = *reinterpret_cast<const longlong2*>(a + (at_));
// CHECK-DAG:     const longlong2 a_v[[C:[0-9]+]]_ = *reinterpret_cast<const longlong2*>(a + (at_ + 2));
// CHECK:         int64_t v = (int64_t(a_v[[B]]_.y) - int64_t(a_v[[A]]_.y));
// CHECK-NEXT:    int64_t v_j1 = (int64_t(a_v[[C]]_.x) - int64_t(a_v[[B]]_.x));
// CHECK:         lo = stencil::detail::reduceMinOf(lo, v);
// CHECK-NEXT:    lo = stencil::detail::reduceMinOf(lo, v_j1);
// CHECK-LABEL: __global__ void __launch_bounds__(256, 6) vertical_kernel(
// CHECK-DAG:     const float4 u_v[[UP:[0-9]+]]_ = *reinterpret_cast<const float4*>(u + (at_ - stride0_));
// CHECK-DAG:     const float4 u_v[[DOWN:[0-9]+]]_ = *reinterpret_cast<const float4*>(u + (at_ + stride0_));
// CHECK:         const float v_s[[S:[0-9]+]]_3_ = (u_v[[UP]]_.w + u_v[[DOWN]]_.w);
// CHECK-NEXT:    *reinterpret_cast<float4*>(v + at_) = make_float4(v_s[[S]]_0_, v_s[[S]]_1_, v_s[[S]]_2_, v_s[[S]]_3_);
// CHECK:       void vertical(
// The rank-3 instance of plane skew 1 and row skew 1 (Skew = 1 * 4 + 1): the
// chunk's first plane aligned by both strides' phases, each next plane a
// column left; the plane below's vector starts a column left of its point,
// and so does the next row's.
// CHECK-LABEL: __global__ void __launch_bounds__({{.*}}) heat_kernel(
// Rank 3 (short rows): a vector at the domain's first or last columns runs
// its lanes too (docs/passes/tile.md#edge-vectors). lanes_ has a bit per
// lane in the domain; the group runs where all are, or where lane 0's index
// lies in the launcher's bounds (its loads in the grid); the row's vector
// store where all its lanes are in the domain, else each element behind its
// bit. (Rank 2, the star above, keeps one point at a time there.)
// CHECK:       if constexpr (Skew == 0) {
// CHECK:             const unsigned lanes_ = i2_ >= Index(dom_.Lo[2]) && i2_ + Vec <= Index(dom_.Hi[2]) ? (1u << 4) - 1u : stencil::detail::columnLanes<4>(Index(i2_), Index(dom_.Lo[2]), Index(dom_.Hi[2]));
// CHECK-NEXT:        if (Vec > 1 && (lanes_ == (1u << 4) - 1u || (lanes_ != 0u && at_ >= Index(dom_.EdgeLo) && at_ <= Index(dom_.EdgeHi)))) {
// CHECK:               if ((lanes_ & 15u) == 15u)
// CHECK-NEXT:            *reinterpret_cast<float4*>(v + at_) = make_float4(v_s0_0_, v_s0_1_, v_s0_2_, v_s0_3_);
// CHECK-NEXT:          else {
// CHECK-NEXT:            if (lanes_ & (1u << 0)) (v + at_)[0] = v_s0_0_;
// CHECK-NEXT:            if (lanes_ & (1u << 1)) (v + at_)[1] = v_s0_1_;
// CHECK-NEXT:            if (lanes_ & (1u << 2)) (v + at_)[2] = v_s0_2_;
// CHECK-NEXT:            if (lanes_ & (1u << 3)) (v + at_)[3] = v_s0_3_;
// CHECK-NEXT:          }
// The grids' first and last rows: one point at a time.
// CHECK:             } else {
// CHECK-NEXT:          const Index lane0_at_ = at_;
// CHECK:       } else if constexpr (Skew == 5) {
// CHECK:             Index i2_ = col2_ - (chunk0_ % Vec + i1_ % Vec) % Vec;
// CHECK:             for (Index i0_ = chunk0_; i0_ < end0_; ++i0_, i2_ -= 1, at_ += (stride0_ - 1)) {
// CHECK-DAG:           const float4 u_v[[PLANE:[0-9]+]]_ = *reinterpret_cast<const float4*>(u + (at_ + stride0_ - 1));
// CHECK-DAG:           const float4 u_v[[ROW:[0-9]+]]_ = *reinterpret_cast<const float4*>(u + (at_ + stride1_ - 1));
// CHECK:               const float v_s{{[0-9]+}}_0_ = {{.*}}u_v[[PLANE]]_.y{{.*}}u_v[[ROW]]_.y
// Plane skew 1, row skew 3 (Skew 7): the next row's element is the last of
// the vector 3 left.
// CHECK:       } else if constexpr (Skew == 7) {
// CHECK:               const float4 u_v{{[0-9]+}}_ = *reinterpret_cast<const float4*>(u + (at_ + stride1_ - 3));
// The launcher: the skew from both strides, 11 instances for vectors of 4.
// CHECK-LABEL: void heat(
// CHECK:         const int skew_ = int(extents_[1] * extents_[2] % 4) * 4 + int(extents_[2] % 4);
// CHECK:         ? (vec_ ? skew_ == 1 ? &heat_kernel<int, 4, 1> : skew_ == 2 ? &heat_kernel<int, 4, 2> : skew_ == 3 ? &heat_kernel<int, 4, 3> : skew_ == 5 ? &heat_kernel<int, 4, 5> : skew_ == 7 ? &heat_kernel<int, 4, 7> : skew_ == 9 ? &heat_kernel<int, 4, 9> : skew_ == 10 ? &heat_kernel<int, 4, 10> : skew_ == 11 ? &heat_kernel<int, 4, 11> : skew_ == 13 ? &heat_kernel<int, 4, 13> : skew_ == 15 ? &heat_kernel<int, 4, 15> : &heat_kernel<int, 4, 0> : &heat_kernel<int, 1, 0>)
