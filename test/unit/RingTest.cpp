//===- RingTest.cpp - register rings: phases, carried locals, the choice --===//
//
// ir::planRing on kernels read from the textual IR: which plane each
// statement waits for, which locals pass from lane to lane, and why a body
// has no ring; tile's choice between a ring and its jam. What the rings
// compute is test/gpu/exactness's (jam3, ring3); what they print is
// test/lit/passes/tile/ring.cpp's.
//
//===----------------------------------------------------------------------===//
#include "ParseKernel.h"
#include "codegen/IRParser.h"
#include "codegen/Ring.h"
#include "codegen/passes/Tile.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

using namespace stencilc;
using namespace stencilc::ir;

namespace {

using stencilc::test::parseKernel;

/// A (2R + 1)^3 box of u (Elem) summed plane by plane into v, in the IR.
std::string boxSum(const std::string &Name, int R, const std::string &Elem) {
  std::string Text = "kernel " + Name + " rank 3\n  param in " + Elem +
                     "[3] u\n  param out " + Elem +
                     "[3] v\n{\n  let %acc: " + Elem + " = " +
                     (Elem == "f32" ? "0.0f" : "0.0") + "\n";
  for (int I = -R; I <= R; ++I)
    for (int J = -R; J <= R; ++J)
      for (int L = -R; L <= R; ++L)
        Text += "  %acc = (%acc + u[" + std::to_string(I) + ", " +
                std::to_string(J) + ", " + std::to_string(L) + "])\n";
  return Text + "  store v = %acc\n}\n";
}

/// A 3 x 3 x 3 box of u summed plane by plane, w = acc * c() after it.
const char *Box = R"(kernel k rank 3
  param in f64[3] u
  param in f64[3] c
  param out f64[3] v
{
  let %acc: f64 = 0.0
  %acc = ((%acc + u[-1, -1, 0]) + u[-1, 1, 0])
  %acc = (%acc + u[0, 0, -1])
  let %mid: f64 = u[0, 0, 1]
  %acc = (%acc + (u[1, 0, 0] * %mid))
  let %w: f64 = (%acc * c[0, 0, 0])
  store v = %w
}
)";

TEST(Ring, PhasesFollowTheFurthestPlaneAndNeverGoBack) {
  const Kernel K = parseKernel(Box);
  std::string Why;
  const std::optional<RingPlan> Plan = planRing(K, 0, &Why);
  ASSERT_TRUE(Plan) << Why;
  EXPECT_EQ(Plan->Lo, -1);
  EXPECT_EQ(Plan->Hi, 1);
  EXPECT_EQ(Plan->lanes(), 3);
  // The let before any read joins the first phase; w reads c at plane 0
  // but runs after the plane-1 statement, in phase 1.
  EXPECT_EQ(Plan->Phase, (std::vector<int>{-1, -1, 0, 0, 1, 1, 1}));
  // acc lives through all phases, mid from phase 0 to 1; w stays in one.
  ASSERT_EQ(Plan->Carried.size(), 2u);
  EXPECT_EQ(Plan->Carried[0].first, "acc");
  EXPECT_EQ(Plan->Carried[1].first, "mid");
  EXPECT_EQ(Plan->Carried[1].second, Type::Float64);
  // Shared: (-1,0) (1,0) (0,-1) (0,1) (0,0) of u in plane; c[0,0,0] is read
  // a plane behind its phase, each lane's own.
  EXPECT_EQ(ringLoadsPerPoint(K, *Plan, 0), 6.0);
  // Along dimension 2 the statements read planes 0, -1, 1, 0, 0: a phase
  // never goes back, so u[0, 0, -1] is read in phase 0 and u[1, 0, 0] and c
  // in phase 1, each lane's own (3), besides the 3 shared elements.
  const std::optional<RingPlan> Across = planRing(K, 2);
  ASSERT_TRUE(Across);
  EXPECT_EQ(Across->Phase, (std::vector<int>{0, 0, 0, 1, 1, 1, 1}));
  EXPECT_EQ(ringLoadsPerPoint(K, *Across, 2), 6.0);
}

