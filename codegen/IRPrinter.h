//===- IRPrinter.h - the textual IR that lit tests check ------------------===//
//
// One module prints as:
//
//   module "spec.cpp"
//
//   kernel helmholtz_sweep rank 2 loc(4:21)
//     param in f64[2] uold loc(4:40)
//     param sum f64 error loc(5:37)
//     param scalar f64 b loc(5:74)
//     footprint uold lo (-1, -1) hi (1, 1) offsets (-1, 0) (0, -1) ...
//     domain interior lo (1, 1) hi (1, 1)
//     uniform %rcp_b: f64 = (1.0 / b)
//     schedule block (256, 1, 1) stream dim 0 points-per-thread 2 persistent
//     reductions warp-shuffle-atomic
//     applied hoist-division, tile, warp-aggregate
//   {
//     let %resid: f64 = (... * %rcp_b) loc(6:3)
//     store u = (uold[0, 0] - (omega * %resid)) loc(8:3)
//     reduce error += (%resid * %resid) loc(9:3)
//   }
//
// Expressions are fully parenthesised; locals and uniforms carry '%', scalar
// parameters do not; float constants always show a '.' or an exponent (f32
// ones end in 'f'); "-(2)" negates the constant 2, "-2" is the constant.
// Decision lines (footprint, uniforms, schedule, caching, merging, lowering,
// applied passes) appear only once an analysis or pass has set them, so
// --print-after shows what each pass added. docs/ir.md is the reference.
//
//===----------------------------------------------------------------------===//
#ifndef STENCILC_CODEGEN_IRPRINTER_H
#define STENCILC_CODEGEN_IRPRINTER_H

#include "codegen/IR.h"

#include <cstdint>
#include <string>

namespace stencilc::ir {

/// The textual IR. Everything a kernel carries except its remarks and its
/// footprint (printed, but recomputed by the reader) is printed, so that
/// parseModule (codegen/IRParser.h) reads the output back to the same IR.
/// docs/ir.md describes the syntax.
std::string printExpr(const Expr &E);
/// " loc(LINE:COL)" for a valid location, else "".
std::string printLoc(SourceLoc L);
/// Text in double quotes, '"' and '\' escaped by a backslash.
std::string quoted(const std::string &Text);
std::string printKernel(const Kernel &K);
/// FNV-1a of printKernel(K): the kernel's identity in the autotuner's cache
/// (stencil/detail/tune_cache.hpp), emitted into its launcher.
uint64_t kernelHash(const Kernel &K);
std::string printModule(const Module &M);

} // namespace stencilc::ir

#endif
