//===- RegroupSumsTest.cpp - floating sums summed plane by plane ----------===//
//
// regroup-sums on kernels read from the textual IR: nothing without
// --reassociate; a float local's updates become one update per plane along
// dimension 0, where the plane's last term stood, subtracted groups flipped,
// terms that read no single plane left as they were; only where two planes'
// groups are one sum fewer planes apart than a jam group (--max-jam) spans;
// sums written out in an expression regrouped the same way, the sums inside
// their terms too; integer locals, and updates after a read of the local,
// untouched. What the regrouped sums print in CUDA is
// test/lit/passes/regroup-sums's; what they compute, the suite's
// --reassociated checks on the GPU (test/gpu/run-all).
//
//===----------------------------------------------------------------------===//
#include "ParseKernel.h"
#include "codegen/IRPrinter.h"
#include "codegen/passes/RegroupSums.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

using namespace stencilc;
using namespace stencilc::ir;

namespace {

using stencilc::test::parseKernel;

bool regroup(Kernel &K, bool Reassociate = true, int MaxJam = 4) {
  PassOptions Opts;
  Opts.Reassociate = Reassociate;
  Opts.MaxJam = MaxJam;
  return createRegroupSumsPass()->run(K, Opts);
}

std::vector<std::string> statements(const Kernel &K) {
  std::vector<std::string> Out;
  for (const StmtPtr &S : K.Body)
    Out.push_back(S->Name + " = " + printExpr(S->Value));
  return Out;
}

const char *Box = R"(kernel box rank 2
  param in f32[2] u
  param out f32[2] v
{
  let %acc: f32 = 0.0f
  let %w: f32 = u[0, 0]
  %acc = (%acc + u[-1, -1])
  %acc = (%acc + u[-1, 0])
  %acc = (%acc + u[0, -1])
  %w = (%w * 2.0f)
  %acc = (%acc + u[0, 0])
  %acc = (%acc + (u[-1, 0] * u[0, 0]))
  %acc = (%acc + u[1, -1])
  %acc = (%acc + u[1, 0])
  store v = (%acc + %w)
}
)";

TEST(RegroupSums, NothingWithoutReassociate) {
  Kernel K = parseKernel(Box);
  const std::vector<std::string> Before = statements(K);
  EXPECT_FALSE(regroup(K, /*Reassociate=*/false));
  EXPECT_EQ(statements(K), Before);
}

TEST(RegroupSums, UpdatesBecomeOneUpdateAPlane) {
  Kernel K = parseKernel(Box);
  ASSERT_TRUE(regroup(K));
  // Each plane's two terms where its second stood; the term reading planes
  // -1 and 0 and the other local's update unchanged.
  const std::vector<std::string> Want = {
      "acc = 0.0f",
      "w = u[0, 0]",
      "acc = (%acc + (u[-1, -1] + u[-1, 0]))",
      "w = (%w * 2.0f)",
      "acc = (%acc + (u[0, -1] + u[0, 0]))",
      "acc = (%acc + (u[-1, 0] * u[0, 0]))",
      "acc = (%acc + (u[1, -1] + u[1, 0]))",
      "v = (%acc + %w)",
  };
  EXPECT_EQ(statements(K), Want);
  ASSERT_FALSE(K.Remarks.empty());
  EXPECT_NE(K.Remarks.back().Message.find(
                "%acc's updates: 6 terms in 3 groups (at most 2)"),
            std::string::npos)
      << K.Remarks.back().Message;
  const size_t Remarks = K.Remarks.size();
  EXPECT_FALSE(regroup(K)) << "a second run has nothing to regroup";
  EXPECT_EQ(K.Remarks.size(), Remarks) << "nor anything to say";
}

TEST(RegroupSums, AGroupWhoseFirstTermIsSubtractedIsSubtracted) {
  Kernel K = parseKernel(R"(kernel d rank 3
  param in f64[3] u
  param out f64[3] v
{
  let %s: f64 = u[0, 0, 0]
  %s = (%s - u[1, 0, 0])
  %s = (%s + u[1, 0, 1])
  %s = (%s - u[1, 1, 0])
  %s = (%s - u[2, 0, 0])
  %s = (%s + u[2, 0, 1])
  %s = (%s - u[2, 1, 0])
  store v = %s
}
)");
  ASSERT_TRUE(regroup(K));
  ASSERT_EQ(K.Body.size(), 4u);
  EXPECT_EQ(printExpr(K.Body[1]->Value),
            "(%s - ((u[1, 0, 0] - u[1, 0, 1]) + u[1, 1, 0]))");
  EXPECT_EQ(printExpr(K.Body[2]->Value),
            "(%s - ((u[2, 0, 0] - u[2, 0, 1]) + u[2, 1, 0]))");
}

