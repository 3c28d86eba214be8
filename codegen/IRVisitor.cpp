//===- IRVisitor.cpp ------------------------------------------------------===//
#include "codegen/IRVisitor.h"

namespace stencilc::ir {

Expr ExprMutator::mutate(const Expr &E) {
  if (!E)
    return E;
  switch (E->Kind) {
  case ExprKind::Constant:
    return visitConstant(*as<Constant>(E), E);
  case ExprKind::Var:
    return visitVar(*as<Var>(E), E);
  case ExprKind::GridRead:
    return visitGridRead(*as<GridRead>(E), E);
  case ExprKind::Index:
    return visitIndex(*as<Index>(E), E);
  case ExprKind::Unary:
    return visitUnary(*as<Unary>(E), E);
  case ExprKind::Binary:
    return visitBinary(*as<Binary>(E), E);
  case ExprKind::Select:
    return visitSelect(*as<Select>(E), E);
  case ExprKind::Cast:
    return visitCast(*as<Cast>(E), E);
  case ExprKind::Call:
    return visitCall(*as<Call>(E), E);
  }
  return E;
}

void ExprMutator::mutateBlock(Block &B) {
  for (StmtPtr &S : B) {
    S->Value = mutate(S->Value);
    S->Index = mutate(S->Index);
    S->Cond = mutate(S->Cond);
    mutateBlock(S->Then);
    mutateBlock(S->Else);
  }
}

Expr ExprMutator::visitUnary(const Unary &N, const Expr &Self) {
  Expr A = mutate(N.Operand);
  return A == N.Operand ? Self : Unary::make(N.Op, A);
}

Expr ExprMutator::visitBinary(const Binary &N, const Expr &Self) {
  Expr A = mutate(N.LHS), B = mutate(N.RHS);
  return A == N.LHS && B == N.RHS ? Self : Binary::make(N.Op, A, B);
}

Expr ExprMutator::visitSelect(const Select &N, const Expr &Self) {
  Expr C = mutate(N.Cond), T = mutate(N.TrueValue), F = mutate(N.FalseValue);
  if (C == N.Cond && T == N.TrueValue && F == N.FalseValue)
    return Self;
  return Select::make(C, T, F);
}

Expr ExprMutator::visitCast(const Cast &N, const Expr &Self) {
  Expr V = mutate(N.Value);
  return V == N.Value ? Self : Cast::make(N.Ty, V);
}

Expr ExprMutator::visitCall(const Call &N, const Expr &Self) {
  std::vector<Expr> Args;
  bool Changed = false;
  for (const Expr &A : N.Args) {
    Args.push_back(mutate(A));
    Changed |= Args.back() != A;
  }
  return Changed ? Call::make(N.Fn, std::move(Args)) : Self;
}

void forEachSubExpr(const Expr &E, const std::function<void(const Expr &)> &F) {
  if (!E)
    return;
  F(E);
  switch (E->Kind) {
  case ExprKind::Unary:
    forEachSubExpr(as<Unary>(E)->Operand, F);
    break;
  case ExprKind::Binary:
    forEachSubExpr(as<Binary>(E)->LHS, F);
    forEachSubExpr(as<Binary>(E)->RHS, F);
    break;
  case ExprKind::Select: {
    const Select *S = as<Select>(E);
    forEachSubExpr(S->Cond, F);
    forEachSubExpr(S->TrueValue, F);
    forEachSubExpr(S->FalseValue, F);
    break;
  }
  case ExprKind::Cast:
    forEachSubExpr(as<Cast>(E)->Value, F);
    break;
  case ExprKind::Call:
    for (const Expr &A : as<Call>(E)->Args)
      forEachSubExpr(A, F);
    break;
  default:
    break;
  }
}

void forEachStmt(const Block &B, const std::function<void(const Stmt &)> &F) {
  for (const StmtPtr &S : B) {
    F(*S);
    forEachStmt(S->Then, F);
    forEachStmt(S->Else, F);
  }
}

void forEachExpr(const Block &B, const std::function<void(const Expr &)> &F) {
  forEachStmt(B, [&](const Stmt &S) {
    forEachSubExpr(S.Cond, F);
    forEachSubExpr(S.Index, F);
    forEachSubExpr(S.Value, F);
  });
}

} // namespace stencilc::ir
