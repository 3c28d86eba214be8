//===- PruneBoundaryTest.cpp - prune-boundary: which rules go, and that the
// domain stays ---------------------------------------------------------===//
//
// The pass on kernels read from the textual IR: a rule goes along each
// dimension where its grid is read at offset 0 only, and nowhere else; the
// domain (Footprint::DomainLo/DomainHi) and the interior are the same
// before and after on every combination of rules and offsets of a small
// family; and a sweep left without rules is fused by the pipeline. What the
// kernels compute with and without the rules is the differential tester's
// (docs/difftest.md) and test/gpu/boundary's.
//
//===----------------------------------------------------------------------===//
#include "ParseKernel.h"
#include "codegen/Footprint.h"
#include "codegen/Pipeline.h"
#include "codegen/Verifier.h"
#include "codegen/passes/PruneBoundary.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

using namespace stencilc;
using namespace stencilc::ir;

namespace {

using stencilc::test::parseKernel;

bool runPass(Kernel &K) {
  K.Foot = computeFootprint(K);
  const bool Changed = createPruneBoundaryPass()->run(K, PassOptions());
  K.Foot = computeFootprint(K);
  return Changed;
}

std::vector<EdgeRule> rulesOf(const Kernel &K, const std::string &Grid) {
  std::vector<EdgeRule> Out;
  const Param *P = K.findParam(Grid);
  for (int D = 0; P && D < K.Rank; ++D)
    Out.push_back(P->ruleOf(D));
  return Out;
}

TEST(PruneBoundary, DropsRulesAlongDimensionsReadAtOffsetZeroOnly) {
  Kernel K = parseKernel(R"(kernel k rank 3
  param in f32[3] u boundary (periodic, clamp, reflect)
  param in f32[3] c boundary (constant 7, mirror, interior)
  param in f32[3] never boundary (clamp, clamp, clamp)
  param out f32[3] v
{
  store v = ((u[0, 1, 0] + u[0, -1, 0]) * c[0, 0, 0])
}
)");
  EXPECT_TRUE(runPass(K));
  EXPECT_EQ(rulesOf(K, "u"),
            (std::vector<EdgeRule>{EdgeRule::Interior, EdgeRule::Clamp,
                                   EdgeRule::Interior}));
  EXPECT_TRUE(K.findParam("c")->Boundary.empty());
  EXPECT_TRUE(K.findParam("never")->Boundary.empty());
  EXPECT_TRUE(K.hasBoundary());
  EXPECT_TRUE(verifyKernel(K).empty());
  // Nothing more to drop.
  EXPECT_FALSE(runPass(K));
}

TEST(PruneBoundary, KeepsEveryRuleThatAReadCanApply) {
  Kernel K = parseKernel(R"(kernel k rank 2
  param in f64[2] u boundary (periodic, constant 1)
  param out f64[2] v
{
  store v = (u[-1, 0] + u[0, 2])
}
)");
  EXPECT_FALSE(runPass(K));
  EXPECT_EQ(rulesOf(K, "u"),
            (std::vector<EdgeRule>{EdgeRule::Periodic, EdgeRule::Constant}));
  EXPECT_TRUE(K.Remarks.empty());
}

// Every rule (interior or periodic per dimension) of two grids, each read at
// one of a few offsets: the domain and the interior are those of the rules
// as written.
TEST(PruneBoundary, TheDomainStays) {
  const char *Offsets[] = {"0, 0", "0, 1", "-2, 0", "1, -1"};
  const char *Rules[] = {"interior", "periodic", "clamp"};
  int Cases = 0;
  for (const char *OA : Offsets)
    for (const char *OB : Offsets)
      for (const char *A0 : Rules)
        for (const char *A1 : Rules)
          for (const char *B0 : Rules)
            for (const char *B1 : Rules) {
              auto Rule = [](const char *R0, const char *R1) {
                const std::string S0 = R0, S1 = R1;
                return S0 == "interior" && S1 == "interior"
                           ? std::string()
                           : " boundary (" + S0 + ", " + S1 + ")";
              };
              Kernel K = parseKernel(
                  std::string("kernel k rank 2\n  param in f64[2] a") +
                  Rule(A0, A1) + "\n  param in f64[2] b" + Rule(B0, B1) +
                  "\n  param out f64[2] v\n{\n  store v = (a[" + OA + "] + b[" +
                  OB + "])\n}\n");
              K.Foot = computeFootprint(K);
              const Footprint Before = K.Foot;
              runPass(K);
              EXPECT_EQ(K.Foot.DomainLo, Before.DomainLo) << OA << " " << OB;
              EXPECT_EQ(K.Foot.DomainHi, Before.DomainHi) << OA << " " << OB;
              EXPECT_EQ(K.Foot.Lo, Before.Lo);
              EXPECT_EQ(K.Foot.Hi, Before.Hi);
              EXPECT_TRUE(verifyKernel(K).empty());
              ++Cases;
            }
  EXPECT_EQ(Cases, 4 * 4 * 81);
}

TEST(PruneBoundary, ASweepLeftWithoutRulesIsFused) {
  const char *Text = R"(kernel relax rank 2
  param in f64[2] u
  param in f64[2] rhs boundary (periodic, periodic)
  param out f64[2] v
{
  store v = (0.25 * ((((u[0, -1] + u[0, 1]) + u[-1, 0]) + u[1, 0]) - rhs[0, 0]))
}
)";
  Module M;
  M.Kernels.push_back(parseKernel(Text));
  runPipeline(M, PipelineOptions(), nullptr);
  EXPECT_FALSE(M.Kernels[0].hasBoundary());
  EXPECT_TRUE(M.Kernels[0].Fuse.active());

  Module Off;
  Off.Kernels.push_back(parseKernel(Text));
  PipelineOptions NoPrune;
  NoPrune.Disabled.insert("prune-boundary");
  runPipeline(Off, NoPrune, nullptr);
  EXPECT_TRUE(Off.Kernels[0].hasBoundary());
  EXPECT_FALSE(Off.Kernels[0].Fuse.active());
}

} // namespace
