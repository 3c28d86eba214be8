// stencil/detail/numerics.hpp - the DSL's min and max in generated code
// (host and device), with std::min/std::max semantics; the fold of Min/Max
// reductions; wrapping integer sums.
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
#include <cmath>
#include <cstdint>
#include <cstring>
#include <type_traits>
#if defined(__CUDA_ARCH__)
#define STENCIL_SIGNBIT(X) signbit(X)
#else
#define STENCIL_SIGNBIT(X) std::signbit(X)
#endif

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

// Min and Max *reductions* fold every term into the accumulator with one
// order-independent rule, so that the total does not depend on the order in
// which the GPU's threads and blocks combine (docs/dsl.md#reductions): a NaN
// term is ignored (IEEE 754-2019 minimumNumber/maximumNumber), and -0.0
// counts as less than +0.0. dsl/stencil/stencil.hpp's reference applies the
// same rule (detail::reduceMin/reduceMax there).
template <class T> STENCIL_NUMERICS_HD inline bool reductionLess(T A, T B) {
  if (A < B)
    return true;
  if constexpr (T(0.5) != T(0)) // floating point: -0.0 before +0.0
    return A == B && STENCIL_SIGNBIT(A) && !STENCIL_SIGNBIT(B);
  return false;
}

/// The bits of two floats combined by AND (Max) or OR (Min): for A == B,
/// the larger (smaller) of +0.0 and -0.0, and A itself for any other equal
/// pair.
template <bool IsMax>
STENCIL_NUMERICS_HD inline float equalZeroPick(float A, float B) {
  uint32_t X, Y;
  std::memcpy(&X, &A, sizeof X);
  std::memcpy(&Y, &B, sizeof Y);
  const uint32_t R = IsMax ? (X & Y) : (X | Y);
  float Out;
  std::memcpy(&Out, &R, sizeof Out);
  return Out;
}

/// The fold of one term into a Min or Max partial, reductionLess's rule.
/// float without branches: fminf/fmaxf ignore a NaN term and are exact for
/// unequal values; equal values have the same bits but for +0.0 / -0.0
/// (equalZeroPick); a NaN partial stays. Equal to the rule for every pair
/// (test/unit/ReductionOrderTest.cpp). Measured (H200, 2026-11-26): box5
/// -9.5%, the fused Laplace f32 sweep -11%, whose points were issue-bound
/// on the branches; double keeps the branches (stats, Sum/Min/Max of f64,
/// was 11% slower without them: its terms rarely change the partial, so the
/// branchy form's common path is one compare).
template <bool IsMax, class T>
STENCIL_NUMERICS_HD inline T reduceFold(T Acc, T V) {
  if constexpr (std::is_same_v<T, float>) {
#if defined(__CUDA_ARCH__)
    const T M = IsMax ? fmax(Acc, V) : fmin(Acc, V);
#else
    const T M = IsMax ? std::fmax(Acc, V) : std::fmin(Acc, V);
#endif
    const T R = Acc == V ? equalZeroPick<IsMax>(Acc, V) : M;
    return Acc != Acc ? Acc : R;
  } else { // integers (minMaxOperand: see above) and double
    Acc = minMaxOperand(Acc);
    V = minMaxOperand(V);
    return (IsMax ? reductionLess(Acc, V) : reductionLess(V, Acc)) ? V : Acc;
  }
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
#undef STENCIL_SIGNBIT

#endif // STENCIL_DETAIL_NUMERICS_HPP
