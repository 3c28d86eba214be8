//===- HoistDivision.h - divisions by launch-uniform values ---------------===//
//
// `hoist-division` rewrites `a / d`, where d is launch-uniform (built only
// from scalar parameters and constants) and a is floating point, so that the
// GPU does not run a division per point: `%rcp_d = 1 / d` is computed once per
// launch on the host and passed to the kernel (an ir::Uniform), the PGI
// tutorial's 1/b step.
//
// Exact by default: `a / d` becomes `exact_div(a, d, %rcp_d, %rcplo_d)`,
// which the emitter lowers to stencil::detail::divideExact (a first quotient
// from the double-word reciprocal rcp + rcplo, then one FMA correction: a
// multiply and three FMAs, provably the bits of the division in its
// fast-path range, the division itself outside it). With --fast-math
// (PassOptions::FastMath) it becomes `a * %rcp_d`, which may differ in the last
// ulp; --report says which one each division got. Divisions by grid values,
// locals or index(d) stay, as do integer divisions. A constant divisor that is
// a power of two becomes a multiply by its reciprocal (exact: both round the
// same real number); a constant divisor for which one FMA correction of a * rcp
// gives every quotient's bits (oneCorrectionProved: a reciprocal within u/2, or
// for f32 every significand tried) takes `exact_div1(a, d, %rcp_d)`.
// docs/passes/hoist-division.md has the proof and the measurements.
//
//===----------------------------------------------------------------------===//
#ifndef STENCILC_CODEGEN_PASSES_HOISTDIVISION_H
#define STENCILC_CODEGEN_PASSES_HOISTDIVISION_H

#include "codegen/Pass.h"

namespace stencilc {
std::unique_ptr<Pass> createHoistDivisionPass();
/// Whether a / D rounds exactly as the division does, for every f32 a in
/// divideExact's fast-path range, with one FMA correction of a * R:
/// fma(fma(-q, D, a), R, q) for q = a * R. Tried on each of the 2^23
/// significands of a in [1, 2) (inside the range every step scales exactly
/// with a's exponent); about 50 ms. R is 1 / D rounded unless given.
bool exactDivisionNeedsOneStep(float D);
bool exactDivisionNeedsOneStep(float D, float R);
/// Whether D * RN(1 / D) lies within u/2 of 1, inclusive (u = 2^-24 for
/// f32, 2^-53 for f64): then one FMA correction of a * RN(1 / D) is the
/// division for every a in the fast path's range, a proof that holds for about
/// 70% of divisors.
bool reciprocalIsClose(double D, ir::Type T);
/// Why a division by the constant D (of type T) takes one FMA correction:
/// reciprocalIsClose, or (f32) exactDivisionNeedsOneStep; NotProved: it
/// takes exact_div's double-word reciprocal.
enum class OneStep { NotProved, ReciprocalClose, Tried };
OneStep oneCorrectionProved(double D, ir::Type T);
/// Whether D is a power of two whose reciprocal is a normal number of type T
/// (a / D is then a * (1 / D) exactly: both round the same real number).
bool isExactReciprocal(double D, ir::Type T);
} // namespace stencilc

#endif
