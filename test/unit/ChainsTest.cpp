//===- ChainsTest.cpp - integer chains: gathering, terms, the shared plan -===//
//
// gather-chains on kernels read from the textual IR (which updates it moves
// into their `let`, which it must leave), flattenChain's terms, termKey's
// names at shifted lanes, and planSharing's operation counts on the shapes
// the suite has: a 9-point window at 2 and 4 vector lanes, a 7 x 7 box at
// 4 x 4 lanes, the 8-neighbour count without its centre. What the shared
// chains print is test/lit/passes/gather-chains's; what they compute,
// test/gpu/exactness's and the suite's checks against the CPU reference.
//
//===----------------------------------------------------------------------===//
#include "ParseKernel.h"
#include "codegen/Chains.h"
#include "codegen/IRPrinter.h"
#include "codegen/passes/GatherChains.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

using namespace stencilc;
using namespace stencilc::ir;

namespace {

using stencilc::test::parseKernel;

bool gather(Kernel &K) { return createGatherChainsPass()->run(K, {}); }

TEST(GatherChains, UpdatesMoveIntoTheirLetInTheirOrder) {
  Kernel K = parseKernel(R"(kernel w rank 1
  param in i32[1] a
  param out i32[1] t
  param max i32 m
{
  let %sum: i32 = 0
  let %hi: i32 = a[-1]
  %sum = (%sum + a[-1])
  %hi = max(%hi, a[-1])
  %sum = (%sum - a[0])
  %hi = max(a[0], %hi)
  %sum = (a[1] + %sum)
  store t = %sum
  reduce m max= %hi
}
)");
  ASSERT_TRUE(gather(K));
  ASSERT_EQ(K.Body.size(), 4u);
  EXPECT_EQ(printExpr(K.Body[0]->Value), "(a[1] + ((0 + a[-1]) - a[0]))");
  EXPECT_EQ(printExpr(K.Body[1]->Value), "max(a[0], max(a[-1], a[-1]))");
  EXPECT_FALSE(gather(K)) << "a second run has nothing to gather";
}

TEST(GatherChains, StopsWhereTheLocalIsReadOrATermCouldChange) {
  Kernel K = parseKernel(R"(kernel k rank 1
  param in i32[1] a
  param inout i32[1] b
  param out i32[1] t
{
  let %w: i32 = a[0]
  let %n: i32 = 0
  %n = (%n + a[1])
  %w = (%w + 1)
  %n = (%n + %w)
  %n = (%n + b[0])
  %n = (%n + a[2])
  store t = %n
  let %m: i32 = 0
  %m = (%m + a[1])
  store t = %m
  %m = (%m + a[2])
  store b = %m
}
)");
  // %w's own update moves into its `let` first: %w then never changes, so
  // %n's a[1] and %w move (the `let`s are gathered in order, each seeing
  // the body as the ones before left it); b is stored, so its update stays
  // and ends the chain: a[2] stays after it. %m: the store reads it, so
  // a[2] stays after it.
  ASSERT_TRUE(gather(K));
  std::string IR;
  for (const StmtPtr &S : K.Body)
    IR += printExpr(S->Value) + "\n";
  EXPECT_EQ(IR, "(a[0] + 1)\n((0 + a[1]) + %w)\n(%n + b[0])\n"
                "(%n + a[2])\n%n\n(0 + a[1])\n%m\n(%m + a[2])\n%m\n");
}

TEST(GatherChains, FloatingPointLocalsKeepTheirStatements) {
  Kernel K = parseKernel(R"(kernel f rank 1
  param in f32[1] a
  param out f32[1] t
{
  let %s: f32 = 0.0f
  %s = (%s + a[-1])
  %s = (%s + a[1])
  store t = %s
}
)");
  EXPECT_FALSE(gather(K));
  EXPECT_EQ(K.Body.size(), 4u);
}

TEST(Chains, FlattenReadsSignedTermsOfOneOperation) {
  Kernel K = parseKernel(R"(kernel c rank 2
  param in i32[2] g
  param out i32[2] t
{
  store t = ((g[0, 1] - (g[0, -1] + g[1, 0])) + -g[-1, 0])
}
)");
  const std::optional<Chain> C = flattenChain(K.Body[0]->Value);
  ASSERT_TRUE(C);
  ASSERT_EQ(C->Terms.size(), 4u);
  std::string Terms;
  for (const ChainTerm &T : C->Terms)
    Terms += (T.Negated ? "-" : "+") + printExpr(T.Value) + " ";
  EXPECT_EQ(Terms, "+g[0, 1] -g[0, -1] -g[1, 0] -g[-1, 0] ");
  EXPECT_EQ(termKey(C->Terms[0].Value, {2, -1}, 3), "g[2,0]");
}

TEST(Chains, FloatsAndShortChainsAreNotChains) {
  Kernel K = parseKernel(R"(kernel c rank 1
  param in f64[1] x
  param in i32[1] n
  param out f64[1] t
{
  store t = ((x[-1] + x[0]) + x[1])
  store t = f64((n[0] + n[1]))
}
)");
  EXPECT_FALSE(flattenChain(K.Body[0]->Value));
  EXPECT_FALSE(flattenChain(as<Cast>(K.Body[1]->Value)->Value));
}

/// The keys of a window of Width terms (offsets Lo ..) at each of Lanes
/// lanes one column apart.
std::vector<std::vector<std::string>>
window(int Lo, int Width, int Lanes, std::vector<std::vector<int>> &Coords) {
  std::vector<std::vector<std::string>> Keys;
  for (int L = 0; L < Lanes; ++L) {
    Coords.push_back({L});
    Keys.emplace_back();
    for (int O = Lo; O < Lo + Width; ++O)
      Keys.back().push_back("a[" + std::to_string(O + L) + "]");
  }
  return Keys;
}

TEST(Chains, AWindowSharesItsCoreBetweenAdjacentLanes) {
  std::vector<std::vector<int>> Two, Four;
  SharePlan P2 = planSharing(window(-4, 9, 2, Two), Two, false);
  EXPECT_EQ(P2.PlainOperations, 16);
  EXPECT_EQ(P2.Operations, 7 + 1 + 1); // 8 in common, one more each
  SharePlan P4 = planSharing(window(-4, 9, 4, Four), Four, false);
  EXPECT_EQ(P4.PlainOperations, 32);
  EXPECT_EQ(P4.Operations, 5 + 2 + 2 + 4); // 6 common, 2 a pair, 1 a lane
  // Every lane's node chain holds exactly its own terms.
  for (int L = 0; L < 4; ++L) {
    std::vector<std::string> Got;
    for (int N = P4.LaneNode[size_t(L)]; N >= 0; N = P4.Nodes[size_t(N)].Parent)
      for (int T : P4.Nodes[size_t(N)].Terms) {
        std::vector<std::vector<int>> C;
        Got.push_back(
            window(-4, 9, 4, C)[size_t(P4.Nodes[size_t(N)].Lane)][size_t(T)]);
      }
    std::sort(Got.begin(), Got.end());
    std::vector<std::vector<int>> C;
    std::vector<std::string> Want = window(-4, 9, 4, C)[size_t(L)];
    std::sort(Want.begin(), Want.end());
    EXPECT_EQ(Got, Want) << "lane " << L;
  }
}

TEST(Chains, ABoxSharesAcrossRowsAndColumns) {
  // density49: a 7 x 7 box at 4 rows x 4 columns of lanes.
  std::vector<std::vector<std::string>> Keys;
  std::vector<std::vector<int>> Coords;
  for (int R = 0; R < 4; ++R)
    for (int C = 0; C < 4; ++C) {
      Coords.push_back({R, C});
      Keys.emplace_back();
      for (int I = -3; I <= 3; ++I)
        for (int J = -3; J <= 3; ++J)
          Keys.back().push_back(std::to_string(I + R) + "," +
                                std::to_string(J + C));
    }
  const SharePlan P = planSharing(Keys, Coords, false);
  EXPECT_EQ(P.PlainOperations, 16 * 48);
  EXPECT_LE(P.Operations, 240); // 3.2x fewer
}

TEST(Chains, RepeatedTermsCountOnceForMinAndMax) {
  std::vector<std::vector<int>> Coords{{0}, {1}};
  // hi = max(a[-1], a[-1], a[0], a[1]) at two lanes.
  const std::vector<std::vector<std::string>> Keys{
      {"a[-1]", "a[-1]", "a[0]", "a[1]"}, {"a[0]", "a[0]", "a[1]", "a[2]"}};
  const SharePlan Max = planSharing(Keys, Coords, true);
  EXPECT_EQ(Max.Operations, 1 + 1 + 1);
  const SharePlan Sum = planSharing(Keys, Coords, false);
  EXPECT_EQ(Sum.Operations, 1 + 2 + 2) << "a sum counts a[-1] twice";
}

TEST(Chains, LanesWithoutCommonTermsShareNothing) {
  std::vector<std::vector<int>> Coords{{0}, {1}, {2}};
  const std::vector<std::vector<std::string>> Keys{
      {"a", "b", "c"}, {"d", "e", "f"}, {"g", "h", "i"}};
  const SharePlan P = planSharing(Keys, Coords, false);
  EXPECT_EQ(P.Operations, P.PlainOperations);
}

} // namespace
