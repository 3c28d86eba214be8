//===- MergeArrays.h - interleave read-only grids into records -----------===//
//
// `merge-arrays` (not yet written: a no-op, and --list-passes says so).
// It will interleave read-only grids that are always read at the same point,
// of one element type and extent, into one array of records read with wide
// loads; the generated host code packs them and repacks when one changes.
//
//===----------------------------------------------------------------------===//
#ifndef STENCILC_CODEGEN_PASSES_MERGEARRAYS_H
#define STENCILC_CODEGEN_PASSES_MERGEARRAYS_H

#include "codegen/Pass.h"

namespace stencilc {
std::unique_ptr<Pass> createMergeArraysPass();
} // namespace stencilc

#endif
