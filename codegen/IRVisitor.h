//===- IRVisitor.h - walking and rewriting the IR -------------------------===//
//
// ExprMutator rebuilds an expression bottom-up, calling one overridable hook
// per node kind; a pass overrides only the nodes it cares about (Halide's
// IRMutator). Unchanged subtrees are returned as the same shared node, so a
// mutator that changes nothing allocates nothing.
//
// forEachExpr / forEachStmt visit every expression / statement of a block in
// program order, for analyses that only read.
//
//===----------------------------------------------------------------------===//
#ifndef STENCILC_CODEGEN_IRVISITOR_H
#define STENCILC_CODEGEN_IRVISITOR_H

#include "codegen/IR.h"

#include <functional>

namespace stencilc::ir {

class ExprMutator {
public:
  virtual ~ExprMutator() = default;
  Expr mutate(const Expr &E);
  /// Rewrites every expression held by the statements of B, in place.
  void mutateBlock(Block &B);

protected:
  virtual Expr visitConstant(const Constant &, const Expr &Self) {
    return Self;
  }
  virtual Expr visitVar(const Var &, const Expr &Self) { return Self; }
  virtual Expr visitGridRead(const GridRead &, const Expr &Self) {
    return Self;
  }
  virtual Expr visitIndex(const Index &, const Expr &Self) { return Self; }
  virtual Expr visitUnary(const Unary &N, const Expr &Self);
  virtual Expr visitBinary(const Binary &N, const Expr &Self);
  virtual Expr visitSelect(const Select &N, const Expr &Self);
  virtual Expr visitCast(const Cast &N, const Expr &Self);
  virtual Expr visitCall(const Call &N, const Expr &Self);
};

/// Calls F on E and every subexpression, parents before children.
void forEachSubExpr(const Expr &E, const std::function<void(const Expr &)> &F);
/// Calls F on every statement of B, recursing into if/else, in order.
void forEachStmt(const Block &B, const std::function<void(const Stmt &)> &F);
/// Calls F on every expression (and subexpression) held by B's statements.
void forEachExpr(const Block &B, const std::function<void(const Expr &)> &F);

} // namespace stencilc::ir

#endif
