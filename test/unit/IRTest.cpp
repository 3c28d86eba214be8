//===- IRTest.cpp - IR construction, printing, verification, footprint ----===//
#include "codegen/Footprint.h"
#include "codegen/IRPrinter.h"
#include "codegen/Pipeline.h"
#include "codegen/Verifier.h"
#include "codegen/passes/HoistDivision.h"

#include <gtest/gtest.h>

using namespace stencilc;
using namespace stencilc::ir;

namespace {

Param grid(ParamKind K, const char *Name, int Rank = 2) {
  return Param{K, Name, Type::Float64, Type::Float64, Rank, {}};
}
Param scalar(const char *Name) {
  return Param{ParamKind::Scalar, Name, Type::Float64, Type::Float64, 0, {}};
}
Expr read(const char *G, int A, int B) {
  return GridRead::make(G, {A, B}, Type::Float64);
}
Expr param(const char *N) {
  return Var::make(N, VarScope::Param, Type::Float64);
}
Expr add(Expr A, Expr B) { return Binary::make(BinaryOp::Add, A, B); }

/// A Helmholtz sweep like examples/jacobi2d's helmholtz_sweep, built by hand.
Kernel helmholtz() {
  Kernel K;
  K.Name = "helmholtz_sweep";
  K.Rank = 2;
  K.Params = {
      grid(ParamKind::In, "uold"),
      grid(ParamKind::In, "f"),
      grid(ParamKind::Out, "u"),
      Param{ParamKind::Sum, "error", Type::Float64, Type::Float64, 0, {}},
      scalar("ax"),
      scalar("b"),
      scalar("omega")};
  Expr Stencil = add(Binary::make(BinaryOp::Mul, param("ax"),
                                  add(read("uold", 0, -1), read("uold", 0, 1))),
                     add(read("uold", -1, 0), read("uold", 1, 0)));
  Expr Resid = Binary::make(
      BinaryOp::Div, Binary::make(BinaryOp::Sub, Stencil, read("f", 0, 0)),
      param("b"));
  K.Body.push_back(Stmt::declare("resid", Type::Float64, Resid, {5, 3}));
  Expr R = Var::make("resid", VarScope::Local, Type::Float64);
  K.Body.push_back(
      Stmt::store("u",
                  Binary::make(BinaryOp::Sub, read("uold", 0, 0),
                               Binary::make(BinaryOp::Mul, param("omega"), R)),
                  {6, 3}));
  K.Body.push_back(
      Stmt::reduce("error", Binary::make(BinaryOp::Mul, R, R), {7, 3}));
  return K;
}

TEST(IR, MakeChecksOperandTypes) {
  Expr I = Constant::makeInt(1);
  Expr D = Constant::makeFloat(1.0);
  EXPECT_THROW(Binary::make(BinaryOp::Add, I, D), std::logic_error);
  EXPECT_THROW(Binary::make(BinaryOp::Rem, D, D), std::logic_error);
  EXPECT_THROW(Call::make(MathFn::Sqrt, {I}), std::logic_error);
  EXPECT_EQ(Cast::make(Type::Float64, D), D) << "no-op casts fold away";
  EXPECT_EQ(Binary::make(BinaryOp::Lt, D, D)->Ty, Type::Bool);
}

TEST(IR, PrinterIsStableAndParenthesised) {
  EXPECT_EQ(printExpr(add(read("uold", 0, -1), param("ax"))),
            "(uold[0, -1] + ax)");
  EXPECT_EQ(printExpr(Constant::makeFloat(0.25, Type::Float32)), "0.25f");
  EXPECT_EQ(printExpr(Constant::makeFloat(1.0)), "1.0");
  EXPECT_EQ(printExpr(Constant::makeFloat(0.1)), "0.1");
  EXPECT_EQ(printExpr(Cast::make(Type::Int32, Constant::makeFloat(2.5))),
            "i32(2.5)");
  std::string Text = printKernel(helmholtz());
  EXPECT_NE(Text.find("kernel helmholtz_sweep rank 2"), std::string::npos);
  EXPECT_NE(Text.find("param sum f64 error"), std::string::npos);
  EXPECT_NE(Text.find("reduce error += (%resid * %resid)"), std::string::npos);
}

TEST(IR, CloneIsDeep) {
  Kernel K = helmholtz();
  Kernel C = K.clone();
  C.Body.clear();
  EXPECT_EQ(K.Body.size(), 3u);
}

TEST(Verifier, AcceptsHelmholtz) {
  EXPECT_TRUE(verifyKernel(helmholtz()).empty());
}

TEST(Verifier, RejectsWritesToInputsAndUndeclaredLocals) {
  Kernel K = helmholtz();
  K.Body.push_back(Stmt::store("uold", Constant::makeFloat(0.0)));
  K.Body.push_back(
      Stmt::assign("nope", Var::make("nope", VarScope::Local, Type::Float64)));
  auto Errors = verifyKernel(K);
  ASSERT_EQ(Errors.size(), 3u);
  EXPECT_NE(Errors[0].find("store to 'uold'"), std::string::npos);
}

TEST(Verifier, RejectsReadOfOutGridAndWrongRank) {
  Kernel K = helmholtz();
  K.Body.push_back(Stmt::declare("x", Type::Float64, read("u", 0, 0)));
  K.Body.push_back(Stmt::declare(
      "y", Type::Float64, GridRead::make("f", {0, 0, 0}, Type::Float64)));
  EXPECT_EQ(verifyKernel(K).size(), 2u);
}

TEST(Footprint, RadiiAndDomain) {
  Footprint F = computeFootprint(helmholtz());
  ASSERT_EQ(F.Grids.size(), 2u);
  EXPECT_EQ(F.Grids[0].Grid, "uold");
  EXPECT_EQ(F.Grids[0].Offsets.size(), 5u);
  EXPECT_EQ(F.Grids[0].Lo[0], -1);
  EXPECT_EQ(F.Grids[0].Hi[1], 1);
  EXPECT_EQ(F.Grids[1].Offsets.size(), 1u);
  EXPECT_EQ(F.Lo[0], 1);
  EXPECT_EQ(F.Lo[1], 1);
  EXPECT_EQ(F.Hi[0], 1);
  EXPECT_EQ(F.Hi[1], 1);
}

TEST(HoistDivision, UniformDivisorBecomesReciprocal) {
  Kernel K = helmholtz();
  ASSERT_TRUE(createHoistDivisionPass()->run(K, {}));
  ASSERT_EQ(K.Uniforms.size(), 2u);
  EXPECT_EQ(K.Uniforms[0].Name, "rcp_b");
  EXPECT_EQ(printExpr(K.Uniforms[0].Value), "(1.0 / b)");
  EXPECT_EQ(K.Uniforms[1].Name, "rcplo_b");
  EXPECT_EQ(printExpr(K.Uniforms[1].Value), "rcp_low(b)");
  std::string Text = printKernel(K);
  // The only division left is the one that defines the reciprocal.
  EXPECT_EQ(Text.find("/ b)"), Text.find("(1.0 / b)") + 5) << Text;
  EXPECT_EQ(Text.find("/ b)", Text.find("/ b)") + 1), std::string::npos);
  EXPECT_NE(Text.find(", b, %rcp_b, %rcplo_b)"), std::string::npos)
      << Text; // exact_div
  EXPECT_TRUE(verifyKernel(K).empty());
  EXPECT_FALSE(createHoistDivisionPass()->run(K, {})) << "idempotent";

  Kernel Fast = helmholtz();
  PassOptions FastMath;
  FastMath.FastMath = true;
  ASSERT_TRUE(createHoistDivisionPass()->run(Fast, FastMath));
  EXPECT_NE(printKernel(Fast).find("* %rcp_b)"), std::string::npos);
}

TEST(HoistDivision, LeavesGridAndConstantDivisorsHoistsIntegerOnes) {
  Kernel K = helmholtz();
  K.Body.push_back(
      Stmt::declare("g", Type::Float64,
                    Binary::make(BinaryOp::Div, param("b"), read("f", 0, 0))));
  K.Params.push_back(
      Param{ParamKind::Scalar, "n", Type::Int32, Type::Int32, 0, {}});
  const Expr N = Var::make("n", VarScope::Param, Type::Int32);
  K.Body.push_back(Stmt::declare(
      "q", Type::Int32, Binary::make(BinaryOp::Div, Index::make(0), N)));
  K.Body.push_back(Stmt::declare(
      "r", Type::Int32, Binary::make(BinaryOp::Rem, Index::make(1), N)));
  K.Body.push_back(
      Stmt::declare("c", Type::Int32,
                    Binary::make(BinaryOp::Rem, Index::make(1),
                                 Constant::makeInt(7, Type::Int32))));
  ASSERT_TRUE(createHoistDivisionPass()->run(K, {}));
  // helmholtz's reciprocal and its low word, and n's multiplier and shifts
  // (once for both).
  EXPECT_EQ(K.Uniforms.size(), 4u);
  std::string Text = printKernel(K);
  EXPECT_NE(Text.find("(b / f[0, 0])"), std::string::npos) << Text;
  EXPECT_NE(Text.find("uniform %mul_n: i32 = int_div_multiplier(n)"),
            std::string::npos)
      << Text;
  EXPECT_NE(Text.find("uniform %shift_n: i32 = int_div_shifts(n)"),
            std::string::npos)
      << Text;
  EXPECT_NE(Text.find("int_div(index(0), n, %mul_n, %shift_n)"),
            std::string::npos)
      << Text;
  EXPECT_NE(Text.find("int_rem(index(1), n, %mul_n, %shift_n)"),
            std::string::npos)
      << Text;
  EXPECT_NE(Text.find("(index(1) % 7)"), std::string::npos) << Text;
}

TEST(Pipeline, O0RunsNoPassAndDisableRemovesOne) {
  Module M;
  M.Kernels.push_back(helmholtz());
  PipelineOptions O0;
  O0.OptLevel = 0;
  runPipeline(M, O0, nullptr);
  EXPECT_TRUE(M.Kernels[0].PassesApplied.empty());
  EXPECT_TRUE(M.Kernels[0].Uniforms.empty());

  Module M2;
  M2.Kernels.push_back(helmholtz());
  PipelineOptions O2;
  O2.Disabled.insert("hoist-division");
  std::vector<std::string> Printed;
  O2.PrintAfterAll = true;
  runPipeline(M2, O2, [&](const std::string &P, const Module &) {
    Printed.push_back(P);
  });
  EXPECT_TRUE(M2.Kernels[0].Uniforms.empty());
  ASSERT_EQ(Printed.size(), createPipeline().size());
  EXPECT_EQ(Printed[0], "prune-boundary");
  EXPECT_EQ(Printed[1], "fold-constants");
  EXPECT_EQ(Printed[2], "hoist-division (disabled)");
}

} // namespace
