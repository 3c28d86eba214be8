//===- FoldConstants.h - arithmetic on literals, done at compile time -----===//
//
// `fold-constants` replaces arithmetic whose operands are all constants by
// its value, bottom-up, so that a coefficient such as `-49.0f / 9.0f * u()`
// costs the GPU one multiply per point instead of a division (hoist-division,
// which runs next, would otherwise make that division an exact_div).
//
// Exact: it folds only what the host computes bit for bit as the device and
// the CPU reference do (the spec compiled as C++, whose compiler folds the
// same literals in the same types):
//   - + - * / of two f32 or two f64 constants, one IEEE round-to-nearest
//     operation in that type, when no operand is NaN, the divisor is not
//     zero and the result is finite;
//   - negation of a float constant, and of an integer one but its type's
//     minimum;
//   - + - * of two integers of one type when the result fits that type;
//   - conversions that lose nothing: an integer to a float type that holds it
//     exactly, f32 to f64, between integer types in range, bool to integer.
//
// Refused: math calls (the host's libm is not CUDA's), integer / and %,
// comparisons and logic, selects, float-to-integer and f64-to-f32
// conversions, and anything that reads a grid, a variable or index(d).
// Uniforms are left as they are. docs/passes/fold-constants.md has the
// argument and the measurement.
//
//===----------------------------------------------------------------------===//
#ifndef STENCILC_CODEGEN_PASSES_FOLDCONSTANTS_H
#define STENCILC_CODEGEN_PASSES_FOLDCONSTANTS_H

#include "codegen/Pass.h"

namespace stencilc {

std::unique_ptr<Pass> createFoldConstantsPass();

/// E with every subexpression the pass folds replaced by its value; E itself
/// (the same node) when nothing folds.
ir::Expr foldConstants(const ir::Expr &E);

} // namespace stencilc

#endif
