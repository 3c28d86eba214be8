//===- ValueRange.cpp -----------------------------------------------------===//
#include "codegen/ValueRange.h"
#include "codegen/IRVisitor.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <set>
#include <utility>

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

/// The largest integer magnitude below which every integer is a value of
/// the floating type T (2^24 for float, 2^53 for double).
Wide exactIntegers(Type T) { return Wide(1) << (T == Type::Float32 ? 24 : 53); }

/// R when every integer in it is exactly a value of the floating type T.
std::optional<ValueRange> exactIn(Type T, Wide Lo, Wide Hi) {
  if (-Lo > exactIntegers(T) || Hi > exactIntegers(T))
    return std::nullopt;
  return ValueRange{int64_t(Lo), int64_t(Hi)};
}

/// a % b as C++ computes it: |a % b| < |b| and <= |a|, with a's sign.
ValueRange remainder(Type T, ValueRange A, ValueRange B) {
  const Wide M =
      std::min(magnitudeOf(A), std::max<Wide>(magnitudeOf(B) - 1, 0));
  return clampTo(T, A.Lo >= 0 ? 0 : -M, A.Hi <= 0 ? 0 : M);
}

/// The exact interval of L op R for +, - and * (in 128 bits, before any
/// type's limits); nullopt for other operators.
std::optional<std::pair<Wide, Wide>> arithmetic(BinaryOp Op, ValueRange L,
                                                ValueRange R) {
  switch (Op) {
  case BinaryOp::Add:
    return std::pair<Wide, Wide>{Wide(L.Lo) + R.Lo, Wide(L.Hi) + R.Hi};
  case BinaryOp::Sub:
    return std::pair<Wide, Wide>{Wide(L.Lo) - R.Hi, Wide(L.Hi) - R.Lo};
  case BinaryOp::Mul: {
    const Wide P[] = {Wide(L.Lo) * R.Lo, Wide(L.Lo) * R.Hi, Wide(L.Hi) * R.Lo,
                      Wide(L.Hi) * R.Hi};
    return std::pair<Wide, Wide>{*std::min_element(P, P + 4),
                                 *std::max_element(P, P + 4)};
  }
  default:
    return std::nullopt;
  }
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

std::optional<ValueRange> ValueRanges::integral(const Expr &E) const {
  if (!E)
    return std::nullopt;
  if (isFloat(E->Ty))
    return integralFloat(E, 0);
  return of(E);
}

std::optional<ValueRange> ValueRanges::integralFloat(const Expr &E,
                                                     int Depth) const {
  const Type T = E->Ty;
  if (Depth >= MaxDepth)
    return std::nullopt;
  auto Sub = [&](const Expr &X) -> std::optional<ValueRange> {
    if (isFloat(X->Ty))
      return X->Ty == T ? integralFloat(X, Depth + 1) : std::nullopt;
    if (!(isInteger(X->Ty) || X->Ty == Type::Bool))
      return std::nullopt;
    const ValueRange R = range(X, Depth + 1);
    return exactIn(T, R.Lo, R.Hi);
  };
  switch (E->Kind) {
  case ExprKind::Constant: {
    const double V = as<Constant>(E)->FloatValue;
    if (!(std::fabs(V) <= 2147483647.0) || V != std::trunc(V))
      return std::nullopt; // NaN, large or not integral
    return exactIn(T, int64_t(V), int64_t(V));
  }
  case ExprKind::Var: {
    const Var *V = as<Var>(E);
    auto It = SingleInit.find(V->Name);
    if (V->Scope != VarScope::Local || It == SingleInit.end() ||
        It->second->Ty != T)
      return std::nullopt;
    return integralFloat(It->second, Depth + 1);
  }
  case ExprKind::Cast:
    return Sub(as<Cast>(E)->Value);
  case ExprKind::Unary: {
    const Unary *U = as<Unary>(E);
    if (U->Op == UnaryOp::Not)
      return std::nullopt;
    const auto A = Sub(U->Operand);
    if (!A)
      return std::nullopt;
    return exactIn(T, -Wide(A->Hi), -Wide(A->Lo));
  }
  case ExprKind::Select: {
    const Select *S = as<Select>(E);
    const auto A = Sub(S->TrueValue), B = Sub(S->FalseValue);
    if (!A || !B)
      return std::nullopt;
    return join(*A, *B);
  }
  case ExprKind::Binary: {
    // Sums, differences and products of integers are integers, computed
    // exactly while every result the operands allow is exact in T.
    const Binary *B = as<Binary>(E);
    const auto L = Sub(B->LHS), R = Sub(B->RHS);
    if (!L || !R)
      return std::nullopt;
    const auto W = arithmetic(B->Op, *L, *R);
    return W ? exactIn(T, W->first, W->second) : std::nullopt;
  }
  default:
    return std::nullopt;
  }
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
    if (const auto W = arithmetic(B->Op, L, R))
      return clampTo(T, W->first, W->second);
    switch (B->Op) {
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

bool narrowCounterType(Type T) {
  return T == Type::Int64 || T == Type::Float32 || T == Type::Float64;
}

int64_t histogramNarrowBound(const Kernel &K, const std::string &Hist) {
  const Param *P = K.findParam(Hist);
  if (!P || !narrowCounterType(P->Elem))
    return 0;
  const ValueRanges Ranges(K);
  Wide Sum = 0;
  bool Integers = true;
  forEachStmt(K.Body, [&](const Stmt &S) {
    if (S.Kind != StmtKind::HistAdd || S.Name != Hist)
      return;
    std::optional<ValueRange> R = Ranges.integral(S.Value);
    // An integer added to a float histogram is converted: exact only
    // within the type's integers.
    if (R && isFloat(P->Elem) && !isFloat(S.Value->Ty))
      R = exactIn(P->Elem, R->Lo, R->Hi);
    Integers &= R.has_value();
    Sum += R ? magnitudeOf(*R) : 0;
  });
  // A warp's updates of one bin are summed in the histogram's type before
  // they reach a counter (warp aggregation): 32 of them stay exact in a
  // float below 2^24.
  const Wide Limit = P->Elem == Type::Float32
                         ? Wide(1) << 19
                         : Wide(std::numeric_limits<int32_t>::max());
  if (!Integers || Sum > Limit)
    return 0;
  return std::max<int64_t>(int64_t(Sum), 1);
}

} // namespace stencilc::ir
