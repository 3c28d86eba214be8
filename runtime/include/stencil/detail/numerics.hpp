// stencil/detail/numerics.hpp - the DSL's min and max in generated code
// (host and device), with std::min/std::max semantics; its fmin and fmax
// (stencil/fminmax.hpp's); the fold of Min/Max reductions; wrapping integer
// sums.
//
// Internal: for the code stencilc generates (and the rest of the runtime),
// not for programs; names and signatures change with the code generator.
// Programs include <stencil/runtime.hpp>.
#ifndef STENCIL_DETAIL_NUMERICS_HPP
#define STENCIL_DETAIL_NUMERICS_HPP

#if defined(__CUDACC__)
#include <cuda_runtime.h>
#define STENCIL_NUMERICS_HD __host__ __device__
#else // host compilers (the unit tests)
#define STENCIL_NUMERICS_HD
#endif
#include <stencil/fminmax.hpp>

#include <cmath>
#include <cstdint>
#include <type_traits>

namespace stencil {
namespace detail {

// ptxas (CUDA 13.0, sm_90) drops a negation when it fuses two 32-bit
// integer min/max into its three-input VIMNMX3: min(min(a, -r), c) runs as
// min(a, r, c), and max(max(m, p), -x - q) as max(m, p, x + q) (test/diff
// seeds 835 and 10195; test/gpu/toolchain/ptxas-vimnmx3-neg.cu, which
// stays an expected failure, and docs/difftest.md). Every operand of an int
// min or max passes through an identity byte permute (one PRMT), which
// ptxas does not see through: 0 of 1000 points wrong in both shapes against
// 958 and 345 without it (H100); an empty asm, a mov or a volatile local
// fixed one shape, not the other. Other types have no VIMNMX3.
template <class T> STENCIL_NUMERICS_HD inline T minMaxOperand(T V) {
#if defined(__CUDA_ARCH__)
  if constexpr (sizeof(T) == 4 && T(0.5) == T(0))
    return T(__byte_perm(static_cast<unsigned>(V), 0u, 0x3210u));
#endif
  return V;
}

// The DSL's min/max are std::min/std::max: keep their exact semantics
// (which operand wins on ties and NaNs) on both host and device.
template <class T> STENCIL_NUMERICS_HD inline T maxOf(T A, T B) {
  A = minMaxOperand(A);
  B = minMaxOperand(B);
  return (A < B) ? B : A;
}
template <class T> STENCIL_NUMERICS_HD inline T minOf(T A, T B) {
  A = minMaxOperand(A);
  B = minMaxOperand(B);
  return (B < A) ? B : A;
}

// The DSL's fmin/fmax on values: IEEE 754-2019 minimumNumber/maximumNumber
// (-0.0 below +0.0; a NaN operand yields the other), the functions the CPU
// reference's stencil::fmin/stencil::fmax call (stencil/fminmax.hpp), one PTX
// min/max on the device. Until session 21 they were lowered as
// std::min/std::max (test/diff seed 21017: -fmin(-q, q) at q = +0.0 gave
// +0.0 against the reference's -0.0); then they were C's, whose result for
// two zeros of opposite signs the reference's host compiler chose (test/diff
// seed 43028). test/unit/FminFmaxTest.cpp checks them pair by
// pair against the rule.
template <class T> STENCIL_NUMERICS_HD inline T fminOf(T A, T B) {
  return minimumNumber(A, B);
}
template <class T> STENCIL_NUMERICS_HD inline T fmaxOf(T A, T B) {
  return maximumNumber(A, B);
}

// Min and Max *reductions* fold every term into the accumulator with one
// order-independent rule, so that the total does not depend on the order in
// which the GPU's threads and blocks combine (docs/dsl.md#reductions): a NaN
// term is ignored (IEEE 754-2019 minimumNumber/maximumNumber), and -0.0
// counts as less than +0.0: signedZeroLess (stencil/fminmax.hpp), the order
// that dsl/stencil/stencil.hpp's reference folds with too
// (detail::reduceMin/reduceMax there).

/// signedZeroLess's rule spelt out: the host's fold (and the device's for
/// integers; minMaxOperand: see above).
template <bool IsMax, class T>
STENCIL_NUMERICS_HD inline T ruleFold(T Acc, T V) {
  Acc = minMaxOperand(Acc);
  V = minMaxOperand(V);
  return (IsMax ? signedZeroLess(Acc, V) : signedZeroLess(V, Acc)) ? V : Acc;
}

/// The fold of one term into a Min or Max partial, signedZeroLess's rule.
/// On the device, float and double are one PTX min/max (ptxMinMax, in
/// stencil/fminmax.hpp: minimumNumber/maximumNumber's instruction). It
/// differs from the rule only for a NaN partial (the rule keeps it, PTX
/// takes the term), and no partial is ever NaN: each starts at the
/// identity (an infinity) and PTX returns a NaN only when both operands
/// are. Measured (H100, bench/results/2026-11-27T1315Z-ptx-minmax-h100.txt)
/// against the earlier fold (float: fmax, a ±0 fix-up and a NaN test, about
/// six instructions; double: compares and branches): the fused Laplace
/// solves -11% (f32) and -17% (f64), the one-sweep f64 solve -4%, the
/// suite's box5, clamp3 and stats -3 to -4%, error_norm -12%. The host's
/// fold is ruleFold (test/unit/ReductionOrderTest.cpp checks it pair by
/// pair); the device's is checked by test/gpu/exactness (zeros of both
/// signs, NaN, infinities).
template <bool IsMax, class T>
STENCIL_NUMERICS_HD inline T reduceFold(T Acc, T V) {
#if defined(__CUDA_ARCH__)
  if constexpr (std::is_same_v<T, float> || std::is_same_v<T, double>)
    return ptxMinMax<IsMax>(Acc, V);
  else
    return ruleFold<IsMax>(Acc, V);
#else
  return ruleFold<IsMax>(Acc, V);
#endif
}
template <class T> STENCIL_NUMERICS_HD inline T reduceMinOf(T Acc, T V) {
  return reduceFold<false>(Acc, V);
}
template <class T> STENCIL_NUMERICS_HD inline T reduceMaxOf(T Acc, T V) {
  return reduceFold<true>(Acc, V);
}

/// Integer Sum reductions wrap modulo 2^bits, on the device as in the
/// reference (signed overflow would be undefined behaviour in both).
template <class T> STENCIL_NUMERICS_HD inline T wrapAdd(T A, T B) {
  if constexpr (T(0.5) != T(0))
    return A + B;
  else
    return static_cast<T>(static_cast<unsigned long long>(A) +
                          static_cast<unsigned long long>(B));
}

} // namespace detail
} // namespace stencil

#undef STENCIL_NUMERICS_HD

#endif // STENCIL_DETAIL_NUMERICS_HPP
