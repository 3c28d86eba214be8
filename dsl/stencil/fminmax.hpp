// stencil/fminmax.hpp - the DSL's fmin and fmax on values: IEEE 754-2019
// minimumNumber and maximumNumber, one definition for the CPU reference and
// the GPU.
//
// C leaves the sign of fmin/fmax of two zeros of opposite signs to the
// implementation, and C++'s std::fmin/std::fmax inherit that: glibc's
// x86-64 fmin returns its second operand, g++ -O1 and above folds
// std::fmin(-0.0, +0.0) and std::fmin(+0.0, -0.0) to -0.0, and LLVM's
// minnum (what nvcc's fminf becomes) may return either operand. A reference
// built on them changes with the host compiler's flags (test/diff seed
// 43028, docs/difftest.md). The DSL's stencil::fmin/stencil::fmax
// (stencil.hpp) and the generated code's fminOf/fmaxOf (stencil/detail/
// numerics.hpp) call the functions below instead, so the reference and the
// GPU agree by construction:
//   minimumNumber(a, b): -0.0 counts as less than +0.0; a NaN operand yields
//     the other operand; two NaNs give a NaN. maximumNumber likewise, +0.0
//     above -0.0.
// The rule is the one Min/Max reductions fold with (docs/dsl.md#reductions).
//
// Internal (stencil::detail): specs write stencil::fmin(a, b); stencilc
// refuses the C library's spellings (docs/dsl.md, the body).
#ifndef STENCIL_FMINMAX_HPP
#define STENCIL_FMINMAX_HPP

#include <cmath>

#if defined(__CUDACC__)
#define STENCIL_FMINMAX_HD __host__ __device__
#else
#define STENCIL_FMINMAX_HD
#endif

namespace stencil {
namespace detail {

#if defined(__CUDA_ARCH__)
/// PTX's min and max of f32 and f64 are minimumNumber and maximumNumber: "if
/// isNaN(x) z = y; ...; note: -0.0 < +0.0 here" (PTX ISA 9.7.3.11 and
/// 9.7.3.12, min/max without .NaN; both NaN give the canonical NaN). In asm
/// so that nothing between here and ptxas treats it as C's fmin or LLVM's
/// minnum, whose result for two zeros is unspecified (and which a constant
/// folder may choose either way). nvcc emits no .ftz here unless told to
/// (--use_fast_math), and stencilc's generated code does not ask for it.
template <bool IsMax> __device__ inline float ptxMinMax(float A, float B) {
  float R;
  if constexpr (IsMax)
    asm("max.f32 %0, %1, %2;" : "=f"(R) : "f"(A), "f"(B));
  else
    asm("min.f32 %0, %1, %2;" : "=f"(R) : "f"(A), "f"(B));
  return R;
}
template <bool IsMax> __device__ inline double ptxMinMax(double A, double B) {
  double R;
  if constexpr (IsMax)
    asm("max.f64 %0, %1, %2;" : "=d"(R) : "d"(A), "d"(B));
  else
    asm("min.f64 %0, %1, %2;" : "=d"(R) : "d"(A), "d"(B));
  return R;
}
#endif

#if defined(__CUDA_ARCH__)
#define STENCIL_FMINMAX_SIGNBIT(X) signbit(X)
#else
#define STENCIL_FMINMAX_SIGNBIT(X) std::signbit(X)
#endif

/// The order that minimumNumber/maximumNumber and the Min/Max reductions
/// (stencil.hpp's reference, stencil/detail/numerics.hpp's fold) share: `<`,
/// with -0.0 before +0.0. A NaN is neither less nor greater than anything;
/// each caller says what a NaN operand gives.
template <class T> STENCIL_FMINMAX_HD inline bool signedZeroLess(T A, T B) {
  if (A < B)
    return true;
  if constexpr (T(0.5) != T(0)) // floating point: -0.0 before +0.0
    return A == B && STENCIL_FMINMAX_SIGNBIT(A) && !STENCIL_FMINMAX_SIGNBIT(B);
  return false;
}

/// The host's minimumNumber/maximumNumber, spelt out in comparisons and a
/// sign test only: none of them is left to the compiler's or the library's
/// choice, so g++ and clang at -O0 to -O3 (without -ffast-math, which the
/// reference is never built with) give the same bits.
template <bool IsMax, class T> inline T hostMinMax(T A, T B) {
  if (A != A) // NaN: the other operand (a NaN too if both are)
    return B;
  if (B != B)
    return A;
  return (IsMax ? signedZeroLess(A, B) : signedZeroLess(B, A)) ? B : A;
}

/// minimumNumber (IsMax false) or maximumNumber: one PTX instruction on the
/// device, hostMinMax on the host.
template <bool IsMax, class T>
STENCIL_FMINMAX_HD inline T minMaxNumber(T A, T B) {
#if defined(__CUDA_ARCH__)
  return ptxMinMax<IsMax>(A, B);
#else
  return hostMinMax<IsMax>(A, B);
#endif
}
STENCIL_FMINMAX_HD inline float minimumNumber(float A, float B) {
  return minMaxNumber<false>(A, B);
}
STENCIL_FMINMAX_HD inline double minimumNumber(double A, double B) {
  return minMaxNumber<false>(A, B);
}
STENCIL_FMINMAX_HD inline float maximumNumber(float A, float B) {
  return minMaxNumber<true>(A, B);
}
STENCIL_FMINMAX_HD inline double maximumNumber(double A, double B) {
  return minMaxNumber<true>(A, B);
}

} // namespace detail
} // namespace stencil

#undef STENCIL_FMINMAX_HD
#undef STENCIL_FMINMAX_SIGNBIT

#endif // STENCIL_FMINMAX_HPP
