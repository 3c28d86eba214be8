//===- SmemCacheLowering.h - CUDA for the grids smem-cache staged --------===//
//
// Carries out the ir::CachedGrid decisions of `smem-cache` for the CUDA
// emitter (rank 2, no streamed dimension: the pass refuses everything else).
// The domain is walked tile by tile with block-uniform loops (every thread
// of a block runs the same number of iterations, so every thread reaches
// every __syncthreads); per tile, all threads of the block load the tile
// plus halo of each cached grid into a static shared array, bounds-checked
// against the grid's extents, synchronise, do the point work predicated on
// the domain (reading cached grids from shared memory), and synchronise
// again before the next tile overwrites the arrays.
//
// The emitter calls in at four places: the kernel's parameters, the loops
// around the point work, grid reads, and the launcher (block shape check
// and extents).
//
//===----------------------------------------------------------------------===//
#ifndef STENCILC_CODEGEN_CUDA_SMEMCACHELOWERING_H
#define STENCILC_CODEGEN_CUDA_SMEMCACHELOWERING_H

#include "codegen/IR.h"

#include <string>
#include <vector>

namespace stencilc {

class SmemCacheLowering {
public:
  explicit SmemCacheLowering(const ir::Kernel &K) : K(K) {}

  /// True when the kernel has cached grids (and so is lowered tile by tile).
  bool active() const { return !K.Cached.empty(); }

  /// The shared-memory read that replaces G, or "" when G is not cached.
  std::string read(const ir::GridRead &G) const;

  /// Extra __global__ parameters and the launcher's matching arguments.
  std::vector<std::string> kernelParams() const;
  std::vector<std::string> launchArgs() const;

  /// Indentation depth of the point work inside beginTiles().
  int bodyDepth() const { return 4; }
  /// Shared arrays, tile loops, cooperative loads, the barrier, the point's
  /// coordinates i0_/i1_ and the domain predicate, left open.
  std::string beginTiles() const;
  /// Closes what beginTiles() opened, with the barrier that ends a tile.
  std::string endTiles() const;

  /// Launcher lines after block_ is known: the tile is compiled in, so a
  /// launch asking for another block shape throws.
  std::string launcherCheck() const;

private:
  const ir::CachedGrid *find(const std::string &Grid) const;
  int width(const ir::CachedGrid &C, int D) const;
  std::string blockThreads() const;

  const ir::Kernel &K;
};

} // namespace stencilc

#endif
