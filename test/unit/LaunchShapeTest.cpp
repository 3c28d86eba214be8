//===- LaunchShapeTest.cpp - the launcher's grid and vector choices
//--------===//
//
// stencil/detail/launch.hpp against the fake CUDA runtime (132 SMs, 2048
// threads each): the grid of a vectorised kernel, the alignment that lets a
// launch take the vector instance, and the size below which it does not.
//
//===----------------------------------------------------------------------===//
#include "fake_cuda/cuda_runtime.h"

#include <stencil/detail/launch.hpp>

#include <gtest/gtest.h>

#include <array>
#include <cstdint>

using namespace stencil;
using namespace stencil::detail;

namespace {

Domain<2> interior(int64_t Rows, int64_t Cols, int64_t Halo) {
  Domain<2> D{};
  D.Lo[0] = D.Lo[1] = Halo;
  D.Hi[0] = Rows - Halo;
  D.Hi[1] = Cols - Halo;
  D.Stride[0] = Cols;
  D.Stride[1] = 1;
  return D;
}

TEST(LaunchShape, VectorsNarrowTheGridAlongX) {
  const Domain<2> D = interior(1026, 8194, 1); // 1024 x 8192 points
  const dim3 One = gridShape<2>(D, dim3(128, 2, 1), 4, 0);
  const dim3 Four = gridShape<2>(D, dim3(128, 2, 1), 4, 0, 4);
  EXPECT_EQ(One.x, 64u);
  EXPECT_EQ(Four.x, 16u);
  EXPECT_EQ(Four.y, One.y) << "rows are not vectorised";
  // Rank 1: points per thread and the vector both along dimension 0.
  Domain<1> L{};
  L.Lo[0] = 0;
  L.Hi[0] = 1 << 20;
  L.Stride[0] = 1;
  EXPECT_EQ(gridShape<1>(L, dim3(256, 1, 1), 16, 0, 2).x,
            unsigned((1 << 20) / (256 * 16 * 2)));
}

TEST(LaunchShape, EdgeLanesOnlyWhereTheirLoadsStayInTheGrids) {
  // A 3x3 box's interior of 37 x 41: a group runs its lanes from one row
  // and 1 + 24 columns past the first element (lane 0 of row 1's second
  // vector), to 1 + 3 rows (a jam group's) and 25 columns before the last.
  const std::array<int, 3> Box{1, 1, 0};
  Domain<2> D = interior(37, 41, 1);
  setEdgeLaneBounds<2>(D, Box, Box, 37 * 41);
  EXPECT_EQ(D.EdgeLo, 41 + 1 + EdgeLaneReach);
  EXPECT_EQ(D.EdgeHi, 37 * 41 - 1 - (4 * 41 + 1 + EdgeLaneReach));
  // Row 1's first vector (lane 0 at column 0, whose (-1, -1) read is before
  // the grid) runs one point at a time; row 2's runs its lanes.
  EXPECT_LT(41 * 1 + 0, D.EdgeLo);
  EXPECT_GE(41 * 2 + 0, D.EdgeLo);
  // Read along the rows only (radius 2): no row to spare, 26 columns.
  const std::array<int, 3> Row{0, 2, 0};
  Domain<2> Rows = interior(37, 41, 0);
  setEdgeLaneBounds<2>(Rows, Row, Row, 37 * 41);
  EXPECT_EQ(Rows.EdgeLo, 2 + EdgeLaneReach);
  EXPECT_EQ(Rows.EdgeHi, 37 * 41 - 1 - (3 * 41 + 2 + EdgeLaneReach));
  // A grid smaller than the reach: no index qualifies, and both bounds stay
  // within [-1, Volume] (a 32-bit Index holds them).
  Domain<2> Tiny = interior(3, 4, 1);
  setEdgeLaneBounds<2>(Tiny, Box, Box, 12);
  EXPECT_EQ(Tiny.EdgeLo, 12);
  EXPECT_EQ(Tiny.EdgeHi, -1);
  // Rank 3, a 7-point star's interior of 64^3: a plane below, a plane and 3
  // planes of a jam group above.
  Domain<3> Cube{};
  for (int Dim = 0; Dim < 3; ++Dim) {
    Cube.Lo[Dim] = 1;
    Cube.Hi[Dim] = 63;
  }
  Cube.Stride[0] = 64 * 64;
  Cube.Stride[1] = 64;
  Cube.Stride[2] = 1;
  const std::array<int, 3> Star3{1, 1, 1};
  setEdgeLaneBounds<3>(Cube, Star3, Star3, 64 * 64 * 64);
  EXPECT_EQ(Cube.EdgeLo, 64 * 64 + 64 + 1 + EdgeLaneReach);
  EXPECT_EQ(Cube.EdgeHi,
            64 * 64 * 64 - 1 - (4 * 64 * 64 + 64 + 1 + EdgeLaneReach));
}

TEST(LaunchShape, SkewedRowsWidenTheGridByTheirReach) {
  // 8192 points a row, stride 8194 (Skew 2): 512 points a block along x.
  const Domain<2> D = interior(1026, 8194, 1);
  EXPECT_EQ(gridShape<2>(D, dim3(128, 2, 1), 4, 0, 4, 0).x, 16u);
  // Streamed, 4 rows a chunk drifting 2 columns each (the launcher's
  // reach_): rows start up to 3 columns left of their aligned column and
  // drift 6 further, 9 columns in all: a 17th block of x.
  EXPECT_EQ(gridShape<2>(D, dim3(128, 2, 1), 4, 0, 4, 3 + 3 * 2).x, 17u);
  // Not streamed: the 3 columns alone (8195 points: still 17 blocks).
  EXPECT_EQ(gridShape<2>(D, dim3(128, 2, 1), 1, -1, 4, 3).x, 17u);
  const Domain<2> Narrow = interior(1026, 8000, 0); // 15.6 blocks
  EXPECT_EQ(gridShape<2>(Narrow, dim3(128, 2, 1), 4, 0, 4, 3 + 3).x, 16u)
      << "the reach fits in the last block's idle threads";
  EXPECT_EQ(
      persistentGridShape<2>(D, dim3(128, 2, 1), 4, 0, 1 << 20, 4, 3 + 3 * 2).x,
      17u);
}

TEST(LaunchShape, PointWiseWholeRowsRunAsOneRow) {
  // 7 planes of 5 x 8191 points (rows of no whole vectors), planes 2 .. 6.
  Domain<3> D{};
  const Extents<3> E{7, 5, 8191};
  D.Stride[2] = 1;
  D.Stride[1] = 8191;
  D.Stride[0] = 5 * 8191;
  D.Lo[0] = 2;
  D.Hi[0] = 6;
  D.Hi[1] = 5;
  D.Hi[2] = 8191;
  D.Origin[0] = 3;
  ASSERT_TRUE(runsAsOneRow<3>(D, E, {}));
  const Domain<3> Row = oneRow<3>(D);
  EXPECT_EQ(Row.Lo[0], 0);
  EXPECT_EQ(Row.Hi[0], 1);
  EXPECT_EQ(Row.Lo[1], 0);
  EXPECT_EQ(Row.Hi[1], 1);
  EXPECT_EQ(Row.Lo[2], 2 * 5 * 8191) << "plane 2's first point";
  EXPECT_EQ(Row.Hi[2], 6 * 5 * 8191);
  EXPECT_EQ(Row.Stride[0], D.Stride[0]);
  EXPECT_EQ(Row.Origin[0], 3);
  // Its grid: x alone, points per thread along the row.
  const dim3 B = oneRowBlock(dim3(128, 4, 1));
  EXPECT_EQ(B.x, 512u);
  EXPECT_EQ(B.y * B.z, 1u);
  const dim3 G = gridShape<3>(Row, B, 2, 2, 4);
  EXPECT_EQ(G.x, unsigned(divUp(4 * 5 * 8191, 512 * 2 * 4)));
  EXPECT_EQ(G.y * G.z, 1u);
  // Not whole rows: a row cut short, a plane's rows cut, or asked not to.
  Domain<3> Cut = D;
  Cut.Hi[2] = 8190;
  EXPECT_FALSE(runsAsOneRow<3>(Cut, E, {}));
  Cut = D;
  Cut.Lo[1] = 1;
  EXPECT_FALSE(runsAsOneRow<3>(Cut, E, {}));
  LaunchOptions Rows;
  Rows.OneRow = 0;
  EXPECT_FALSE(runsAsOneRow<3>(D, E, Rows));
  // An empty domain stays empty.
  Domain<3> None = D;
  None.Hi[0] = 2;
  ASSERT_TRUE(runsAsOneRow<3>(None, E, {}));
  EXPECT_TRUE(oneRow<3>(None).empty());
}

TEST(LaunchShape, BlocksFitTheRowsOfVectors) {
  // 384-point rows, interior 1 .. 383, vectors of 4: 96 threads a row. A
  // 128-wide block leaves 32 idle; 32 x 16 leaves none, the same threads.
  const Domain<2> Narrow = interior(384, 384, 1);
  const dim3 B = fitBlockToRows<2>(dim3(128, 4, 1), Narrow, 4, {});
  EXPECT_EQ(B.x, 32u);
  EXPECT_EQ(B.y, 16u);
  // At most 1/8 of a row idle: the compiled block (8194-point rows with a
  // halo: 2049 groups, 127 threads idle in the last block of 128).
  const Domain<2> Wide = interior(1026, 8194, 1);
  EXPECT_EQ(fitBlockToRows<2>(dim3(128, 2, 1), Wide, 4, {}).x, 128u);
  const Domain<2> R4 = interior(512, 512, 4); // groups 1 .. 126: 126 threads
  EXPECT_EQ(fitBlockToRows<2>(dim3(128, 4, 1), R4, 4, {}).x, 128u);
  // 160 threads a row (640 points): 64 leaves 32 idle, 32 none.
  const Domain<2> Mid = interior(64, 640, 0);
  EXPECT_EQ(fitBlockToRows<2>(dim3(128, 2, 1), Mid, 4, {}).x, 32u);
  // A block in the options is the caller's.
  LaunchOptions O;
  O.Block = {128, 4, 1};
  EXPECT_EQ(fitBlockToRows<2>(dim3(128, 4, 1), Narrow, 4, O).x, 128u);
}

TEST(LaunchShape, VectorInstanceNeedsWholeVectorRowsAndAlignedBases) {
  alignas(16) static float Buffer[64];
  const Extents<2> Even{8, 44}, Odd{8, 41};
  EXPECT_TRUE(vectorAligned<2>(Even, 4, 4, {Buffer, Buffer + 8}));
  EXPECT_FALSE(vectorAligned<2>(Odd, 4, 4, {Buffer}))
      << "rows of 41 floats start off a vector boundary";
  EXPECT_FALSE(vectorAligned<2>(Even, 4, 4, {Buffer + 1}))
      << "a base 4 bytes past a 16-byte boundary";
  EXPECT_FALSE(vectorAligned<2>(Even, 1, 4, {Buffer})) << "width 1: none";
  // Rank 1 has no rows to align: only the bases count.
  EXPECT_TRUE(vectorAligned<1>(Extents<1>{41}, 2, 8, {Buffer}));
  // Kernels with an instance per row skew ask for aligned bases only.
  EXPECT_TRUE(vectorAligned<2>(Odd, 4, 4, {Buffer}, /*WholeRows=*/false));
  EXPECT_FALSE(vectorAligned<2>(Odd, 4, 4, {Buffer + 2}, /*WholeRows=*/false))
      << "a base 8 bytes past a 16-byte boundary";
}

TEST(LaunchShape, SmallLaunchesKeepOnePointPerThread) {
  // The fake device holds 132 x 2048 = 270336 threads.
  EXPECT_TRUE(vectorsFillDevice<2>(interior(8194, 8194, 1), 4, 0, 4));
  EXPECT_FALSE(vectorsFillDevice<2>(interior(258, 514, 1), 4, 0, 4))
      << "256 x 512 points: 8192 threads with vectors";
  // 270336 threads exactly, and one point short of it.
  EXPECT_TRUE(
      vectorsFillDevice<2>(interior(2 + 4 * 4, 2 + 270336, 1), 4, 0, 4));
  EXPECT_FALSE(
      vectorsFillDevice<2>(interior(2 + 4 * 4, 2 + 270335, 1), 4, 0, 4));
  // Not streamed: points per thread do not divide the rows.
  EXPECT_TRUE(vectorsFillDevice<2>(interior(2 + 4, 2 + 270336, 1), 8, -1, 4));
  // A kernel that is not streamed strides along dimension 0 (the launcher
  // passes 0): its points per thread count there.
  EXPECT_FALSE(
      vectorsFillDevice<2>(interior(2 + 8, 2 + 4 * 270336, 1), 16, 0, 4))
      << "16 points per thread leave too few threads";
  EXPECT_TRUE(
      vectorsFillDevice<2>(interior(2 + 8, 2 + 4 * 270336, 1), 1, 0, 4));
}

} // namespace

