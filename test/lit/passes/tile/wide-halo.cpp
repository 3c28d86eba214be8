// tile: a streamed rank-3 kernel read at radius 2 or more along dimension 1
// takes blocks of 16 rows along it (32 x 16 threads), so that a block reads
// each plane's rows (16 + 2R) / 16 times rather than (4 + 2R) / 4; radius 1
// keeps the element size's block (docs/passes/tile.md#measurements).
// RUN: %stencilc %s --emit=ir -o - | FileCheck %s
// RUN: %stencilc %s --report -o /dev/null 2>&1 | FileCheck %s --check-prefix=REPORT
// RUN: %stencilc %s --tile=star2:128x4x1 --emit=ir -o - | FileCheck %s --check-prefix=USER
#include <stencil/stencil.hpp>
using namespace stencil;

// Radius 2 along dimension 1 (and 0, the streamed one).
STENCIL_KERNEL void star2(In<float, 3> u, Out<float, 3> v) {
  v() = u(-2, 0, 0) + u(2, 0, 0) + u(0, -2, 0) + u(0, 2, 0) + u(0, 0, -1) +
        u(0, 0, 1) + u();
}

// Radius 2 along dimensions 0 and 2 only: the rows along dimension 1 are
// not widened.
STENCIL_KERNEL void flat2(In<float, 3> u, Out<float, 3> v) {
  v() = u(-2, 0, 0) + u(2, 0, 0) + u(0, 0, -2) + u(0, 0, 2) + u();
}

// Radius 1: the element size's block (512-byte rows, f64: 64 x 8).
STENCIL_KERNEL void star1(In<double, 3> u, Out<double, 3> v) {
  v() = u(-1, 0, 0) + u(1, 0, 0) + u(0, -1, 0) + u(0, 1, 0) + u();
}

// Not streamed (nothing read across dimension 0): not widened either.
STENCIL_KERNEL void plane2(In<float, 3> u, Out<float, 3> v) {
  v() = u(0, -2, 0) + u(0, 2, 0) + u();
}

// CHECK-LABEL: kernel star2 rank 3
// CHECK:       schedule block (32, 16, 1) stream dim 0 points-per-thread 8
// CHECK-LABEL: kernel flat2 rank 3
// CHECK:       schedule block (128, 4, 1) stream dim 0 points-per-thread 8
// CHECK-LABEL: kernel star1 rank 3
// CHECK:       schedule block (64, 8, 1) stream dim 0 points-per-thread 8
// CHECK-LABEL: kernel plane2 rank 3
// CHECK:       schedule block (128, 4, 1){{ }}
// CHECK-NOT:   stream dim
// REPORT:      remark: kernel star2: tile: block 32x16x1 {{.*}}; 16 rows along dimension 1 for its halo of 2 rows each side (a plane's rows read 20/16 times)
// REPORT-NOT:  kernel flat2: tile: {{.*}}rows along dimension 1
// REPORT-NOT:  kernel star1: tile: {{.*}}rows along dimension 1
// A block given with --tile is the user's.
// USER-LABEL:  kernel star2 rank 3
// USER:        schedule block (128, 4, 1) stream dim 0
