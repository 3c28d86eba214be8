// L2 prefetch of a chunk's column (docs/passes/tile.md#prefetch): a jammed
// rank-3 kernel streamed along dimension 0 asks L2, at the start of each
// chunk, for the thread's own column of every grid it reads across that
// dimension: the chunk's planes and R0 more each side. Kernels that are not
// jammed, rank 2, or read a grid only within a plane do not (the rule and
// its measurements: test/unit ScheduleTest Tile.PrefetchForJammedRankThreeChunks).
// RUN: %stencilc %s --emit=ir -o %t.sir
// RUN: FileCheck %s --check-prefix=IR < %t.sir
// RUN: %stencilc-opt %t.sir | FileCheck %s --check-prefix=IR
// RUN: %stencilc %s --report -o /dev/null 2>&1 | FileCheck %s --check-prefix=REPORT
// RUN: %stencilc %s -o %t.cu --header %t.h
// RUN: FileCheck %s < %t.cu
// RUN: %stencilc-opt %t.sir --emit=cuda -o %t2.cu --header %t.h
// RUN: diff %t.cu %t2.cu
// RUN: sed -e 's/ zigzag$/ zigzag prefetch/' %t.sir > %t-zz.sir
// RUN: %stencilc-opt %t-zz.sir --emit=cuda -o - | FileCheck %s --check-prefix=ZIGZAG
#include <stencil/stencil.hpp>
using namespace stencil;

// A 3 x 3 x 3 box of one grid, and a coefficient read at the centre only.
STENCIL_KERNEL void box27(In<double, 3> u, In<double, 3> c, Out<double, 3> v) {
  double acc = 0.0;
  for (int i = -1; i <= 1; ++i)
    for (int j = -1; j <= 1; ++j)
      for (int k = -1; k <= 1; ++k)
        acc += u(i, j, k);
  v() = c() * acc;
}

// A radius-2 star: vectors, not jammed.
STENCIL_KERNEL void star(In<float, 3> u, Out<float, 3> v) {
  v() = u(-2, 0, 0) + u(2, 0, 0) + u(0, -2, 0) + u(0, 2, 0) + u(0, 0, -2) + u(0, 0, 2);
}

// A 5 x 5 box in rank 2: jammed and zig-zag, no prefetch.
STENCIL_KERNEL void box25(In<float, 2> u, Out<float, 2> v, Max<float> peak) {
  float acc = 0.0f;
  for (int i = -2; i <= 2; ++i)
    for (int j = -2; j <= 2; ++j)
      acc += u(i, j);
  v() = acc;
  peak = max(peak, acc);
}

// IR-LABEL: kernel box27 rank 3
// IR:       schedule block ({{.*}}) stream dim 0 points-per-thread 8 jam 4 prefetch{{$}}
// IR-LABEL: kernel star rank 3
// IR:       schedule {{.*}}vector 4
// IR-NOT:   prefetch
// IR-LABEL: kernel box25 rank 2
// IR:       schedule {{.*}}points-per-thread 8 jam 4 vector 4{{( min-blocks [0-9]+)?}} zigzag{{$}}
// REPORT: remark: kernel box27: tile: {{.*}}; prefetch (each thread asks L2 for its column of the chunk before its jam groups load it)
// REPORT-NOT: kernel star: tile: {{.*}}prefetch
// REPORT-NOT: kernel box25: tile: {{.*}}prefetch

// u is read at -1 .. 1 along dimension 0: the chunk's planes and one more each
// side, from the chunk's first point; c (centre only) is not prefetched.
// CHECK-LABEL: box27_kernel(
// CHECK:         const Index end0_ = chunk0_ + points_per_thread_ < Index(dom_.Hi[0]) ? chunk0_ + points_per_thread_ : Index(dom_.Hi[0]);
// CHECK-NEXT:    Index at_ = chunk0_ * stride0_ + i1_ * stride1_ + i2_;
// CHECK-NEXT:    for (Index pf_ = -1; pf_ < end0_ - chunk0_ + 1; ++pf_) // u's column into L2
// CHECK-NEXT:      stencil::detail::prefetchL2(u + at_ + pf_ * stride0_);
// CHECK-NEXT:    Index i0_ = chunk0_;
// CHECK-LABEL: star_kernel(
// CHECK-NOT:     prefetchL2
// CHECK-LABEL: box25_kernel(
// CHECK-NOT:     prefetchL2
// CHECK:         }

// On IR, prefetch also lowers with zig-zag chunks (tile does not choose both
// today): from the chunk's first point, before the walk's own index.
// ZIGZAG-LABEL: box25_kernel(
// ZIGZAG:         const Index dir_ = up_ ? -1 : 1;
// ZIGZAG-NEXT:    Index i0_ = up_ ? end0_ - 4 : chunk0_;
// ZIGZAG-NEXT:    for (Index pf_ = -2; pf_ < end0_ - chunk0_ + 2; ++pf_) // u's column into L2
// ZIGZAG-NEXT:      stencil::detail::prefetchL2(u + chunk0_ * stride0_ + i1_ + pf_ * stride0_);
// ZIGZAG-NEXT:    Index at_ = i0_ * stride0_ + i1_;
