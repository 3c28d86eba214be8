//===- FoldConstants.cpp --------------------------------------------------===//
#include "codegen/passes/FoldConstants.h"

#include "codegen/IRPrinter.h"
#include "codegen/IRVisitor.h"

#include <cfloat>
#include <cmath>
#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <vector>

// The folded value must be the one operation in the operand type, rounded to
// nearest once: float arithmetic evaluated in float (not in double or x87
// extended precision), and no -ffast-math reassociation or flush to zero.
#if !defined(FLT_EVAL_METHOD) || FLT_EVAL_METHOD != 0
#error "fold-constants needs float arithmetic evaluated in its own type"
#endif
#ifdef __FAST_MATH__
#error "fold-constants needs IEEE arithmetic: do not build with -ffast-math"
#endif

namespace stencilc {

using namespace ir;

namespace {

/// V, an f32 or f64 constant's value, in F: as the emitter's literal spells it
/// (floatLiteral rounds an f32 constant to float). Nothing when V is beyond
/// F's range, where the conversion is undefined.
template <class F> std::optional<F> inType(double V) {
  if (std::isfinite(V) && std::fabs(V) > std::numeric_limits<F>::max())
    return std::nullopt;
  return static_cast<F>(V);
}

/// L Op R in F's own arithmetic (float or double), correctly rounded, or
/// nothing when the result would not be the value the unfolded code computes
/// without doubt: a NaN operand, a division by zero, a result that is not
/// finite.
template <class F>
std::optional<double> floatArithmetic(BinaryOp Op, double LHS, double RHS) {
  const std::optional<F> LValue = inType<F>(LHS), RValue = inType<F>(RHS);
  if (!LValue || !RValue || std::isnan(*LValue) || std::isnan(*RValue))
    return std::nullopt;
  const F L = *LValue, R = *RValue;
  F Result;
  switch (Op) {
  case BinaryOp::Add:
    Result = L + R;
    break;
  case BinaryOp::Sub:
    Result = L - R;
    break;
  case BinaryOp::Mul:
    Result = L * R;
    break;
  case BinaryOp::Div:
    if (R == 0)
      return std::nullopt;
    Result = L / R;
    break;
  default:
    return std::nullopt;
  }
  if (!std::isfinite(Result))
    return std::nullopt;
  return static_cast<double>(Result);
}

/// L Op R in the integer type I, or nothing when it overflows I (undefined
/// behaviour in C++, so no value to fold to) or is / or % (left as written).
template <class I>
std::optional<int64_t> integerArithmetic(BinaryOp Op, int64_t LHS,
                                         int64_t RHS) {
  if (LHS < std::numeric_limits<I>::min() ||
      LHS > std::numeric_limits<I>::max() ||
      RHS < std::numeric_limits<I>::min() ||
      RHS > std::numeric_limits<I>::max())
    return std::nullopt;
  const I L = static_cast<I>(LHS), R = static_cast<I>(RHS);
  I Result;
  bool Overflow;
  switch (Op) {
  case BinaryOp::Add:
    Overflow = __builtin_add_overflow(L, R, &Result);
    break;
  case BinaryOp::Sub:
    Overflow = __builtin_sub_overflow(L, R, &Result);
    break;
  case BinaryOp::Mul:
    Overflow = __builtin_mul_overflow(L, R, &Result);
    break;
  default:
    return std::nullopt;
  }
  if (Overflow)
    return std::nullopt;
  return Result;
}

Expr foldBinary(const Binary &N) {
  const Constant *L = as<Constant>(N.LHS), *R = as<Constant>(N.RHS);
  if (!L || !R || L->Ty != R->Ty || N.Ty != L->Ty)
    return nullptr; // comparisons and logic yield bool: not folded
  std::optional<double> F;
  std::optional<int64_t> I;
  switch (N.Ty) {
  case Type::Float32:
    F = floatArithmetic<float>(N.Op, L->FloatValue, R->FloatValue);
    break;
  case Type::Float64:
    F = floatArithmetic<double>(N.Op, L->FloatValue, R->FloatValue);
    break;
  case Type::Int32:
    I = integerArithmetic<int32_t>(N.Op, L->IntValue, R->IntValue);
    break;
  case Type::Int64:
    I = integerArithmetic<int64_t>(N.Op, L->IntValue, R->IntValue);
    break;
  case Type::Bool:
    break;
  }
  if (F)
    return Constant::makeFloat(*F, N.Ty);
  if (I)
    return Constant::makeInt(*I, N.Ty);
  return nullptr;
}

Expr foldNegation(const Unary &N) {
  const Constant *C = as<Constant>(N.Operand);
  if (!C || N.Op != UnaryOp::Neg)
    return nullptr;
  if (isFloat(N.Ty)) {
    // Negation only flips the sign; -0.0 stays -0.0.
    std::optional<double> V = inType<double>(C->FloatValue);
    if (N.Ty == Type::Float32)
      V = inType<float>(C->FloatValue);
    if (!V || !std::isfinite(*V))
      return nullptr;
    return Constant::makeFloat(-*V, N.Ty);
  }
  const int64_t Min = N.Ty == Type::Int32 ? INT32_MIN : INT64_MIN;
  if (!isInteger(N.Ty) || C->IntValue == Min)
    return nullptr;
  return Constant::makeInt(-C->IntValue, N.Ty);
}

/// The conversions that lose nothing and are defined for every value they
/// accept. A float narrowed or truncated stays a cast in the generated code,
/// as the spec wrote it.
Expr foldCast(const Cast &N) {
  const Constant *C = as<Constant>(N.Value);
  if (!C)
    return nullptr;
  const Type From = C->Ty, To = N.Ty;
  if (From == Type::Float32 && To == Type::Float64) {
    const std::optional<float> V = inType<float>(C->FloatValue);
    if (!V || !std::isfinite(*V))
      return nullptr;
    return Constant::makeFloat(*V, To);
  }
  const bool Whole = isInteger(From) || From == Type::Bool;
  if (!Whole || To == Type::Bool || !representsExactly(To, C->IntValue))
    return nullptr;
  if (isFloat(To))
    return Constant::makeFloat(static_cast<double>(C->IntValue), To);
  return Constant::makeInt(C->IntValue, To);
}

/// Folds bottom-up and keeps, for the remark, each maximal folded
/// subexpression as written and its value.
class Folder : public ExprMutator {
public:
  struct Fold {
    std::string Before;
    Expr After;
  };
  std::vector<Fold> Folds;

protected:
  Expr visitUnary(const Unary &N, const Expr &Self) override {
    const size_t Mark = Folds.size();
    Expr Rebuilt = ExprMutator::visitUnary(N, Self);
    const Unary *U = as<Unary>(Rebuilt);
    return record(Mark, Self, Rebuilt, U ? foldNegation(*U) : nullptr);
  }
  Expr visitBinary(const Binary &N, const Expr &Self) override {
    const size_t Mark = Folds.size();
    Expr Rebuilt = ExprMutator::visitBinary(N, Self);
    const Binary *B = as<Binary>(Rebuilt);
    return record(Mark, Self, Rebuilt, B ? foldBinary(*B) : nullptr);
  }
  Expr visitCast(const Cast &N, const Expr &Self) override {
    const size_t Mark = Folds.size();
    Expr Rebuilt = ExprMutator::visitCast(N, Self);
    const Cast *C = as<Cast>(Rebuilt);
    return record(Mark, Self, Rebuilt, C ? foldCast(*C) : nullptr);
  }
  // Math calls are never folded, their arguments are (visitCall's default);
  // so are a select's operands, the select itself never.

private:
  /// Folded replaces Self when there is one; the folds recorded since Mark
  /// are inside Self, so the one of Self stands for them.
  Expr record(size_t Mark, const Expr &Self, const Expr &Rebuilt, Expr Folded) {
    if (!Folded)
      return Rebuilt;
    Folds.resize(Mark);
    Folds.push_back({printExpr(Self), Folded});
    return Folded;
  }
};

/// "2 constant subexpressions folded: (1.0 / 3.0) -> ..., ..."; the first
/// few are spelled out.
std::string describe(const std::vector<Folder::Fold> &Folds) {
  constexpr size_t Shown = 4;
  std::string S = std::to_string(Folds.size()) + " constant subexpression" +
                  (Folds.size() == 1 ? "" : "s") + " folded: ";
  for (size_t I = 0; I < Folds.size() && I < Shown; ++I)
    S += (I ? ", " : "") + Folds[I].Before + " -> " + printExpr(Folds[I].After);
  if (Folds.size() > Shown)
    S += ", and " + std::to_string(Folds.size() - Shown) + " more";
  return S;
}

class FoldConstantsPass : public Pass {
public:
  FoldConstantsPass() : Pass(PassID::FoldConstants) {}
  bool run(Kernel &K, const PassOptions &) override {
    Folder F;
    SourceLoc First;
    rewrite(F, K.Body, First);
    if (F.Folds.empty())
      return false;
    K.Remarks.push_back({passName(PassID::FoldConstants),
                         First.valid() ? First : K.Loc, describe(F.Folds)});
    return true;
  }

private:
  /// Folds the expressions of B's statements; First becomes the location of
  /// the first statement with a fold, where the remark points.
  static void rewrite(Folder &F, Block &B, SourceLoc &First) {
    for (StmtPtr &S : B) {
      const size_t Before = F.Folds.size();
      S->Value = F.mutate(S->Value);
      S->Index = F.mutate(S->Index);
      S->Cond = F.mutate(S->Cond);
      if (F.Folds.size() != Before && !First.valid())
        First = S->Loc;
      rewrite(F, S->Then, First);
      rewrite(F, S->Else, First);
    }
  }
};

} // namespace

Expr foldConstants(const Expr &E) {
  Folder F;
  return F.mutate(E);
}

std::unique_ptr<Pass> createFoldConstantsPass() {
  return std::make_unique<FoldConstantsPass>();
}

} // namespace stencilc
