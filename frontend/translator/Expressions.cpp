//===- Expressions.cpp - kernel expressions to IR expressions -------------===//
//
// The expression visitor: literals, casts (C++'s implicit conversions become
// explicit ir::Casts), references to locals, parameters and constants,
// unary, binary and conditional operators, and the nesting depth cap. Grid
// reads are in GridAccess.cpp, calls in Calls.cpp.
//
//===----------------------------------------------------------------------===//
#include "frontend/translator/TranslatorImpl.h"

#include "clang/AST/DeclCXX.h"

namespace stencilc::frontend::translator {

using namespace clang;

std::optional<ir::BinaryOp> binaryOp(BinaryOperatorKind K) {
  switch (K) {
  case BO_Add:
  case BO_AddAssign:
    return ir::BinaryOp::Add;
  case BO_Sub:
  case BO_SubAssign:
    return ir::BinaryOp::Sub;
  case BO_Mul:
  case BO_MulAssign:
    return ir::BinaryOp::Mul;
  case BO_Div:
  case BO_DivAssign:
    return ir::BinaryOp::Div;
  case BO_Rem:
  case BO_RemAssign:
    return ir::BinaryOp::Rem;
  case BO_LT:
    return ir::BinaryOp::Lt;
  case BO_LE:
    return ir::BinaryOp::Le;
  case BO_GT:
    return ir::BinaryOp::Gt;
  case BO_GE:
    return ir::BinaryOp::Ge;
  case BO_EQ:
    return ir::BinaryOp::Eq;
  case BO_NE:
    return ir::BinaryOp::Ne;
  case BO_LAnd:
    return ir::BinaryOp::And;
  case BO_LOr:
    return ir::BinaryOp::Or;
  default:
    return std::nullopt;
  }
}

ir::Expr KernelTranslator::translate(const Expr *E) {
  if (!E)
    return nullptr;
  // Clang's AST may be deeper than the IR it makes (and the IR deeper than
  // the AST, through inlined helpers), so both are capped.
  auto TooDeep = [&]() -> ir::Expr {
    if (!DepthReported) // once per kernel, not once per operand
      report(Diag::NestingTooDeep, E->getExprLoc(),
             {"expression", std::to_string(MaxExpressionDepth)});
    DepthReported = true;
    return nullptr;
  };
  if (ExpressionDepth >= MaxExpressionDepth)
    return TooDeep();
  ++ExpressionDepth;
  ir::Expr Result = Visit(E);
  --ExpressionDepth;
  if (Result && depthOf(Result) > MaxExpressionDepth)
    return TooDeep();
  return Result;
}

unsigned KernelTranslator::depthOf(const ir::Expr &E) {
  if (!E)
    return 0;
  if (auto It = Depths.find(E.get()); It != Depths.end())
    return It->second.second;
  unsigned Deepest = 0;
  auto Visit = [&](const ir::Expr &Child) {
    Deepest = std::max(Deepest, depthOf(Child));
  };
  if (const auto *U = ir::as<ir::Unary>(E))
    Visit(U->Operand);
  else if (const auto *B = ir::as<ir::Binary>(E)) {
    Visit(B->LHS);
    Visit(B->RHS);
  } else if (const auto *S = ir::as<ir::Select>(E)) {
    Visit(S->Cond);
    Visit(S->TrueValue);
    Visit(S->FalseValue);
  } else if (const auto *C = ir::as<ir::Cast>(E))
    Visit(C->Value);
  else if (const auto *Call = ir::as<ir::Call>(E))
    for (const ir::Expr &A : Call->Args)
      Visit(A);
  Depths[E.get()] = {E, Deepest + 1};
  return Deepest + 1;
}

ir::Expr KernelTranslator::VisitStmt(const Stmt *S) {
  if (isa<LambdaExpr>(S)) {
    report(Diag::Lambda, S->getBeginLoc());
    return nullptr;
  }
  report(Diag::UnsupportedExpr, S->getBeginLoc(), {spellingOf(S)});
  return nullptr;
}

ir::Expr KernelTranslator::foldConstant(const Expr *E) {
  // Elements of constexpr arrays and structs, sizeof: C++ constants whose
  // value Clang knows. Anything that depends on the point is not one.
  if (ir::Expr C = constantValue(E, Ctx))
    return C;
  // window[1] or p.a of a local whose declaration failed: reported there.
  const Expr *Base = E;
  while (Base) {
    Base = Base->IgnoreParenImpCasts();
    if (const auto *A = dyn_cast<ArraySubscriptExpr>(Base))
      Base = A->getBase();
    else if (const auto *M = dyn_cast<MemberExpr>(Base))
      Base = M->getBase();
    else
      break;
  }
  if (const auto *Ref = dyn_cast_or_null<DeclRefExpr>(Base))
    if (FailedLocals.count(Ref->getDecl()))
      return nullptr;
  return VisitStmt(E);
}

ir::Expr KernelTranslator::VisitCastExpr(const CastExpr *E) {
  switch (E->getCastKind()) {
  case CK_LValueToRValue:
  case CK_NoOp: {
    ir::Expr V = translate(E->getSubExpr());
    if (!V || !scalarType(E->getType(), Ctx))
      return V;
    return ir::Cast::make(*scalarType(E->getType(), Ctx), V);
  }
  case CK_IntegralCast:
  case CK_FloatingCast:
  case CK_IntegralToFloating:
  case CK_FloatingToIntegral:
  case CK_IntegralToBoolean:
  case CK_FloatingToBoolean: {
    ir::Expr V = translate(E->getSubExpr());
    std::optional<ir::Type> T = V ? typeOf(E) : std::nullopt;
    return T ? ir::Cast::make(*T, V) : nullptr;
  }
  case CK_UserDefinedConversion:
  case CK_ConstructorConversion:
    if (const ParamInfo *P = paramOf(E->getSubExpr())) {
      if (ir::isAccumulated(P->Kind)) {
        report(Diag::ReductionRead, E->getExprLoc(),
               {reductionWord(P->Kind), P->Name});
        return nullptr;
      }
    }
    report(Diag::UnsupportedExpr, E->getExprLoc(), {"user-defined conversion"});
    return nullptr;
  case CK_ArrayToPointerDecay:
  case CK_PointerToBoolean:
  case CK_PointerToIntegral:
  case CK_IntegralToPointer:
  case CK_NullToPointer:
  case CK_BitCast:
  case CK_BaseToDerived:
  case CK_DerivedToBase:
  case CK_UncheckedDerivedToBase:
    report(Diag::Pointer, E->getExprLoc());
    return nullptr;
  default:
    report(Diag::UnsupportedExpr, E->getExprLoc(),
           {std::string("cast (") + E->getCastKindName() + ")"});
    return nullptr;
  }
}

ir::Expr KernelTranslator::VisitIntegerLiteral(const IntegerLiteral *E) {
  std::optional<ir::Type> T = typeOf(E);
  if (!T)
    return nullptr;
  return ir::Constant::makeInt(E->getValue().getSExtValue(), *T);
}

ir::Expr KernelTranslator::VisitFloatingLiteral(const FloatingLiteral *E) {
  std::optional<ir::Type> T = typeOf(E);
  if (!T)
    return nullptr;
  return ir::Constant::makeFloat(E->getValueAsApproximateDouble(), *T);
}

ir::Expr KernelTranslator::VisitInitListExpr(const InitListExpr *E) {
  if (E->getNumInits() == 1 && scalarType(E->getType(), Ctx))
    return translate(E->getInit(0));
  if (E->getNumInits() == 0)
    if (std::optional<ir::Type> T = typeOf(E))
      return ir::Cast::make(*T, ir::Constant::makeInt(0));
  return VisitStmt(E);
}

ir::Expr
KernelTranslator::VisitImplicitValueInitExpr(const ImplicitValueInitExpr *E) {
  std::optional<ir::Type> T = typeOf(E);
  return T ? ir::Cast::make(*T, ir::Constant::makeInt(0)) : nullptr;
}

ir::Expr
KernelTranslator::VisitCXXScalarValueInitExpr(const CXXScalarValueInitExpr *E) {
  std::optional<ir::Type> T = typeOf(E);
  return T ? ir::Cast::make(*T, ir::Constant::makeInt(0)) : nullptr;
}

ir::Expr KernelTranslator::VisitDeclRefExpr(const DeclRefExpr *E) {
  const ValueDecl *D = E->getDecl();
  if (auto It = Substitutions.find(D); It != Substitutions.end())
    return It->second;
  if (auto It = LoopConstants.find(D); It != LoopConstants.end())
    return ir::Constant::makeInt(It->second.Value, It->second.Ty);
  if (auto It = Locals.find(D); It != Locals.end())
    return ir::Var::make(It->second.Name, ir::VarScope::Local, It->second.Ty);
  if (auto It = Params.find(D); It != Params.end()) {
    const ParamInfo &P = It->second;
    if (P.Kind == ir::ParamKind::Scalar)
      return ir::Var::make(P.Name, ir::VarScope::Param, P.Elem);
    if (ir::isGrid(P.Kind))
      report(Diag::GridAsValue, E->getLocation(), {P.Name});
    else
      report(Diag::ReductionRead, E->getLocation(),
             {reductionWord(P.Kind), P.Name});
    return nullptr;
  }
  if (const auto *EC = dyn_cast<EnumConstantDecl>(D))
    return ir::Constant::makeInt(EC->getInitVal().getExtValue());
  if (const auto *VD = dyn_cast<VarDecl>(D)) {
    // A local whose declaration failed has been reported already.
    if (FailedLocals.count(VD))
      return nullptr;
    if (!VD->hasGlobalStorage() && VD->getType()->isArrayType()) {
      report(Diag::Pointer, E->getLocation()); // a weight table, not indexed
      return nullptr;
    }
    if (!VD->hasGlobalStorage()) {
      report(Diag::SelfInit, E->getLocation(), {VD->getName().str()});
      return nullptr;
    }
    // Globals: constants fold to their value; anything else is per-launch
    // state the kernel cannot see.
    if (ir::Expr C = constantValue(E, Ctx))
      return C;
    if (VD->getType()->isAnyPointerType() || VD->getType()->isReferenceType()) {
      report(Diag::Pointer, E->getLocation());
      return nullptr;
    }
    report(Diag::NonConstantGlobal, E->getLocation(), {VD->getName().str()});
    return nullptr;
  }
  return VisitStmt(E);
}

ir::Expr KernelTranslator::VisitUnaryOperator(const UnaryOperator *E) {
  switch (E->getOpcode()) {
  case UO_Minus: {
    ir::Expr V = translate(E->getSubExpr());
    return V ? ir::Unary::make(ir::UnaryOp::Neg, V) : nullptr;
  }
  case UO_Plus:
    return translate(E->getSubExpr());
  case UO_LNot: {
    ir::Expr V = translate(E->getSubExpr());
    return V ? ir::Unary::make(ir::UnaryOp::Not,
                               ir::Cast::make(ir::Type::Bool, V))
             : nullptr;
  }
  case UO_AddrOf:
  case UO_Deref:
    report(Diag::Pointer, E->getOperatorLoc());
    return nullptr;
  case UO_PreInc:
  case UO_PreDec:
  case UO_PostInc:
  case UO_PostDec:
    report(Diag::SideEffectInExpr, E->getOperatorLoc());
    return nullptr;
  default:
    report(Diag::UnsupportedOperator, E->getOperatorLoc(),
           {UnaryOperator::getOpcodeStr(E->getOpcode()).str()});
    return nullptr;
  }
}

ir::Expr KernelTranslator::VisitBinaryOperator(const BinaryOperator *E) {
  if (E->isAssignmentOp()) {
    report(Diag::SideEffectInExpr, E->getOperatorLoc());
    return nullptr;
  }
  if (E->getLHS()->getType()->isAnyPointerType() ||
      E->getRHS()->getType()->isAnyPointerType()) {
    report(Diag::Pointer, E->getOperatorLoc());
    return nullptr;
  }
  std::optional<ir::BinaryOp> Op = binaryOp(E->getOpcode());
  if (!Op) {
    report(Diag::UnsupportedOperator, E->getOperatorLoc(),
           {E->getOpcodeStr().str()});
    return nullptr;
  }
  ir::Expr L = translate(E->getLHS());
  ir::Expr R = translate(E->getRHS());
  if (!L || !R)
    return nullptr;
  if (ir::isLogical(*Op))
    return ir::Binary::make(*Op, ir::Cast::make(ir::Type::Bool, L),
                            ir::Cast::make(ir::Type::Bool, R));
  // Clang has already converted both operands to their common type.
  ir::Type Common = ir::promote(L->Ty, R->Ty);
  return ir::Binary::make(*Op, ir::Cast::make(Common, L),
                          ir::Cast::make(Common, R));
}

ir::Expr
KernelTranslator::VisitConditionalOperator(const ConditionalOperator *E) {
  ir::Expr C = translate(E->getCond());
  ir::Expr T = translate(E->getTrueExpr());
  ir::Expr F = translate(E->getFalseExpr());
  std::optional<ir::Type> Ty = (C && T && F) ? typeOf(E) : std::nullopt;
  if (!Ty)
    return nullptr;
  return ir::Select::make(ir::Cast::make(ir::Type::Bool, C),
                          ir::Cast::make(*Ty, T), ir::Cast::make(*Ty, F));
}

ir::Expr KernelTranslator::VisitCXXConstructExpr(const CXXConstructExpr *E) {
  // A grid or reduction passed by value where a value is expected
  // (`s += s`, `f(g)` to a template taking anything).
  if (const ParamInfo *P = paramOf(E)) {
    if (ir::isGrid(P->Kind))
      report(Diag::GridAsValue, E->getExprLoc(), {P->Name});
    else
      report(Diag::ReductionRead, E->getExprLoc(),
             {reductionWord(P->Kind), P->Name});
    return nullptr;
  }
  if (const CXXRecordDecl *RD = E->getType()->getAsCXXRecordDecl();
      RD && RD->isLambda()) {
    report(Diag::Lambda, E->getBeginLoc());
    return nullptr;
  }
  return VisitStmt(E);
}

} // namespace stencilc::frontend::translator
