//===- ScheduleTest.cpp - tile's choices and merge-arrays' grouping -------===//
#include "codegen/Footprint.h"
#include "codegen/passes/MergeArrays.h"
#include "codegen/passes/Tile.h"

#include <gtest/gtest.h>

#include <string>

using namespace stencilc;
using namespace stencilc::ir;

namespace {

/// A kernel of the given rank and element type that reads `in` at the centre
/// and at +-1 along dimension Across (-1: centre only), writes `out`, and
/// optionally sums into `total`.
Kernel kernel(int Rank, Type Elem, int Across, bool Reduction) {
  Kernel K;
  K.Name = "k";
  K.Rank = Rank;
  K.Params = {Param{ParamKind::In, "in", Elem, Elem, Rank, {}},
              Param{ParamKind::Out, "out", Elem, Elem, Rank, {}}};
  std::vector<int> Centre(Rank, 0), Plus(Rank, 0), Minus(Rank, 0);
  Expr V = GridRead::make("in", Centre, Elem);
  if (Across >= 0) {
    Plus[Across] = 1;
    Minus[Across] = -1;
    V = Binary::make(BinaryOp::Add, V, GridRead::make("in", Plus, Elem));
    V = Binary::make(BinaryOp::Add, V, GridRead::make("in", Minus, Elem));
  }
  K.Body.push_back(Stmt::store("out", V));
  if (Reduction) {
    K.Params.push_back(Param{ParamKind::Sum, "total", Elem, Elem, 0, {}});
    K.Body.push_back(Stmt::reduce("total", GridRead::make("in", Centre, Elem)));
  }
  K.Foot = computeFootprint(K);
  return K;
}

TEST(Tile, RowsOf512BytesAlongTheContiguousDimension) {
  EXPECT_EQ(chooseSchedule(kernel(2, Type::Float32, 1, false)).Block,
            (std::array<int, 3>{128, 2, 1}));
  EXPECT_EQ(chooseSchedule(kernel(2, Type::Float64, 1, false)).Block,
            (std::array<int, 3>{64, 4, 1}));
  EXPECT_EQ(chooseSchedule(kernel(3, Type::Float32, 0, false)).Block,
            (std::array<int, 3>{128, 4, 1}));
  EXPECT_EQ(chooseSchedule(kernel(1, Type::Float64, 0, false)).Block,
            (std::array<int, 3>{256, 1, 1}));
}

TEST(Tile, StreamsTheOutermostDimensionOnlyWhenReadAcrossIt) {
  Schedule S3 = chooseSchedule(kernel(3, Type::Float32, 0, false));
  EXPECT_EQ(S3.StreamDim, 0);
  EXPECT_EQ(S3.PointsPerThread, 8);
  Schedule S2 = chooseSchedule(kernel(2, Type::Float64, 0, false));
  EXPECT_EQ(S2.StreamDim, 0);
  EXPECT_EQ(S2.PointsPerThread, 4);
  Schedule Rows = chooseSchedule(kernel(2, Type::Float64, 1, false));
  EXPECT_EQ(Rows.StreamDim, -1);
  EXPECT_EQ(Rows.PointsPerThread, 1);
  EXPECT_EQ(chooseSchedule(kernel(1, Type::Float32, 0, false)).StreamDim, -1)
      << "rank 1 never streams: a thread's consecutive points would not "
         "coalesce";
}

TEST(Tile, StarReductionsGoInBlocksPerChunkOf4Rows) {
  // The Jacobi sweep's shape (a star across dimension 0 with a Sum): one row
  // of 256 threads a block, a block per chunk of 4 rows (session 24: Laplace
  // f32 step -8%, laplace_i64 -7% against the persistent grid of chunks of 2
  // it had until then).
  Schedule Sweep = chooseSchedule(kernel(2, Type::Float64, 0, true));
  EXPECT_FALSE(Sweep.Persistent);
  EXPECT_EQ(Sweep.Block, (std::array<int, 3>{256, 1, 1}));
  EXPECT_EQ(Sweep.StreamDim, 0);
  EXPECT_EQ(Sweep.PointsPerThread, 4);
  // A rank-2 reduction read only along its rows (error_norm, dots): a
  // persistent grid (dots 2x as slow in a block per tile).
  EXPECT_TRUE(chooseSchedule(kernel(2, Type::Float64, 1, true)).Persistent);
  EXPECT_TRUE(chooseSchedule(kernel(2, Type::Float64, -1, true)).Persistent);
  // A rank-1 reduction: 16 points per thread, a block per tile (wave1d 2.27
  // -> 1.26 ms, stats 0.367 -> 0.362).
  const Schedule Rank1 = chooseSchedule(kernel(1, Type::Float32, -1, true));
  EXPECT_FALSE(Rank1.Persistent);
  EXPECT_EQ(Rank1.PointsPerThread, 16);
  EXPECT_FALSE(chooseSchedule(kernel(2, Type::Float64, 0, false)).Persistent);
  EXPECT_FALSE(chooseSchedule(kernel(3, Type::Float32, 0, true)).Persistent)
      << "Himeno XL: a block per chunk of planes beats the persistent grid";
  // Rank 3 not streamed, with a reduction: 2 points per thread (clamp3,
  // relax3d: 16 until session 24, 2-3% slower).
  const Schedule Planes = chooseSchedule(kernel(3, Type::Float32, 2, true));
  EXPECT_EQ(Planes.StreamDim, -1);
  EXPECT_EQ(Planes.PointsPerThread, 2);
  EXPECT_FALSE(Planes.Persistent);
}

/// A (2R+1) x (2R+1) box of `in` (rank 2) summed into `out`.
Kernel box(int R) {
  Kernel K;
  K.Name = "box";
  K.Rank = 2;
  K.Params = {
      Param{ParamKind::In, "in", Type::Float32, Type::Float32, 2, {}},
      Param{ParamKind::Out, "out", Type::Float32, Type::Float32, 2, {}}};
  Expr V = Constant::makeFloat(0.0, Type::Float32);
  for (int I = -R; I <= R; ++I)
    for (int J = -R; J <= R; ++J)
      V = Binary::make(BinaryOp::Add, V,
                       GridRead::make("in", {I, J}, Type::Float32));
  K.Body.push_back(Stmt::store("out", V));
  K.Foot = computeFootprint(K);
  return K;
}

/// box(R) with a Sum of its centre.
Kernel boxWithSum(int R) {
  Kernel Box = box(R);
  Box.Params.push_back(
      Param{ParamKind::Sum, "total", Type::Float32, Type::Float32, 0, {}});
  Box.Body.push_back(
      Stmt::reduce("total", GridRead::make("in", {0, 0}, Type::Float32)));
  Box.Foot = computeFootprint(Box);
  return Box;
}

TEST(Tile, BoxReductionsGoInChunksOfRowsByTheirRadius) {
  // A 5x5 box (25 loads per point) with a Sum: 128x2 blocks, chunks of 8
  // rows, a block per chunk (not persistent: box5 0.386 -> 0.283 ms; 8 rows
  // rather than 16: box5 -3.8%, density49 -5.5%; rather than 4: box5 -6%).
  const Schedule S = chooseSchedule(boxWithSum(2));
  EXPECT_FALSE(S.Persistent);
  EXPECT_EQ(S.StreamDim, 0);
  EXPECT_EQ(S.PointsPerThread, 8);
  EXPECT_EQ(S.Block, (std::array<int, 3>{128, 2, 1}));
  EXPECT_TRUE(chooseZigzag(boxWithSum(2), S));
  // A 3x3 box: chunks of 4 rows (life, sobel_int -4% against 8), short
  // enough for L2 to keep their halo rows: all forwards.
  const Schedule Three = chooseSchedule(boxWithSum(1));
  EXPECT_FALSE(Three.Persistent);
  EXPECT_EQ(Three.PointsPerThread, 4);
  EXPECT_EQ(Three.Block, (std::array<int, 3>{128, 2, 1}));
  EXPECT_FALSE(chooseZigzag(boxWithSum(1), Three));
}

TEST(Tile, JamCountsTheLoadsThatLanesShare) {
  // A 3x3 box: each of 3 columns holds 3 rows alone, 3 + 4 - 1 for 4 lanes.
  EXPECT_DOUBLE_EQ(jamLoadsPerPoint(box(1), 0, 1), 9);
  EXPECT_DOUBLE_EQ(jamLoadsPerPoint(box(1), 0, 4), 3 * 6 / 4.0);
  // A 9x9 box: 9 columns of 9 + 3 rows for 4 lanes.
  EXPECT_DOUBLE_EQ(jamLoadsPerPoint(box(4), 0, 4), 9 * 12 / 4.0);
  // Along the contiguous dimension the rows play the columns' part.
  EXPECT_DOUBLE_EQ(jamLoadsPerPoint(box(1), 1, 2), 3 * 4 / 2.0);
  // A 3-point star along dimension 0 plus the centre (read twice): 3 alone.
  EXPECT_DOUBLE_EQ(jamLoadsPerPoint(kernel(2, Type::Float32, 0, true), 0, 1),
                   3);
}

TEST(Tile, JamsWideBoxesAlongTheStreamedDimensionOnly) {
  Kernel Box = box(2);
  Schedule S = chooseSchedule(Box);
  ASSERT_EQ(S.StreamDim, 0);
  EXPECT_EQ(chooseJam(Box, S, 4), 4) << "25 loads -> 10 per point";
  EXPECT_EQ(chooseJam(Box, S, 2), 2) << "--max-jam caps the factor";
  EXPECT_EQ(chooseJam(Box, S, 1), 1) << "--max-jam=1 turns it off";
  Schedule Rows = S;
  Rows.StreamDim = -1;
  EXPECT_EQ(chooseJam(Box, Rows, 4), 1) << "jam needs a streamed dimension";
  Kernel Star = kernel(2, Type::Float32, 0, false);
  EXPECT_EQ(chooseJam(Star, chooseSchedule(Star), 4), 1)
      << "3 loads per point: too few to be bound by them";
  // Chunks of 2 (a persistent reduction sweep): a jam of 4 would lengthen
  // them, worth it only for 9 or more loads saved per point.
  Schedule Short = S;
  Short.PointsPerThread = 2;
  EXPECT_EQ(chooseJam(box(2), Short, 4), 4) << "25 -> 10: 15 loads saved";
  EXPECT_EQ(chooseJam(box(1), Short, 4), 1)
      << "9 -> 4.5 saves too little; by 2 (9 -> 6) it is not worth it";
  Kernel Merged = box(2);
  Merged.Merged.push_back(MergeGroup{"rec0", {"in"}, Type::Float32});
  EXPECT_EQ(chooseJam(Merged, S, 4), 1) << "records are read point by point";
}

TEST(Tile, JamsRowsOfAPersistentCentreOnlyReduction) {
  // An error norm's shape: f64 read at the centre, a Sum, rank 2: a
  // persistent grid with one point's 8 bytes in flight per thread; jammed,
  // 4 rows a grid stride apart load together.
  Kernel Norm = kernel(2, Type::Float64, -1, true);
  Schedule S = chooseSchedule(Norm);
  ASSERT_TRUE(S.Persistent);
  ASSERT_EQ(S.StreamDim, -1);
  EXPECT_EQ(chooseJam(Norm, S, 4), 4);
  EXPECT_EQ(chooseJam(Norm, S, 2), 2) << "--max-jam caps the factor";
  // Not for neighbours (a star's rows share nothing a grid stride apart),
  // nor for 16 or more bytes a point (already in flight), nor without the
  // persistent grid's grid-stride rows.
  Kernel Star = kernel(2, Type::Float64, 1, true);
  EXPECT_EQ(chooseJam(Star, chooseSchedule(Star), 4), 1);
  Kernel Two = kernel(2, Type::Float64, -1, true);
  Two.Params.push_back(
      Param{ParamKind::In, "in2", Type::Float64, Type::Float64, 2, {}});
  EXPECT_EQ(chooseJam(Two, S, 4), 1) << "16 bytes a point";
  Schedule Plain = S;
  Plain.Persistent = false;
  EXPECT_EQ(chooseJam(Norm, Plain, 4), 1);
}

/// N f32 (or f64) grids read only at the centre, summed into `out`.
Kernel coefficients(int N, Type Elem, bool Histogram = false) {
  Kernel K;
  K.Name = "c";
  K.Rank = 3;
  Expr Sum;
  for (int I = 0; I < N; ++I) {
    std::string Name = "a" + std::to_string(I);
    K.Params.push_back(Param{ParamKind::In, Name, Elem, Elem, 3, {}});
    Expr R = GridRead::make(Name, {0, 0, 0}, Elem);
    Sum = Sum ? Binary::make(BinaryOp::Add, Sum, R) : R;
  }
  K.Params.push_back(Param{ParamKind::Out, "out", Elem, Elem, 3, {}});
  K.Body.push_back(Stmt::store("out", Sum));
  if (Histogram) {
    K.Params.push_back(Param{ParamKind::Histogram, "h", Elem, Elem, 1, {}});
    K.Body.push_back(
        Stmt::histAdd("h", Constant::makeInt(0, Type::Int64), Sum));
  }
  K.Foot = computeFootprint(K);
  return K;
}

TEST(MergeArrays, WholeVectorsOnly) {
  PassOptions Opts;
  Kernel Himeno = coefficients(13, Type::Float32);
  ASSERT_TRUE(createMergeArraysPass()->run(Himeno, Opts));
  ASSERT_EQ(Himeno.Merged.size(), 1u);
  EXPECT_EQ(Himeno.Merged[0].Grids.size(), 12u)
      << "the 13th grid stays separate";
  EXPECT_EQ(mergedRecordFields(12, Type::Float32), 12);

  Kernel Three = coefficients(3, Type::Float32);
  EXPECT_FALSE(createMergeArraysPass()->run(Three, Opts))
      << "three f32 grids would need a padded record";
  Kernel Pair = coefficients(3, Type::Float64);
  ASSERT_TRUE(createMergeArraysPass()->run(Pair, Opts));
  EXPECT_EQ(Pair.Merged[0].Grids, (std::vector<std::string>{"a0", "a1"}));
}

TEST(MergeArrays, RefusesHistogramKernels) {
  PassOptions Opts;
  Kernel K = coefficients(4, Type::Float32, /*Histogram=*/true);
  EXPECT_FALSE(createMergeArraysPass()->run(K, Opts));
  EXPECT_TRUE(K.Merged.empty());
}

TEST(Tile, MinBlocksBoundsSmallUnjammedKernels) {
  // Rank 2 and 3, at most 9 loads, not jammed: 48 warps' worth of blocks.
  Schedule S3 = chooseSchedule(kernel(3, Type::Float64, 0, true));
  EXPECT_EQ(chooseMinBlocks(kernel(3, Type::Float64, 0, true), S3),
            1536 / (S3.Block[0] * S3.Block[1] * S3.Block[2]));
  Schedule S2 = chooseSchedule(kernel(2, Type::Float32, 1, false));
  EXPECT_EQ(chooseMinBlocks(kernel(2, Type::Float32, 1, false), S2), 6);
  // Jammed: the lanes need the registers.
  Schedule Jammed = S2;
  Jammed.Jam = 4;
  EXPECT_EQ(chooseMinBlocks(kernel(2, Type::Float32, 1, false), Jammed), 0);
  // Rank 1: no bound.
  Schedule S1 = chooseSchedule(kernel(1, Type::Float64, 0, false));
  EXPECT_EQ(chooseMinBlocks(kernel(1, Type::Float64, 0, false), S1), 0);
  // Blocks above 768 threads: a bound of one block says nothing.
  Schedule Big = S2;
  Big.Block = {1024, 1, 1};
  EXPECT_EQ(chooseMinBlocks(kernel(2, Type::Float32, 1, false), Big), 0);
}

TEST(Tile, VectorWidthIsSixteenBytesOfTheWidestGrid) {
  const Schedule S; // not jammed, not persistent
  // Read across the contiguous dimension: 16-byte vectors of its elements.
  EXPECT_EQ(chooseVec(kernel(2, Type::Float32, 1, false), S, 4), 4);
  EXPECT_EQ(chooseVec(kernel(3, Type::Float64, 2, false), S, 4), 2);
  EXPECT_EQ(chooseVec(kernel(2, Type::Float64, 1, false), S, 4), 1)
      << "rank 2 takes vectors of 4 only (vectors of 2 lost there)";
  EXPECT_EQ(chooseVec(kernel(1, Type::Int64, 0, true), S, 4), 2);
  EXPECT_EQ(chooseVec(kernel(3, Type::Int32, 2, false), S, 4), 4);
  EXPECT_EQ(chooseVec(kernel(3, Type::Float32, 2, false), S, 2), 2)
      << "--max-vector caps the width";
  EXPECT_EQ(chooseVec(kernel(2, Type::Float32, 1, false), S, 1), 1)
      << "--max-vector=1 turns it off";
  // A wider grid elsewhere in the kernel sets the width for all.
  Kernel Mixed = kernel(3, Type::Float32, 2, false);
  Mixed.Params[1].Elem = Type::Float64;
  EXPECT_EQ(chooseVec(Mixed, S, 4), 2);
}

TEST(Tile, VectorsWhetherOrNotTheRowIsReadAcross) {
  const Schedule S;
  // Read across the streamed dimension only, or point-wise: the vectors
  // are bytes in flight.
  EXPECT_EQ(chooseVec(kernel(2, Type::Float32, 0, false), S, 4), 4);
  EXPECT_EQ(chooseVec(kernel(3, Type::Float32, -1, false), S, 4), 4);
  EXPECT_EQ(chooseVec(kernel(2, Type::Float64, -1, false), S, 4), 1)
      << "rank 2 without a jam takes vectors of 4 only";
  Kernel Box = box(1);
  Box.Merged.push_back(MergeGroup{"rec", {"in"}, Type::Float32});
  EXPECT_EQ(chooseVec(Box, S, 4), 1) << "records are read one point at a time";
}

TEST(Tile, VectorsAndAStreamedJamOnlyInRank2) {
  Schedule S;
  S.StreamDim = 0;
  S.Jam = 4;
  EXPECT_EQ(chooseVec(kernel(2, Type::Float32, 1, false), S, 4), 4)
      << "rank 2: jam x vectors (2-D register blocking)";
  EXPECT_EQ(chooseVec(kernel(2, Type::Float64, 1, false), S, 4), 2)
      << "vectors of 2 too, with a jam";
  EXPECT_EQ(chooseVec(kernel(3, Type::Float32, 2, false), S, 4), 1)
      << "rank 3: Jam x Vec lanes take too many registers";
  S.StreamDim = -1;
  EXPECT_EQ(chooseVec(kernel(1, Type::Float32, 0, false), S, 4), 4)
      << "a rank-1 jam gives way";
}

TEST(Tile, DividingLanesTakeVectorsWithAJam) {
  Schedule S;
  S.StreamDim = 0;
  S.Jam = 4;
  Kernel Blur = box(1);
  Blur.Body.back()->Value =
      Binary::make(BinaryOp::Div, Blur.Body.back()->Value,
                   Constant::makeFloat(9.0, Type::Float32));
  EXPECT_EQ(chooseVec(Blur, S, 4), 4)
      << "16 lanes that divide: their loads are issued first (T055220Z)";
  EXPECT_EQ(chooseVec(Blur, S, 2), 2) << "8 lanes that divide";
  EXPECT_EQ(chooseVec(box(1), S, 4), 4) << "16 lanes without a division";
  S.Jam = 1;
  S.StreamDim = -1;
  EXPECT_EQ(chooseVec(Blur, S, 4), 4) << "vectors alone: 4 lanes";
}

TEST(Tile, NoPointWiseVectorsInRank1) {
  EXPECT_EQ(chooseVec(kernel(1, Type::Float32, -1, false), Schedule(), 4), 1)
      << "its grid-stride jam has the bytes in flight";
  EXPECT_EQ(chooseVec(kernel(2, Type::Float32, -1, false), Schedule(), 4), 4);
}

TEST(Tile, NoVectorsOnAPersistentGrid) {
  Schedule S;
  S.Persistent = true;
  EXPECT_EQ(chooseVec(kernel(2, Type::Float32, 1, false), S, 4), 1)
      << "a persistent grid walks many points";
  Kernel Relax = kernel(3, Type::Float32, -1, false);
  Relax.Params[1].Kind = ParamKind::InOut;
  EXPECT_EQ(chooseVec(Relax, Schedule(), 4), 4)
      << "a point-wise InOut update (its lanes store one vector per row)";
  Kernel Star = kernel(3, Type::Float32, 2, false);
  Star.Params[1].Kind = ParamKind::InOut;
  EXPECT_EQ(chooseVec(Star, Schedule(), 4), 4) << "a stencil's InOut update";
}

TEST(Tile, VectorLoadsCoverTheLanesColumnsWithAlignedVectors) {
  // A 3x3 box with 4 lanes: each row's columns -1 .. 4 are 3 vectors.
  EXPECT_DOUBLE_EQ(vecLoadsPerPoint(box(1), 4), 3 * 3 / 4.0);
  // 5x5 with 2 lanes: columns -2 .. 3, vectors at -2, 0, 2, for 5 rows.
  EXPECT_DOUBLE_EQ(vecLoadsPerPoint(box(2), 2), 5 * 3 / 2.0);
  // A star along dimension 0 (centre and +-1): one vector per row.
  EXPECT_DOUBLE_EQ(vecLoadsPerPoint(kernel(2, Type::Float32, 0, false), 4),
                   3 / 4.0);
  // A star along the row: columns -1 .. 4 in 3 vectors of 4.
  EXPECT_DOUBLE_EQ(vecLoadsPerPoint(kernel(1, Type::Float32, 0, false), 4),
                   3 / 4.0);
  // A 3x3 box in groups of 4 rows of 4 lanes: rows -1 .. 4, 3 vectors each,
  // for 16 points.
  EXPECT_DOUBLE_EQ(vecLoadsPerPoint(box(1), 4, 4, 0), 6 * 3 / 16.0);
}

} // namespace

