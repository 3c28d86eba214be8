//===- FoldConstants.cpp --------------------------------------------------===//
#include "codegen/passes/FoldConstants.h"

#include "codegen/IRPrinter.h"
#include "codegen/IRVisitor.h"

#include <algorithm>
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

/// abs, min and max of integer constants (the weights of a box written with
/// its loop variables: `(3 - abs(i)) * (3 - abs(j))` once unrolled): exact in
/// integers; abs of the type's minimum is undefined and stays. Float calls
/// are never folded (libm's results and min/max's zeros and NaNs are the
/// device's to compute).
Expr foldCall(const Call &N) {
  if (!isInteger(N.Ty))
    return nullptr;
  std::vector<int64_t> Args;
  for (const Expr &A : N.Args) {
    const Constant *C = as<Constant>(A);
    if (!C || C->Ty != N.Ty)
      return nullptr;
    Args.push_back(C->IntValue);
  }
  const int64_t Min = N.Ty == Type::Int32 ? INT32_MIN : INT64_MIN;
  switch (N.Fn) {
  case MathFn::Abs:
    if (Args.size() != 1 || Args[0] == Min)
      return nullptr;
    return Constant::makeInt(Args[0] < 0 ? -Args[0] : Args[0], N.Ty);
  case MathFn::Min:
  case MathFn::Max:
    if (Args.size() != 2)
      return nullptr;
    return Constant::makeInt(N.Fn == MathFn::Min ? std::min(Args[0], Args[1])
                                                 : std::max(Args[0], Args[1]),
                             N.Ty);
  default:
    return nullptr;
  }
}

/// True when E is the constant 1 of its type (1, 1l, 1.0f, 1.0).
bool isOne(const Expr &E) {
  const Constant *C = as<Constant>(E);
  if (!C)
    return false;
  return isFloat(C->Ty) ? C->FloatValue == 1.0
                        : isInteger(C->Ty) && C->IntValue == 1;
}

/// x * 1 and 1 * x of one type: x itself, exactly (IEEE 754 multiplies by one
/// without rounding, zeros and infinities keep their signs; a NaN stays a
/// NaN, whose payload the device's multiply would have replaced and no spec
/// can read). The device keeps an FMUL for `__fmul_rn(1.0f, x)`, one
/// instruction a point per weight of 1 (box5's corners, smooth27's eight).
Expr dropMultiplyByOne(const Binary &N) {
  if (N.Op != BinaryOp::Mul || N.LHS->Ty != N.Ty || N.RHS->Ty != N.Ty ||
      N.Ty == Type::Bool)
    return nullptr;
  if (isOne(N.RHS))
    return N.LHS;
  if (isOne(N.LHS))
    return N.RHS;
  return nullptr;
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
  int OnesDropped = 0; ///< multiplications by one dropped

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
    if (Expr Folded = B ? foldBinary(*B) : nullptr)
      return record(Mark, Self, Rebuilt, Folded);
    if (Expr Kept = B ? dropMultiplyByOne(*B) : nullptr) {
      ++OnesDropped;
      return Kept;
    }
    return Rebuilt;
  }
  Expr visitCall(const Call &N, const Expr &Self) override {
    const size_t Mark = Folds.size();
    Expr Rebuilt = ExprMutator::visitCall(N, Self);
    const Call *C = as<Call>(Rebuilt);
    return record(Mark, Self, Rebuilt, C ? foldCall(*C) : nullptr);
  }
  Expr visitCast(const Cast &N, const Expr &Self) override {
    const size_t Mark = Folds.size();
    Expr Rebuilt = ExprMutator::visitCast(N, Self);
    const Cast *C = as<Cast>(Rebuilt);
    return record(Mark, Self, Rebuilt, C ? foldCast(*C) : nullptr);
  }
  // Float math calls are never folded, their arguments are; so are a
  // select's operands, the select itself never.

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
std::string describe(const std::vector<Folder::Fold> &Folds, int OnesDropped) {
  constexpr size_t Shown = 4;
  std::string S;
  if (!Folds.empty()) {
    S = std::to_string(Folds.size()) + " constant subexpression" +
        (Folds.size() == 1 ? "" : "s") + " folded: ";
    for (size_t I = 0; I < Folds.size() && I < Shown; ++I)
      S += (I ? ", " : "") + Folds[I].Before + " -> " +
           printExpr(Folds[I].After);
    if (Folds.size() > Shown)
      S += ", and " + std::to_string(Folds.size() - Shown) + " more";
  }
  if (OnesDropped > 0)
    S += std::string(S.empty() ? "" : "; ") + std::to_string(OnesDropped) +
         " multiplication" + (OnesDropped == 1 ? "" : "s") +
         " by 1 dropped (x * 1 is x)";
  return S;
}

class FoldConstantsPass : public Pass {
public:
  FoldConstantsPass() : Pass(PassID::FoldConstants) {}
  bool run(Kernel &K, const PassOptions &) override {
    Folder F;
    SourceLoc First;
    rewrite(F, K.Body, First);
    if (F.Folds.empty() && F.OnesDropped == 0)
      return false;
    K.Remarks.push_back({passName(PassID::FoldConstants),
                         First.valid() ? First : K.Loc,
                         describe(F.Folds, F.OnesDropped)});
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
