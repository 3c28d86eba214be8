//===- SmemCache.h - stage multiply-read grids through shared memory -----===//
//
// `smem-cache` stages each input grid that a kernel reads at more than one
// offset through shared memory: every block loads its tile (the block shape
// that `tile` chose) plus the grid's halo from the footprint once, then the
// point work reads that grid from shared memory. The decision is recorded as
// ir::CachedGrid (tile, halo low/high) with a --report remark naming the
// grids, tile, halo and shared bytes; codegen/cuda/SmemCacheLowering.{h,cpp}
// carries it out.
//
// When: only for kernels named with --smem-cache=KERNEL; it is off by
// default because on the H100 it never paid, neither for the Jacobi sweep,
// the Laplace step (f32, f64) nor the hand-written Himeno XL prototype
// (measured: docs/passes/smem-cache.md#measurements). L1 already serves the
// re-reads; the barriers and halo loads cost more. Forcing it keeps it
// tested and in the bench (rows smem-cache).
//
// Refuses (remark "not cached: ..."), leaving the kernel as it was: ranks
// other than 2, histogram kernels, grids merged by merge-arrays, and tiles
// whose shared memory exceeds the 48 KiB of static shared memory. A streamed
// dimension chosen by `tile` is dropped (one point per thread per tile), and
// the remark says so: the lowering iterates over block-sized tiles with a
// block-uniform loop so that every thread reaches every __syncthreads.
//
//===----------------------------------------------------------------------===//
#ifndef STENCILC_CODEGEN_PASSES_SMEMCACHE_H
#define STENCILC_CODEGEN_PASSES_SMEMCACHE_H

#include "codegen/Pass.h"

namespace stencilc {
std::unique_ptr<Pass> createSmemCachePass();
} // namespace stencilc

#endif
