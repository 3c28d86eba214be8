//===- MergeArrays.h - interleave read-only grids into records ------------===//
//
// `merge-arrays` groups the In grids of a kernel that are read only at the
// centre, by element type, and records each group as one ir::MergeGroup: an
// array of records (one field per grid) that a thread reads with 16-byte
// loads. A group holds whole 16-byte vectors only (4 f32/i32 or 2 f64/i64
// grids per vector, in parameter order; the rest stay separate), so no
// padding is ever read. The body is unchanged: the emitter turns reads of a
// merged grid into reads of its record field. Kernels with histograms are
// refused: their time goes to scattered atomics, and a packed copy of their
// inputs would only cost memory.
//
// The user still passes separate grids. The generated launcher packs them
// into the record array on first use and repacks only when one of them has
// changed since (stencil::Grid::version()).
//
// Fewer read streams pay: Himeno's 13 become 2, and both the hand-written and
// the generated sweep get faster (measured:
// docs/passes/merge-arrays.md#measurements). Grids read at offsets stay
// separate: a record of neighbours would drag every field through the cache
// for one value.
//
//===----------------------------------------------------------------------===//
#ifndef STENCILC_CODEGEN_PASSES_MERGEARRAYS_H
#define STENCILC_CODEGEN_PASSES_MERGEARRAYS_H

#include "codegen/Pass.h"

namespace stencilc {
std::unique_ptr<Pass> createMergeArraysPass();
} // namespace stencilc

#endif
