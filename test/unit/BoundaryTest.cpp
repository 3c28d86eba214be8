//===- BoundaryTest.cpp - boundary rules: the index mapping and the reference
//===//
//
// The mapping of each rule (stencil/boundary.hpp) against the table in
// docs/dsl.md#boundary-conditions, written out point by point (scipy.ndimage's
// modes wrap, nearest, reflect, mirror for the same extents), offsets larger
// than the grid and extents 1 and 2 included; and the CPU reference running
// kernels whose grids have rules: the domain, the values at the edges,
// per-dimension rules and constants.
//
//===----------------------------------------------------------------------===//
#include "codegen/Footprint.h"
#include "codegen/IRParser.h"
#include "codegen/IRPrinter.h"
#include "codegen/Verifier.h"
#include "dsl/stencil/stencil.hpp"

#include <gtest/gtest.h>

#include <vector>

using namespace stencil;

namespace {

/// The coordinates rule E gives to P = First, First + 1, ... in extent N.
std::vector<int64_t> mapped(Edge E, int64_t N, int64_t First, int Count) {
  std::vector<int64_t> V;
  for (int64_t P = First; P < First + Count; ++P)
    V.push_back(detail::mapCoordinate<int64_t>(E, P, N));
  return V;
}

using V = std::vector<int64_t>;

// P = -6 .. 9 over a grid of extent 4 (a b c d = 0 1 2 3).
TEST(BoundaryMapping, PeriodicWraps) {
  EXPECT_EQ(mapped(Edge::Periodic, 4, -6, 16),
            (V{2, 3, 0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3, 0, 1}));
}

TEST(BoundaryMapping, ClampRepeatsTheEdge) {
  EXPECT_EQ(mapped(Edge::Clamp, 4, -6, 16),
            (V{0, 0, 0, 0, 0, 0, 0, 1, 2, 3, 3, 3, 3, 3, 3, 3}));
}

TEST(BoundaryMapping, ReflectRepeatsTheEdge) {
  // scipy 'reflect': (d c b a | a b c d | d c b a)
  EXPECT_EQ(mapped(Edge::Reflect, 4, -6, 16),
            (V{2, 3, 3, 2, 1, 0, 0, 1, 2, 3, 3, 2, 1, 0, 0, 1}));
}

TEST(BoundaryMapping, MirrorAboutTheEdge) {
  // scipy 'mirror': (d c b | a b c d | c b a)
  EXPECT_EQ(mapped(Edge::Mirror, 4, -6, 16),
            (V{0, 1, 2, 3, 2, 1, 0, 1, 2, 3, 2, 1, 0, 1, 2, 3}));
}

TEST(BoundaryMapping, ConstantClampsItsIndex) {
  EXPECT_EQ(mapped(Edge::Constant, 4, -2, 8), (V{0, 0, 0, 1, 2, 3, 3, 3}));
  EXPECT_FALSE(detail::insideExtent<int64_t>(-1, 4));
  EXPECT_TRUE(detail::insideExtent<int64_t>(3, 4));
  EXPECT_FALSE(detail::insideExtent<int64_t>(4, 4));
}

TEST(BoundaryMapping, ExtentsOneAndTwo) {
  for (Edge E : {Edge::Periodic, Edge::Clamp, Edge::Reflect, Edge::Mirror})
    EXPECT_EQ(mapped(E, 1, -3, 7), (V{0, 0, 0, 0, 0, 0, 0})) << int(E);
  EXPECT_EQ(mapped(Edge::Periodic, 2, -3, 7), (V{1, 0, 1, 0, 1, 0, 1}));
  EXPECT_EQ(mapped(Edge::Reflect, 2, -3, 7), (V{1, 1, 0, 0, 1, 1, 0}));
  EXPECT_EQ(mapped(Edge::Mirror, 2, -3, 7), (V{1, 0, 1, 0, 1, 0, 1}));
}

TEST(BoundaryMapping, Int32AgreesWithInt64) {
  for (Edge E : {Edge::Periodic, Edge::Clamp, Edge::Reflect, Edge::Mirror,
                 Edge::Constant})
    for (int N = 1; N < 7; ++N)
      for (int P = -20; P < 20; ++P)
        EXPECT_EQ(detail::mapCoordinate<int>(E, P, N),
                  detail::mapCoordinate<int64_t>(E, P, N));
}

//--- the reference ----------------------------------------------------------

STENCIL_KERNEL void periodicSum(In<int, 1, Periodic> a, Out<int, 1> u) {
  u() = a(-1) * 100 + a() * 10 + a(1);
}

STENCIL_KERNEL void mixed(In<int, 2, Boundary<Constant<-1>, Interior>> a,
                          Out<int, 2> u) {
  u() = a(-1, 0) + a(1, 1) * 1000;
}

STENCIL_KERNEL void farReads(In<int, 1, Reflect> a, In<int, 1, Mirror> b,
                             In<int, 1, Clamp> c, Out<int, 1> u) {
  u() = a(-7) * 100 + b(5) * 10 + c(9);
}

STENCIL_KERNEL void corners(In<int, 2, Boundary<Constant<7>, Constant<9>>> a,
                            Out<int, 2> u) {
  u() = a(-1, -1) * 10 + a(0, 1);
}

TEST(BoundaryReference, PeriodicRunsOverEveryPoint) {
  HostGrid<int, 1> A({5}), U({5}, -99);
  for (int I = 0; I < 5; ++I)
    A(I) = I + 1;
  reference(periodicSum, A, U);
  EXPECT_EQ(U(0), 512);
  EXPECT_EQ(U(2), 234);
  EXPECT_EQ(U(4), 451);
}

TEST(BoundaryReference, InteriorDimensionsStillShrinkTheDomain) {
  HostGrid<int, 2> A({3, 4}), U({3, 4}, -99);
  for (int I = 0; I < 3; ++I)
    for (int J = 0; J < 4; ++J)
      A(I, J) = I * 10 + J;
  reference(mixed, A, U);
  // Dimension 0 has a rule: every row. Dimension 1 none: columns 0..2.
  EXPECT_EQ(U(0, 0), -1 + 11 * 1000);
  EXPECT_EQ(U(1, 2), 2 + 23 * 1000);
  EXPECT_EQ(U(2, 1), 11 + -1 * 1000);
  for (int I = 0; I < 3; ++I)
    EXPECT_EQ(U(I, 3), -99);
}

TEST(BoundaryReference, OffsetsLargerThanTheGrid) {
  HostGrid<int, 1> A({3}), U({3});
  for (int I = 0; I < 3; ++I)
    A(I) = I;
  reference(farReads, A, A, A, U);
  // (a b c): reflect ... a | c b a | a b c, mirror a b c | b a b c.
  // Point 0: reflect(-7, 3) = 0, mirror(5, 3) = 1, clamp(9) = 2.
  EXPECT_EQ(U(0), 0 + 10 + 2);
  // Point 2: reflect(-5, 3) = 1, mirror(7, 3) = 1, clamp(11) = 2.
  EXPECT_EQ(U(2), 100 + 10 + 2);
}

TEST(BoundaryReference, OutermostConstantWins) {
  HostGrid<int, 2> A({2, 2}, 1), U({2, 2});
  reference(corners, A, U);
  EXPECT_EQ(U(0, 0), 70 + 1); // (-1, -1): dimension 0's value
  EXPECT_EQ(U(0, 1), 70 + 9); // (-1, 0) and (0, 2)
  EXPECT_EQ(U(1, 1), 10 + 9); // (0, 0) inside, (1, 2) outside dim 1
  EXPECT_EQ(U(1, 0), 90 + 1); // (0, -1): dimension 1's value
}

TEST(BoundaryReference, RegionWithRules) {
  HostGrid<int, 1> A({5}), U({5}, -99);
  for (int I = 0; I < 5; ++I)
    A(I) = I + 1;
  Region<1> Box;
  Box.Lo = {3};
  Box.Hi = {5};
  reference(Box, periodicSum, A, U);
  EXPECT_EQ(U(2), -99);
  EXPECT_EQ(U(4), 451);
}

//--- the IR -------------------------------------------------------------------

namespace ir = stencilc::ir;

/// heat: u periodic along both dimensions, read at +-1.
ir::Kernel ruledKernel() {
  ir::Kernel K;
  K.Name = "heat";
  K.Rank = 2;
  ir::Param U{ir::ParamKind::In, "u", ir::Type::Float64,
              ir::Type::Float64, 2,   {}};
  U.Boundary = {{ir::EdgeRule::Periodic, 0}, {ir::EdgeRule::Constant, -3}};
  ir::Param V{ir::ParamKind::Out, "v", ir::Type::Float64,
              ir::Type::Float64,  2,   {}};
  K.Params = {U, V};
  K.Body.push_back(ir::Stmt::store(
      "v",
      ir::Binary::make(ir::BinaryOp::Add,
                       ir::GridRead::make("u", {-1, 0}, ir::Type::Float64),
                       ir::GridRead::make("u", {0, 2}, ir::Type::Float64))));
  K.Foot = ir::computeFootprint(K);
  return K;
}

std::string verify(const ir::Kernel &K) {
  std::string All;
  for (const std::string &E : ir::verifyKernel(K))
    All += E + "\n";
  return All;
}

TEST(BoundaryIR, FootprintKeepsRuledReadsOutOfTheDomain) {
  ir::Kernel K = ruledKernel();
  EXPECT_EQ(K.Foot.Lo, (std::array<int, 3>{1, 0, 0}));
  EXPECT_EQ(K.Foot.Hi, (std::array<int, 3>{0, 2, 0}));
  EXPECT_EQ(K.Foot.DomainLo, (std::array<int, 3>{0, 0, 0}));
  EXPECT_EQ(K.Foot.DomainHi, (std::array<int, 3>{0, 0, 0}));
  EXPECT_EQ(verify(K), "");
}

TEST(BoundaryIR, PrintsAndParsesBack) {
  ir::Module M;
  M.Kernels.push_back(ruledKernel());
  const std::string Text = ir::printModule(M);
  EXPECT_NE(Text.find("param in f64[2] u boundary (periodic, constant -3)"),
            std::string::npos);
  EXPECT_NE(Text.find("domain boundary lo (0, 0) hi (0, 0) interior lo (1, 0) "
                      "hi (0, 2)"),
            std::string::npos);
  ir::ParseError Err;
  std::optional<ir::Module> Back = ir::parseModule(Text, Err);
  ASSERT_TRUE(Back) << Err.Message;
  EXPECT_EQ(ir::printModule(*Back), Text);
}

TEST(BoundaryIR, VerifierRefusesBadRules) {
  ir::Kernel K = ruledKernel();
  K.Params[1].Boundary = {{ir::EdgeRule::Clamp, 0}, {ir::EdgeRule::Clamp, 0}};
  EXPECT_NE(verify(K).find("boundary rule on out grid 'v'"), std::string::npos);
  K = ruledKernel();
  K.Params[0].Boundary.pop_back();
  EXPECT_NE(verify(K).find("grid 'u' of rank 2 has 1 boundary rules"),
            std::string::npos);
  K = ruledKernel();
  K.Params[0].Boundary[1].Value = int64_t(1) << 40;
  K.Params[0].Elem = ir::Type::Int32;
  EXPECT_NE(verify(K).find("boundary constant 1099511627776 of grid 'u' is "
                           "not a value of type i32"),
            std::string::npos);
}

} // namespace
