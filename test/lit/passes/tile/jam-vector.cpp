// Unroll-and-jam with vectors (docs/passes/tile.md#jam-and-vectors): a
// jammed rank-2 box also takes vectors along its rows, each thread computing
// Jam rows of Vec adjacent points from aligned vector loads of the rows the
// group reads, also when every lane divides; its one-point instance (launches
// too small for vectors) is the plain jam. Not in rank 3 (registers).
// RUN: %stencilc %s --emit=ir -o - | FileCheck %s --check-prefix=IR
// RUN: %stencilc %s --report -o /dev/null 2>&1 | FileCheck %s --check-prefix=REPORT
// RUN: %stencilc %s -o %t.cu --header %t.h
// RUN: FileCheck %s < %t.cu
// RUN: %stencilc %s --emit=ir -o %t.sir
// RUN: %stencilc-opt %t.sir | FileCheck %s --check-prefix=IR
#include <stencil/stencil.hpp>
using namespace stencil;

STENCIL_KERNEL void age(In<int, 2> alive, InOut<int, 2> a) {
  int n = alive(-1, -1) + alive(-1, 0) + alive(-1, 1) + alive(0, -1) +
          alive(0, 1) + alive(1, -1) + alive(1, 0) + alive(1, 1);
  if (alive() == 1)
    a() = min(a() + 1, 1000 + index(0));
  else
    a() = max(a() - n, 0);
}

STENCIL_KERNEL void blur(In<float, 2> u, Out<float, 2> v) {
  float acc = 0.0f;
  for (int i = -1; i <= 1; ++i)
    for (int j = -1; j <= 1; ++j)
      acc += u(i, j);
  v() = acc / 9.0f;
}

STENCIL_KERNEL void mean(In<double, 2> u, Out<double, 2> v) {
  double acc = 0.0;
  for (int i = -2; i <= 2; ++i)
    for (int j = -2; j <= 2; ++j)
      acc += u(i, j);
  v() = acc / 25.0;
}

STENCIL_KERNEL void box3(In<float, 3> u, Out<float, 3> v) {
  float acc = 0.0f;
  for (int i = -1; i <= 1; ++i)
    for (int j = -1; j <= 1; ++j)
      for (int k = -1; k <= 1; ++k)
        acc += u(i, j, k);
  v() = acc;
}

// IR-LABEL: kernel age rank 2
// IR:       schedule block (128, 2, 1) stream dim 0 points-per-thread 4 jam 4 vector 4{{$}}
// 16 lanes that each divide: both (the group's loads are issued first).
// IR-LABEL: kernel blur rank 2
// IR:       schedule block (128, 2, 1) stream dim 0 points-per-thread 4 jam 4 vector 4{{$}}
// 8 lanes (vectors of 2 doubles) that divide: both.
// IR-LABEL: kernel mean rank 2
// IR:       schedule block (64, 4, 1) stream dim 0 points-per-thread 4 jam 4 vector 2{{$}}
// IR-LABEL: kernel box3 rank 3
// (rank 3: jammed, not vectorised; its chunk's column prefetched, prefetch.cpp)
// IR:       schedule block (128, 4, 1) stream dim 0 points-per-thread 8 jam 4 prefetch{{$}}
// Rows -1 .. 4, columns -1 .. 4 (3 vectors each) for 16 points.
// REPORT: remark: kernel age: tile: {{.*}}; vectors of 4 in groups of 4 rows (unroll-and-jam along dimension 0): each thread computes 4 x 4 points from aligned vector loads, 1.125 loads per point instead of 9
// REPORT: remark: kernel mean: tile: {{.*}}; vectors of 2 in groups of 4 rows {{.*}}, 3 loads per point instead of 25