TEST(Tile, ZigzagForLongChunksThatShareHaloRows) {
  // 16 points per thread along dimension 0, read at +-1 along it: zig-zag.
  Schedule Long;
  Long.StreamDim = 0;
  Long.PointsPerThread = 16;
  EXPECT_TRUE(chooseZigzag(kernel(2, Type::Float32, 0, false), Long));
  // Read across the other dimension only: nothing shared between chunks.
  EXPECT_FALSE(chooseZigzag(kernel(2, Type::Float32, 1, false), Long));
  // Rank 3, chunks of 8: short enough for L2 to keep the halo (heat3d,
  // wave3d_r4 lost 7% walking backwards); rank 2 zig-zags from 8 rows (the
  // boxes with reductions, 1-10% faster than all forwards), not at 4
  // (laplace4 lost 9.5%).
  Schedule Short = Long;
  Short.PointsPerThread = 8;
  EXPECT_FALSE(chooseZigzag(kernel(3, Type::Float32, 0, false), Short));
  EXPECT_TRUE(chooseZigzag(kernel(2, Type::Float32, 0, false), Short));
  Schedule Four = Long;
  Four.PointsPerThread = 4;
  EXPECT_FALSE(chooseZigzag(kernel(2, Type::Float32, 0, false), Four));
  // Histogram kernels: their launchers choose their own grids.
  Kernel Hist = kernel(2, Type::Float32, 0, false);
  Hist.Params.push_back(
      Param{ParamKind::Histogram, "h", Type::Int32, Type::Int32, 1, {}});
  EXPECT_FALSE(chooseZigzag(Hist, Long));
  // Not streamed.
  Schedule Flat;
  Flat.PointsPerThread = 16;
  EXPECT_FALSE(chooseZigzag(kernel(2, Type::Float32, 0, false), Flat));
}

