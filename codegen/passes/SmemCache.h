//===- SmemCache.h - stage multiply-read grids through shared memory -----===//
//
// `smem-cache` is not written yet: it runs as a no-op, records no
// ir::CachedGrid, and --list-passes says so. When written it would stage grids
// read at several offsets through shared memory with their halo (registers
// along the streamed dimension), as the PGI tutorial's 18x18 block does.
//
// Why it is not the next thing to write: on H100 the hand-written Himeno XL
// prototype with p staged in shared memory (32x8 tiles) took 6.12-6.28 ms
// against 5.65 ms for the same kernel reading p through L1
// (bench/proto/NOTES.md, v3 vs v1): L1 already serves the re-reads, and the
// barriers and halo loads cost 8%. The streamed dimension of `tile` keeps a
// thread's neighbouring planes/rows in L1 instead.
//
//===----------------------------------------------------------------------===//
#ifndef STENCILC_CODEGEN_PASSES_SMEMCACHE_H
#define STENCILC_CODEGEN_PASSES_SMEMCACHE_H

#include "codegen/Pass.h"

namespace stencilc {
std::unique_ptr<Pass> createSmemCachePass();
} // namespace stencilc

#endif
