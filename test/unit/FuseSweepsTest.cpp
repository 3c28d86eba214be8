//===- FuseSweepsTest.cpp - fuse-sweeps: which kernels, which state
//--------===//
//
// The pass's candidate rules on kernels read from the textual IR, the
// verifier's check of a recorded fusion, and the IR round trip of the
// `fuse` line. The runtime's ping-pong bookkeeping is SweepsTest.cpp's; what
// the fused kernels compute is test/gpu/fused's.
//
//===----------------------------------------------------------------------===//
#include "ParseKernel.h"
#include "codegen/IRParser.h"
#include "codegen/IRPrinter.h"
#include "codegen/IRVisitor.h"
#include "codegen/Verifier.h"
#include "codegen/passes/FuseSweeps.h"

#include <gtest/gtest.h>

#include <array>
#include <string>
#include <vector>

using namespace stencilc;
using namespace stencilc::ir;

namespace {

using stencilc::test::parseKernel;

/// Runs the pass; returns its remark ("" when it made none).
std::string runPass(Kernel &K) {
  createFuseSweepsPass()->run(K, PassOptions());
  for (const Remark &R : K.Remarks)
    if (R.Pass == std::string("fuse-sweeps"))
      return R.Message;
  return "";
}

TEST(FuseSweeps, TheStateIsTheGridReadAtTheMostOffsets) {
  Kernel K = parseKernel(R"(kernel k rank 2
  param in f64[2] coef
  param in f64[2] u
  param out f64[2] v
{
  store v = ((u[0, -1] + u[0, 1]) * coef[0, 1])
}
)");
  runPass(K);
  ASSERT_TRUE(K.Fuse.active());
  EXPECT_EQ(K.Fuse.State, "u");
  EXPECT_EQ(K.Fuse.Next, "v");
  EXPECT_EQ(K.Fuse.Depth, 4); // radius 1: 2 * 4 * 1 halo columns of 64
  EXPECT_EQ(K.Fuse.Tile[0], 32);
  EXPECT_EQ(K.Fuse.Tile[1], 64);
  EXPECT_TRUE(verifyKernel(K).empty());
}

TEST(FuseSweeps, DepthLeavesFiftySixOfSixtyFourColumns) {
  // 2 * depth * radius <= 8, depth 2 to 4; the radius along the columns
  // decides (rows only grow the levels).
  struct Case {
    const char *Read;
    int Depth, Columns;
  } Cases[] = {{"u[0, 1]", 4, 56},  {"u[3, 1]", 4, 56}, {"u[0, 2]", 2, 56},
               {"u[0, -3]", 2, 52}, {"u[0, 4]", 2, 48}, {"u[1, 0]", 4, 64}};
  for (const Case &C : Cases) {
    Kernel K = parseKernel(std::string(R"(kernel k rank 2
  param in f64[2] u
  param out f64[2] v
{
  store v = )") + C.Read + "\n}\n");
    runPass(K);
    ASSERT_TRUE(K.Fuse.active()) << C.Read;
    EXPECT_EQ(K.Fuse.Depth, C.Depth) << C.Read;
    EXPECT_EQ(outputColumns(K, K.Fuse, K.Fuse.Depth), C.Columns) << C.Read;
    EXPECT_LE(fusedSmemBytes(K, K.Fuse, K.Fuse.Depth), 80 * 1024) << C.Read;
  }
}

TEST(FuseSweeps, GridsOfAnotherTypeAreNotTheState) {
  Kernel K = parseKernel(R"(kernel k rank 2
  param in f32[2] a
  param in f64[2] u
  param out f64[2] v
{
  store v = (u[0, 0] + f64(a[0, -1]))
}
)");
  runPass(K);
  ASSERT_TRUE(K.Fuse.active());
  EXPECT_EQ(K.Fuse.State, "u");
}

// Stored twice, or in both branches of an if: every path stores, so the
// stores become one of a local at the end (sinkStores) and the kernel fuses;
// the local takes a name no parameter or local has.
TEST(FuseSweeps, StoresOnEveryPathBecomeOneStore) {
  Kernel K = parseKernel(R"(kernel k rank 2
  param in f64[2] u
  param in f64[2] v_next
  param out f64[2] v
{
  store v = u[0, 1]
  if (v_next[0, 0] > 0.0) {
    store v = u[0, -1]
  } else {
    store v = u[1, 0]
  }
}
)");
  runPass(K);
  ASSERT_TRUE(K.Fuse.active());
  ASSERT_EQ(K.Body.size(), 4u);
  EXPECT_EQ(K.Body.front()->Kind, StmtKind::Declare);
  EXPECT_EQ(K.Body.front()->Name, "v_next1");
  EXPECT_EQ(K.Body.back()->Kind, StmtKind::Store);
  int Stores = 0;
  forEachStmt(K.Body,
              [&](const Stmt &S) { Stores += S.Kind == StmtKind::Store; });
  EXPECT_EQ(Stores, 1);
  EXPECT_TRUE(verifyKernel(K).empty());
}

// Where the kernel does not fuse for another reason, its body stays.
TEST(FuseSweeps, StoresStayWhereTheKernelDoesNotFuse) {
  const char *Text = R"(kernel k rank 2
  param in f64[2] u
  param out f64[2] v
{
  if (u[0, 0] > 0.0) {
    store v = u[0, 5]
  } else {
    store v = u[0, -5]
  }
}
)";
  Kernel K = parseKernel(Text);
  const std::string Remark = runPass(K);
  EXPECT_FALSE(K.Fuse.active());
  EXPECT_NE(Remark.find("read more than 4 points away"), std::string::npos)
      << Remark;
  EXPECT_EQ(printKernel(K), printKernel(parseKernel(Text)));
}

TEST(FuseSweeps, RefusesWhatAFusedTileCannotKeepExact) {
  struct Case {
    const char *Body, *Why;
  } Cases[] = {
      {R"(kernel k rank 2
  param in f64[2] u
  param out f64[2] v
{
  if (u[0, 0] > 0.0) {
    store v = u[0, 1]
  }
}
)",
       "not written at every point"},
      {R"(kernel k rank 2
  param in f64[2] u
  param out f64[2] v
{
  store v = u[0, 5]
}
)",
       "read more than 4 points away"},
      {R"(kernel k rank 1
  param in f64[1] u
  param out f64[1] v
{
  store v = u[1]
}
)",
       "rank 1"},
  };
  for (const Case &C : Cases) {
    Kernel K = parseKernel(C.Body);
    const std::string Remark = runPass(K);
    EXPECT_FALSE(K.Fuse.active()) << C.Why;
    EXPECT_NE(Remark.find(C.Why), std::string::npos) << Remark;
  }
}

