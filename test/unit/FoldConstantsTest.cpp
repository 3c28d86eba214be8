//===- FoldConstantsTest.cpp - fold-constants: which values, exactly ------===//
//
// The folded value is the one operation in the operand type, rounded once
// (f32 in float, not in the double the constant is stored in); what is not
// exact or not defined (NaN, infinities, division by zero, integer overflow,
// narrowing casts, float math calls) stays as written; integer abs, min and max
// fold, and a multiplication by one is dropped. The pass's remark and its
// place in the pipeline are checked by test/lit/passes/fold-constants.
//
//===----------------------------------------------------------------------===//
#include "ParseKernel.h"
#include "codegen/IRParser.h"
#include "codegen/IRPrinter.h"
#include "codegen/passes/FoldConstants.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <limits>

using namespace stencilc;
using namespace stencilc::ir;

namespace {

Expr f32(double V) { return Constant::makeFloat(V, Type::Float32); }
Expr f64(double V) { return Constant::makeFloat(V, Type::Float64); }
Expr i32(int64_t V) { return Constant::makeInt(V, Type::Int32); }
Expr i64(int64_t V) { return Constant::makeInt(V, Type::Int64); }
Expr bin(BinaryOp Op, Expr A, Expr B) {
  return Binary::make(Op, std::move(A), std::move(B));
}
Expr neg(Expr A) { return Unary::make(UnaryOp::Neg, std::move(A)); }

/// The constant E folds to; fails the test when it does not fold to one.
Constant folded(const Expr &E) {
  Expr F = foldConstants(E);
  const Constant *C = as<Constant>(F);
  EXPECT_TRUE(C) << printExpr(E) << " folded to " << printExpr(F);
  return C ? *C : Constant(Type::Bool);
}

/// True when foldConstants leaves E as it is (the same node).
bool unchanged(const Expr &E) { return foldConstants(E) == E; }

TEST(FoldConstants, F32IsRoundedInFloat) {
  // 1/3 in float is 0.3333333432674408, not the double 0.3333333333333333.
  const Constant Third = folded(bin(BinaryOp::Div, f32(1.0), f32(3.0)));
  EXPECT_EQ(Third.Ty, Type::Float32);
  EXPECT_EQ(Third.FloatValue, static_cast<double>(1.0f / 3.0f));
  EXPECT_NE(Third.FloatValue, 1.0 / 3.0);
  EXPECT_EQ(printExpr(foldConstants(bin(BinaryOp::Div, f32(1.0), f32(3.0)))),
            "0.33333334f");

  // The suite's coefficient: -49.0f / 9.0f as the C++ compiler folds it.
  const Constant Coefficient =
      folded(bin(BinaryOp::Div, neg(f32(49.0)), f32(9.0)));
  EXPECT_EQ(Coefficient.FloatValue, static_cast<double>(-49.0f / 9.0f));
  EXPECT_EQ(
      printExpr(foldConstants(bin(BinaryOp::Div, neg(f32(49.0)), f32(9.0)))),
      "-5.4444447f");

  // The result is a float: 0.1f + 0.2f as float arithmetic gives it, and
  // 16777216 + 1 is 16777216 in float (24-bit significand) where the double
  // the constant is stored in would hold 16777217.
  EXPECT_EQ(folded(bin(BinaryOp::Add, f32(0.1f), f32(0.2f))).FloatValue,
            static_cast<double>(0.1f + 0.2f));
  EXPECT_EQ(folded(bin(BinaryOp::Add, f32(16777216.0), f32(1.0))).FloatValue,
            16777216.0);
  // An f32 constant holding a double that is no float is rounded to float
  // first, as the emitter's literal is.
  EXPECT_EQ(folded(bin(BinaryOp::Mul, f32(3.0), f32(1.0 / 3.0))).FloatValue,
            static_cast<double>(3.0f * static_cast<float>(1.0 / 3.0)));
}

TEST(FoldConstants, F64AndNested) {
  EXPECT_EQ(folded(bin(BinaryOp::Div, f64(1.0), f64(12.0))).FloatValue,
            1.0 / 12.0);
  EXPECT_EQ(folded(bin(BinaryOp::Add, f64(0.1), f64(0.2))).FloatValue,
            0.1 + 0.2);
  // (1.0 / 12.0) * -(16.0): bottom-up, one operation at a time as C++ does.
  const double Expected = (1.0 / 12.0) * -16.0;
  EXPECT_EQ(folded(bin(BinaryOp::Mul, bin(BinaryOp::Div, f64(1.0), f64(12.0)),
                       neg(f64(16.0))))
                .FloatValue,
            Expected);
  // A negated zero keeps its sign.
  const Constant NegZero = folded(neg(f64(0.0)));
  EXPECT_TRUE(std::signbit(NegZero.FloatValue));
}

TEST(FoldConstants, NaNInfinityAndDivisionByZeroStay) {
  const double Inf = std::numeric_limits<double>::infinity();
  const double NaN = std::numeric_limits<double>::quiet_NaN();
  EXPECT_TRUE(unchanged(bin(BinaryOp::Div, f64(1.0), f64(0.0))));
  EXPECT_TRUE(unchanged(bin(BinaryOp::Div, f64(0.0), f64(0.0))));
  EXPECT_TRUE(unchanged(bin(BinaryOp::Div, f32(1.0), f32(-0.0))));
  EXPECT_TRUE(unchanged(bin(BinaryOp::Add, f64(NaN), f64(1.0))));
  EXPECT_TRUE(unchanged(bin(BinaryOp::Mul, f32(2.0), f32(NaN))));
  EXPECT_TRUE(unchanged(bin(BinaryOp::Sub, f64(Inf), f64(1.0))));
  EXPECT_TRUE(unchanged(neg(f64(Inf))));
  EXPECT_TRUE(unchanged(neg(f64(NaN))));
  // Overflow to infinity: 1e300 * 1e300 in f64, 1e30f * 1e30f in f32 (finite
  // in double, infinite in float).
  EXPECT_TRUE(unchanged(bin(BinaryOp::Mul, f64(1e300), f64(1e300))));
  EXPECT_TRUE(unchanged(bin(BinaryOp::Mul, f32(1e30f), f32(1e30f))));
  // What stays keeps its folded operands: 1.0 / (2.0 - 2.0) is 1.0 / 0.0.
  Expr Kept = foldConstants(
      bin(BinaryOp::Div, f64(1.0), bin(BinaryOp::Sub, f64(2.0), f64(2.0))));
  EXPECT_EQ(printExpr(Kept), "(1.0 / 0.0)");
}

TEST(FoldConstants, IntegersFoldOnlyWithoutOverflow) {
  EXPECT_EQ(folded(bin(BinaryOp::Add, i32(2), i32(3))).IntValue, 5);
  EXPECT_EQ(folded(bin(BinaryOp::Mul, i32(-4), i32(5))).IntValue, -20);
  EXPECT_EQ(folded(neg(i32(7))).IntValue, -7);
  EXPECT_EQ(folded(bin(BinaryOp::Mul, i64(INT32_MAX), i64(4))).IntValue,
            int64_t(INT32_MAX) * 4);
  EXPECT_EQ(folded(bin(BinaryOp::Mul, i64(INT32_MAX), i64(4))).Ty, Type::Int64);
  // Signed overflow is undefined in C++: there is no value to fold to.
  EXPECT_TRUE(unchanged(bin(BinaryOp::Add, i32(INT32_MAX), i32(1))));
  EXPECT_TRUE(unchanged(bin(BinaryOp::Sub, i32(INT32_MIN), i32(1))));
  EXPECT_TRUE(unchanged(bin(BinaryOp::Mul, i32(65536), i32(65536))));
  EXPECT_TRUE(unchanged(bin(BinaryOp::Mul, i64(INT64_MAX), i64(2))));
  EXPECT_TRUE(unchanged(neg(i32(INT32_MIN))));
  EXPECT_TRUE(unchanged(neg(i64(INT64_MIN))));
  // Integer division and remainder are left as written.
  EXPECT_TRUE(unchanged(bin(BinaryOp::Div, i32(7), i32(2))));
  EXPECT_TRUE(unchanged(bin(BinaryOp::Rem, i32(7), i32(2))));
  // Comparisons and logic are not folded.
  EXPECT_TRUE(unchanged(bin(BinaryOp::Lt, i32(1), i32(2))));
  EXPECT_TRUE(unchanged(
      bin(BinaryOp::And, Constant::makeBool(true), Constant::makeBool(false))));
}

TEST(FoldConstants, CastsOnlyWhenExact) {
  EXPECT_EQ(folded(Cast::make(Type::Float64, i32(3))).FloatValue, 3.0);
  EXPECT_EQ(folded(Cast::make(Type::Float64, i32(3))).Ty, Type::Float64);
  EXPECT_EQ(folded(Cast::make(Type::Float32, i32(16777216))).FloatValue,
            16777216.0);
  // 2^24 + 1 has no f32 representation: the conversion would round.
  EXPECT_TRUE(unchanged(Cast::make(Type::Float32, i32(16777217))));
  EXPECT_TRUE(unchanged(Cast::make(Type::Float64, i64((1ll << 53) + 1))));
  // f32 -> f64 is exact; f64 -> f32 rounds and is left to the compiler.
  EXPECT_EQ(folded(Cast::make(Type::Float64, f32(0.1f))).FloatValue,
            static_cast<double>(0.1f));
  EXPECT_TRUE(unchanged(Cast::make(Type::Float32, f64(0.1))));
  // Float to integer is not folded, whatever the value.
  EXPECT_TRUE(unchanged(Cast::make(Type::Int32, f64(2.0))));
  EXPECT_TRUE(unchanged(Cast::make(Type::Int32, f64(2.5))));
  // Between integer types, in range only; bool to integer.
  EXPECT_EQ(folded(Cast::make(Type::Int64, i32(-5))).IntValue, -5);
  EXPECT_EQ(folded(Cast::make(Type::Int32, i64(-5))).IntValue, -5);
  EXPECT_TRUE(unchanged(Cast::make(Type::Int32, i64(int64_t(1) << 40))));
  EXPECT_EQ(folded(Cast::make(Type::Int32, Constant::makeBool(true))).IntValue,
            1);
  EXPECT_TRUE(unchanged(Cast::make(Type::Bool, i32(2))));
  // An integer made exact then used in float arithmetic: 1 / 4.0.
  EXPECT_EQ(
      folded(bin(BinaryOp::Div, Cast::make(Type::Float64, i32(1)), f64(4.0)))
          .FloatValue,
      0.25);
}

TEST(FoldConstants, NothingThatReadsOrCallsFolds) {
  Expr U = GridRead::make("u", {0, 0}, Type::Float32);
  Expr B = Var::make("b", VarScope::Param, Type::Float64);
  // Math functions: the host's libm is not CUDA's.
  EXPECT_TRUE(unchanged(Call::make(MathFn::Sqrt, {f64(2.0)})));
  EXPECT_TRUE(unchanged(Call::make(MathFn::Pow, {f64(2.0), f64(0.5)})));
  EXPECT_TRUE(unchanged(bin(BinaryOp::Mul, f64(2.0), B)));
  EXPECT_TRUE(unchanged(Cast::make(Type::Float64, Index::make(0))));
  // Left-associated, u * -49 / 9 is (u * -49) / 9: only -(49) folds.
  Expr Product =
      bin(BinaryOp::Div, bin(BinaryOp::Mul, U, neg(f32(49.0))), f32(9.0));
  EXPECT_EQ(printExpr(foldConstants(Product)), "((u[0, 0] * -49.0f) / 9.0f)");
  // -49 / 9 * u folds to one literal times the read.
  Expr Coefficient =
      bin(BinaryOp::Mul, bin(BinaryOp::Div, neg(f32(49.0)), f32(9.0)), U);
  EXPECT_EQ(printExpr(foldConstants(Coefficient)), "(-5.4444447f * u[0, 0])");
  // A math call's arguments fold, the call does not.
  EXPECT_EQ(printExpr(foldConstants(Call::make(
                MathFn::Sqrt, {bin(BinaryOp::Add, f64(1.0), f64(1.0))}))),
            "sqrt(2.0)");
}

TEST(FoldConstants, IntegerAbsMinMaxFold) {
  // A box's weights written with its loop variables, once unrolled.
  Expr W = bin(BinaryOp::Mul,
               bin(BinaryOp::Sub, i32(3), Call::make(MathFn::Abs, {i32(-2)})),
               bin(BinaryOp::Sub, i32(3), Call::make(MathFn::Abs, {i32(1)})));
  EXPECT_EQ(folded(W).IntValue, 2);
  EXPECT_EQ(folded(Call::make(MathFn::Min, {i64(-7), i64(3)})).IntValue, -7);
  EXPECT_EQ(folded(Call::make(MathFn::Max, {i32(-7), i32(3)})).IntValue, 3);
  // abs of the type's minimum is undefined; float calls are the device's.
  EXPECT_TRUE(unchanged(
      Call::make(MathFn::Abs, {i32(std::numeric_limits<int32_t>::min())})));
  EXPECT_TRUE(unchanged(Call::make(MathFn::Abs, {f64(-2.0)})));
  EXPECT_TRUE(unchanged(Call::make(MathFn::Min, {f64(-0.0), f64(0.0)})));
}

TEST(FoldConstants, MultiplyByOneIsDropped) {
  Expr U = GridRead::make("u", {0, 0}, Type::Float32);
  Expr N = Var::make("n", VarScope::Param, Type::Int32);
  EXPECT_EQ(foldConstants(bin(BinaryOp::Mul, f32(1.0), U)), U);
  EXPECT_EQ(foldConstants(bin(BinaryOp::Mul, U, f32(1.0))), U);
  EXPECT_EQ(foldConstants(bin(BinaryOp::Mul, N, i32(1))), N);
  // A weight that folds to 1 first: f32((3 - abs(-2)) * (3 - abs(2))) * u.
  Expr One = Cast::make(
      Type::Float32,
      bin(BinaryOp::Mul,
          bin(BinaryOp::Sub, i32(3), Call::make(MathFn::Abs, {i32(-2)})),
          bin(BinaryOp::Sub, i32(3), Call::make(MathFn::Abs, {i32(2)}))));
  EXPECT_EQ(foldConstants(bin(BinaryOp::Mul, One, U)), U);
  // Not 1, or not a multiplication: kept (x + 0 would turn -0 into +0).
  EXPECT_TRUE(unchanged(bin(BinaryOp::Mul, f32(2.0), U)));
  EXPECT_TRUE(unchanged(bin(BinaryOp::Mul, f32(-1.0), U)));
  EXPECT_TRUE(unchanged(bin(BinaryOp::Add, U, f32(0.0))));
  EXPECT_TRUE(unchanged(bin(BinaryOp::Div, U, f32(1.0))));
}

/// A kernel of f32 grids u (in) and v (out) storing Value into v, from the
/// textual IR (the statement at line 4, column 3).
Kernel storing(const std::string &Value) {
  return stencilc::test::parseKernel(
      "kernel k rank 1\n  param in f32[1] u\n  param out f32[1] v\n{\n"
      "  store v = " +
      Value + " loc(4:3)\n}\n");
}

TEST(FoldConstants, PassRemarksAndIsIdempotent) {
  Kernel K = storing("(((-(49.0f) / 9.0f) * u[0]) + (1.0f / 3.0f))");
  ASSERT_FALSE(K.Body.empty());
  std::unique_ptr<Pass> P = createFoldConstantsPass();
  ASSERT_TRUE(P->run(K, PassOptions()));
  ASSERT_EQ(K.Remarks.size(), 1u);
  EXPECT_EQ(K.Remarks[0].Pass, "fold-constants");
  EXPECT_EQ(K.Remarks[0].Loc.Line, 4u);
  EXPECT_EQ(K.Remarks[0].Message,
            "2 constant subexpressions folded: (-(49.0f) / 9.0f) -> "
            "-5.4444447f, (1.0f / 3.0f) -> 0.33333334f");
  EXPECT_EQ(printExpr(K.Body[0]->Value),
            "((-5.4444447f * u[0]) + 0.33333334f)");
  // A second run finds nothing and says nothing.
  EXPECT_FALSE(P->run(K, PassOptions()));
  EXPECT_EQ(K.Remarks.size(), 1u);
}

TEST(FoldConstants, PassCountsTheMultiplicationsByOne) {
  Kernel K = storing("((f32((3 - abs(-2))) * u[-1]) + (u[1] * 1.0f))");
  ASSERT_FALSE(K.Body.empty());
  std::unique_ptr<Pass> P = createFoldConstantsPass();
  ASSERT_TRUE(P->run(K, PassOptions()));
  ASSERT_EQ(K.Remarks.size(), 1u);
  EXPECT_EQ(K.Remarks[0].Message,
            "1 constant subexpression folded: f32((3 - abs(-2))) -> 1.0f; 2 "
            "multiplications by 1 dropped (x * 1 is x)");
  EXPECT_EQ(printExpr(K.Body[0]->Value), "(u[-1] + u[1])");
}

} // namespace
