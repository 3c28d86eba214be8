//===- Unrolling.cpp - for loops unrolled, integer constants --------------===//
//
// A for loop with a constant trip count is unrolled: its body is translated
// once per value of the loop variable, which is a constant in each copy
// (LoopConstants). The trip count and the product of nested trip counts are
// capped. evaluateInt computes the integer constants that loop bounds,
// offsets and index(d) need, the unrolled loop variables included.
//
//===----------------------------------------------------------------------===//
#include "frontend/translator/TranslatorImpl.h"

namespace stencilc::frontend::translator {

using namespace clang;

namespace {

/// True when V is representable in the integer type T.
bool fitsIn(int64_t V, ir::Type T) {
  if (T == ir::Type::Int32)
    return V >= INT32_MIN && V <= INT32_MAX;
  return true;
}

} // namespace

void KernelTranslator::translateFor(const ForStmt *S, ir::Block &B) {
  auto Refuse = [&] { report(Diag::NonConstantLoop, S->getForLoc()); };
  // Init: `int i = A` with A constant.
  const auto *Init = dyn_cast_or_null<DeclStmt>(S->getInit());
  if (!Init || !Init->isSingleDecl() || S->getConditionVariable())
    return Refuse();
  const auto *Var = dyn_cast<VarDecl>(Init->getSingleDecl());
  std::optional<ir::Type> VarType =
      Var ? scalarType(Var->getType(), Ctx) : std::nullopt;
  if (Var && !VarType && Var->getType()->isIntegralOrEnumerationType())
    return report(Diag::UnsupportedType, Var->getLocation(),
                  {Var->getType().getAsString(Ctx.getPrintingPolicy())});
  if (!VarType || !ir::isInteger(*VarType) || !Var->getInit())
    return Refuse();
  std::optional<int64_t> Start = evaluateInt(Var->getInit());
  // Condition: `i OP B` or `B OP i` with B constant.
  const auto *Cond = dyn_cast_or_null<BinaryOperator>(
      S->getCond() ? S->getCond()->IgnoreParenImpCasts() : nullptr);
  if (!Start || !Cond || !Cond->isComparisonOp())
    return Refuse();
  auto IsVar = [&](const Expr *E) {
    const auto *Ref = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
    return Ref && Ref->getDecl() == Var;
  };
  BinaryOperatorKind Op = Cond->getOpcode();
  std::optional<int64_t> Bound;
  if (IsVar(Cond->getLHS())) {
    Bound = evaluateInt(Cond->getRHS());
  } else if (IsVar(Cond->getRHS())) {
    Bound = evaluateInt(Cond->getLHS());
    Op = BinaryOperator::reverseComparisonOp(Op);
  }
  // Increment: ++i, i++, --i, i--, i += C, i -= C.
  std::optional<int64_t> Step;
  const Expr *Inc = S->getInc() ? S->getInc()->IgnoreParens() : nullptr;
  if (const auto *UO = dyn_cast_or_null<UnaryOperator>(Inc)) {
    if (UO->isIncrementDecrementOp() && IsVar(UO->getSubExpr()))
      Step = UO->isIncrementOp() ? 1 : -1;
  } else if (const auto *CAO = dyn_cast_or_null<CompoundAssignOperator>(Inc)) {
    if (IsVar(CAO->getLHS()) &&
        (CAO->getOpcode() == BO_AddAssign || CAO->getOpcode() == BO_SubAssign))
      if (std::optional<int64_t> C = evaluateInt(CAO->getRHS()))
        Step = CAO->getOpcode() == BO_AddAssign ? *C : -*C;
  }
  if (!Bound || !Step || Op == BO_EQ)
    return Refuse();
  auto Continues = [&](int64_t V) {
    switch (Op) {
    case BO_LT:
      return V < *Bound;
    case BO_LE:
      return V <= *Bound;
    case BO_GT:
      return V > *Bound;
    case BO_GE:
      return V >= *Bound;
    case BO_NE:
      return V != *Bound;
    default:
      return false;
    }
  };
  // Every value the variable takes, the one that ends the loop included,
  // must fit in its type: `int i` never reaches 2^31 (C++ leaves that
  // undefined), whatever the bound says.
  auto OutOfRange = [&](std::string Value) {
    report(Diag::LoopVariableRange, Var->getLocation(),
           {Var->getName().str(), std::move(Value)});
  };
  if (!fitsIn(*Start, *VarType))
    return OutOfRange(std::to_string(*Start));
  std::vector<int64_t> Values;
  for (int64_t V = *Start; Continues(V);) {
    if (static_cast<int64_t>(Values.size()) == MaxUnrolledIterations)
      return report(Diag::LoopTooLong, S->getForLoc(),
                    {std::to_string(MaxUnrolledIterations)});
    Values.push_back(V);
    if ((*Step > 0 && V > INT64_MAX - *Step) ||
        (*Step < 0 && V < INT64_MIN - *Step))
      return OutOfRange(std::to_string(V) + " + " + std::to_string(*Step));
    V += *Step;
    if (!fitsIn(V, *VarType))
      return OutOfRange(std::to_string(V));
  }
  if (Values.empty())
    return;
  int64_t Copies = UnrollCopies * static_cast<int64_t>(Values.size());
  if (Copies > MaxUnrolledCopies)
    return report(Diag::UnrollTooLarge, S->getForLoc(),
                  {std::to_string(MaxUnrolledCopies)});
  int64_t OuterCopies = UnrollCopies;
  UnrollCopies = Copies;
  for (int64_t V : Values) {
    LoopConstants[Var] = {V, *VarType};
    unsigned Before = Diags.errorCount();
    translateStmt(S->getBody(), B, false);
    if (Diags.errorCount() != Before)
      break; // one report per error, not one per iteration
  }
  UnrollCopies = OuterCopies;
  LoopConstants.erase(Var);
}

namespace {

/// V when the arithmetic that made it did not overflow and it fits in E's
/// C++ type (signed overflow is undefined there: 2147483647 * 2 is no -2).
std::optional<int64_t> inTypeOf(const Expr *E, int64_t V, bool Overflowed) {
  if (Overflowed)
    return std::nullopt;
  const auto *BT = E->getType()->getAs<BuiltinType>();
  if (BT && BT->getKind() == BuiltinType::Int &&
      (V < INT32_MIN || V > INT32_MAX))
    return std::nullopt;
  return V;
}

} // namespace

std::optional<int64_t> KernelTranslator::evaluateInt(const Expr *E) {
  if (!E)
    return std::nullopt;
  E = E->IgnoreParens();
  if (E->isValueDependent() || !E->getType()->isIntegralOrEnumerationType())
    return std::nullopt;
  Expr::EvalResult Result;
  if (E->EvaluateAsInt(Result, Ctx)) {
    // 2147483647 * 2 evaluates (Clang warns) to a wrapped value C++ does
    // not define; it is no constant to read a grid at.
    if (Result.HasUndefinedBehavior)
      return std::nullopt;
    return Result.Val.getInt().getExtValue();
  }
  // Values Clang cannot see: unrolled loop variables and const locals
  // computed from them.
  if (const auto *Ref = dyn_cast<DeclRefExpr>(E)) {
    if (auto It = LoopConstants.find(Ref->getDecl()); It != LoopConstants.end())
      return It->second.Value;
    if (auto It = KnownInts.find(Ref->getDecl()); It != KnownInts.end())
      return It->second;
    return std::nullopt;
  }
  if (const auto *C = dyn_cast<CastExpr>(E)) {
    CastKind K = C->getCastKind();
    if (K == CK_LValueToRValue || K == CK_NoOp || K == CK_IntegralCast)
      return evaluateInt(C->getSubExpr());
    return std::nullopt;
  }
  if (const auto *U = dyn_cast<UnaryOperator>(E)) {
    std::optional<int64_t> V = evaluateInt(U->getSubExpr());
    if (!V)
      return std::nullopt;
    if (U->getOpcode() == UO_Minus) {
      int64_t Negated = 0;
      bool Overflowed = __builtin_sub_overflow(int64_t(0), *V, &Negated);
      return inTypeOf(E, Negated, Overflowed);
    }
    if (U->getOpcode() == UO_Plus)
      return V;
    return std::nullopt;
  }
  if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
    std::optional<int64_t> L = evaluateInt(BO->getLHS());
    std::optional<int64_t> R = evaluateInt(BO->getRHS());
    if (!L || !R)
      return std::nullopt;
    int64_t V = 0;
    bool Overflowed = false;
    switch (BO->getOpcode()) {
    case BO_Add:
      Overflowed = __builtin_add_overflow(*L, *R, &V);
      break;
    case BO_Sub:
      Overflowed = __builtin_sub_overflow(*L, *R, &V);
      break;
    case BO_Mul:
      Overflowed = __builtin_mul_overflow(*L, *R, &V);
      break;
    case BO_Div:
    case BO_Rem:
      if (*R == 0 || (*L == INT64_MIN && *R == -1))
        return std::nullopt;
      V = BO->getOpcode() == BO_Div ? *L / *R : *L % *R;
      break;
    default:
      return std::nullopt;
    }
    return inTypeOf(E, V, Overflowed);
  }
  if (const auto *CO = dyn_cast<ConditionalOperator>(E)) {
    Expr::EvalResult Cond;
    std::optional<int64_t> C = evaluateInt(CO->getCond());
    if (!C)
      return std::nullopt;
    return evaluateInt(*C ? CO->getTrueExpr() : CO->getFalseExpr());
  }
  return std::nullopt;
}

} // namespace stencilc::frontend::translator
