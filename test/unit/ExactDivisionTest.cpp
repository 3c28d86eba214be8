//===- ExactDivisionTest.cpp - divideExact gives the division's bits ------===//
//
// stencil::detail::divideExact (a double-word reciprocal and one correction)
// is what hoist-division emits by default, divideExactOneStep (one correction
// of a * RN(1/b)) for the divisors it proves need no more; the device
// compiles the same header (only the product and the FMA become
// __dmul_rn/__fma_rn, the same IEEE operations). Checked here on the host:
// - f32: for 40 divisors (the significands 1, 1 + ulp, all ones, and random
//   ones), every one of the 2^23 dividend significands. The quotient's bits
//   depend on the significands only, as long as the exponents stay in range,
//   so this covers every dividend for those divisors.
// - f64: 4 million random pairs spread over the whole fast-path range, plus
//   dividends and divisors with extreme significands.
// - the edges: zeros of both signs, infinities, NaN, subnormals and values
//   just outside the fast-path range take the division itself.
//
//===----------------------------------------------------------------------===//
#include "runtime/include/stencil/detail/exact_division.hpp"

#include "codegen/passes/HoistDivision.h"

#include <gtest/gtest.h>

#include <cfloat>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <random>

using stencil::detail::divideExact;
using stencil::detail::divideExactOneStep;
using stencil::detail::reciprocalLow;

