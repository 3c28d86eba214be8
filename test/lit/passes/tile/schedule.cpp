// tile: block shape from rank and element size, streaming along the
// outermost dimension when grids are read across it, a persistent grid for
// rank-2 reductions read along their rows only; --tile and --disable-pass=tile.
// RUN: %stencilc %s --print-after=tile -o /dev/null 2>&1 | FileCheck %s
// RUN: %stencilc %s --disable-pass=tile --print-after=tile -o /dev/null 2>&1 | FileCheck %s --check-prefix=OFF
// RUN: %stencilc %s --report -o /dev/null 2>&1 | FileCheck %s --check-prefix=REPORT
// RUN: %stencilc %s --tile=sweep3:32x8x1:ppt=3 --tile=rows2:64x2:stream=none --print-after=tile -o /dev/null 2>&1 | FileCheck %s --check-prefix=USER
// RUN: %stencilc %s --tile=smooth2:64x4:ppt=2:jam=4 --tile=sweep3:32x8:stream=none:jam=2 --print-after=tile -o /dev/null 2>&1 | FileCheck %s --check-prefix=JAM
// RUN: %stencilc %s --tile=smooth2:64x4:ppt=2:jam=4 --tile=sweep3:32x8:stream=none:jam=2 --report -o /dev/null 2>&1 | FileCheck %s --check-prefix=JAMREPORT
// RUN: %stencilc %s --tile=smooth2:64x4:ppt=4:prefetch --tile=rows2:64x2:stream=none:prefetch --print-after=tile -o %t.pf.cu 2>&1 | FileCheck %s --check-prefix=PREFETCH
// RUN: %stencilc %s --tile=smooth2:64x4:ppt=4:prefetch --tile=rows2:64x2:stream=none:prefetch --report -o /dev/null 2>&1 | FileCheck %s --check-prefix=PREFETCHREPORT
// RUN: FileCheck %s --input-file=%t.pf.cu --check-prefix=PREFETCH-CUDA
// RUN: %stencilc %s --tile=smooth2:64x4:ppt=4:jam=2:min-blocks=6 --tile=rows2:64x2:stream=none:min-blocks=32 --report --emit=ir -o %t.mb.sir 2>&1 | FileCheck %s --check-prefix=MINBLOCKS
// RUN: FileCheck %s --input-file=%t.mb.sir --check-prefix=MINBLOCKS-IR
// RUN: not %stencilc %s --tile=sweep3:32x8:ppt=0 -o /dev/null 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: not %stencilc %s --tile=sweep3:32x8:min-blocks=0 -o /dev/null 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: not %stencilc %s --tile=sweep3:32x8:prefetch=1 -o /dev/null 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: not %stencilc %s --tile=sweep3:32x8:jam=17 -o /dev/null 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: not %stencilc %s --tile=sweep3:32x8:stream=3 -o /dev/null 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: not %stencilc %s --tile=sweep3:32x8:depth=2 -o /dev/null 2>&1 | FileCheck %s --check-prefix=BAD
#include <stencil/stencil.hpp>
using namespace stencil;

STENCIL_KERNEL void sweep3(In<float, 3> p, Out<float, 3> q, Sum<float, double> s) {
  float v = p(1, 0, 0) + p(-1, 0, 0) + p(0, 1, 0) + p(0, 0, -1);
  q() = v;
  s += v * v;
}
// CHECK-LABEL: kernel sweep3 rank 3
// Rank 3: a block per chunk of planes, even with a reduction; read along
// the row, vectors of 4 (tile.md#vectors).
// CHECK:         schedule block (128, 4, 1) stream dim 0 points-per-thread 8 vector 4{{( min-blocks [0-9]+)?$}}
// OFF-LABEL:   kernel sweep3 rank 3
// OFF-NOT:       schedule
// OFF:         {
// REPORT:      remark: kernel sweep3: tile: block 128x4x1 (x along the contiguous dimension 2), each thread streams along dimension 0 in chunks of 8 points; vectors of 4: {{.*}}{{$}}
// USER-LABEL:  kernel sweep3 rank 3
// USER:          schedule block (32, 8, 1) stream dim 0 points-per-thread 3 [user]
// A jam the kernel cannot take is dropped, with the verifier's reason.
// JAMREPORT-DAG: remark: kernel sweep3: tile: block 32x8x1 (x along the contiguous dimension 2), one point per thread from --tile; jam=2 ignored: schedule: jam 2: needs a streamed dimension (or rank 1 or 2)
// JAMREPORT-DAG: remark: kernel smooth2: tile: block 64x4x1 (x along the contiguous dimension 1), each thread streams along dimension 0 in chunks of 4 points from --tile; unroll-and-jam 4 along dimension 0
// JAM-LABEL:   kernel sweep3 rank 3
// JAM:           schedule block (32, 8, 1) [user]

