// Unroll-and-jam (docs/passes/tile.md#unroll-and-jam): tile jams 4 points of
// the streamed dimension when the In grids' loads per point fall to 0.6 of at
// least 9; the emitter prints each statement for the 4 lanes in turn, every
// element loaded once into a local, then the chunk's last points one at a
// time. --max-jam=1 turns it off; a 5-point star (5 loads) is not jammed.
// Boxes with reductions (8 or more loads per point) go in chunks of 8 rows
// (radius 2; 4 at radius 1), a block per chunk, jammed within the chunk.
// RUN: %stencilc %s --max-vector=1 --emit=ir -o - | FileCheck %s --check-prefix=IR
// RUN: %stencilc %s --max-jam=1 --emit=ir -o - | FileCheck %s --check-prefix=OFF
// RUN: %stencilc %s --max-vector=1 --report -o /dev/null 2>&1 | FileCheck %s --check-prefix=REPORT
// RUN: %stencilc %s --max-vector=1 -o %t.cu --header %t.h
// RUN: FileCheck %s < %t.cu
// RUN: %stencilc %s --max-vector=1 --emit=ir -o %t.sir
// RUN: %stencilc-opt %t.sir | FileCheck %s --check-prefix=IR
// RUN: not %stencilc %s --max-jam=0 -o /dev/null 2>&1 | FileCheck %s --check-prefix=BAD
#include <stencil/stencil.hpp>
using namespace stencil;

STENCIL_KERNEL void box(In<float, 2> u, InOut<float, 2> w) {
  float acc = 0.0f;
  for (int i = -1; i <= 1; ++i)
    for (int j = -1; j <= 1; ++j)
      acc += u(i, j);
  if (acc > u(-2, 0)) {
    float t = u(-1, 1) - u(0, 2);
    acc = acc + t * float(index(0));
  }
  w() = w() + acc;
}

STENCIL_KERNEL void box25(In<float, 2> u, Out<float, 2> v, Max<float> peak) {
  float acc = 0.0f;
  for (int i = -2; i <= 2; ++i)
    for (int j = -2; j <= 2; ++j)
      acc += u(i, j);
  v() = acc;
  peak = max(peak, acc);
}

STENCIL_KERNEL void life(In<int, 2> c, Out<int, 2> next, Sum<int> alive) {
  int n = 0;
  for (int i = -1; i <= 1; ++i)
    for (int j = -1; j <= 1; ++j)
      n += c(i, j);
  next() = n;
  alive += n;
}

STENCIL_KERNEL void star(In<float, 2> u, Out<float, 2> v) {
  v() = u(-1, 0) + u(1, 0) + u(0, -1) + u(0, 1) + u();
}

// These rank-2 boxes take vectors along their rows as well by default
// (jam-vector.cpp); --max-vector=1 shows the jam alone.
// IR-LABEL: kernel box rank 2
// IR:       schedule block (128, 2, 1) stream dim 0 points-per-thread 4 jam 4{{( min-blocks [0-9]+)?$}}
// IR-LABEL: kernel box25 rank 2
// IR:       schedule block (128, 2, 1) stream dim 0 points-per-thread 8 jam 4{{( min-blocks [0-9]+)?}} zigzag{{$}}
// IR-LABEL: kernel life rank 2
// IR:       schedule block (128, 2, 1) stream dim 0 points-per-thread 4 jam 4{{( min-blocks [0-9]+)?$}}
// IR-LABEL: kernel star rank 2
// IR:       schedule block (128, 2, 1) stream dim 0 points-per-thread 4{{( min-blocks [0-9]+)?$}}
// Not jammed, the boxes take vectors (tile.md#vectors).
// OFF-LABEL: kernel box rank 2
// OFF:       schedule block (128, 2, 1) stream dim 0 points-per-thread 4 vector 4{{$}}
// OFF-LABEL: kernel box25 rank 2
// OFF:       schedule block (128, 2, 1) stream dim 0 points-per-thread 8 vector 4 zigzag{{$}}
// REPORT: remark: kernel box: tile: {{.*}}; unroll-and-jam 4: 5.75 loads per point instead of 11
// REPORT: remark: kernel box25: tile: {{.*}}; unroll-and-jam 4: 10 loads per point instead of 25
// REPORT: remark: kernel life: tile: {{.*}}; unroll-and-jam 4: 4.5 loads per point instead of 9
// REPORT-NOT: kernel star: tile: {{.*}}unroll-and-jam
// BAD: --max-jam=0 is outside 1 to 16