TEST(FuseSweeps, KernelsThatAreNoSweepStaySilent) {
  // No In grid of the Out grid's type; two Out grids (an initialiser).
  for (const char *Text : {R"(kernel k rank 2
  param in i32[2] a
  param out f64[2] v
{
  store v = f64(a[0, 1])
}
)",
                           R"(kernel k rank 2
  param in f64[2] u
  param out f64[2] v
  param out f64[2] w
{
  store v = u[0, 1]
  store w = u[0, 0]
}
)"}) {
    Kernel K = parseKernel(Text);
    EXPECT_EQ(runPass(K), "");
    EXPECT_FALSE(K.Fuse.active());
  }
}

TEST(FuseSweeps, TheFuseLineReadsBackAndIsVerified) {
  const std::string Text = R"(kernel k rank 2
  param in f64[2] u
  param out f64[2] v
  fuse state u next v depth 3 tile (16, 128)
{
  store v = u[1, 0]
}
)";
  Kernel K = parseKernel(Text);
  EXPECT_EQ(K.Fuse.Depth, 3);
  EXPECT_EQ(K.Fuse.Tile[1], 128);
  EXPECT_NE(printKernel(K).find("fuse state u next v depth 3 tile (16, 128)"),
            std::string::npos);
  EXPECT_TRUE(verifyKernel(K).empty());
  // A fusion the emitter could not lower is the verifier's error.
  Kernel Bad = parseKernel(R"(kernel k rank 2
  param in f64[2] u
  param out f64[2] v
  fuse state v next u depth 2 tile (32, 64)
{
  store v = u[1, 0]
}
)");
  const std::vector<std::string> Errors = verifyKernel(Bad);
  ASSERT_FALSE(Errors.empty());
  EXPECT_NE(Errors.front().find("is not an In grid"), std::string::npos)
      << Errors.front();
}

