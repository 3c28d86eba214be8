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
// depends on the bin count, known only at launch (H100: 30x at 1 bin, none
// from 10^4). In a kernel with both, the block reductions run after the
// histograms' flush and reuse their shared memory.
//
// Measured on H100 (bench/results/2026-11-23T023157Z.json): Himeno XL 5.49 ms
// with it, 5.57 without; Jacobi 2-D within noise, its persistent grid making
// few block reductions per launch.
//
//===----------------------------------------------------------------------===//
#ifndef STENCILC_CODEGEN_PASSES_WARPAGGREGATE_H
#define STENCILC_CODEGEN_PASSES_WARPAGGREGATE_H

#include "codegen/Pass.h"

namespace stencilc {
std::unique_ptr<Pass> createWarpAggregatePass();
} // namespace stencilc

#endif
