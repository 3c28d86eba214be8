//===- VerifierTest.cpp - the IR reader, and the verifier on broken decisions //
//
// Each decision test starts from a kernel that verifies, breaks one decision
// field the way a buggy pass could, and expects the verifier to name it; a
// broken decision must stop at the verifier, not reach nvcc or the GPU.
//
//===----------------------------------------------------------------------===//
#include "codegen/Footprint.h"
#include "codegen/IRParser.h"
#include "codegen/IRPrinter.h"
#include "codegen/Verifier.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

using namespace stencilc::ir;

namespace {

Module parse(const std::string &Text) {
  ParseError Err;
  std::optional<Module> M = parseModule(Text, Err);
  EXPECT_TRUE(M.has_value())
      << Err.Loc.Line << ":" << Err.Loc.Col << ": " << Err.Message;
  return M ? std::move(*M) : Module{};
}

/// A rank-2 kernel with one grid read at offsets ('p'), two read only at the
/// centre ('a', 'b'), a reduction, and decisions that verify.
const char *Good = R"(module "good.cpp"

kernel k rank 2 loc(1:1)
  param in f32[2] p
  param in f32[2] a
  param in f32[2] b
  param out f32[2] q
  param sum f32 s acc f64
  merged rec0: f32 { a, b }
  schedule block (32, 8, 1)
  cache p tile (8, 32) halo lo (1, 1) hi (1, 1)
  reductions warp-shuffle-atomic
  applied merge-arrays, tile, smem-cache, warp-aggregate
{
  let %v: f32 = (((p[-1, 0] + p[1, 0]) + p[0, 1]) * (a[0, 0] + b[0, 0])) loc(2:3)
  store q = %v loc(3:3)
  reduce s += f64((%v * %v)) loc(4:3)
}
)";

/// The verifier's errors for Good after Break changed one field.
template <class F> std::string verifyBroken(F Break) {
  Module M = parse(Good);
  Kernel &K = M.Kernels.at(0);
  K.Foot = computeFootprint(K);
  EXPECT_TRUE(verifyKernel(K).empty());
  Break(K);
  std::string All;
  for (const std::string &E : verifyKernel(K))
    All += E + "\n";
  return All;
}

TEST(Verifier, GoodDecisionsPass) {
  EXPECT_EQ(verifyBroken([](Kernel &) {}), "");
}

TEST(Verifier, ScheduleOverDeviceLimits) {
  EXPECT_NE(verifyBroken([](Kernel &K) {
              K.Sched.Block = {64, 32, 1};
            }).find("2048 threads, more than 1024"),
            std::string::npos);
  EXPECT_NE(verifyBroken([](Kernel &K) {
              K.Sched.Block = {0, 8, 1};
            }).find("dimension below 1"),
            std::string::npos);
  EXPECT_NE(verifyBroken([](Kernel &K) {
              K.Sched.Block = {1, 1, 65};
            }).find("block z 65 is more than 64"),
            std::string::npos);
  EXPECT_NE(verifyBroken([](Kernel &K) {
              K.Sched.StreamDim = 2;
            }).find("streamed dimension 2 in a kernel of rank 2"),
            std::string::npos);
  EXPECT_NE(verifyBroken([](Kernel &K) {
              K.Sched.PointsPerThread = 0;
            }).find("points per thread 0"),
            std::string::npos);
}

TEST(Verifier, MergeGroups) {
  EXPECT_NE(verifyBroken([](Kernel &K) {
              K.Merged[0].Grids.push_back("zz");
            }).find("'zz' is not an In grid"),
            std::string::npos);
  EXPECT_NE(verifyBroken([](Kernel &K) {
              K.Merged[0].Grids.push_back("q");
            }).find("'q' is not an In grid"),
            std::string::npos);
  EXPECT_NE(verifyBroken([](Kernel &K) {
              K.Merged[0].Grids.push_back("a");
            }).find("'a' is merged twice"),
            std::string::npos);
  EXPECT_NE(verifyBroken([](Kernel &K) {
              K.Merged[0].Elem = Type::Float64;
            }).find("'a' is f32, the records hold f64"),
            std::string::npos);
  // 'p' is read at offsets: a record of neighbours is not what the emitter
  // lowers (and 'p' is cached too).
  std::string E = verifyBroken([](Kernel &K) {
    K.Cached.clear();
    K.Merged[0].Grids.push_back("p");
  });
  EXPECT_NE(E.find("'p' is read away from the centre"), std::string::npos);
  EXPECT_NE(verifyBroken([](Kernel &K) {
              K.Merged[0].Name = "p";
            }).find("its name is already taken"),
            std::string::npos);
}

TEST(Verifier, CachedGrids) {
  EXPECT_NE(verifyBroken([](Kernel &K) {
              K.Cached[0].HaloLo[0] = 0;
            }).find("does not cover the reads along dimension 0"),
            std::string::npos);
  EXPECT_NE(verifyBroken([](Kernel &K) {
              K.Cached[0].HaloHi[1] = 0;
            }).find("does not cover the reads along dimension 1"),
            std::string::npos);
  EXPECT_NE(verifyBroken([](Kernel &K) {
              K.Cached[0].Tile = {32, 8, 0};
            }).find("tile 32x8 is not the block 32x8 (rows x columns)"),
            std::string::npos);
  EXPECT_NE(verifyBroken([](Kernel &K) {
              K.Sched.StreamDim = 0;
              K.Sched.PointsPerThread = 4;
            }).find("walks one point per thread"),
            std::string::npos);
  EXPECT_NE(verifyBroken([](Kernel &K) {
              K.Cached[0].Grid = "a";
            }).find("also merged into 'rec0'"),
            std::string::npos);
  EXPECT_NE(verifyBroken([](Kernel &K) {
              K.Cached.push_back(K.Cached[0]);
            }).find("cached twice"),
            std::string::npos);
  EXPECT_NE(verifyBroken([](Kernel &K) {
              K.Cached[0].Grid = "q";
            }).find("cached grid 'q': not an In grid"),
            std::string::npos);
}