TEST(LaunchShape, ZigzagWhereNeighbouringChunksRunAtOnce) {
  using stencil::detail::zigzagChunks;
  // Two threads along the streamed axis (y) in a block: neighbours run
  // together.
  EXPECT_EQ(zigzagChunks(-1, dim3(16, 256, 1), dim3(128, 2, 1), 1, 528), 1);
  // One thread along it (3-D, z): neighbours are blocks of the next slab of
  // 288; 264 resident blocks hold less than two slabs, so the next slab
  // starts as this one ends: forwards.
  EXPECT_EQ(zigzagChunks(-1, dim3(6, 48, 48), dim3(64, 8, 1), 2, 264), 0);
  // 396 resident blocks hold four slabs of 96: together.
  EXPECT_EQ(zigzagChunks(-1, dim3(1, 96, 48), dim3(128, 4, 1), 2, 396), 1);
  // One chunk along the axis: no neighbour.
  EXPECT_EQ(zigzagChunks(-1, dim3(1, 96, 1), dim3(128, 4, 1), 2, 396), 0);
  // LaunchOptions::Zigzag decides when given.
  EXPECT_EQ(zigzagChunks(0, dim3(16, 256, 1), dim3(128, 2, 1), 1, 528), 0);
  EXPECT_EQ(zigzagChunks(1, dim3(6, 48, 48), dim3(64, 8, 1), 2, 264), 1);
}