TEST(RegroupSums, OnlyWhereTwoGroupsAreOneSumAFewPlanesApart) {
  // Rows of other weights share nothing; rows -2 and 2 alike are 4 planes
  // apart, more than a jam group of 4 rows spans; at --max-jam=8 they share.
  const char *Text = R"(kernel w rank 2
  param in f32[2] u
  param out f32[2] v
{
  let %a: f32 = 0.0f
  %a = (%a + u[-2, 0])
  %a = (%a + u[-2, 1])
  %a = (%a + u[0, 0])
  %a = (%a + (2.0f * u[0, 1]))
  %a = (%a + u[2, 0])
  %a = (%a + u[2, 1])
  store v = %a
}
)";
  Kernel K = parseKernel(Text);
  EXPECT_FALSE(regroup(K));
  EXPECT_EQ(K.Body.size(), 8u);
  ASSERT_EQ(K.Remarks.size(), 1u) << "--report says why the sum was kept";
  EXPECT_NE(K.Remarks[0].Message.find(
                "%a's 6 updates: no two planes' groups are the same sum "
                "fewer than 4 planes apart"),
            std::string::npos)
      << K.Remarks[0].Message;
  Kernel Wide = parseKernel(Text);
  ASSERT_TRUE(regroup(Wide, /*Reassociate=*/true, /*MaxJam=*/8));
  EXPECT_EQ(Wide.Body.size(), 5u);
}

TEST(RegroupSums, SumsWrittenOutGroupByPlaneInsideTermsToo) {
  Kernel K = parseKernel(R"(kernel e rank 2
  param in f64[2] u
  param in f64[2] c
  param out f64[2] v
{
  let %b: f64 = (((((u[1, 0] + u[-1, 0]) - u[1, 1]) + (c[0, 0] * u[-1, 1])) + 2.0) - u[-1, 1])
  store v = (c[0, 0] * (((u[-1, 0] + u[0, 0]) + u[-1, 1]) + u[0, 1]))
}
)");
  ASSERT_TRUE(regroup(K));
  // Plane -1 first, then plane 1 (the same sum two planes on), then the
  // terms that read no single plane: c[0, 0] * u[-1, 1] and 2.0.
  EXPECT_EQ(printExpr(K.Body[0]->Value),
            "((((u[-1, 0] - u[-1, 1]) + (u[1, 0] - u[1, 1])) + (c[0, 0] * "
            "u[-1, 1])) + 2.0)");
  EXPECT_EQ(printExpr(K.Body[1]->Value),
            "(c[0, 0] * ((u[-1, 0] + u[-1, 1]) + (u[0, 0] + u[0, 1])))");
  EXPECT_FALSE(regroup(K)) << "a second run has nothing to regroup";
}

TEST(RegroupSums, LeavesIntegersReadsAndSumsWithNothingToShare) {
  Kernel K = parseKernel(R"(kernel f rank 2
  param in i32[2] n
  param in f32[2] u
  param out f32[2] v
  param out i32[2] m
{
  let %k: i32 = 0
  %k = (%k + n[-1, 0])
  %k = (%k + n[-1, 1])
  %k = (%k + n[0, 0])
  %k = (%k + n[0, 1])
  let %a: f32 = 0.0f
  %a = (%a + u[-1, 0])
  store v = %a
  %a = (%a + u[-1, 1])
  %a = (%a + u[0, 0])
  store m = %k
  store v = ((u[-1, 0] + u[0, 0]) + u[1, 0])
}
)");
  const std::vector<std::string> Before = statements(K);
  EXPECT_FALSE(regroup(K)) << "integers are gather-chains'; the update after "
                              "the store is no step of the chain; one term "
                              "a plane shares nothing";
  EXPECT_EQ(statements(K), Before);
}

} // namespace