namespace {

template <class T> bool sameBits(T A, T B) {
  return std::memcmp(&A, &B, sizeof(T)) == 0 ||
         (std::isnan(A) && std::isnan(B));
}

template <class T>::testing::AssertionResult exact(T A, T B) {
  const T Y = T(1) / B;
  const T Got = divideExact(A, B, Y, reciprocalLow(B)), Want = A / B;
  if (sameBits(Got, Want))
    return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << std::hexfloat << A << " / " << B
                                       << " = " << Want << ", got " << Got;
}

float withSignificand(uint32_t Bits23, int Exponent) {
  return std::ldexp(1.0f + std::ldexp(float(Bits23), -23), Exponent);
}

TEST(ExactDivision, FloatEveryDividendSignificand) {
  std::mt19937 Rng(20261123);
  std::vector<uint32_t> Divisors = {0,        1,        0x7fffff, 0x7ffffe,
                                    0x400000, 0x555555, 0x2aaaab};
  while (Divisors.size() < 40)
    Divisors.push_back(Rng() & 0x7fffff);
  long Failures = 0;
  for (uint32_t DB : Divisors) {
    const float B = withSignificand(DB, 3);
    const float Y = 1.0f / B, YL = reciprocalLow(B);
    for (uint32_t DA = 0; DA < (1u << 23); ++DA) {
      const float A = withSignificand(DA, -5);
      if (!sameBits(divideExact(A, B, Y, YL), A / B) && ++Failures < 5)
        ADD_FAILURE() << exact(A, B).message();
    }
  }
  EXPECT_EQ(Failures, 0);
}

TEST(ExactDivision, DoubleRandomPairsOverTheRange) {
  std::mt19937_64 Rng(7);
  std::uniform_int_distribution<int> ExpA(-799, 799), ExpB(-125, 125);
  long Failures = 0;
  for (int I = 0; I < 4000000; ++I) {
    const double SigA = 1.0 + std::ldexp(double(Rng() >> 12), -52);
    const double SigB = 1.0 + std::ldexp(double(Rng() >> 12), -52);
    const double A = std::ldexp(SigA, ExpA(Rng)) * (Rng() & 1 ? -1 : 1);
    const double B = std::ldexp(SigB, ExpB(Rng)) * (Rng() & 1 ? -1 : 1);
    if (!sameBits(divideExact(A, B, 1.0 / B, reciprocalLow(B)), A / B) &&
        ++Failures < 5)
      ADD_FAILURE() << exact(A, B).message();
  }
  EXPECT_EQ(Failures, 0);
}

TEST(ExactDivision, DoubleExtremeSignificands) {
  const double Ones = 2.0 - std::ldexp(1.0, -52);
  const double Values[] = {1.0,
                           Ones,
                           1.0 + std::ldexp(1.0, -52),
                           1.5,
                           std::nextafter(1.5, 2.0),
                           3.0,
                           10.0,
                           0.1};
  for (double A : Values)
    for (double B : Values)
      for (int E = -60; E <= 60; E += 20) {
        EXPECT_TRUE(exact(std::ldexp(A, E), B));
        EXPECT_TRUE(exact(-std::ldexp(A, E), std::ldexp(B, -E / 2)));
      }
}

TEST(ExactDivision, EdgesTakeTheDivision) {
  const double Inf = std::numeric_limits<double>::infinity();
  const double NaN = std::numeric_limits<double>::quiet_NaN();
  const double Edges[] = {0.0,     -0.0,     Inf,      -Inf,  NaN, 5e-324,
                          -1e-310, 0x1p-801, 0x1p+801, 1e308, 3.0};
  for (double A : Edges)
    for (double B : {3.0, -7.0, 0x1p-127, 0x1p+127, 1e-300, 0.0, -0.0, Inf, NaN,
                     5e-324, -1e-310, DBL_MAX})
      EXPECT_TRUE(exact(A, B));
  // A subnormal divisor's reciprocal overflows: a zero dividend must not
  // take 0 * inf (NaN) for the zero quotient (found by exactness --check's
  // divide case on the H100, session 23).
  const float FInf = std::numeric_limits<float>::infinity();
  for (float A : {0.0f, -0.0f, FInf, 1e-30f, 1e30f, 3.0f})
    for (float B :
         {3.0f, 0x1p-31f, 0x1p+31f, 0.0f, FInf, 1e-40f, -1e-45f, FLT_MAX})
      EXPECT_TRUE(exact(A, B));
}

TEST(ExactDivision, OneStepEdgesTakeTheDivision) {
  const float FInf = std::numeric_limits<float>::infinity();
  const float FNaN = std::numeric_limits<float>::quiet_NaN();
  for (float A : {0.0f, -0.0f, FInf, -FInf, FNaN, 1e-40f, 0x1p-61f, 0x1p61f,
                  FLT_MAX, 3.0f})
    for (float B : {9.0f, -7.0f, 1e-40f, 0.0f, -0.0f, FInf, FNaN, FLT_MAX}) {
      const float Got = divideExactOneStep(A, B, 1.0f / B), Want = A / B;
      EXPECT_TRUE(sameBits(Got, Want)) << std::hexfloat << A << " / " << B
                                       << " = " << Want << ", got " << Got;
    }
}

TEST(ExactDivision, TheOneStepHoistDoesDiffer) {
  // Why the correction is there: a * RN(1/b) alone is not the division.
  int Differs = 0;
  std::mt19937 Rng(1);
  for (int I = 0; I < 100000; ++I) {
    const double A = 1.0 + std::ldexp(double(Rng()), -32);
    const double B = 3.0 + std::ldexp(double(Rng()), -33);
    Differs += !sameBits(A * (1.0 / B), A / B);
  }
  EXPECT_GT(Differs, 1000);
}

/// divideInt and remainderInt against C++'s / and %, for N in Ns and random
/// N; the count of mismatches (0 expected).
int64_t intMismatches(int D, std::mt19937 &Rng, int Random) {
  using stencil::detail::divideInt;
  using stencil::detail::remainderInt;
  const int M = stencil::detail::intDivisorMultiplier(D);
  const int S = stencil::detail::intDivisorShifts(D);
  int64_t Bad = 0;
  auto Check = [&](int N) {
    if (N == INT32_MIN && D == -1)
      return; // undefined in C++
    Bad += divideInt(N, D, M, S) != N / D || remainderInt(N, D, M, S) != N % D;
  };
  for (int N : {0, 1, -1, 2, -2, 12345, -12345, INT32_MAX, INT32_MAX - 1,
                INT32_MIN, INT32_MIN + 1})
    Check(N);
  for (int64_t K = -2; K <= 2; ++K)
    for (int64_t E = -1; E <= 1; ++E) {
      const int64_t N =
          K * int64_t(D) + E; // multiples of D and their neighbours
      if (N >= INT32_MIN && N <= INT32_MAX)
        Check(int(N));
    }
  for (int I = 0; I < Random; ++I)
    Check(int(Rng()));
  return Bad;
}

// hoist-division's integer lowering: n / d and n % d from a multiplier and
// shifts of d (computed once per launch), C++'s truncating quotient and the
// dividend's sign for the remainder, for every divisor in [-70000, 70000], the
// powers of two and their neighbours, and the extremes.
TEST(IntegerDivision, EveryDivisorMatchesCpp) {
  std::mt19937 Rng(7);
  int64_t Bad = 0;
  for (int D = -70000; D <= 70000; ++D)
    if (D != 0)
      Bad += intMismatches(D, Rng, 40);
  for (int K = 0; K < 31; ++K)
    for (int64_t E = -1; E <= 1; ++E) {
      const int64_t D = (int64_t(1) << K) + E;
      if (D > 0 && D <= INT32_MAX) {
        Bad += intMismatches(int(D), Rng, 2000);
        Bad += intMismatches(-int(D), Rng, 2000);
      }
    }
  for (int D : {INT32_MIN, INT32_MAX, -INT32_MAX, INT32_MIN + 1})
    Bad += intMismatches(D, Rng, 100000);
  EXPECT_EQ(Bad, 0);
}

// Divisor 0 takes the division itself (undefined in C++; the GPU does not
// trap): the shifts say so, and the helpers never read the multiplier then.
TEST(IntegerDivision, ZeroDivisorIsFlagged) {
  EXPECT_EQ(stencil::detail::intDivisorShifts(0), -1);
  EXPECT_EQ(stencil::detail::intDivisorMultiplier(0), 0);
}

} // namespace

