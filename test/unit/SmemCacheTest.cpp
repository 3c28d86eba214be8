//===- SmemCacheTest.cpp - smem-cache's decisions -------------------------===//
#include "codegen/Footprint.h"
#include "codegen/passes/SmemCache.h"

#include <gtest/gtest.h>

using namespace stencilc;
using namespace stencilc::ir;

namespace {

/// out() = in(-2, 0) + in(0, 1) + f(): `in` read at two offsets, `f` once.
Kernel kernel(Type Elem) {
  Kernel K;
  K.Name = "k";
  K.Rank = 2;
  K.Params = {Param{ParamKind::In, "in", Elem, Elem, 2, {}},
              Param{ParamKind::In, "f", Elem, Elem, 2, {}},
              Param{ParamKind::Out, "out", Elem, Elem, 2, {}}};
  Expr V = Binary::make(BinaryOp::Add, GridRead::make("in", {-2, 0}, Elem),
                        GridRead::make("in", {0, 1}, Elem));
  V = Binary::make(BinaryOp::Add, V, GridRead::make("f", {0, 0}, Elem));
  K.Body.push_back(Stmt::store("out", V));
  K.Foot = computeFootprint(K);
  K.Sched.Block = {64, 4, 1};
  K.Sched.StreamDim = 0;
  K.Sched.PointsPerThread = 4;
  return K;
}

PassOptions forced() {
  PassOptions O;
  O.SmemCacheForced.insert("k");
  return O;
}

TEST(SmemCache, OffUnlessForced) {
  Kernel K = kernel(Type::Float64);
  EXPECT_FALSE(createSmemCachePass()->run(K, PassOptions{}));
  EXPECT_TRUE(K.Cached.empty());
  EXPECT_TRUE(K.Remarks.empty());
}

TEST(SmemCache, HaloFromTheFootprintTileFromTheReshapedBlock) {
  Kernel K = kernel(Type::Float64);
  ASSERT_TRUE(createSmemCachePass()->run(K, forced()));
  ASSERT_EQ(K.Cached.size(), 1u); // f is read once: not cached
  const CachedGrid &C = K.Cached[0];
  EXPECT_EQ(C.Grid, "in");
  EXPECT_EQ(C.Tile, (std::array<int, 3>{8, 32, 0}));
  EXPECT_EQ(C.HaloLo, (std::array<int, 3>{2, 0, 0}));
  EXPECT_EQ(C.HaloHi, (std::array<int, 3>{0, 1, 0}));
  EXPECT_EQ(K.Sched.Block, (std::array<int, 3>{32, 8, 1}));
  EXPECT_EQ(K.Sched.StreamDim, -1);
  EXPECT_EQ(K.Sched.PointsPerThread, 1);
  ASSERT_EQ(K.Remarks.size(), 1u);
  // (8 + 2) x (32 + 1) doubles.
  EXPECT_NE(K.Remarks[0].Message.find("2640 bytes per block"),
            std::string::npos);
}

TEST(SmemCache, KeepsABlockFromTile) {
  Kernel K = kernel(Type::Float32);
  K.Sched.Block = {16, 16, 1};
  K.Sched.FromUser = true;
  ASSERT_TRUE(createSmemCachePass()->run(K, forced()));
  EXPECT_EQ(K.Cached[0].Tile, (std::array<int, 3>{16, 16, 0}));
  EXPECT_EQ(K.Sched.Block, (std::array<int, 3>{16, 16, 1}));
}

TEST(SmemCache, RefusalsLeaveTheKernelAsItWas) {
  Kernel K = kernel(Type::Float64);
  K.Merged.push_back(MergeGroup{"rec", {"in", "f"}, Type::Float64});
  EXPECT_FALSE(createSmemCachePass()->run(K, forced()));
  EXPECT_TRUE(K.Cached.empty());
  EXPECT_EQ(K.Sched.Block, (std::array<int, 3>{64, 4, 1}));
  EXPECT_EQ(K.Sched.StreamDim, 0);
  ASSERT_FALSE(K.Remarks.empty());
  EXPECT_EQ(K.Remarks[0].Message.rfind("not cached: in is merged", 0), 0u);
}

} // namespace