TEST(LaunchShape, LaunchBoundSizesTakeFewerPointsPerThread) {
  using stencil::detail::pointsToFill;
  // Himeno's sweep: blocks of 128 x 4, dimension 0 streamed, 8 points per
  // thread as compiled; 264 blocks resident (two per SM on 132 SMs).
  auto interior3 = [](int64_t N0, int64_t N1, int64_t N2) {
    Domain<3> D{};
    D.Lo[0] = D.Lo[1] = D.Lo[2] = 1;
    D.Hi[0] = N0 - 1;
    D.Hi[1] = N1 - 1;
    D.Hi[2] = N2 - 1;
    D.Stride[0] = N1 * N2;
    D.Stride[1] = N2;
    D.Stride[2] = 1;
    return D;
  };
  const dim3 B(128, 4, 1);
  // S (64 x 64 x 128): 128 blocks at 8 fill less than half of 264: 4 (256
  // blocks) fills more than half.
  EXPECT_EQ(pointsToFill<3>(interior3(64, 64, 128), B, 8, 0, 264), 4);
  // XS (32 x 32 x 64): 32 blocks at 8, 64 at 4, 120 at 2: down to 1.
  EXPECT_EQ(pointsToFill<3>(interior3(32, 32, 64), B, 8, 0, 264), 1);
  // M (128 x 128 x 256): 1024 blocks at 8 already fill the device.
  EXPECT_EQ(pointsToFill<3>(interior3(128, 128, 256), B, 8, 0, 264), 8);
  // One resident block per SM: S's 128 blocks already fill half of 132.
  EXPECT_EQ(pointsToFill<3>(interior3(64, 64, 128), B, 8, 0, 132), 8);
  // Never below one point per thread, never above the compiled count.
  EXPECT_EQ(pointsToFill<3>(interior3(3, 3, 3), B, 8, 0, 264), 1);
  EXPECT_EQ(pointsToFill<3>(interior3(3, 3, 3), B, 0, 0, 264), 1);
  // A jammed kernel keeps a whole group of Jam points (Least): XS stops at 4
  // with jam 4, at 2 with jam 2.
  EXPECT_EQ(pointsToFill<3>(interior3(32, 32, 64), B, 8, 0, 264, 1, 4), 4);
  EXPECT_EQ(pointsToFill<3>(interior3(32, 32, 64), B, 8, 0, 264, 1, 2), 2);
  EXPECT_EQ(pointsToFill<3>(interior3(3, 3, 3), B, 4, 0, 264, 1, 4), 4);
  // The rule the emitter asks whether to print the pointsToFill line at all.
  EXPECT_TRUE(stencil::detail::canHalvePoints(8, 4));
  EXPECT_FALSE(stencil::detail::canHalvePoints(4, 4));
  EXPECT_FALSE(stencil::detail::canHalvePoints(1, 0));
}

TEST(LaunchShape, LastBlockCombinesGridsOfAtMostTwoWaves) {
  using stencil::detail::lastBlockCombines;
  // 264 resident blocks: Himeno S's 256 blocks and XS's 120 take the last
  // block; M's 1024 (and a grid one block over two waves) the finalize.
  EXPECT_TRUE(lastBlockCombines(dim3(1, 16, 16), 264));
  EXPECT_TRUE(lastBlockCombines(dim3(1, 8, 15), 264));
  EXPECT_TRUE(lastBlockCombines(dim3(528, 1, 1), 264));
  EXPECT_FALSE(lastBlockCombines(dim3(529, 1, 1), 264));
  EXPECT_FALSE(lastBlockCombines(dim3(2, 32, 16), 264));
  // A persistent grid is one wave.
  EXPECT_TRUE(lastBlockCombines(dim3(264, 1, 1), 264));
}