// hoist-division's compile-time proof for constant f32 divisors: one FMA
// correction of a * RN(1 / d) gives every quotient's bits for these (each
// of the 2^23 significands tried; a reciprocal one ulp off still passes for
// 81, the correction is that robust), and the test fails for a reciprocal
// far enough off that one correction cannot mend it.
TEST(ExactDivision, OneCorrectionProvedPerConstant) {
  for (float D : {9.0f, 81.0f, 90.0f, 3.0f, 0.3f, 1000.0f})
    EXPECT_TRUE(stencilc::exactDivisionNeedsOneStep(D)) << D;
  EXPECT_TRUE(stencilc::exactDivisionNeedsOneStep(
      81.0f, std::nextafter(1.0f / 81.0f, 1.0f)));
  EXPECT_FALSE(stencilc::exactDivisionNeedsOneStep(81.0f, 1.0f / 80.0f));
  EXPECT_FALSE(stencilc::exactDivisionNeedsOneStep(0.0f));
  EXPECT_FALSE(
      stencilc::exactDivisionNeedsOneStep(0x1p127f)); // 1 / d subnormal
}

// The proof hoist-division uses for constants of both types: a reciprocal
// within u/2 of 1 / d (|d * RN(1/d) - 1| <= 2^-(p+1)) makes a * RN(1/d)
// faithful, and one correction exact. About 70% of divisors qualify (small
// integers such as 3, 7 and 81 sit exactly on the bound); the Jacobi
// solver's b (-0x1.86949ap+24, 0.56 u) does not.
TEST(ExactDivision, CloseReciprocalsNeedOneCorrection) {
  using stencilc::ir::Type;
  EXPECT_TRUE(stencilc::reciprocalIsClose(81.0, Type::Float64));
  EXPECT_TRUE(stencilc::reciprocalIsClose(81.0, Type::Float32));
  EXPECT_TRUE(stencilc::reciprocalIsClose(4.0, Type::Float64));
  EXPECT_TRUE(stencilc::reciprocalIsClose(7.0, Type::Float64));
  EXPECT_FALSE(stencilc::reciprocalIsClose(49.0, Type::Float64)); // 0.72 u
  EXPECT_FALSE(stencilc::reciprocalIsClose(-0x1.86949ap+24, Type::Float64));
  EXPECT_FALSE(stencilc::reciprocalIsClose(0.0, Type::Float64));
  EXPECT_FALSE(stencilc::reciprocalIsClose(0x1p127, Type::Float32));
  EXPECT_EQ(stencilc::oneCorrectionProved(81.0, Type::Float64),
            stencilc::OneStep::ReciprocalClose);
  EXPECT_EQ(stencilc::oneCorrectionProved(-0x1.86949ap+24, Type::Float64),
            stencilc::OneStep::NotProved);
  // f64: 300 random divisors that qualify, 10^4 random dividends each over
  // the fast path's range; f32: 12 that qualify, every dividend significand.
  std::mt19937_64 Rng(23);
  std::uniform_int_distribution<int> ExpA(-799, 799), ExpB(-125, 125);
  long Close = 0, Tried = 0, Failures = 0;
  while (Close < 300) {
    const double B =
        std::ldexp(1.0 + std::ldexp(double(Rng() >> 12), -52), ExpB(Rng));
    ++Tried;
    if (!stencilc::reciprocalIsClose(B, Type::Float64))
      continue;
    ++Close;
    for (int I = 0; I < 10000; ++I) {
      const double A =
          std::ldexp(1.0 + std::ldexp(double(Rng() >> 12), -52), ExpA(Rng)) *
          (Rng() & 1 ? -1 : 1);
      if (!sameBits(divideExactOneStep(A, B, 1.0 / B), A / B) && ++Failures < 5)
        ADD_FAILURE() << std::hexfloat << A << " / " << B;
    }
  }
  EXPECT_GT(Close * 10, Tried * 6); // about 70% qualify
  EXPECT_LT(Close * 10, Tried * 8);
  for (int Found = 0; Found < 12;) {
    const float B = withSignificand(uint32_t(Rng()) & 0x7fffff, 2);
    if (!stencilc::reciprocalIsClose(B, Type::Float32))
      continue;
    ++Found;
    const float Y = 1.0f / B;
    for (uint32_t DA = 0; DA < (1u << 23); ++DA) {
      const float A = withSignificand(DA, 7);
      if (!sameBits(divideExactOneStep(A, B, Y), A / B) && ++Failures < 5)
        ADD_FAILURE() << std::hexfloat << A << " / " << B;
    }
  }
  EXPECT_EQ(Failures, 0);
}

// Powers of two whose reciprocal is a normal number of the type divide as
// a multiply by it, bit for bit.
TEST(ExactDivision, PowersOfTwoWithNormalReciprocals) {
  using stencilc::ir::Type;
  EXPECT_TRUE(stencilc::isExactReciprocal(64.0, Type::Float32));
  EXPECT_TRUE(stencilc::isExactReciprocal(-0.5, Type::Float64));
  EXPECT_TRUE(stencilc::isExactReciprocal(0x1p-126, Type::Float32));
  EXPECT_FALSE(stencilc::isExactReciprocal(0x1p127, Type::Float32));
  EXPECT_TRUE(stencilc::isExactReciprocal(0x1p127, Type::Float64));
  EXPECT_FALSE(stencilc::isExactReciprocal(3.0, Type::Float64));
  EXPECT_FALSE(stencilc::isExactReciprocal(0.0, Type::Float64));
  // The bits: every float divided by 64 and by 0x1p-126 is its product
  // with the reciprocal.
  std::mt19937 Rng(3);
  int Differs = 0;
  for (int I = 0; I < 1000000; ++I) {
    const uint32_t Bits = Rng();
    float A;
    std::memcpy(&A, &Bits, sizeof A);
    for (float D : {64.0f, 0x1p-126f}) {
      const float Q = A / D, P = A * (1.0f / D);
      Differs += std::memcmp(&Q, &P, sizeof Q) != 0 &&
                 !(std::isnan(Q) && std::isnan(P));
    }
  }
  EXPECT_EQ(Differs, 0);
}
