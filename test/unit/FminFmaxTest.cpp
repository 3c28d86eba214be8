//===- FminFmaxTest.cpp - the DSL's fmin/fmax on values: one rule ---------===//
//
// stencil::fmin/stencil::fmax (what the CPU reference calls) and the
// generated code's fminOf/fmaxOf (numerics.hpp, here their host side) are
// IEEE 754-2019 minimumNumber/maximumNumber (docs/dsl.md, the body): -0.0
// counts as less than +0.0 in either operand order, a NaN operand yields the
// other, two NaNs give a NaN. Checked on every ordered pair of -0, +0, NaN,
// 1, -1, inf and -inf, for float and double, against a table written from
// the rule, both on values the compiler cannot see (volatile) and on
// literals it folds. C's fmin leaves the zeros' sign to the library: glibc's
// fminf returns its second operand, g++ -O1 folds a call on constants to
// -0.0 (test/diff seed 43028), and these tests fail on either.
// test/lit/nvcc/fminmax-host.cpp compiles the same checks at -O0 to -O3.
//
//===----------------------------------------------------------------------===//
#include "dsl/stencil/stencil.hpp"
#include "runtime/include/stencil/detail/numerics.hpp"
#include "FminFmaxTable.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <type_traits>

namespace {

template <class T> bool sameBits(T A, T B) {
  return std::memcmp(&A, &B, sizeof(T)) == 0;
}

using namespace fminfmax_table;

template <class T>
::testing::AssertionResult follows(const char *What, bool IsMax, int A, int B,
                                   T Got) {
  const T Want = valueOf<T>(expected(IsMax, A, B));
  // A NaN result is any NaN: the device's is PTX's canonical one.
  if (sameBits(Got, Want) || (std::isnan(Want) && std::isnan(Got)))
    return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure()
         << What << (IsMax ? " max" : " min") << "(" << valueOf<T>(A)
         << (std::signbit(valueOf<T>(A)) ? " [-]" : "") << ", " << valueOf<T>(B)
         << (std::signbit(valueOf<T>(B)) ? " [-]" : "") << ") = " << Got
         << (std::signbit(Got) ? " [-]" : "") << ", the rule gives " << Want;
}

template <class T> void checkEveryPair() {
  using namespace stencil::detail;
  for (int A = 0; A < NumValues; ++A)
    for (int B = 0; B < NumValues; ++B) {
      // Through volatile: the compiler sees neither operand.
      volatile T VA = valueOf<T>(A), VB = valueOf<T>(B);
      const T X = VA, Y = VB;
      EXPECT_TRUE(follows("minimumNumber", false, A, B, minimumNumber(X, Y)));
      EXPECT_TRUE(follows("maximumNumber", true, A, B, maximumNumber(X, Y)));
      EXPECT_TRUE(follows("stencil::fmin", false, A, B, stencil::fmin(X, Y)));
      EXPECT_TRUE(follows("stencil::fmax", true, A, B, stencil::fmax(X, Y)));
      EXPECT_TRUE(follows("fminOf", false, A, B, fminOf(X, Y)));
      EXPECT_TRUE(follows("fmaxOf", true, A, B, fmaxOf(X, Y)));
    }
}

TEST(FminFmax, EveryPairFollowsTheRule) {
  checkEveryPair<float>();
  checkEveryPair<double>();
}

// The pairs of seed 43028 and 21017 written as literals, which g++ folds at
// -O1 and above (it folded std::fmin and std::fmax of the two zeros to -0.0
// in either order; glibc, called, returns the second operand).
TEST(FminFmax, ZerosOfOppositeSignsFoldToTheRule) {
  EXPECT_TRUE(sameBits(stencil::fmin(-0.0, 0.0), -0.0));
  EXPECT_TRUE(sameBits(stencil::fmin(0.0, -0.0), -0.0));
  EXPECT_TRUE(sameBits(stencil::fmax(-0.0, 0.0), 0.0));
  EXPECT_TRUE(sameBits(stencil::fmax(0.0, -0.0), 0.0));
  EXPECT_TRUE(sameBits(stencil::fmin(-0.0f, 0.0f), -0.0f));
  EXPECT_TRUE(sameBits(stencil::fmin(0.0f, -0.0f), -0.0f));
  EXPECT_TRUE(sameBits(stencil::fmax(-0.0f, 0.0f), 0.0f));
  EXPECT_TRUE(sameBits(stencil::fmax(0.0f, -0.0f), 0.0f));
  // Seed 43028's field, -float(floor(s10)) against a +0.0 at s10 = 0.
  const float S10 = 0.0f;
  EXPECT_TRUE(sameBits(stencil::fmin(-float(std::floor(S10)), 0.0f), -0.0f));
  // Seed 21017's -fmin(-q, q) at q = +0.0.
  const double Q = 0.0;
  EXPECT_TRUE(sameBits(-stencil::fmin(-Q, Q), 0.0));
}

// std::fmin's types: float for two floats, double otherwise (integers and a
// float with a double).
TEST(FminFmax, ComputesInStdFminsType) {
  static_assert(std::is_same_v<decltype(stencil::fmin(1.0f, 2.0f)), float>);
  static_assert(std::is_same_v<decltype(stencil::fmin(1.0f, 2.0)), double>);
  static_assert(std::is_same_v<decltype(stencil::fmax(1, 2.0f)), double>);
  static_assert(std::is_same_v<decltype(stencil::fmax(1, 2)), double>);
  EXPECT_EQ(stencil::fmin(3, 2), 2.0);
  EXPECT_EQ(stencil::fmin(0.1f, 0.1), 0.1); // in float both are 0.1f
  EXPECT_TRUE(sameBits(stencil::fmin(0, -0.0f), -0.0));
}

} // namespace
