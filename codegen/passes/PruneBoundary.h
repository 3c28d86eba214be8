//===- PruneBoundary.h - boundary rules that no read can apply ------------===//
//
// `prune-boundary` drops a grid's boundary rule along each dimension where
// every read of that grid is at offset 0: a read at offset 0 from a point of
// the domain (or of a region, which lies in the grid) never leaves the grid,
// so the rule never decides a value there, and Constant<V> never returns V.
// A grid left with no rule along any dimension has none (ir::Param::Boundary
// empty); a kernel left with no ruled grid is the kernel without rules, with
// its lowering: no boundary shell kernel, and the passes that refuse rules
// (fuse-sweeps, the vectors of tile, the last block's combine, distributed
// launchers) take it.
//
// Exact: the domain (DomainLo/DomainHi, from the reads without a rule) is
// unchanged, since a read at offset 0 adds no radius to it, and every read
// returns the same element. Example: `In<double, 2, Periodic> rhs` read as
// `rhs()` in a Jacobi sweep whose state has no rule (docs/passes/
// prune-boundary.md).
//
//===----------------------------------------------------------------------===//
#ifndef STENCILC_CODEGEN_PASSES_PRUNEBOUNDARY_H
#define STENCILC_CODEGEN_PASSES_PRUNEBOUNDARY_H

#include "codegen/Pass.h"

namespace stencilc {
std::unique_ptr<Pass> createPruneBoundaryPass();
} // namespace stencilc

#endif