// CHECK-LABEL: template <class Index, int Vec, int Skew>
// CHECK-NEXT:  __global__ void __launch_bounds__(256) age_kernel(
// CHECK:         if constexpr (Skew == 0) {
// The one-point instance (Vec = 1): the group's 4 rows as a plain jam, one
// point each, every row's loads shared.
// CHECK:         for (; i0_ + 4 <= end0_; i0_ += 4, at_ += 4 * stride0_) {
// CHECK-NEXT:      if (Vec == 1) {
// CHECK-NEXT:        int a_c_ = a[at_];
// CHECK-NEXT:        int a_c1_ = a[at_ + stride0_];
// CHECK:             const int alive_l{{[0-9]+}}_ = alive[at_ + 4 * stride0_ - 1];
// CHECK:             int n_j3 = {{.*}};
// CHECK:             a_c3_ = stencil::detail::maxOf((a_c3_ - n_j3), 0);
// CHECK-NEXT:        a[at_ + 3 * stride0_] = a_c3_;
// CHECK-NEXT:      }
// The jam group: 4 rows of 4 lanes when the columns are whole vectors.
// CHECK-NEXT:    } else if (Vec > 1 && i1_ >= Index(dom_.Lo[1]) && i1_ + Vec <= Index(dom_.Hi[1])) {
// One InOut vector per row, each lane its component.
// CHECK-NEXT:        const int4 a_cv_ = *reinterpret_cast<const int4*>(a + at_);
// CHECK-NEXT:        int a_c_ = a_cv_.x;
// CHECK:             int a_c3_ = a_cv_.w;
// CHECK-NEXT:        const int4 a_cv1_ = *reinterpret_cast<const int4*>(a + (at_ + stride0_));
// CHECK-NEXT:        int a_c4_ = a_cv1_.x;
// CHECK:             const int4 a_cv3_ = *reinterpret_cast<const int4*>(a + (at_ + 3 * stride0_));
// CHECK:             int a_c15_ = a_cv3_.w;
// Then every row's vectors (rows -1 .. 4), loaded once for all lanes.
// CHECK-DAG:         const int4 alive_v[[A:[0-9]+]]_ = *reinterpret_cast<const int4*>(alive + (at_ - stride0_ - 4));
// CHECK-DAG:         const int4 alive_v[[B:[0-9]+]]_ = *reinterpret_cast<const int4*>(alive + (at_ - stride0_));
// CHECK-DAG:         const int4 alive_v[[C:[0-9]+]]_ = *reinterpret_cast<const int4*>(alive + (at_ + 4 * stride0_ + 4));
// Lane 0 (row 0, column 0) reads column -1 of row -1: the .w of the vector
// at -4; lane 15 (row 3, column 3) reads column 4 of row 4. The lanes'
// integer sums share their common terms (gather-chains, codegen/Chains.h):
// each lane's n is the value of its node.
// CHECK-DAG:         const unsigned chain_s{{[0-9]+}}_ = {{.*}}alive_v[[A]]_.w
// CHECK-DAG:         const unsigned chain_s{{[0-9]+}}_ = {{.*}}alive_v[[C]]_.x)
// CHECK:             int n = static_cast<int>(chain_s{{[0-9]+}}_);
// CHECK:             int n_j15 = static_cast<int>(chain_s{{[0-9]+}}_);
// Each lane's coordinates: lane 4 is one row down.
// CHECK:             a_c4_ = stencil::detail::minOf((a_c4_ + 1), (1000 + static_cast<int>(i0_ + 1)));
// CHECK:             a_c15_ = stencil::detail::maxOf((a_c15_ - n_j15), 0);
// CHECK-NEXT:        a[at_ + 3 * stride0_ + 3] = a_c15_;
// CHECK-NEXT:      }
// The domain's first and last columns: the group's rows one point at a
// time, each at its own row and column.
// CHECK-NEXT:    } else {
// CHECK-NEXT:        const Index lane0_at_ = at_;
// CHECK-NEXT:        const Index lane0_i1_ = i1_;
// CHECK-NEXT:        const Index lane0_i0_ = i0_;
// CHECK-NEXT:        #pragma unroll 1
// CHECK-NEXT:        for (Index row_ = 0; row_ < 4; ++row_) {
// CHECK-NEXT:          const Index i0_ = lane0_i0_ + row_;
// CHECK-NEXT:          #pragma unroll 1
// CHECK-NEXT:          for (Index lane_ = 0; lane_ < Vec; ++lane_) {
// CHECK-NEXT:            const Index i1_ = lane0_i1_ + lane_;
// CHECK-NEXT:            if (i1_ < Index(dom_.Lo[1]) || i1_ >= Index(dom_.Hi[1])) continue;
// CHECK-NEXT:            const Index at_ = lane0_at_ + row_ * stride0_ + lane_;
// CHECK-NEXT:            int a_c_ = a[at_];
// The rest of the chunk: one row of vector lanes at a time.
// CHECK:           for (; i0_ < end0_; ++i0_, at_ += stride0_) {
// CHECK-NEXT:        if (Vec > 1 && i1_ >= Index(dom_.Lo[1]) && i1_ + Vec <= Index(dom_.Hi[1])) {
// CHECK-NEXT:          const int4 a_cv_ = *reinterpret_cast<const int4*>(a + at_);
// CHECK-NOT:           a_cv1_
// CHECK:             } else {
// Rows 1 more than a multiple of 4 apart (Skew 1): row R of a group starts R
// columns left of row 0, where its vectors are aligned; the group takes its
// vectors when the last row's first column is in the domain, and its rows'
// InOut vectors are a column further left each.
// CHECK:       } else if constexpr (Skew == 1) {
// CHECK:             for (; i0_ + 4 <= end0_; i0_ += 4, i1_ -= 4, at_ += 4 * (stride0_ - 1)) {
// CHECK-NEXT:          if (Vec > 1 && i1_ - 3 >= Index(dom_.Lo[1]) && i1_ + Vec <= Index(dom_.Hi[1])) {
// CHECK-NEXT:            const int4 a_cv_ = *reinterpret_cast<const int4*>(a + at_);
// CHECK:                 const int4 a_cv1_ = *reinterpret_cast<const int4*>(a + (at_ + stride0_ - 1));
// CHECK:                 const int4 a_cv3_ = *reinterpret_cast<const int4*>(a + (at_ + 3 * stride0_ - 3));
// Lane 15 (row 3, column 3) is at column 0 of row 3.
// CHECK:                   a[at_ + 3 * stride0_] = a_c15_;
// The edges: each row's points at their own drifted column.
// CHECK:                 const Index i1_ = lane0_i1_ + lane_ - row_;
// CHECK-NEXT:            if (i1_ < Index(dom_.Lo[1]) || i1_ >= Index(dom_.Hi[1])) continue;
// CHECK-NEXT:            const Index at_ = lane0_at_ + row_ * (stride0_ - 1) + lane_;
// Skew 2 (half a vector): every other row aligns alike, so the group's rows
// alternate between row 0's column and 2 left of it (a band 2 columns wider,
// not 6), the groups of a chunk all start at its first column, and a point
// alone takes its own row's column (docs/passes/tile.md#skewed-rows).
// CHECK:       } else if constexpr (Skew == 2) {
// CHECK:           for (Index col1_ = {{.*}}; col1_ < Index(dom_.Hi[1]) + (Vec - 1 + 2); col1_ +=
// CHECK:             Index i1_ = col1_ - chunk0_ % Vec * 2 % Vec;
// CHECK:             for (; i0_ + 4 <= end0_; i0_ += 4, at_ += 4 * stride0_) {
// CHECK-NEXT:          if (Vec > 1 && i1_ - 2 >= Index(dom_.Lo[1]) && i1_ + Vec <= Index(dom_.Hi[1])) {
// CHECK:                 const int4 a_cv1_ = *reinterpret_cast<const int4*>(a + (at_ + stride0_ - 2));
// CHECK:                 const int4 a_cv2_ = *reinterpret_cast<const int4*>(a + (at_ + 2 * stride0_));
// CHECK:                 const int4 a_cv3_ = *reinterpret_cast<const int4*>(a + (at_ + 3 * stride0_ - 2));
// CHECK:                 const Index i1_ = lane0_i1_ + lane_ - row_ % 2 * 2;
// CHECK-NEXT:            if (i1_ < Index(dom_.Lo[1]) || i1_ >= Index(dom_.Hi[1])) continue;
// CHECK-NEXT:            const Index at_ = lane0_at_ + row_ * stride0_ - row_ % 2 * 2 + lane_;
// CHECK:             for (; i0_ < end0_; ++i0_, i1_ = col1_ - i0_ % Vec * 2 % Vec, at_ = i0_ * stride0_ + i1_) {
// Skew 3: each row a column right of the one before (the same alignment as 3
// left), the group's vectors taken when its last row's last column is in the
// domain.
// CHECK:       } else if constexpr (Skew == 3) {
// CHECK:             for (; i0_ + 4 <= end0_; i0_ += 4, i1_ += 4, at_ += 4 * (stride0_ + 1)) {
// CHECK-NEXT:          if (Vec > 1 && i1_ >= Index(dom_.Lo[1]) && i1_ + Vec + 3 <= Index(dom_.Hi[1])) {
// CHECK:                 const int4 a_cv1_ = *reinterpret_cast<const int4*>(a + (at_ + stride0_ + 1));
// CHECK:                 const Index i1_ = lane0_i1_ + lane_ + row_;
// CHECK-NEXT:            if (i1_ < Index(dom_.Lo[1]) || i1_ >= Index(dom_.Hi[1])) continue;
// CHECK-NEXT:            const Index at_ = lane0_at_ + row_ * (stride0_ + 1) + lane_;
// Every lane divides (hoist-division's exact division) and its row of 4
// stores one vector.
// CHECK-LABEL: __global__ void __launch_bounds__(256) blur_kernel(
// CHECK:         const float4 u_v{{[0-9]+}}_ = *reinterpret_cast<const float4*>(u + (at_ + 4 * stride0_ + 4));
// CHECK:         const float v_s[[B:[0-9]+]]_3_ = stencil::detail::divideExactOneStep(acc_j3, 9.0f, rcp_0);
// CHECK-NEXT:    *reinterpret_cast<float4*>(v + at_) = make_float4(v_s[[B]]_0_, v_s[[B]]_1_, v_s[[B]]_2_, v_s[[B]]_3_);
// CHECK-LABEL: __global__ void __launch_bounds__(256) mean_kernel(
// CHECK:         const double2 u_v{{[0-9]+}}_ = *reinterpret_cast<const double2*>(u + (at_ + 4 * stride0_ + 2));
// Stores: each row of lanes stores one aligned vector, after its last lane.
// CHECK:         *reinterpret_cast<double2*>(v + at_) = make_double2(v_s[[S:[0-9]+]]_0_, v_s[[S]]_1_);
// CHECK:         *reinterpret_cast<double2*>(v + (at_ + 3 * stride0_)) = make_double2(v_s[[S]]_6_, v_s[[S]]_7_);
// Vectors of 2 at odd rows (Skew 1, half a vector): rows alternate one
// column apart, the reach one column past the phase.
// CHECK:       } else if constexpr (Skew == 1) {
// CHECK:             Index i1_ = col1_ - chunk0_ % Vec;
// CHECK:             for (; i0_ + 4 <= end0_; i0_ += 4, at_ += 4 * stride0_) {
// CHECK-NEXT:          if (Vec > 1 && i1_ - 1 >= Index(dom_.Lo[1]) && i1_ + Vec <= Index(dom_.Hi[1])) {
// CHECK:                 *reinterpret_cast<double2*>(v + (at_ + 3 * stride0_ - 1)) = make_double2(v_s{{[0-9]+}}_6_, v_s{{[0-9]+}}_7_);
// CHECK-LABEL: void mean(
// CHECK:         const int reach_ = skew_ == 1 ? 1 + 1 : 0;
