// stencil/detail/exact_division.hpp - a / b from a reciprocal of b computed
// once per launch, rounded exactly as the division (hoist-division's default
// lowering; docs/passes/hoist-division.md has the proof and the measurements),
// and int / int, int % int from a multiplier and shifts computed once per
// launch.
//
// Internal: for the code stencilc generates, not for programs. It has no CUDA
// dependency so that host-only unit tests (test/unit/ExactDivisionTest.cpp)
// check the same code nvcc compiles for the device.
#ifndef STENCIL_DETAIL_EXACT_DIVISION_HPP
#define STENCIL_DETAIL_EXACT_DIVISION_HPP

#include <math.h>

#include <cmath>

#if defined(__CUDACC__)
#define STENCIL_EXACT_DIVISION_HD __host__ __device__
#else
#define STENCIL_EXACT_DIVISION_HD
#endif

namespace stencil {
namespace detail {

/// The magnitudes for which divideExact takes the fast path: the dividend in
/// [MinDividend, MaxDividend] and the divisor in [MinDivisor, MaxDivisor].
/// Inside them no intermediate result overflows or leaves the normal range,
/// and every remainder a - b*q of a faithful q is exactly representable
/// (it needs e(a) >= emin + p - 1: -970 for double, -103 for float).
template <class T> struct ExactDivisionRange;
template <> struct ExactDivisionRange<double> {
  static constexpr double MinDividend = 0x1p-800, MaxDividend = 0x1p+800;
  static constexpr double MinDivisor = 0x1p-126, MaxDivisor = 0x1p+126;
};
template <> struct ExactDivisionRange<float> {
  static constexpr float MinDividend = 0x1p-60f, MaxDividend = 0x1p+60f;
  static constexpr float MinDivisor = 0x1p-30f, MaxDivisor = 0x1p+30f;
};

// One rounding each, on host and device: a product nvcc never contracts into
// an FMA, and the FMA itself.
STENCIL_EXACT_DIVISION_HD inline double roundedProduct(double A, double B) {
#if defined(__CUDA_ARCH__)
  return __dmul_rn(A, B);
#else
  return A * B;
#endif
}
STENCIL_EXACT_DIVISION_HD inline float roundedProduct(float A, float B) {
#if defined(__CUDA_ARCH__)
  return __fmul_rn(A, B);
#else
  return A * B;
#endif
}
STENCIL_EXACT_DIVISION_HD inline double fusedMultiplyAdd(double A, double B,
                                                         double C) {
#if defined(__CUDA_ARCH__)
  return __fma_rn(A, B, C);
#else
  return std::fma(A, B, C);
#endif
}
STENCIL_EXACT_DIVISION_HD inline float fusedMultiplyAdd(float A, float B,
                                                        float C) {
#if defined(__CUDA_ARCH__)
  return __fmaf_rn(A, B, C);
#else
  return std::fma(A, B, C);
#endif
}
STENCIL_EXACT_DIVISION_HD inline double magnitude(double A) { return fabs(A); }
STENCIL_EXACT_DIVISION_HD inline float magnitude(float A) { return fabsf(A); }

/// Whether A and B lie where divideExact and divideExactOneStep take their
/// fast path (ExactDivisionRange).
template <class T> STENCIL_EXACT_DIVISION_HD inline bool inFastRange(T A, T B) {
  using Range = ExactDivisionRange<T>;
  const T MagA = magnitude(A), MagB = magnitude(B);
  return MagA >= Range::MinDividend && MagA <= Range::MaxDividend &&
         MagB >= Range::MinDivisor && MagB <= Range::MaxDivisor;
}

/// A / B for a zero A, without a division: A * B for a finite nonzero B
/// (the zero with the quotient's sign), else A * Y with Y = RN(1 / B): 0 * inf
/// is NaN as 0 / 0 is, 0 * NaN NaN as 0 / NaN is, 0 * 0 the signed zero as
/// 0 / inf is. (A * Y alone was wrong for a subnormal B, whose 1 / B
/// overflows: 0 * inf is NaN where 0 / B is a zero; found by exactness's
/// divide case, session 23.)
template <class T>
STENCIL_EXACT_DIVISION_HD inline T zeroQuotient(T A, T B, T Y) {
  return roundedProduct(A, B - B == T(0) && B != T(0) ? B : Y);
}

/// The low word of 1 / B: YL = RN((1 - B*Y) * Y) for Y = RN(1 / B), so that
/// Y + YL is 1 / B within about 2 u^2 relative (u = 2^-p). 1 - B*Y is exact
/// (B*Y lies within u of 1, and its 2p-bit product's bits below 2^-p fit one
/// significand), so one FMA computes it. Computed once per launch on the
/// host (hoist-division's uniform rcp_low(b)).
template <class T> STENCIL_EXACT_DIVISION_HD inline T reciprocalLow(T B) {
  const T Y = T(1) / B;
  return roundedProduct(fusedMultiplyAdd(-B, Y, T(1)), Y);
}

/// A / B correctly rounded, from Y = RN(1 / B) and YL = reciprocalLow(B)
/// computed once per launch: a multiply and three FMAs.
/// - Q = RN(A*Y + RN(A*YL)) is A / B within 1/2 ulp + about 3 u^2 |A/B|
///   (A*Y + A*YL is A / B within 2 u^2, the product's rounding adds u^2), so
///   Q is faithful: within one ulp of A / B.
/// - With Y within half an ulp of 1 / B and Q faithful, the remainder
///   A - B*Q is exactly representable (one FMA computes it) and
///   RN(Q + (A - B*Q)*Y) is RN(A/B): Markstein's theorem (P. Markstein,
///   IBM J. Res. Dev. 34(1), 1990; J.-M. Muller et al., Handbook of
///   Floating-Point Arithmetic, 2nd ed., 2018, ch. 4).
/// Before session 23 the first quotient was RN(A*Y), up to 1.5 ulp away,
/// and took a second FMA correction to become faithful (a multiply and four
/// FMAs). A zero dividend gives zeroQuotient: a converged iteration divides
/// zeros at every point, which the division itself makes ~3x as slow.
/// Outside the range (infinities, NaNs, tiny or huge values) it is the
/// division itself.
template <class T>
STENCIL_EXACT_DIVISION_HD inline T divideExact(T A, T B, T Y, T YL) {
  if (A == T(0))
    return zeroQuotient(A, B, Y);
  if (!inFastRange(A, B))
    return A / B;
  const T Q = fusedMultiplyAdd(A, Y, roundedProduct(A, YL));
  return fusedMultiplyAdd(fusedMultiplyAdd(-Q, B, A), Y, Q);
}

/// A / B from Y = RN(1 / B) alone with one FMA correction of RN(A*Y), for a
/// divisor B for which stencilc proved RN(A*Y) faithful for every A
/// (codegen/passes/HoistDivision.cpp, oneCorrectionProved: B*Y within
/// u/2 of 1, or for f32 each of the 2^23 significands of A in [1, 2)
/// tried; inside the fast path's range every step scales exactly with A's
/// exponent, so [1, 2) stands for every A there). The correction is
/// Markstein's, as in divideExact. The range test comes first and the zero
/// test only off the fast path (the range excludes zero): one compare and
/// one branch fewer a point, box5 -3% (session 23). divideExact keeps the
/// zero test first: in the same order its kernels spilled (the one-sweep
/// Jacobi kernel at 40 registers, docs/passes/hoist-division.md).
template <class T>
STENCIL_EXACT_DIVISION_HD inline T divideExactOneStep(T A, T B, T Y) {
  if (inFastRange(A, B)) {
    const T Q = roundedProduct(A, Y);
    return fusedMultiplyAdd(fusedMultiplyAdd(-Q, B, A), Y, Q);
  }
  return A == T(0) ? zeroQuotient(A, B, Y) : A / B;
}

//===----------------------------------------------------------------------===//
// int / int and int % int by a divisor fixed for the launch
//===----------------------------------------------------------------------===//
//
// The GPU has no integer divide: n / d by a variable d is a float
// reciprocal and corrections, about 20 instructions with a quarter-rate
// MUFU. By a divisor the launch fixes, the host computes once a multiplier M
// and two shifts for |d| (Granlund and Montgomery, PLDI 1994, Fig. 4.1; Warren,
// Hacker's Delight, 2nd ed., 10-8), and each point takes a multiply-high, two
// shifts, an add and the signs: key_hist ((key * 7 + 3) % nbins) 0.515 -> 0.444
// ms with the divisor a constant, docs/passes/hoist-division.md#integers.

/// |D| as an unsigned (2^31 for INT_MIN).
STENCIL_EXACT_DIVISION_HD inline unsigned unsignedMagnitude(int D) {
  return D < 0 ? 0u - unsigned(D) : unsigned(D);
}

/// L = ceil(log2 AbsD) for AbsD >= 1.
STENCIL_EXACT_DIVISION_HD inline int ceilLog2(unsigned AbsD) {
  int L = 0;
  while (L < 32 && (1ull << L) < AbsD)
    ++L;
  return L;
}

/// The multiplier of |D|'s division (its bits as an int): with
/// L = ceil(log2 |D|), M = floor(2^32 (2^L - |D|) / |D|) + 1, which fits in 32
/// bits for every |D| in [1, 2^31].
STENCIL_EXACT_DIVISION_HD inline int intDivisorMultiplier(int D) {
  const unsigned AbsD = unsignedMagnitude(D);
  if (AbsD == 0)
    return 0;
  const unsigned long long M =
      (((1ull << ceilLog2(AbsD)) - AbsD) << 32) / AbsD + 1; // 2^L - |D| < |D|
  return int(unsigned(M));
}

/// The shifts of |D|'s division, min(L, 1) | max(L - 1, 0) << 8, or -1 for
/// D = 0 (the quotient is then the division's own, undefined in C++).
STENCIL_EXACT_DIVISION_HD inline int intDivisorShifts(int D) {
  const unsigned AbsD = unsignedMagnitude(D);
  if (AbsD == 0)
    return -1;
  const int L = ceilLog2(AbsD);
  return (L < 1 ? L : 1) | (L > 1 ? L - 1 : 0) << 8;
}

STENCIL_EXACT_DIVISION_HD inline unsigned multiplyHigh(unsigned A, unsigned B) {
#if defined(__CUDA_ARCH__)
  return __umulhi(A, B);
#else
  return unsigned((unsigned long long)A * B >> 32);
#endif
}

/// The unsigned quotient |N| / |D| from M and S (divideInt's core).
STENCIL_EXACT_DIVISION_HD inline unsigned unsignedQuotient(unsigned AbsN, int M,
                                                           int S) {
  const unsigned T = multiplyHigh(unsigned(M), AbsN);
  return (T + ((AbsN - T) >> (S & 0xff))) >> (S >> 8);
}

/// N / D truncated toward zero as C++ divides, from M = intDivisorMultiplier(D)
/// and S = intDivisorShifts(D): the unsigned quotient of |N| by |D|, then the
/// sign. Every N and D but D = 0 and INT_MIN / -1 (both undefined in C++;
/// the latter gives INT_MIN, as the GPU's own division does).
STENCIL_EXACT_DIVISION_HD inline int divideInt(int N, int D, int M, int S) {
  if (S < 0)
    return N / D;
  const unsigned Q = unsignedQuotient(unsignedMagnitude(N), M, S);
  return (N < 0) != (D < 0) ? int(0u - Q) : int(Q);
}

/// N % D as C++ computes it: |N| % |D| with the sign of N. Computed on the
/// magnitudes, the quotient needs neither sign (C++'s remainder has N's
/// alone): about 11 instructions against 17 through divideInt's signed
/// quotient (key_hist's (key * 7 + 3) % nbins, issue-bound at 81%).
STENCIL_EXACT_DIVISION_HD inline int remainderInt(int N, int D, int M, int S) {
  if (S < 0)
    return N % D;
  const unsigned AbsN = unsignedMagnitude(N), AbsD = unsignedMagnitude(D);
  const unsigned R = AbsN - unsignedQuotient(AbsN, M, S) * AbsD;
  return N < 0 ? int(0u - R) : int(R);
}

} // namespace detail
} // namespace stencil

#undef STENCIL_EXACT_DIVISION_HD

#endif // STENCIL_DETAIL_EXACT_DIVISION_HPP