// CHECK-LABEL: __global__ void __launch_bounds__(256) box_kernel(
// CHECK:         Index at_ = chunk0_ * stride0_ + i1_;
// CHECK-NEXT:    Index i0_ = chunk0_;
// CHECK-NEXT:    #pragma unroll 1
// CHECK-NEXT:    for (; i0_ + 4 <= end0_; i0_ += 4, at_ += 4 * stride0_) {
// The InOut centre of each lane, then each statement for lanes 0..3.
// CHECK-NEXT:      float w_c_ = w[at_];
// CHECK-NEXT:      float w_c1_ = w[at_ + stride0_];
// CHECK-NEXT:      float w_c2_ = w[at_ + 2 * stride0_];
// CHECK-NEXT:      float w_c3_ = w[at_ + 3 * stride0_];
// Every load the lanes' statements make comes first, each once (19
// registers: they fit, tile.md#unroll-and-jam), then each statement for
// lanes 0..3.
// CHECK-NEXT:      const float u_l0_ = u[at_ - stride0_ - 1];
// CHECK-NEXT:      const float u_l1_ = u[at_ - 1];
// CHECK-NEXT:      const float u_l2_ = u[at_ + stride0_ - 1];
// CHECK-NEXT:      const float u_l3_ = u[at_ + 2 * stride0_ - 1];
// The load of the if's condition that no earlier statement made is among
// them, not inside an earlier lane's block.
// CHECK:           const float u_l[[C0:[0-9]+]]_ = u[at_ - 2 * stride0_];
// CHECK-NEXT:      // jam.cpp:20
// CHECK-NEXT:      float acc = 0.0f;
// CHECK-NEXT:      float acc_j1 = 0.0f;
// CHECK-NEXT:      float acc_j2 = 0.0f;
// CHECK-NEXT:      float acc_j3 = 0.0f;
// CHECK-NEXT:      // jam.cpp:23
// CHECK-NEXT:      acc = (acc + u_l0_);
// CHECK-NEXT:      acc_j1 = (acc_j1 + u_l1_);
// Row i = 0 of lane 0 is row i = -1 of lane 1: loaded once.
// CHECK:           acc = (acc + u_l1_);
// CHECK-NEXT:      acc_j1 = (acc_j1 + u_l2_);
// CHECK-NEXT:      acc_j2 = (acc_j2 + u_l3_);
// The if's locals are each lane's own, its reads come from the loads before
// it (lane 1's u(-1, 1) is lane 0's u(0, 1)) or from its own (u(0, 2), not
// read before the if, loaded inside it, for each lane); coordinates move with
// the lane.
// CHECK:           // jam.cpp:24
// CHECK-NEXT:      if ((acc > u_l[[C0]]_)) {
// CHECK-NEXT:        // jam.cpp:25
// CHECK-NEXT:        const float u_l[[L0:[0-9]+]]_ = u[at_ + 2];
// CHECK-NEXT:        float t = (u_l{{[0-9]+}}_ - u_l[[L0]]_);
// CHECK:           if ((acc_j1 > u_l4_)) {
// CHECK-NEXT:        const float u_l[[L1:[0-9]+]]_ = u[at_ + stride0_ + 2];
// CHECK-NEXT:        float t_j1 = (u_l{{[0-9]+}}_ - u_l[[L1]]_);
// CHECK:             acc_j1 = (acc_j1 + __fmul_rn(t_j1, static_cast<float>(static_cast<int>(i0_ + 1))));
// CHECK:           w_c3_ = (w_c3_ + acc_j3);
// CHECK-NEXT:      w[at_ + 3 * stride0_] = w_c3_;
// CHECK-NEXT:    }
// The rest of the chunk, one point at a time, as without jam.
// CHECK-NEXT:    #pragma unroll 1
// CHECK-NEXT:    for (; i0_ < end0_; ++i0_, at_ += stride0_) {
// CHECK-NEXT:      float w_c_ = w[at_];
// CHECK:           acc = (acc + u[at_ - stride0_ - 1]);
// box is compiled with 4 points per thread and jam 4: no group to spare.
// CHECK-LABEL: void box(
// CHECK-NOT:     pointsToFill
// CHECK:         const dim3 grid_ =
// Reductions take each lane's value in turn.
// CHECK-LABEL: __global__ void __launch_bounds__(256) box25_kernel(
// CHECK:         peak = stencil::detail::reduceMaxOf(peak, acc);
// CHECK-NEXT:    peak = stencil::detail::reduceMaxOf(peak, acc_j1);
// CHECK-NEXT:    peak = stencil::detail::reduceMaxOf(peak, acc_j2);
// CHECK-NEXT:    peak = stencil::detail::reduceMaxOf(peak, acc_j3);
// A launch-bound size keeps at least a group of 4 points per thread (16 as
// compiled).
// CHECK-LABEL: stencil::Pending<box25_result> box25(
// CHECK:           points_per_thread_ = stencil::detail::pointsToFill<2>(domain_, block_, points_per_thread_, 0, resident_blocks_, 1, 4);
// CHECK-LABEL: __global__ void __launch_bounds__(256, 6) star_kernel(
// CHECK-NOT:     i0_ + 4 <= end0_
// CHECK:         for (Index i0_ = chunk0_; i0_ < end0_; ++i0_, at_ += stride0_) {
