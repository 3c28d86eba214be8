//===- SmemCache.h - stage multiply-read grids through shared memory -----===//
//
// `smem-cache` (not yet written: a no-op, and --list-passes says so).
// It will stage grids read at several offsets through shared memory (and
// registers along the streamed dimension) with their halo.
//
//===----------------------------------------------------------------------===//
#ifndef STENCILC_CODEGEN_PASSES_SMEMCACHE_H
#define STENCILC_CODEGEN_PASSES_SMEMCACHE_H

#include "codegen/Pass.h"

namespace stencilc {
std::unique_ptr<Pass> createSmemCachePass();
} // namespace stencilc

#endif
