//===- GatherChains.h - an integer local's updates into its definition ---===//
//
// `gather-chains` moves the updates of an integer local that accumulates a
// chain (`n += g(i, j)` in an unrolled loop, `hi = max(hi, a(i))`) into the
// expression of its `let`, so that the chain is one expression:
//
//   let %n: i32 = 0                      let %n: i32 = (((0 + g[-1, -1])
//   %n = (%n + g[-1, -1])          ->                 + g[-1, 0]) + ...)
//   %n = (%n + g[-1, 0]) ...
//
// Nothing is reordered: the expression computes what the statements did, in
// their order, for any type. The emitter can then share a chain's terms
// between the lanes of a thread (codegen/Chains.h, exact for integers only:
// two's complement sums and integer min and max give the same bits in any
// order). An update is gathered when it is a top-level `V = V op t` (op +,
// -, min or max, V once), nothing between the `let` and it mentions V, and t
// reads only what no statement of the body changes (scalars, constants,
// index(), locals never assigned and defined before the `let`, grids never
// stored), so that it has the same value at the `let`.
//
// Integer locals only: a floating-point chain keeps its statements (the
// tile pass's register ring and the jam's per-statement loads are built on
// them; docs/passes/gather-chains.md). Not for register-ring kernels.
//
//===----------------------------------------------------------------------===//
#ifndef STENCILC_CODEGEN_PASSES_GATHERCHAINS_H
#define STENCILC_CODEGEN_PASSES_GATHERCHAINS_H

#include "codegen/Pass.h"

namespace stencilc {
std::unique_ptr<Pass> createGatherChainsPass();
} // namespace stencilc

#endif
