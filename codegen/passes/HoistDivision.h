//===- HoistDivision.h - divisions by launch-uniform values ---------------===//
//
// `hoist-division` rewrites `a / d`, where d is launch-uniform (built only
// from scalar parameters and constants) and a is floating point, so that the
// GPU does not run a division per point: `%rcp_d = 1 / d` is computed once per
// launch on the host and passed to the kernel (an ir::Uniform), the PGI
// tutorial's 1/b step.
//
// Exact by default: `a / d` becomes `exact_div(a, d, %rcp_d)`, which the
// emitter lowers to stencil::detail::divideExact (one multiply and two FMA
// corrections, provably the bits of the division in its fast-path range, the
// division itself outside it). With --fast-math (PassOptions::FastMath) it
// becomes `a * %rcp_d`, which may differ in the last ulp; --report says which
// one each division got. Divisions by grid values, locals or index(d) stay,
// as do integer divisions. docs/passes/hoist-division.md has the proof and
// the measurements.
//
//===----------------------------------------------------------------------===//
#ifndef STENCILC_CODEGEN_PASSES_HOISTDIVISION_H
#define STENCILC_CODEGEN_PASSES_HOISTDIVISION_H

#include "codegen/Pass.h"

namespace stencilc {
std::unique_ptr<Pass> createHoistDivisionPass();
} // namespace stencilc

#endif