STENCIL_KERNEL void smooth2(In<double, 2> a, Out<double, 2> b) {
  b() = 0.5 * (a(-1, 0) + a(1, 0));
}
// f64: 64 threads make a 512-byte row; no reduction, no persistent grid.
// CHECK-LABEL: kernel smooth2 rank 2
// CHECK:         schedule block (64, 4, 1) stream dim 0 points-per-thread 4{{( min-blocks [0-9]+)?$}}
// prefetch asks L2 for each chunk's column of the grid read across dimension 0.
// PREFETCH-LABEL: kernel smooth2 rank 2
// PREFETCH:         schedule block (64, 4, 1) stream dim 0 points-per-thread 4 prefetch [user]
// PREFETCH-CUDA:    void __launch_bounds__(256) smooth2_kernel(
// PREFETCH-CUDA:      for (Index pf_ = -1; pf_ < end0_ - chunk0_ + 1; ++pf_) // a's column into L2
// PREFETCH-CUDA-NEXT:   stencil::detail::prefetchL2(a + at_ + pf_ * stride0_);
// min-blocks= bounds the registers (a jam included); a bound no SM can hold
// (32 blocks of 128 threads) is dropped.
// MINBLOCKS-DAG:  remark: kernel smooth2: tile: block 64x4x1 (x along the contiguous dimension 1), each thread streams along dimension 0 in chunks of 4 points from --tile; unroll-and-jam 2 along dimension 0; registers bounded for 6 blocks per SM (__launch_bounds__)
// MINBLOCKS-DAG:  remark: kernel rows2: tile: block 64x2x1 (x along the contiguous dimension 1), one point per thread from --tile; min-blocks=32 ignored: schedule: 32 blocks of 128 threads per SM: more than an SM holds (2048)
// MINBLOCKS-IR-LABEL: kernel smooth2 rank 2
// MINBLOCKS-IR:         schedule block (64, 4, 1) stream dim 0 points-per-thread 4 jam 2 min-blocks 6 [user]
// MINBLOCKS-IR-LABEL: kernel rows2 rank 2
// MINBLOCKS-IR:         schedule block (64, 2, 1) [user]
// The chunk grows to hold a whole group of the jam asked for.
// JAM-LABEL:   kernel smooth2 rank 2
// JAM:           schedule block (64, 4, 1) stream dim 0 points-per-thread 4 jam 4 [user]

STENCIL_KERNEL void rows2(In<float, 2> a, Out<float, 2> b) {
  b() = a(0, -1) + a(0, 1);
}
// Nothing read across dimension 0: nothing to stream; vectors along the row.
// CHECK-LABEL: kernel rows2 rank 2
// CHECK:         schedule block (128, 2, 1) vector 4{{( min-blocks [0-9]+)?$}}
// PREFETCH-LABEL: kernel rows2 rank 2
// PREFETCH:         schedule block (64, 2, 1) [user]
// PREFETCHREPORT-DAG: remark: kernel smooth2: tile: block 64x4x1 (x along the contiguous dimension 1), each thread streams along dimension 0 in chunks of 4 points from --tile; prefetch (each thread asks L2 for its column of the chunk first)
// PREFETCHREPORT-DAG: remark: kernel rows2: tile: block 64x2x1 (x along the contiguous dimension 1), one point per thread from --tile; prefetch ignored: schedule: prefetch needs a streamed dimension
// USER-LABEL:  kernel rows2 rank 2
// USER:          schedule block (64, 2, 1) [user]

STENCIL_KERNEL void residual2(In<double, 2> u, Sum<double> r) {
  r += u(-1, 0) * u(1, 0);
}
// Rank 2 with a reduction, read across dimension 0: one row per block, a
// block per chunk of 4 rows.
// CHECK-LABEL: kernel residual2 rank 2
// CHECK:         schedule block (256, 1, 1) stream dim 0 points-per-thread 4{{( min-blocks [0-9]+)?$}}
// REPORT:      remark: kernel residual2: tile: block 256x1x1 (x along the contiguous dimension 1), each thread streams along dimension 0 in chunks of 4 points; registers

STENCIL_KERNEL void rownorm2(In<double, 2> u, Sum<double> r) {
  r += u(0, -1) * u(0, 1);
}
// Rank 2 with a reduction, read along its rows only: a persistent grid.
// CHECK-LABEL: kernel rownorm2 rank 2
// CHECK:         schedule block (64, 4, 1) persistent{{( min-blocks [0-9]+)?$}}
// REPORT:      remark: kernel rownorm2: tile: block 64x4x1 (x along the contiguous dimension 1), one point per thread; persistent grid

STENCIL_KERNEL void norm1(In<float, 1> x, Max<float> m) {
  m = max(m, fabs(x()));
}
// CHECK-LABEL: kernel norm1 rank 1
// CHECK:         schedule block (256, 1, 1) points-per-thread 16 jam 4{{( min-blocks [0-9]+)?$}}
// REPORT:      remark: kernel norm1: tile: block 256x1x1 (x along the contiguous dimension 0), 16 points per thread along dimension 0 (grid-stride); unroll-and-jam 4

// BAD: stencilc: error: malformed --tile=sweep3:32x8:
