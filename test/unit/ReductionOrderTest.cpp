//===- ReductionOrderTest.cpp - Min/Max/Sum totals independent of order ---===//
//
// The GPU folds a reduction's terms in an order of its own (threads, warps,
// blocks, slots); the CPU reference folds them point by point. The totals
// agree bit for bit only if the fold does not depend on the order
// (docs/dsl.md#reductions):
// - Min/Max: -0.0 before +0.0 and NaN terms ignored, so every permutation of
//   a set of terms (zeros of both signs, infinities, NaN) gives the same bits;
//   the runtime's reduceMinOf/reduceMaxOf (numerics.hpp; its host side)
//   and the DSL reference's min/max/fmin/fmax on a Min/Max agree.
// - integer Sum: wraps modulo 2^bits on both sides.
// With std::min's rule the ±0 case fails (the first zero wins), which is
// what these tests would catch if the rule came back.
//
//===----------------------------------------------------------------------===//
#include "dsl/stencil/stencil.hpp"
#include "runtime/include/stencil/detail/numerics.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <vector>

namespace {

template <class T> bool sameBits(T A, T B) {
  return std::memcmp(&A, &B, sizeof(T)) == 0;
}

template <class T> std::vector<T> awkwardTerms() {
  const T Inf = std::numeric_limits<T>::infinity();
  return {T(0.0),
          T(-0.0),
          T(1.5),
          T(-2.25),
          Inf,
          -Inf,
          std::numeric_limits<T>::quiet_NaN(),
          T(-0.0),
          T(0.0)};
}

/// Folds Terms into a Min (IsMin) or Max the way the reference does, with
/// the update spelled Spelling (0: min(r, e), 1: min(e, r), 2: fmin(r, e),
/// 3: fmin(e, r); max likewise).
template <class T>
T referenceFold(const std::vector<T> &Terms, bool IsMin, int Spelling) {
  using namespace stencil;
  T Acc = IsMin ? Min<T>::identity() : Max<T>::identity();
  for (T V : Terms) {
    if (IsMin) {
      const Min<T> R(&Acc);
      const T New = Spelling == 0   ? min(R, V)
                    : Spelling == 1 ? min(V, R)
                    : Spelling == 2 ? fmin(R, V)
                                    : fmin(V, R);
      R = New;
    } else {
      const Max<T> R(&Acc);
      const T New = Spelling == 0   ? max(R, V)
                    : Spelling == 1 ? max(V, R)
                    : Spelling == 2 ? fmax(R, V)
                                    : fmax(V, R);
      R = New;
    }
  }
  return Acc;
}

/// The GPU's fold: per-thread partials in one order, combined in another.
template <class T> T deviceFold(const std::vector<T> &Terms, bool IsMin) {
  using namespace stencil::detail;
  const T Id = IsMin ? std::numeric_limits<T>::infinity()
                     : -std::numeric_limits<T>::infinity();
  T Even = Id, Odd = Id;
  for (size_t I = 0; I < Terms.size(); ++I) {
    T &P = I % 2 ? Odd : Even;
    P = IsMin ? reduceMinOf(P, Terms[I]) : reduceMaxOf(P, Terms[I]);
  }
  return IsMin ? reduceMinOf(Odd, Even) : reduceMaxOf(Odd, Even);
}

template <class T> void checkEveryOrder() {
  std::vector<T> Terms = awkwardTerms<T>();
  for (bool IsMin : {true, false}) {
    const T Want = IsMin ? -std::numeric_limits<T>::infinity()
                         : std::numeric_limits<T>::infinity();
    std::sort(Terms.begin(), Terms.end(),
              [](T A, T B) { return std::memcmp(&A, &B, sizeof(T)) < 0; });
    int Orders = 0;
    do {
      for (int Spelling = 0; Spelling < 4; ++Spelling)
        ASSERT_TRUE(sameBits(referenceFold(Terms, IsMin, Spelling), Want));
      ASSERT_TRUE(sameBits(deviceFold(Terms, IsMin), Want));
      ++Orders;
    } while (std::next_permutation(
                 Terms.begin(), Terms.end(),
                 [](T A, T B) { return std::memcmp(&A, &B, sizeof(T)) < 0; }) &&
             Orders < 5000);
    EXPECT_EQ(Orders, 5000);
  }
}

TEST(ReductionOrder, MinMaxOverInfinitiesGiveTheInfinity) {
  checkEveryOrder<float>();
  checkEveryOrder<double>();
}

template <class T> void checkZeros() {
  // Only zeros: Min is -0.0 and Max is +0.0 whatever the order.
  for (int Spelling = 0; Spelling < 4; ++Spelling)
    for (const std::vector<T> &Terms :
         {std::vector<T>{T(0.0), T(-0.0)}, std::vector<T>{T(-0.0), T(0.0)},
          std::vector<T>{T(0.0), std::numeric_limits<T>::quiet_NaN(), T(-0.0),
                         T(0.0)}}) {
      EXPECT_TRUE(sameBits(referenceFold(Terms, true, Spelling), T(-0.0)));
      EXPECT_TRUE(sameBits(referenceFold(Terms, false, Spelling), T(0.0)));
      EXPECT_TRUE(sameBits(deviceFold(Terms, true), T(-0.0)));
      EXPECT_TRUE(sameBits(deviceFold(Terms, false), T(0.0)));
    }
}

TEST(ReductionOrder, SignedZerosAreOrdered) {
  checkZeros<float>();
  checkZeros<double>();
}

TEST(ReductionOrder, NaNTermsAreIgnored) {
  const double NaN = std::numeric_limits<double>::quiet_NaN();
  const std::vector<double> Terms = {NaN, 3.0, NaN, -1.0, NaN};
  for (int Spelling = 0; Spelling < 4; ++Spelling) {
    EXPECT_EQ(referenceFold(Terms, true, Spelling), -1.0);
    EXPECT_EQ(referenceFold(Terms, false, Spelling), 3.0);
  }
  EXPECT_EQ(deviceFold(Terms, true), -1.0);
  EXPECT_EQ(deviceFold(Terms, false), 3.0);
  // Only NaN terms: the identity, the infinity.
  EXPECT_EQ(referenceFold(std::vector<double>{NaN}, true, 0),
            std::numeric_limits<double>::infinity());
}

/// The rule as docs/dsl.md#reductions states it, written here apart from
/// the runtime's signedZeroLess so that the test does not check the code
/// against itself: `<`, and -0.0 before +0.0.
template <class T> bool ruleLess(T A, T B) {
  if (A < B)
    return true;
  return A == T(0) && B == T(0) && std::signbit(A) && !std::signbit(B);
}

/// The host's fold (ruleFold) against the rule it implements, on every pair of
/// a set of special values and random ones: the same bits. (The device's fold
/// for float and double is one PTX min/max, whose rule for NaN operands and
/// signed zeros the PTX ISA states; test/gpu/exactness checks it on the GPU.)
template <class T> void checkFoldAgainstRule() {
  using namespace stencil::detail;
  std::vector<T> Values = awkwardTerms<T>();
  for (T X : {std::numeric_limits<T>::denorm_min(),
              -std::numeric_limits<T>::denorm_min(),
              std::numeric_limits<T>::max(), std::numeric_limits<T>::lowest(),
              T(1.5), T(-1.5), -std::numeric_limits<T>::quiet_NaN()})
    Values.push_back(X);
  uint64_t Seed = 0x9e3779b97f4a7c15ull;
  for (int I = 0; I < 200; ++I) {
    Seed = Seed * 6364136223846793005ull + 1442695040888963407ull;
    Values.push_back(T(int64_t(Seed >> 20) % 2001 - 1000) / T(8)); // repeats
  }
  for (T A : Values)
    for (T B : Values) {
      const T WantMax = ruleLess(A, B) ? B : A;
      const T WantMin = ruleLess(B, A) ? B : A;
      ASSERT_TRUE(sameBits(reduceMaxOf(A, B), WantMax)) << A << " " << B;
      ASSERT_TRUE(sameBits(reduceMinOf(A, B), WantMin)) << A << " " << B;
    }
}

TEST(ReductionOrder, HostFoldIsTheRule) {
  checkFoldAgainstRule<float>();
  checkFoldAgainstRule<double>();
}

TEST(ReductionOrder, IntegerSumsWrap) {
  using stencil::detail::wrapAdd;
  const int Big = std::numeric_limits<int>::max();
  EXPECT_EQ(wrapAdd(Big, 1), std::numeric_limits<int>::min());
  EXPECT_EQ(wrapAdd(std::numeric_limits<int>::min(), -1), Big);
  EXPECT_EQ(wrapAdd(int64_t(INT64_MAX), int64_t(2)), INT64_MIN + 1);
  // The reference's Sum<int> wraps the same way (no undefined behaviour).
  int Acc = stencil::Sum<int>::identity();
  const stencil::Sum<int> S(&Acc);
  for (int I = 0; I < 3; ++I)
    S += Big;
  EXPECT_EQ(Acc, wrapAdd(wrapAdd(Big, Big), Big));
}

} // namespace
