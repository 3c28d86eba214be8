//===- TuneVariantsTest.cpp - the schedule variants for the autotuner -----===//
//
// tune-variants on kernels read from the textual IR with tile's schedule
// given: off without --tune-variants, at most N, each verified, none equal
// to the kernel's schedule or to another, in the documented order; and the
// verifier checks every variant as it checks the schedule. What the
// variants compute is test/gpu/exactness's (--check --variant N); what they
// print and emit is test/lit/passes/tune-variants's.
//
//===----------------------------------------------------------------------===//
#include "ParseKernel.h"
#include "codegen/IRPrinter.h"
#include "codegen/Verifier.h"
#include "codegen/passes/TuneVariants.h"

#include <gtest/gtest.h>

#include <string>

using namespace stencilc;
using namespace stencilc::ir;

namespace {

using stencilc::test::parseKernel;

/// A rank-2 f64 star as tile schedules it: streamed, registers bounded.
const char *Star = R"(kernel star rank 2
  param in f64[2] g
  param out f64[2] u
  schedule block (64, 4, 1) stream dim 0 points-per-thread 4 min-blocks 6
{
  store u = (((g[0, -1] + g[0, 1]) + g[-1, 0]) + g[1, 0])
}
)";

PassOptions withVariants(int N) {
  PassOptions O;
  O.TuneVariants = N;
  return O;
}

TEST(TuneVariants, OffUnlessAsked) {
  Kernel K = parseKernel(Star);
  EXPECT_FALSE(createTuneVariantsPass()->run(K, PassOptions()));
  EXPECT_TRUE(K.Variants.empty());
}

TEST(TuneVariants, JamThenBoundThenBoth) {
  Kernel K = parseKernel(Star);
  ASSERT_TRUE(createTuneVariantsPass()->run(K, withVariants(4)));
  ASSERT_EQ(K.Variants.size(), 3u); // no vectors to halve
  // 1: jam 2, and the bound tile's rule gives a jam (none).
  EXPECT_EQ(K.Variants[0].Jam, 2);
  EXPECT_EQ(K.Variants[0].MinBlocks, 0);
  // 2: the bound dropped, no jam.
  EXPECT_EQ(K.Variants[1].Jam, 1);
  EXPECT_EQ(K.Variants[1].MinBlocks, 0);
  // 3: jam 2 with a bound for 48 warps (1536 / 256 threads).
  EXPECT_EQ(K.Variants[2].Jam, 2);
  EXPECT_EQ(K.Variants[2].MinBlocks, 6);
  for (const Schedule &V : K.Variants) {
    EXPECT_EQ(V.Block, K.Sched.Block); // shapes are the launcher's to tune
    EXPECT_EQ(V.StreamDim, K.Sched.StreamDim);
    EXPECT_GE(V.PointsPerThread, V.Jam); // a chunk holds a jam group
  }
  EXPECT_TRUE(verifyKernel(K).empty());
  EXPECT_EQ(describeVariant(K.Sched, K.Variants[0]),
            "jam 2, no register bound");
  // Running again adds nothing (the pipeline runs each pass once, a reader
  // of the printed IR may run it again).
  EXPECT_FALSE(createTuneVariantsPass()->run(K, withVariants(4)));
}

TEST(TuneVariants, AtMostN) {
  Kernel K = parseKernel(Star);
  ASSERT_TRUE(createTuneVariantsPass()->run(K, withVariants(1)));
  ASSERT_EQ(K.Variants.size(), 1u);
  EXPECT_EQ(K.Variants[0].Jam, 2);
}

TEST(TuneVariants, VectorsHalvedAndJamKeptWhereVectorsReplaceIt) {
  // Rank 1 with vectors: the jam is not flipped; the bound and the vectors.
  Kernel K = parseKernel(R"(kernel scale rank 1
  param in f32[1] a
  param out f32[1] b
  schedule block (256, 1, 1) points-per-thread 4 vector 4
{
  store b = (2.0f * a[0])
}
)");
  ASSERT_TRUE(createTuneVariantsPass()->run(K, withVariants(4)));
  ASSERT_EQ(K.Variants.size(), 2u);
  EXPECT_EQ(K.Variants[0].MinBlocks, 6);
  EXPECT_EQ(K.Variants[0].Vec, 4);
  EXPECT_EQ(K.Variants[1].Vec, 2);
  for (const Schedule &V : K.Variants)
    EXPECT_EQ(V.Jam, 1);
}

TEST(TuneVariants, AVariantTheVerifierRefusesIsLeftOutWithItsReason) {
  // Rank 3 not streamed: a jam needs a streamed dimension there.
  Kernel K = parseKernel(R"(kernel rows rank 3
  param in f32[3] u
  param out f32[3] v
  schedule block (128, 4, 1)
{
  store v = (u[0, 0, -1] + u[0, 0, 1])
}
)");
  ASSERT_TRUE(createTuneVariantsPass()->run(K, withVariants(4)));
  for (const Schedule &V : K.Variants)
    EXPECT_EQ(V.Jam, 1);
  ASSERT_FALSE(K.Remarks.empty());
  EXPECT_NE(K.Remarks.back().Message.find(
                "; not jam 2: schedule: jam 2: needs a streamed dimension"),
            std::string::npos)
      << K.Remarks.back().Message;
}

TEST(TuneVariants, RingsGetNone) {
  Kernel K = parseKernel(R"(kernel r rank 3
  param in f32[3] u
  param out f32[3] v
  schedule block (128, 4, 1) stream dim 0 points-per-thread 32 ring
{
  let %acc: f32 = u[-1, 0, 0]
  %acc = (%acc + u[0, 0, 0])
  %acc = (%acc + u[1, 0, 0])
  store v = %acc
}
)");
  EXPECT_FALSE(createTuneVariantsPass()->run(K, withVariants(4)));
  EXPECT_TRUE(K.Variants.empty());
  ASSERT_FALSE(K.Remarks.empty());
  EXPECT_NE(K.Remarks.back().Message.find("a register ring"),
            std::string::npos);
}

TEST(TuneVariants, TheVerifierChecksEachVariant) {
  Kernel K = parseKernel(Star);
  Schedule Bad = K.Sched;
  Bad.Block = {64, 32, 1}; // 2048 threads
  K.Variants.push_back(K.Sched);
  K.Variants.push_back(Bad);
  const std::vector<std::string> Errors = verifyKernel(K);
  ASSERT_EQ(Errors.size(), 2u); // the block, and the bound it cannot meet
  EXPECT_EQ(Errors[0].rfind("kernel 'star': variant 2: schedule: block", 0), 0u)
      << Errors[0];
  // Printed, the variants read back as they were.
  const std::string Text = printKernel(K);
  EXPECT_NE(Text.find("  variant block (64, 32, 1) stream dim 0 "
                      "points-per-thread 4 min-blocks 6\n"),
            std::string::npos);
}

} // namespace
