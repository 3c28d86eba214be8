//===- Tile.h - block shape and work per thread ---------------------------===//
//
// `tile` chooses each kernel's launch shape (ir::Kernel::Sched):
//  - the block: x always runs along the contiguous (last) grid dimension, 512
//    bytes of the widest grid element per block row (128 threads for f32, 64
//    for f64), 256 threads in all for rank 1 and 2, 512 for rank 3. The
//    shape matters little once this holds: Himeno XL 5.42-5.55 ms for blocks
//    128x4, 128x2, 256x2, 64x8, 32x8 and 256x1, the Jacobi sweep 0.233-0.253
//    ms for 64x4, 128x2, 32x8 and 256x1 (H100,
//    bench/results/2026-11-23T022216Z-explore.txt);
//  - the streamed dimension: for rank 2 and 3, when a grid is read at offsets
//    along the outermost dimension, every thread walks that dimension in
//    chunks of PointsPerThread consecutive points (8 planes for rank 3: 4
//    planes cost 3% at Himeno XL, and the prototype found chunks of 32 or 128
//    planes leave too few blocks in flight, bench/proto/NOTES.md; 4 rows for
//    rank 2), so the neighbouring rows/planes it re-reads are still in L1;
//  - a persistent grid for rank 1 and 2 kernels with reductions: the
//    launcher clamps the grid to the blocks that fit on the device at once
//    and the grid-stride loops give every thread many points (Jacobi 2-D
//    sweep 0.234 ms vs 0.263, error_check 0.099 vs 0.199 with one block per
//    tile); not for rank 3, where a block per chunk of planes is faster
//    (Himeno XL 5.47 ms vs 6.24 persistent; H100, one run,
//    bench/results/2026-11-23T022216Z.json). A streamed rank-2 persistent
//    kernel takes 256x1 blocks and chunks of 2 rows: the only shape that beat
//    64x4 chunk 4 in both repeats of bench/results/2026-11-23-perf2.md
//    (Jacobi sweep 0.2305 vs 0.2338 ms). Capping registers for full
//    occupancy made every kernel slower there (spills): no launch bounds.
// `--tile=KERNEL:BXxBY[xBZ][:ppt=N][:stream=D|none]` replaces the choice for
// one kernel (the persistent grid still follows the rule above), and
// stencil::LaunchOptions::Block / PointsPerThread / Persistent replace them
// for one launch. Without this pass the emitter uses the default
// ir::Schedule: 32x8x1, one point per thread, one block per 256 points.
//
//===----------------------------------------------------------------------===//
#ifndef STENCILC_CODEGEN_PASSES_TILE_H
#define STENCILC_CODEGEN_PASSES_TILE_H

#include "codegen/Pass.h"

namespace stencilc {
std::unique_ptr<Pass> createTilePass();
/// The schedule `tile` picks for K when nothing overrides it.
ir::Schedule chooseSchedule(const ir::Kernel &K);
} // namespace stencilc

#endif
