// Zig-zag chunks (docs/passes/tile.md#zig-zag-chunks): a streamed kernel
// with 16 points per thread (8 in rank 2) that reads its grids at offsets along the
// streamed dimension may walk every other chunk backwards, so that two
// neighbouring chunks read the halo rows they share at the same time; the
// launcher decides per launch (stencil::detail::zigzagChunks). Shorter
// chunks, and kernels without a halo along the stream, walk forwards with
// the plain loop (no zigzag_ argument); a kernel without a halo along the
// stream: test/unit ScheduleTest Tile.ZigzagForLongChunksThatShareHaloRows.
// RUN: %stencilc %s --emit=ir -o %t.sir
// RUN: FileCheck %s --check-prefix=IR < %t.sir
// RUN: %stencilc-opt %t.sir | FileCheck %s --check-prefix=IR
// RUN: %stencilc %s --report -o /dev/null 2>&1 | FileCheck %s --check-prefix=REPORT
// RUN: %stencilc %s --tile=box25:128x2:ppt=16:stream=0 --emit=ir -o - | FileCheck %s --check-prefix=USER
// RUN: %stencilc %s -o %t.cu --header %t.h
// RUN: FileCheck %s < %t.cu
// RUN: %stencilc-opt %t.sir --emit=cuda -o %t2.cu --header %t.h
// RUN: diff %t.cu %t2.cu
#include <stencil/stencil.hpp>
using namespace stencil;

// A 5 x 5 box with a reduction: 8 points per thread in groups of 4 rows.
STENCIL_KERNEL void box25(In<float, 2> u, Out<float, 2> v, Max<float> peak) {
  float acc = 0.0f;
  for (int i = -2; i <= 2; ++i)
    for (int j = -2; j <= 2; ++j)
      acc += u(i, j);
  v() = acc;
  peak = max(peak, acc);
}

// A star with 4 points per thread: forwards.
STENCIL_KERNEL void star(In<float, 2> u, Out<float, 2> v) {
  v() = u(-1, 0) + u(1, 0) + u(0, -1) + u(0, 1) + u();
}

// IR-LABEL: kernel box25 rank 2
// IR:       schedule {{.*}}points-per-thread 8 jam 4 vector 4{{( min-blocks [0-9]+)?}} zigzag{{$}}
// IR-LABEL: kernel star rank 2
// IR:       schedule {{.*}}points-per-thread 4
// IR-NOT:   zigzag
// A schedule from --tile takes the same rule (zig-zag is the lowering's
// choice, not a shape).
// USER-LABEL: kernel box25 rank 2
// USER:       schedule block (128, 2, 1) stream dim 0 points-per-thread 16{{.*}} zigzag [user]
// REPORT:     remark: kernel box25: tile: {{.*}}; zig-zag chunks (every other chunk walked backwards where neighbouring chunks run at once: their shared halo rows read together)
// REPORT-NOT: kernel star: tile: {{.*}}zig-zag

// The kernel takes the launcher's choice; an odd chunk (up_) starts at its
// last group and walks backwards, then its first points from the last of
// them.
// CHECK-LABEL: // box25 (
// CHECK:         box25_kernel(
// CHECK:         int points_per_thread_,
// CHECK-NEXT:    int zigzag_,
// CHECK:         const bool up_ = zigzag_ && ((chunk0_ - Index(dom_.Lo[0])) / points_per_thread_) % 2 != 0;
// CHECK-NEXT:    const Index dir_ = up_ ? -1 : 1;
// CHECK-NEXT:    Index i0_ = up_ ? end0_ - 4 : chunk0_;
// CHECK-NEXT:    Index at_ = i0_ * stride0_ + i1_;
// CHECK-NEXT:    const Index at_step_ = dir_ * stride0_;
// CHECK-NEXT:    #pragma unroll 1
// CHECK-NEXT:    for (Index g_ = (end0_ - chunk0_) / 4; g_ > 0; --g_, i0_ += 4 * dir_, at_ += 4 * at_step_) {
// CHECK:         if (up_) {
// CHECK-NEXT:      i0_ = chunk0_ + (end0_ - chunk0_) % 4 - 1;
// CHECK-NEXT:      at_ = i0_ * stride0_ + i1_;
// CHECK-NEXT:    }
// CHECK-NEXT:    #pragma unroll 1
// CHECK-NEXT:    for (Index n_ = (end0_ - chunk0_) % 4; n_ > 0; --n_, i0_ += dir_, at_ += at_step_) {
// The launcher: zig-zag where neighbouring chunks run at once (the streamed
// dimension 0 is the y axis, 1), or as LaunchOptions::Zigzag asks.
// CHECK:         const int zigzag_ = stencil::detail::zigzagChunks(tuned_opts_.Zigzag, grid_, block_, 1, resident_blocks_);
// CHECK:         points_per_thread_, zigzag_, domain_);
// CHECK-LABEL: // star (
// CHECK-NOT:     zigzag_
// CHECK:         for (Index i0_ = chunk0_; i0_ < end0_; ++i0_, at_ += stride0_) {
// CHECK-NOT:     zigzag_
// CHECK:         points_per_thread_, domain_);
