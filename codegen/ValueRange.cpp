//===- ValueRange.cpp -----------------------------------------------------===//
#include "codegen/ValueRange.h"
#include "codegen/IRVisitor.h"

#include <algorithm>
#include <limits>
#include <set>

namespace stencilc::ir {

namespace {

using Wide = __int128;

/// Locals nested deeper than this count as their type (a guard against
/// chains of thousands of locals; real specs nest a few).
constexpr int MaxDepth = 64;

ValueRange clampTo(Type T, Wide Lo, Wide Hi) {
  const ValueRange Full = typeRange(T);
  if (Lo < Full.Lo || Hi > Full.Hi)
    return Full; // may wrap: any value of the type
  return {int64_t(Lo), int64_t(Hi)};
}

ValueRange join(ValueRange A, ValueRange B) {
  return {std::min(A.Lo, B.Lo), std::max(A.Hi, B.Hi)};
}

Wide magnitudeOf(ValueRange R) { return std::max(-Wide(R.Lo), Wide(R.Hi)); }

/// a % b as C++ computes it: |a % b| < |b| and <= |a|, with a's sign.
ValueRange remainder(Type T, ValueRange A, ValueRange B) {
  const Wide M =
      std::min(magnitudeOf(A), std::max<Wide>(magnitudeOf(B) - 1, 0));
  return clampTo(T, A.Lo >= 0 ? 0 : -M, A.Hi <= 0 ? 0 : M);
}

/// a / b truncated: |a / b| <= |a| whatever b (b = 0 is undefined in C++).
ValueRange quotient(Type T, ValueRange A) {
  const Wide M = magnitudeOf(A);
  return clampTo(T, -M, M);
}

} // namespace

int64_t ValueRange::magnitude() const {
  const Wide M = magnitudeOf(*this);
  return M > std::numeric_limits<int64_t>::max()
             ? std::numeric_limits<int64_t>::max()
             : int64_t(M);
}

ValueRange typeRange(Type T) {
  switch (T) {
  case Type::Bool:
    return {0, 1};
  case Type::Int32:
    return {std::numeric_limits<int32_t>::min(),
            std::numeric_limits<int32_t>::max()};
  default:
    return {std::numeric_limits<int64_t>::min(),
            std::numeric_limits<int64_t>::max()};
  }
}

ValueRanges::ValueRanges(const Kernel &K) {
  std::map<std::string, Expr> Init;
  std::set<std::string> Assigned;
  forEachStmt(K.Body, [&](const Stmt &S) {
    if (S.Kind == StmtKind::Declare)
      Init[S.Name] = S.Value;
    else if (S.Kind == StmtKind::Assign)
      Assigned.insert(S.Name);
  });
  for (auto &[Name, Value] : Init)
    if (!Assigned.count(Name) && Value)
      SingleInit.emplace(Name, Value);
}

std::optional<ValueRange> ValueRanges::of(const Expr &E) const {
  if (!E || !(isInteger(E->Ty) || E->Ty == Type::Bool))
    return std::nullopt;
  return range(E, 0);
}

ValueRange ValueRanges::local(const std::string &Name, Type T,
                              int Depth) const {
  auto It = SingleInit.find(Name);
  if (It == SingleInit.end() || Depth >= MaxDepth || It->second->Ty != T)
    return typeRange(T);
  return range(It->second, Depth + 1);
}

ValueRange ValueRanges::range(const Expr &E, int Depth) const {
  const Type T = E->Ty;
  if (!(isInteger(T) || T == Type::Bool))
    return typeRange(Type::Int64); // not asked for: any value
  switch (E->Kind) {
  case ExprKind::Constant: {
    const int64_t V = as<Constant>(E)->IntValue;
    return {V, V};
  }
  case ExprKind::Var: {
    const Var *V = as<Var>(E);
    return V->Scope == VarScope::Local ? local(V->Name, T, Depth)
                                       : typeRange(T);
  }
  case ExprKind::GridRead:
    return typeRange(T);
  case ExprKind::Index:
    return {0, std::numeric_limits<int32_t>::max()};
  case ExprKind::Unary: {
    const Unary *U = as<Unary>(E);
    if (U->Op == UnaryOp::Not || T == Type::Bool)
      return {0, 1};
    const ValueRange A = range(U->Operand, Depth);
    return clampTo(T, -Wide(A.Hi), -Wide(A.Lo));
  }
  case ExprKind::Binary: {
    const Binary *B = as<Binary>(E);
    if (isComparison(B->Op) || isLogical(B->Op) || T == Type::Bool)
      return {0, 1};
    const ValueRange L = range(B->LHS, Depth), R = range(B->RHS, Depth);
    switch (B->Op) {
    case BinaryOp::Add:
      return clampTo(T, Wide(L.Lo) + R.Lo, Wide(L.Hi) + R.Hi);
    case BinaryOp::Sub:
      return clampTo(T, Wide(L.Lo) - R.Hi, Wide(L.Hi) - R.Lo);
    case BinaryOp::Mul: {
      const Wide P[] = {Wide(L.Lo) * R.Lo, Wide(L.Lo) * R.Hi, Wide(L.Hi) * R.Lo,
                        Wide(L.Hi) * R.Hi};
      return clampTo(T, *std::min_element(P, P + 4),
                     *std::max_element(P, P + 4));
    }
    case BinaryOp::Div:
      return quotient(T, L);
    case BinaryOp::Rem:
      return remainder(T, L, R);
    default:
      return typeRange(T);
    }
  }
  case ExprKind::Select: {
    const Select *S = as<Select>(E);
    return join(range(S->TrueValue, Depth), range(S->FalseValue, Depth));
  }
  case ExprKind::Cast: {
    const Cast *C = as<Cast>(E);
    if (T == Type::Bool)
      return {0, 1};
    if (!(isInteger(C->Value->Ty) || C->Value->Ty == Type::Bool))
      return typeRange(T); // from a float: any value of T
    const ValueRange A = range(C->Value, Depth);
    return clampTo(T, A.Lo, A.Hi);
  }
  case ExprKind::Call: {
    const Call *C = as<Call>(E);
    auto Arg = [&](size_t I) { return range(C->Args[I], Depth); };
    switch (C->Fn) {
    case MathFn::IntRem: // int_rem(n, d, m, s) = n % d
      return remainder(T, Arg(0), Arg(1));
    case MathFn::IntDiv: // int_div(n, d, m, s) = n / d
      return quotient(T, Arg(0));
    case MathFn::Min:
      return {std::min(Arg(0).Lo, Arg(1).Lo), std::min(Arg(0).Hi, Arg(1).Hi)};
    case MathFn::Max:
      return {std::max(Arg(0).Lo, Arg(1).Lo), std::max(Arg(0).Hi, Arg(1).Hi)};
    case MathFn::Abs: {
      const ValueRange A = Arg(0);
      const Wide Lo = A.Lo >= 0 ? A.Lo : A.Hi <= 0 ? -Wide(A.Hi) : 0;
      return clampTo(T, Lo, magnitudeOf(A));
    }
    default:
      return typeRange(T);
    }
  }
  }
  return typeRange(T);
}

int64_t histogramNarrowBound(const Kernel &K, const std::string &Hist) {
  const ValueRanges Ranges(K);
  Wide Sum = 0;
  bool Integers = true;
  forEachStmt(K.Body, [&](const Stmt &S) {
    if (S.Kind != StmtKind::HistAdd || S.Name != Hist)
      return;
    const std::optional<ValueRange> R = Ranges.of(S.Value);
    Integers &= R.has_value();
    Sum += R ? magnitudeOf(*R) : 0;
  });
  if (!Integers || Sum > std::numeric_limits<int32_t>::max())
    return 0;
  return std::max<int64_t>(int64_t(Sum), 1);
}

} // namespace stencilc::ir