TEST(Ring, NoRingWithoutTwoPhasesOrWithInOutGrids) {
  std::string Why;
  EXPECT_FALSE(planRing(parseKernel(R"(kernel k rank 3
  param in f32[3] u
  param out f32[3] v
{
  store v = (u[-1, 0, 0] + u[1, 0, 0])
}
)"),
                        0, &Why));
  EXPECT_EQ(Why, "every statement runs in the same phase");
  EXPECT_FALSE(planRing(parseKernel(R"(kernel k rank 3
  param in f32[3] u
  param inout f32[3] w
{
  let %a: f32 = u[-1, 0, 0]
  store w = (w[0, 0, 0] + (%a + u[1, 0, 0]))
}
)"),
                        0, &Why));
  EXPECT_EQ(Why, "it has inout 'w'");
  EXPECT_FALSE(planRing(parseKernel(R"(kernel k rank 2
  param out f32[2] v
{
  store v = 1.0f
}
)"),
                        0, &Why));
  EXPECT_EQ(Why, "it reads no grid");
  EXPECT_FALSE(planRing(parseKernel(Box), -1, &Why));
}

TEST(Ring, TileTakesARingWhereArithmeticBoundsABox) {
  Kernel K = parseKernel(Box);
  Schedule S;
  S.StreamDim = 0;
  S.PointsPerThread = 8;
  // 7 In elements a point alone: bound by DRAM, neither jam nor ring.
  EXPECT_FALSE(chooseRing(K, S, 4));
  // A 5 x 5 x 5 box summed plane by plane: 25 loads a point against the
  // jam's 50 (box125 3.69x its floor jammed).
  Kernel B = parseKernel(boxSum("b", 2, "f32"));
  EXPECT_EQ(ringLoadsPerPoint(B, *planRing(B, 0), 0), 25.0);
  EXPECT_EQ(jamLoadsPerPoint(B, 0, 4), 50.0);
  EXPECT_TRUE(chooseRing(B, S, 4));
  // The same box of doubles: 125 adds for 16 bytes a point, nearer DRAM's
  // bound, where the jam's loads in flight win (smooth27 lost 12-19% as a
  // ring).
  EXPECT_FALSE(chooseRing(parseKernel(boxSum("d", 2, "f64")), S, 4));
  // A 9 x 9 x 9 box: its plane, 81 floats, would not fit the registers a
  // step may load into (40 words).
  const Kernel W = parseKernel(boxSum("w", 4, "f32"));
  EXPECT_EQ(ringLoadsPerPoint(W, *planRing(W, 0), 0), 81.0);
  EXPECT_FALSE(chooseRing(W, S, 4));
  // Not along dimension 2 (its planes alternate in the sum's order), nor
  // in rank 2, where the jam takes vectors too.
  Schedule Across = S;
  Across.StreamDim = 2;
  EXPECT_FALSE(chooseRing(B, Across, 4));
  Kernel R2 = parseKernel(R"(kernel r rank 2
  param in f32[2] u
  param out f32[2] v
{
  let %acc: f32 = 0.0f
  %acc = (((%acc + u[-2, -2]) + u[-2, 0]) + u[-2, 2])
  %acc = (((%acc + u[-1, -2]) + u[-1, 0]) + u[-1, 2])
  %acc = (((%acc + u[0, -2]) + u[0, 0]) + u[0, 2])
  %acc = (((%acc + u[1, -2]) + u[1, 0]) + u[1, 2])
  %acc = (((%acc + u[2, -2]) + u[2, 0]) + u[2, 2])
  store v = %acc
}
)");
  EXPECT_TRUE(planRing(R2, 0));
  EXPECT_FALSE(chooseRing(R2, S, 4));
}

} // namespace