TEST(Tile, PrefetchForJammedRankThreeChunks) {
  // Rank 3, streamed along dimension 0, jammed, read across it: prefetch
  // (smooth27 1.64x -> 1.30x the floor).
  Schedule Jammed;
  Jammed.StreamDim = 0;
  Jammed.PointsPerThread = 8;
  Jammed.Jam = 4;
  EXPECT_TRUE(choosePrefetch(kernel(3, Type::Float64, 0, false), Jammed));
  // Read across another dimension only: the chunk's column is the thread's
  // own points, already loaded once each.
  EXPECT_FALSE(choosePrefetch(kernel(3, Type::Float64, 2, false), Jammed));
  // Not jammed: the loads are in flight together (wave3d_r4 lost 7%).
  Schedule Plain = Jammed;
  Plain.Jam = 1;
  EXPECT_FALSE(choosePrefetch(kernel(3, Type::Float64, 0, false), Plain));
  // Rank 2: rows of a plane share their lines in L1 (mean81 gained nothing).
  EXPECT_FALSE(choosePrefetch(kernel(2, Type::Float64, 0, false), Jammed));
  // Not streamed.
  Schedule Flat = Jammed;
  Flat.StreamDim = -1;
  EXPECT_FALSE(choosePrefetch(kernel(3, Type::Float64, 0, false), Flat));
}
