//===- Tile.h - block shape and work per thread ---------------------------===//
//
// `tile` chooses each kernel's launch shape (ir::Kernel::Sched):
//  - the block: x always runs along the contiguous (last) grid dimension, 512
//    bytes of the widest grid element per block row (128 threads for f32, 64
//    for f64), 256 threads in all for rank 1 and 2, 512 for rank 3. The
//    shape matters little once this holds;
//  - the streamed dimension: for rank 2 and 3, when a grid is read at offsets
//    along the outermost dimension, every thread walks that dimension in
//    chunks of PointsPerThread consecutive points (8 planes for rank 3: fewer
//    cost time, many more leave too few blocks in flight; 4 rows for rank 2),
//    so the neighbouring rows/planes it re-reads are still in L1;
//  - a persistent grid for rank 1 and 2 kernels with reductions: the
//    launcher clamps the grid to the blocks that fit on the device at once
//    and the grid-stride loops give every thread many points; not for rank
//    3, where a block per chunk of planes is faster. A streamed rank-2
//    persistent kernel takes 256x1 blocks and chunks of 2 rows, the only
//    shape that beat 64x4 chunk 4 in both repeats. Capping registers for full
//    occupancy made every kernel slower (spills): no launch bounds.
//  - unroll-and-jam along the streamed dimension (Schedule::Jam, up to
//    --max-jam, 4 by default) when the In grids' loads per point would fall
//    to 0.6 of at least 9: wide box stencils, which are bound by loads from
//    L1, not by DRAM; and for every rank-1 kernel, 4 points a grid stride
//    apart per iteration, for the bytes in flight;
//  - vectors along the contiguous dimension (Schedule::Vec, up to
//    --max-vector): a kernel computes 16 / (widest element) adjacent points
//    per thread (4 for f32/i32, 2 for f64/i64; not 2 in rank 2 without a
//    jam, where it lost), each row of each grid it reads loaded as aligned
//    vectors (lap6_accumulate, a 13-point f32 star: 1.99x -> 1.06x of the
//    floor); point-wise kernels too in rank 2 and 3 (bytes in flight); not
//    on a persistent grid. A jammed rank-2 box takes both: Jam rows of Vec
//    points (cell_age 1.77x -> 1.02x). Rows that are not whole vectors
//    take an instance per row skew (rank 2 and 3), and a point-wise
//    kernel's domain of whole rows runs as one row (runsAsOneRow).
//  - a register ring (Schedule::Ring, ir::planRing) instead of the jam for a
//    rank-3 streamed kernel whose statements read its planes in order and
//    which is bound by issuing its arithmetic (at least 8 operations per
//    byte of compulsory traffic: box125), in chunks of 32 planes; forced
//    with --ring=KERNEL.
// (measured: docs/passes/tile.md#measurements)
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
/// Distinct In-grid elements a point loads when Jam consecutive points
/// along dimension D share their loads, per point.
double jamLoadsPerPoint(const ir::Kernel &K, int D, int Jam);
/// The unroll-and-jam factor for schedule S (1: none).
int chooseJam(const ir::Kernel &K, const ir::Schedule &S, int MaxJam);
/// The vector width (Schedule::Vec) for K under schedule S (its jam and
/// persistence chosen), at most MaxVec (1: none).
int chooseVec(const ir::Kernel &K, const ir::Schedule &S, int MaxVec);
/// Schedule::MinBlocks for K under schedule S (its jam and vectors chosen):
/// the blocks per SM ptxas must leave registers for, or 0 for no bound.
int chooseMinBlocks(const ir::Kernel &K, const ir::Schedule &S);
/// The register bound (Schedule::MinBlocks) for 48 of an SM's 64 warps
/// with S's block, or 0 where fewer than 2 such blocks fit.
int occupancyBound(const ir::Schedule &S);
/// Makes a streamed chunk hold a whole jam group of S.Jam points
/// (KernelBody's groups, then the chunk's last points one at a time).
void holdJamGroup(ir::Schedule &S);
/// Whether a streamed kernel's chunks may walk zig-zag (Schedule::Zigzag).
bool chooseZigzag(const ir::Kernel &K, const ir::Schedule &S);
/// Whether a streamed kernel's threads prefetch their chunk's column into L2
/// (Schedule::Prefetch).
bool choosePrefetch(const ir::Kernel &K, const ir::Schedule &S);
/// Whether a streamed kernel is computed as a register ring
/// (Schedule::Ring, ir::planRing) instead of its jam of Jam (chooseJam).
bool chooseRing(const ir::Kernel &K, const ir::Schedule &S, int Jam);
/// Whether K's launcher walks a domain of whole rows as one row
/// (stencil::detail::runsAsOneRow): point-wise kernels of rank 2 and 3
/// with vectors, whose grids are read at the centre only and which do not
/// read index(d): vectors whatever the rows' length.
bool runsAsOneRow(const ir::Kernel &K);
/// In-grid vector loads per point when Vec adjacent points along the last
/// dimension load their rows as aligned vectors of Vec elements.
/// With Jam > 1, per point of Jam rows of such lanes along StreamDim.
double vecLoadsPerPoint(const ir::Kernel &K, int Vec, int Jam = 1,
                        int StreamDim = -1);
} // namespace stencilc

#endif
