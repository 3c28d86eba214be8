//===- IRPrinter.h - the textual IR that lit tests check ------------------===//
//
// One kernel prints as:
//
//   kernel helmholtz_sweep rank 2            ; spec.cpp:4:21
//     param in f64[2] uold
//     param sum f64 error acc f64
//     param scalar f64 b
//     footprint uold lo (1, 1) hi (1, 1) offsets (-1, 0) (0, -1) ...
//     domain interior lo (1, 1) hi (1, 1)
//     uniform %rcp.b: f64 = (1.0 / b)
//     schedule block (32, 8, 1)
//   {
//     let %resid: f64 = (... / b)
//     store u = (uold[0, 0] - (omega * %resid))
//     reduce error += (%resid * %resid)
//   }
//
// Expressions are fully parenthesised; locals and uniforms carry '%', scalar
// parameters do not; float constants always show a '.' or an exponent (f32
// ones end in 'f'). Decision lines (footprint, uniforms, schedule, caching,
// merging, lowering) appear only once an analysis or pass has set them, so
// --print-after shows what each pass added.
//
//===----------------------------------------------------------------------===//
#ifndef STENCILC_CODEGEN_IRPRINTER_H
#define STENCILC_CODEGEN_IRPRINTER_H

#include "codegen/IR.h"

#include <string>

namespace stencilc::ir {

std::string printExpr(const Expr &E);
std::string printKernel(const Kernel &K);
std::string printModule(const Module &M);

} // namespace stencilc::ir

#endif
