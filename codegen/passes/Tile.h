//===- Tile.h - block shape and work per thread ---------------------------===//
//
// `tile` chooses each kernel's launch shape (ir::Kernel::Sched) from its rank:
// the x dimension of the block always runs along the contiguous (last) grid
// dimension so that a warp reads 32 consecutive elements. A schedule given
// with --tile=KERNEL:BXxBY[xBZ] replaces the choice. Without this pass the
// emitter uses the default ir::Schedule (32x8x1).
//
//===----------------------------------------------------------------------===//
#ifndef STENCILC_CODEGEN_PASSES_TILE_H
#define STENCILC_CODEGEN_PASSES_TILE_H

#include "codegen/Pass.h"

namespace stencilc {
std::unique_ptr<Pass> createTilePass();
} // namespace stencilc

#endif