TEST(Verifier, LoweringsNeedWhatTheyLower) {
  std::string E = verifyBroken(
      [](Kernel &K) { K.Histograms = HistogramLowering::SharedPrivatized; });
  EXPECT_NE(E.find("histograms lowered as shared-privatized in a kernel "
                   "without histograms"),
            std::string::npos);
  E = verifyBroken([](Kernel &K) {
    K.Params.erase(K.Params.begin() + 4); // the reduction 's'
    K.Body.pop_back();
  });
  EXPECT_NE(E.find("reductions lowered as warp-shuffle-atomic in a kernel "
                   "without reductions"),
            std::string::npos);
}

TEST(Verifier, AppliedPassesAreRegistered) {
  EXPECT_NE(verifyBroken([](Kernel &K) {
              K.PassesApplied.push_back("fuse");
            }).find("'fuse' is not a pass"),
            std::string::npos);
  EXPECT_NE(verifyBroken([](Kernel &K) {
              K.PassesApplied.push_back("tile");
            }).find("'tile' listed twice"),
            std::string::npos);
}

TEST(IRParser, RoundTripsEveryConstantSpelling) {
  Kernel K;
  K.Name = "consts";
  K.Rank = 1;
  K.Params = {Param{ParamKind::Out, "o", Type::Float64, Type::Float64, 1, {}},
              Param{ParamKind::Out, "f", Type::Float32, Type::Float32, 1, {}},
              Param{ParamKind::Out, "l", Type::Int64, Type::Int64, 1, {}}};
  const double Inf = std::numeric_limits<double>::infinity();
  auto D = [](double V) { return Constant::makeFloat(V, Type::Float64); };
  auto F = [](float V) { return Constant::makeFloat(V, Type::Float32); };
  auto Add = [](Expr A, Expr B) { return Binary::make(BinaryOp::Add, A, B); };
  K.Body.push_back(
      Stmt::store("o", Add(Add(Add(D(-0.5), Unary::make(UnaryOp::Neg, D(0.5))),
                               Add(D(Inf), D(-Inf))),
                           Add(D(1e300), D(5e-324)))));
  K.Body.push_back(
      Stmt::store("f", Add(Add(F(0.1f), F(static_cast<float>(Inf))),
                           Add(F(std::nanf("")), F(-3.4028235e+38f)))));
  K.Body.push_back(Stmt::store(
      "l", Add(Constant::makeInt(-9223372036854775807LL, Type::Int64),
               Cast::make(Type::Int64,
                          Unary::make(UnaryOp::Neg, Constant::makeInt(2))))));
  Module M;
  M.SourceFile = "a \"quoted\" \\ name.cpp";
  M.Kernels.push_back(std::move(K));
  const std::string Text = printModule(M);
  EXPECT_NE(Text.find("(-0.5 + -(0.5))"), std::string::npos) << Text;
  EXPECT_NE(Text.find("inff"), std::string::npos) << Text;
  EXPECT_NE(Text.find("nanf"), std::string::npos) << Text;
  Module Back = parse(Text);
  EXPECT_EQ(Back.SourceFile, M.SourceFile);
  EXPECT_EQ(printModule(Back), Text);
  const auto *Store = as<Binary>(Back.Kernels.at(0).Body.at(0)->Value);
  ASSERT_NE(Store, nullptr);
  const auto *Left = as<Binary>(as<Binary>(Store->LHS)->LHS);
  ASSERT_NE(Left, nullptr);
  EXPECT_EQ(Left->LHS->Kind, ExprKind::Constant); // -0.5
  EXPECT_EQ(Left->RHS->Kind, ExprKind::Unary);    // -(0.5)
}

TEST(IRParser, ReportsTheFirstErrorWithItsPosition) {
  ParseError Err;
  EXPECT_FALSE(parseModule("module \"x\"\n\nkernel k rank 4\n", Err));
  EXPECT_EQ(Err.Loc.Line, 3u);
  EXPECT_EQ(Err.Loc.Col, 15u);
  EXPECT_EQ(Err.Message, "rank 4 is not in 1..3");
  EXPECT_FALSE(
      parseModule("module \"x\"\nkernel k rank 1\n  param out f64[1] o\n"
                  "{\n  store o = sqrt(1.0, 2.0)\n}\n",
                  Err));
  EXPECT_EQ(Err.Loc.Line, 5u);
  EXPECT_EQ(Err.Message, "'sqrt' takes 1 arguments, not 2");
  EXPECT_FALSE(
      parseModule("module \"x\"\nkernel k rank 1\n  param out i32[1] o\n"
                  "{\n  store o = 3000000000\n}\n",
                  Err));
  EXPECT_EQ(Err.Message, "integer 3000000000 out of range of i32");
}

} // namespace
