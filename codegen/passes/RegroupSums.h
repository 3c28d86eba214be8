//===- RegroupSums.h - a floating sum's terms summed plane by plane ------===//
//
// `regroup-sums` runs only under --reassociate (PassOptions::Reassociate):
// it lets a floating-point local's sum be computed in another order than the
// spec's. The updates of a float or double local `V = V + t` / `V = V - t`
// (the chain gather-chains finds: codegen/Chains.h, chainSteps) whose term
// reads grids at one offset along dimension 0 are grouped by that offset;
// each group becomes one update, its terms summed first, in their order:
//
//   let %acc: f64 = 0.0                   let %acc: f64 = 0.0
//   %acc = (%acc + u[-1, -1])             %acc = (%acc + ((u[-1, -1]
//   %acc = (%acc + u[-1, 0])        ->        + u[-1, 0]) + u[-1, 1]))
//   %acc = (%acc + u[-1, 1])              %acc = (%acc + ((u[0, -1] ...
//   %acc = (%acc + u[0, -1]) ...
//
// A group's update stands where its last term's did. Points that read the
// same plane (rank 3) or row (rank 2) along dimension 0 then compute the
// same group sum from the same values: the lanes of a register ring
// (docs/passes/tile.md#ring) and of an unroll-and-jam group share it, which
// nvcc finds (the same operations on the same loaded registers). A 5 x 5 x 5
// box's 125 adds a point become 25 for the plane and 5. The results differ
// from the CPU reference's by the rounding of another summation order, as a
// Sum reduction's do (docs/passes/regroup-sums.md).
//
// Only where that shares something: two groups that are the same sum of the
// same terms, planes apart, fewer planes apart than a jam group spans
// (--max-jam, 4); a sum whose groups all differ (rows of other weights)
// keeps the spec's order. Groups of one term count (a star's two neighbours
// along dimension 0 are alike): nothing is shared there, only the order
// changes (measured: docs/passes/regroup-sums.md). Sums written out in one
// expression are regrouped the same way, within the expression. Terms that read
// no grid, or grids at several offsets along dimension 0, keep their updates
// (and their places in an expression, after the groups). Integer sums are
// gather-chains' (exact in any order).
//
//===----------------------------------------------------------------------===//
#ifndef STENCILC_CODEGEN_PASSES_REGROUPSUMS_H
#define STENCILC_CODEGEN_PASSES_REGROUPSUMS_H

#include "codegen/Pass.h"

namespace stencilc {
std::unique_ptr<Pass> createRegroupSumsPass();
} // namespace stencilc

#endif
