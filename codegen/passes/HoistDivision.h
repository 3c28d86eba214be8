//===- HoistDivision.h - divisions by launch-uniform values ---------------===//
//
// `hoist-division` rewrites `a / d`, where d is launch-uniform (built only
// from scalar parameters and constants) and a is floating point, into
// `a * %rcp_d` with `%rcp_d = 1 / d` computed once per launch on the host and
// passed to the kernel (an ir::Uniform). This is the PGI tutorial's 1/b step:
// a double division costs a Newton iteration sequence on the GPU, a multiply
// does not.
//
// Exactness: a * (1/d) may differ from a / d in the last ulp; --report says so
// for every hoisted division. Divisions by grid values, locals or index(d)
// stay, as do integer divisions (their results would change).
//
//===----------------------------------------------------------------------===//
#ifndef STENCILC_CODEGEN_PASSES_HOISTDIVISION_H
#define STENCILC_CODEGEN_PASSES_HOISTDIVISION_H

#include "codegen/Pass.h"

namespace stencilc {
std::unique_ptr<Pass> createHoistDivisionPass();
} // namespace stencilc

#endif
