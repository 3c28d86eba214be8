//===- ValueRangeTest.cpp - integer value ranges, narrow histogram counters
//===//
//
// ir::ValueRanges on expressions read from the textual IR, the bound
// lower-histograms records for int64, float and double histograms
// (histogramNarrowBound), the
// verifier's check of a `narrow` bound read back, and the launcher's test of
// a launch's points against it (narrowCountersFit). What the narrow counters
// compute is test/gpu/exactness's (narrow); what stencilc prints is
// test/lit/emit/histogram.cpp's.
//
//===----------------------------------------------------------------------===//
#include "ParseKernel.h"
#include "codegen/IRParser.h"
#include "codegen/ValueRange.h"
#include "codegen/Verifier.h"
#include "runtime/include/stencil/histogram_model.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <limits>
#include <string>

using namespace stencilc;
using namespace stencilc::ir;

namespace {

using stencilc::test::parseKernel;

constexpr int64_t I32Min = std::numeric_limits<int32_t>::min();
constexpr int64_t I32Max = std::numeric_limits<int32_t>::max();

/// A rank-1 kernel over an i32 grid `key` and an i64 grid `big` whose body is
/// Body; the histogram `h` (i64) and scalar `n` (i32) are there to be used.
Kernel kernelWith(const std::string &Body) {
  return parseKernel("kernel k rank 1\n  param in i32[1] key\n"
                     "  param in i64[1] big\n  param histogram i64 h\n"
                     "  param scalar i32 n\n{\n" +
                     Body + "}\n");
}

/// The range of the value the body's first statement declares, stores or
/// adds.
ValueRange rangeOf(const std::string &Body) {
  const Kernel K = kernelWith(Body);
  EXPECT_FALSE(K.Body.empty());
  if (K.Body.empty())
    return {};
  std::optional<ValueRange> R = ValueRanges(K).of(K.Body.front()->Value);
  EXPECT_TRUE(R.has_value());
  return R.value_or(ValueRange{});
}

TEST(ValueRange, ConstantsTypesAndCoordinates) {
  EXPECT_EQ(rangeOf("  let %a: i32 = 7\n"), (ValueRange{7, 7}));
  EXPECT_EQ(rangeOf("  let %a: i32 = key[0]\n"), (ValueRange{I32Min, I32Max}));
  EXPECT_EQ(rangeOf("  let %a: i32 = n\n"), (ValueRange{I32Min, I32Max}));
  EXPECT_EQ(rangeOf("  let %a: i32 = index(0)\n"), (ValueRange{0, I32Max}));
  EXPECT_EQ(rangeOf("  let %a: bool = (key[0] < 3)\n"), (ValueRange{0, 1}));
}

TEST(ValueRange, RemainderKeepsTheDividendsSign) {
  // key_hist's weight: 1 + key % 3 lies in [-1, 3].
  EXPECT_EQ(rangeOf("  hist h[0] += i64((1 + (key[0] % 3)))\n"),
            (ValueRange{-1, 3}));
  EXPECT_EQ(rangeOf("  let %a: i32 = (key[0] % 1001)\n"),
            (ValueRange{-1000, 1000}));
  // A non-negative dividend: [0, |d| - 1]; a small dividend bounds it too.
  EXPECT_EQ(rangeOf("  let %a: i32 = (index(0) % 7)\n"), (ValueRange{0, 6}));
  EXPECT_EQ(rangeOf("  let %a: i32 = (5 % key[0])\n"), (ValueRange{0, 5}));
  // By a scalar: bounded only by the scalar's type.
  EXPECT_EQ(rangeOf("  let %a: i32 = (key[0] % n)\n"),
            (ValueRange{I32Min + 1, I32Max}));
  // A quotient is at most its dividend in magnitude.
  EXPECT_EQ(rangeOf("  let %a: i32 = ((key[0] % 10) / n)\n"),
            (ValueRange{-9, 9}));
}

TEST(ValueRange, ArithmeticThatMayWrapIsTheWholeType) {
  EXPECT_EQ(rangeOf("  let %a: i32 = (key[0] * 7)\n"),
            (ValueRange{I32Min, I32Max}));
  EXPECT_EQ(rangeOf("  let %a: i32 = ((key[0] % 3) * 7)\n"),
            (ValueRange{-14, 14}));
  EXPECT_EQ(rangeOf("  let %a: i32 = -((key[0] % 3))\n"), (ValueRange{-2, 2}));
  EXPECT_EQ(rangeOf("  let %a: i32 = -(key[0])\n"),
            (ValueRange{I32Min, I32Max}));
  // Widened first, the product fits in i64.
  EXPECT_EQ(rangeOf("  let %a: i64 = (i64(key[0]) * i64(2))\n"),
            (ValueRange{2 * I32Min, 2 * I32Max}));
  EXPECT_EQ(rangeOf("  let %a: i32 = i32(big[0])\n"),
            (ValueRange{I32Min, I32Max}));
}

TEST(ValueRange, SelectsAndLocals) {
  EXPECT_EQ(rangeOf("  let %a: i32 = ((key[0] < 3) ? 5 : -2)\n"),
            (ValueRange{-2, 5}));
  // A local never assigned again is its initialiser ...
  const Kernel Once = kernelWith("  let %w: i32 = (key[0] % 4)\n"
                                 "  let %a: i32 = (%w + 1)\n");
  EXPECT_EQ(ValueRanges(Once).of(Once.Body[1]->Value), (ValueRange{-2, 4}));
  // ... one assigned anywhere (here in a branch) is its type.
  const Kernel Twice = kernelWith("  let %w: i32 = (key[0] % 4)\n"
                                  "  if (key[0] > 0) {\n    %w = key[0]\n  }\n"
                                  "  let %a: i32 = (%w + 1)\n");
  EXPECT_EQ(ValueRanges(Twice).of(Twice.Body[2]->Value),
            (ValueRange{I32Min, I32Max}));
}

TEST(ValueRange, FloatsHaveNone) {
  const Kernel K = parseKernel("kernel k rank 1\n  param in f64[1] x\n{\n"
                               "  let %a: f64 = x[0]\n}\n");
  EXPECT_FALSE(ValueRanges(K).of(K.Body.front()->Value).has_value());
}

TEST(NarrowBound, SumsEveryUpdateOfTheHistogram) {
  EXPECT_EQ(histogramNarrowBound(
                kernelWith("  hist h[0] += i64((1 + (key[0] % 3)))\n"), "h"),
            3);
  // Two updates, one in a branch: both may run at one point.
  EXPECT_EQ(
      histogramNarrowBound(
          kernelWith("  hist h[0] += i64((key[0] % 10))\n"
                     "  if (key[0] > 0) {\n    hist h[1] += i64(1)\n  }\n"),
          "h"),
      10);
  // Adding zero still gets a bound of 1.
  EXPECT_EQ(histogramNarrowBound(kernelWith("  hist h[0] += i64(0)\n"), "h"),
            1);
}

TEST(NarrowBound, UnboundedWeightsGetNone) {
  // An i32 widened: 2^31 in magnitude, past a 32-bit counter.
  EXPECT_EQ(
      histogramNarrowBound(kernelWith("  hist h[0] += i64(key[0])\n"), "h"), 0);
  EXPECT_EQ(histogramNarrowBound(kernelWith("  hist h[0] += big[0]\n"), "h"),
            0);
  // Two updates whose bounds sum past 2^31 - 1.
  EXPECT_EQ(histogramNarrowBound(
                kernelWith("  hist h[0] += i64((key[0] % 1073741825))\n"
                           "  hist h[1] += i64((key[0] % 1073741825))\n"),
                "h"),
            0);
}

TEST(NarrowBound, TheVerifierChecksABoundReadBack) {
  const std::string Body = "{\n  hist h[0] += i64((1 + (key[0] % 3)))\n}\n";
  auto Verify = [&](const std::string &Narrow) {
    std::string All;
    for (const std::string &E :
         verifyKernel(parseKernel("kernel k rank 1\n  param in i32[1] key\n"
                                  "  param histogram i64 h" +
                                  Narrow + "\n" + Body)))
      All += E + "\n";
    return All;
  };
  EXPECT_EQ(Verify(" narrow 3"), "");
  EXPECT_EQ(Verify(" narrow 7"), ""); // larger is safe
  const std::string Low = Verify(" narrow 2");
  EXPECT_NE(Low.find("narrow 2, but a point may add up to 3"),
            std::string::npos)
      << Low;
  ParseError Err;
  EXPECT_FALSE(
      parseModule("module \"t.cpp\"\nkernel k rank 1\n  param in i32[1] key\n"
                  "  param histogram i32 h narrow 3\n{\n}\n",
                  Err));
  EXPECT_NE(
      Err.Message.find("'narrow' applies to i64, f32 and f64 histograms only"),
      std::string::npos)
      << Err.Message;
}

/// A rank-1 kernel over an f64 grid `x` and an i32 grid `key` with the
/// histograms `d` (f64) and `f` (f32) whose body is Body.
Kernel floatHistogramsWith(const std::string &Body) {
  return parseKernel("kernel k rank 1\n  param in f64[1] x\n"
                     "  param in i32[1] key\n  param histogram f64 d\n"
                     "  param histogram f32 f\n{\n" +
                     Body + "}\n");
}

TEST(NarrowBound, FloatHistogramsThatAddIntegers) {
  // The count of a sample (examples/histogram, radial_hist): 1.0 each.
  EXPECT_EQ(
      histogramNarrowBound(floatHistogramsWith("  hist d[0] += 1.0\n"), "d"),
      1);
  // An int converted exactly, negated, selected, summed, multiplied.
  EXPECT_EQ(
      histogramNarrowBound(
          floatHistogramsWith("  hist f[0] += f32((1 + (key[0] % 7)))\n"
                              "  hist f[1] += -f32((key[0] % 3))\n"
                              "  hist f[2] += ((key[0] > 0) ? 2.0f : 5.0f)\n"),
          "f"),
      7 + 2 + 5);
  EXPECT_EQ(histogramNarrowBound(
                floatHistogramsWith("  hist d[0] += (f64((key[0] % 10)) * "
                                    "(1.0 + f64((key[0] % 4))))\n"),
                "d"),
            9 * 4);
  // An integer-typed value added to a float histogram (converted there).
  EXPECT_EQ(histogramNarrowBound(
                floatHistogramsWith("  hist d[0] += (key[0] % 100)\n"), "d"),
            99);
}

TEST(NarrowBound, FloatHistogramsThatMayAddFractionsGetNone) {
  for (const char *Update :
       {"  hist d[0] += x[0]\n",         // any double
        "  hist d[0] += 0.5\n",          // not an integer
        "  hist d[0] += (x[0] * 0.0)\n", // NaN or -0 times a grid value
        "  hist d[0] += f64(key[0])\n",  // 2^31 in magnitude
        "  hist d[0] += 4294967296.0\n", // past a 32-bit counter
        "  hist d[0] += (f64(key[0]) * f64(key[0]))\n"}) // past 2^53
    EXPECT_EQ(histogramNarrowBound(floatHistogramsWith(Update), "d"), 0)
        << Update;
  // A float's integers stop at 2^24, a warp's 32 updates summed in float at
  // 2^19 each.
  EXPECT_EQ(
      histogramNarrowBound(
          floatHistogramsWith("  hist f[0] += f32((key[0] % 16777217))\n"),
          "f"),
      0);
  EXPECT_EQ(
      histogramNarrowBound(
          floatHistogramsWith("  hist f[0] += f32((key[0] % 524289))\n"), "f"),
      524288);
  EXPECT_EQ(
      histogramNarrowBound(
          floatHistogramsWith("  hist f[0] += f32((key[0] % 524290))\n"), "f"),
      0);
  // The same in double is bounded (a double holds a warp's sums exactly).
  EXPECT_EQ(
      histogramNarrowBound(
          floatHistogramsWith("  hist d[0] += f64((key[0] % 524290))\n"), "d"),
      524289);
}

TEST(NarrowBound, TheLaunchTestsItsPoints) {
  // Points x bound must stay at or below 2^31 - 1 for every histogram.
  EXPECT_TRUE(stencil::narrowCountersFit(715827882, {3}));
  EXPECT_FALSE(stencil::narrowCountersFit(715827883, {3}));
  EXPECT_TRUE(stencil::narrowCountersFit(2000000, {1000, 1}));
  EXPECT_FALSE(stencil::narrowCountersFit(2400000, {1, 1000}));
  EXPECT_TRUE(stencil::narrowCountersFit(0, {0x7fffffff}));
  EXPECT_FALSE(stencil::narrowCountersFit(1, {0})); // no bound recorded
}

} // namespace