TEST(FuseSweeps, RankThreeStreamsPlanesAndCarriesCentreReads) {
  // k and m are read only at the centre and of the state's type: carried
  // from step to step; w is read at an offset, d is of another type.
  Kernel K = parseKernel(R"(kernel k rank 3
  param in f32[3] p
  param in f32[3] k
  param in f32[3] m
  param in f32[3] w
  param in f64[3] d
  param out f32[3] q
{
  store q = ((((p[-1, 0, 0] + p[1, 0, 0]) + p[0, 1, -1]) * k[0, 0, 0]) + ((m[0, 0, 0] + w[0, 0, 1]) + f32(d[0, 0, 0])))
}
)");
  const std::string Remark = runPass(K);
  ASSERT_TRUE(K.Fuse.active()) << Remark;
  EXPECT_EQ(K.Fuse.State, "p");
  EXPECT_EQ(K.Fuse.Depth, 2);
  EXPECT_EQ(K.Fuse.Tile, (std::array<int, 3>{32, 4, 32}));
  EXPECT_EQ(carriedGrids(K, K.Fuse), (std::vector<std::string>{"k", "m"}));
  // Depth 2: two levels of 3 planes of 8 x 32 floats, and one step's two
  // planes of 4 x 32 per carried grid.
  EXPECT_TRUE(carriesAt(K, K.Fuse, 2));
  EXPECT_EQ(fusedSmemBytes(K, K.Fuse, 2),
            2 * 3 * 8 * 32 * 4 + 2 * 2 * 4 * 32 * 4);
  EXPECT_FALSE(carriesAt(K, K.Fuse, 1)); // one step hands nothing on
  EXPECT_EQ(fusedSmemBytes(K, K.Fuse, 1), 1 * 3 * 6 * 32 * 4);
  EXPECT_EQ(outputColumns(K, K.Fuse, 2), 28);
  EXPECT_NE(Remark.find("{k, m} read once per launch"), std::string::npos)
      << Remark;
  EXPECT_TRUE(verifyKernel(K).empty());
  // The fuse line of rank 3 reads back.
  EXPECT_NE(printKernel(K).find("fuse state p next q depth 2 tile (32, 4, 32)"),
            std::string::npos);
}

TEST(FuseSweeps, RankThreeCarriesNothingAtRadiusTwoAlongThePlanes) {
  // A step's plane is then two iterations behind the step before it.
  Kernel K = parseKernel(R"(kernel k rank 3
  param in f32[3] p
  param in f32[3] k
  param out f32[3] q
{
  store q = ((p[-2, 0, 0] + p[2, 0, 0]) * k[0, 0, 0])
}
)");
  runPass(K);
  ASSERT_TRUE(K.Fuse.active());
  EXPECT_TRUE(carriedGrids(K, K.Fuse).empty());
  EXPECT_FALSE(carriesAt(K, K.Fuse, 2));
  // Two levels of 5 planes of 4 rows (no halo along the rows) by 32.
  EXPECT_EQ(fusedSmemBytes(K, K.Fuse, 2), 2 * 5 * 4 * 32 * 4);
}

} // namespace
