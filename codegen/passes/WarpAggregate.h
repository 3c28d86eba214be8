//===- WarpAggregate.h - warp-level combining before atomics -------------===//
//
// `warp-aggregate` lowers scalar reductions (Sum/Max/Min) with per-thread
// partials combined by warp shuffles and one shared slot per warp, instead
// of the shared-memory tree of the straightforward lowering; either way one
// atomic per block.
//
// Histograms are not this pass's business: their warp aggregation
// (__match_any_sync leaders, the paper's method) is one of the lowerings
// `lower-histograms` lets each launch choose, because whether it pays
// depends on the bin count, known only at launch (a large gain at one bin,
// none at many: docs/passes/lower-histograms.md#measurements). In a kernel
// with both, the block reductions run after the histograms' flush and reuse
// their shared memory.
//
// It pays a little on Himeno; on Jacobi 2-D it is within noise, its
// persistent grid making few block reductions per launch (measured:
// docs/passes/warp-aggregate.md#measurements).
//
//===----------------------------------------------------------------------===//
#ifndef STENCILC_CODEGEN_PASSES_WARPAGGREGATE_H
#define STENCILC_CODEGEN_PASSES_WARPAGGREGATE_H

#include "codegen/Pass.h"

namespace stencilc {
std::unique_ptr<Pass> createWarpAggregatePass();
} // namespace stencilc

#endif
