//===- Statements.cpp - kernel statements to IR statements ----------------===//
//
// Statements of a kernel body: blocks, local declarations, assignments and
// compound assignments to locals, increments, expression statements, if/else
// (if constexpr keeps the branch C++ keeps), and everything refused with the
// construct named. Stores to grids (GridAccess.cpp), reduction and histogram
// updates (Reductions.cpp) and for loops (Unrolling.cpp) are dispatched from
// here.
//
//===----------------------------------------------------------------------===//
#include "frontend/translator/TranslatorImpl.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/ScopeExit.h"

#include <stdexcept>

namespace stencilc::frontend::translator {

using namespace clang;

void KernelTranslator::translateStmtChecked(const Stmt *S, ir::Block &B,
                                            bool LastInBody) {
  // The IR's make functions check their operands; a failure there is a gap
  // in this translator, reported at the statement rather than crashing.
  try {
    translateStmt(S, B, LastInBody);
  } catch (const std::logic_error &Error) {
    report(Diag::Internal, S->getBeginLoc(), {Error.what()});
  }
}

void KernelTranslator::translateStmt(const Stmt *S, ir::Block &B,
                                     bool LastInBody) {
  if (!S || isa<NullStmt>(S))
    return;
  if (!isa<CompoundStmt>(S))
    StatementLoc = S->getBeginLoc();
  if (const auto *C = dyn_cast<CompoundStmt>(S)) {
    for (const Stmt *Child : C->body())
      translateStmt(Child, B, false);
    return;
  }
  if (const auto *DS = dyn_cast<DeclStmt>(S)) {
    for (const Decl *D : DS->decls())
      translateDecl(D, B);
    return;
  }
  if (const auto *E = dyn_cast<Expr>(S))
    return translateExprStmt(E, B);
  if (isa<IfStmt>(S) || isa<ForStmt>(S)) {
    if (StatementDepth >= MaxStatementDepth)
      return report(Diag::NestingTooDeep, S->getBeginLoc(),
                    {"statement", std::to_string(MaxStatementDepth)});
    ++StatementDepth;
    if (const auto *If = dyn_cast<IfStmt>(S))
      translateIf(If, B);
    else
      translateFor(cast<ForStmt>(S), B);
    --StatementDepth;
    return;
  }
  if (const auto *A = dyn_cast<AttributedStmt>(S))
    return translateStmt(A->getSubStmt(), B, LastInBody);
  if (isa<WhileStmt>(S) || isa<DoStmt>(S) || isa<CXXForRangeStmt>(S))
    return report(Diag::NonConstantLoop, S->getBeginLoc());
  if (const auto *R = dyn_cast<ReturnStmt>(S)) {
    if (R->getRetValue())
      return report(Diag::UnsupportedStmt, S->getBeginLoc(),
                    {"return with a value", "kernels return void"});
    if (!LastInBody)
      report(Diag::EarlyReturn, S->getBeginLoc());
    return;
  }
  std::string Hint = "kernel bodies hold declarations, assignments, if/else "
                     "and for loops with a constant trip count";
  if (isa<BreakStmt>(S) || isa<ContinueStmt>(S))
    Hint = "loops are unrolled; guard the rest of the loop body with if "
           "instead";
  else if (isa<SwitchStmt>(S))
    Hint = "write the cases as an if/else chain";
  else if (isa<GotoStmt>(S) || isa<LabelStmt>(S) || isa<IndirectGotoStmt>(S))
    Hint = "structure the body with if/else";
  report(Diag::UnsupportedStmt, S->getBeginLoc(), {spellingOf(S), Hint});
  if (const auto *Label = dyn_cast<LabelStmt>(S))
    translateStmt(Label->getSubStmt(), B, LastInBody);
}

void KernelTranslator::translateDecl(const Decl *D, ir::Block &B) {
  if (const auto *VD = dyn_cast<VarDecl>(D))
    return translateLocal(VD, B);
  // Declarations that produce no code.
  if (isa<UsingDirectiveDecl>(D) || isa<UsingDecl>(D) ||
      isa<StaticAssertDecl>(D) || isa<TypedefNameDecl>(D))
    return;
  report(Diag::UnsupportedStmt, D->getLocation(),
         {std::string("declaration of ") + D->getDeclKindName(),
          "kernel bodies may declare local variables of scalar type only"});
}

void KernelTranslator::translateLocal(const VarDecl *VD, ir::Block &B) {
  // After a failed (reported) declaration, uses of VD report nothing more.
  bool Declared = false;
  auto MarkFailed = llvm::make_scope_exit([&] {
    if (!Declared)
      FailedLocals.insert(VD);
  });
  // `static constexpr int R = 2;` is a constant like a constexpr global:
  // its uses fold to its value and it declares nothing.
  if (VD->hasGlobalStorage() && VD->getType().isConstQualified() &&
      VD->getInit() && constantValue(VD->getInit(), Ctx)) {
    Declared = true;
    return;
  }
  // A weight table (Tables.cpp) declares nothing either: each read of it
  // becomes the element's value.
  if (constantTable(VD, Ctx)) {
    Declared = true;
    return;
  }
  if (VD->hasGlobalStorage())
    return report(Diag::UnsupportedStmt, VD->getLocation(),
                  {"static local variable",
                   "locals live per point; drop 'static', or make it a "
                   "constexpr global"});
  QualType QT = VD->getType();
  if (QT->isAnyPointerType() || QT->isReferenceType())
    return report(Diag::Pointer, VD->getLocation());
  if (const CXXRecordDecl *RD = QT->getAsCXXRecordDecl(); RD && RD->isLambda())
    return report(Diag::Lambda, VD->getInit() ? VD->getInit()->getBeginLoc()
                                              : VD->getLocation());
  if (QT->isArrayType() && scalarType(Ctx.getBaseElementType(QT), Ctx))
    return report(Diag::TableNotConstant, VD->getLocation(),
                  {VD->getName().str()});
  std::optional<ir::Type> T = scalarType(QT, Ctx);
  if (!T)
    return report(Diag::UnsupportedType, VD->getLocation(),
                  {QT.getAsString(Ctx.getPrintingPolicy())});
  if (isReservedName(VD->getName()))
    return report(Diag::ReservedName, VD->getLocation(), {VD->getName().str()});
  std::string Name = freshName(VD->getName());
  ir::Expr Init;
  if (const Expr *E = VD->getInit()) {
    Init = translate(E);
    if (!Init)
      return;
    Init = ir::Cast::make(*T, Init);
  } else {
    // C++ leaves it indeterminate; the IR needs a value, and zero is the
    // one every later assignment overwrites.
    Init = *T == ir::Type::Bool ? ir::Constant::makeBool(false)
           : ir::isFloat(*T)    ? ir::Constant::makeFloat(0, *T)
                                : ir::Constant::makeInt(0, *T);
  }
  KnownInts.erase(VD);
  if (QT.isConstQualified() && ir::isInteger(*T) && VD->getInit())
    if (std::optional<int64_t> V = evaluateInt(VD->getInit()))
      KnownInts[VD] = *V;
  Declared = true;
  Locals[VD] = {Name, *T};
  B.push_back(ir::Stmt::declare(Name, *T, Init, locOf(VD->getLocation())));
}

void KernelTranslator::translateExprStmt(const Expr *E, ir::Block &B) {
  E = E->IgnoreParens();
  if (const auto *EWC = dyn_cast<ExprWithCleanups>(E))
    E = EWC->getSubExpr()->IgnoreParens();
  SourceLocation Begin = E->getBeginLoc();
  if (Begin.isMacroID() &&
      Lexer::getImmediateMacroName(Begin, SM, Ctx.getLangOpts()) == "assert")
    return report(Diag::UnsupportedStmt, SM.getExpansionLoc(Begin),
                  {"assert", "a kernel cannot stop at one point; check the "
                             "condition in the reference run on the CPU"});
  // `(void)x;` marks x used and computes nothing; x must still be valid.
  if (const auto *Cast = dyn_cast<CastExpr>(E))
    if (Cast->getCastKind() == CK_ToVoid) {
      translate(Cast->getSubExpr());
      return;
    }
  if (const auto *BO = dyn_cast<BinaryOperator>(E))
    if (BO->isAssignmentOp())
      return translateAssign(BO, B);
  if (const auto *UO = dyn_cast<UnaryOperator>(E))
    if (UO->isIncrementDecrementOp())
      return translateIncrement(UO, B);
  if (const auto *CE = dyn_cast<CXXOperatorCallExpr>(E))
    if (CE->getNumArgs() >= 1)
      if (const ParamInfo *P = paramOf(CE->getArg(0)))
        if (ir::isAccumulated(P->Kind))
          if (CE->getOperator() != OO_Subscript)
            return translateReductionUpdate(CE, *P, B);
  if (const auto *CE = dyn_cast<CallExpr>(E))
    if (const FunctionDecl *Callee = CE->getDirectCallee())
      if (isKernel(Callee))
        return report(Diag::KernelCall, CE->getBeginLoc(),
                      {FD->getName().str(), Callee->getName().str()});
  if (translate(E))
    report(Diag::UnusedValue, E->getExprLoc());
}

ir::Expr KernelTranslator::compoundValue(const BinaryOperator *BO,
                                         ir::Expr Current, ir::Type Target) {
  const auto *CAO = cast<CompoundAssignOperator>(BO);
  std::optional<ir::BinaryOp> Op = binaryOp(BO->getOpcode());
  if (!Op) {
    report(Diag::UnsupportedOperator, BO->getOperatorLoc(),
           {BO->getOpcodeStr().str()});
    return nullptr;
  }
  ir::Expr RHS = translate(BO->getRHS());
  std::optional<ir::Type> Computation =
      scalarType(CAO->getComputationResultType(), Ctx);
  if (!RHS || !Current)
    return nullptr;
  if (!Computation) {
    report(Diag::UnsupportedType, BO->getOperatorLoc(),
           {CAO->getComputationResultType().getAsString()});
    return nullptr;
  }
  ir::Expr Value = ir::Binary::make(*Op, ir::Cast::make(*Computation, Current),
                                    ir::Cast::make(*Computation, RHS));
  return ir::Cast::make(Target, Value);
}

void KernelTranslator::translateAssign(const BinaryOperator *BO, ir::Block &B) {
  const Expr *LHS = BO->getLHS()->IgnoreParens();
  ir::SourceLoc Loc = locOf(BO->getBeginLoc());
  if (const auto *Access = dyn_cast<CXXOperatorCallExpr>(LHS)) {
    if (const ParamInfo *P = paramOf(Access->getArg(0))) {
      if (Access->getOperator() == OO_Call && ir::isGrid(P->Kind))
        return translateStore(BO, Access, *P, B);
      if (Access->getOperator() == OO_Subscript &&
          P->Kind == ir::ParamKind::Histogram)
        return translateHistogramAdd(BO, Access, *P, B);
    }
  }
  if (const auto *UO = dyn_cast<UnaryOperator>(LHS))
    if (UO->getOpcode() == UO_Deref)
      return report(Diag::Pointer, UO->getBeginLoc());
  const auto *Ref = dyn_cast<DeclRefExpr>(LHS);
  if (!Ref) {
    report(Diag::UnsupportedExpr, LHS->getExprLoc(),
           {std::string("assignment to ") + LHS->getStmtClassName()});
    return;
  }
  const ValueDecl *D = Ref->getDecl();
  if (LoopConstants.count(D))
    return report(Diag::AssignLoopVariable, Ref->getLocation(),
                  {D->getName().str()});
  if (Params.count(D) || Substitutions.count(D))
    return report(Diag::AssignParam, Ref->getLocation(), {D->getName().str()});
  if (FailedLocals.count(D))
    return; // its declaration has been reported
  auto It = Locals.find(D);
  if (It == Locals.end())
    return report(Diag::UnsupportedStmt, Ref->getLocation(),
                  {"assignment to '" + D->getName().str() + "'",
                   "kernels may assign only their own local variables, "
                   "Out/InOut grids and reductions"});
  const LocalInfo &L = It->second;
  ir::Expr Value;
  if (BO->getOpcode() == BO_Assign) {
    Value = translate(BO->getRHS());
    if (Value)
      Value = ir::Cast::make(L.Ty, Value);
  } else {
    Value = compoundValue(BO, ir::Var::make(L.Name, ir::VarScope::Local, L.Ty),
                          L.Ty);
  }
  if (!Value)
    return;
  KnownInts.erase(D);
  B.push_back(ir::Stmt::assign(L.Name, Value, Loc));
}

void KernelTranslator::translateIncrement(const UnaryOperator *UO,
                                          ir::Block &B) {
  const Expr *Operand = UO->getSubExpr()->IgnoreParens();
  if (const auto *Access = dyn_cast<CXXOperatorCallExpr>(Operand))
    if (const ParamInfo *P = paramOf(Access->getArg(0))) {
      if (Access->getOperator() == OO_Call && ir::isGrid(P->Kind))
        return translateGridIncrement(UO, Access, *P, B);
      if (P->Kind == ir::ParamKind::Histogram)
        return report(Diag::ReductionUpdate, UO->getOperatorLoc(),
                      {reductionWord(P->Kind), P->Name, reductionUpdate(*P)});
    }
  const auto *Ref = dyn_cast<DeclRefExpr>(Operand);
  if (!Ref) {
    report(
        Diag::UnsupportedExpr, UO->getExprLoc(),
        {std::string("increment of ") + UO->getSubExpr()->getStmtClassName()});
    return;
  }
  const ValueDecl *D = Ref->getDecl();
  if (LoopConstants.count(D))
    return report(Diag::AssignLoopVariable, Ref->getLocation(),
                  {D->getName().str()});
  if (Params.count(D) || Substitutions.count(D))
    return report(Diag::AssignParam, Ref->getLocation(), {D->getName().str()});
  if (FailedLocals.count(D))
    return; // its declaration has been reported
  auto It = Locals.find(D);
  if (It == Locals.end() || It->second.Ty == ir::Type::Bool)
    return report(Diag::UnsupportedExpr, UO->getExprLoc(),
                  {"increment of '" + D->getName().str() + "'"});
  const LocalInfo &L = It->second;
  ir::Expr One = ir::isFloat(L.Ty) ? ir::Constant::makeFloat(1, L.Ty)
                                   : ir::Constant::makeInt(1, L.Ty);
  ir::Expr Value = ir::Binary::make(
      UO->isIncrementOp() ? ir::BinaryOp::Add : ir::BinaryOp::Sub,
      ir::Var::make(L.Name, ir::VarScope::Local, L.Ty), One);
  KnownInts.erase(D);
  B.push_back(ir::Stmt::assign(L.Name, Value, locOf(UO->getBeginLoc())));
}

void KernelTranslator::translateIf(const IfStmt *S, ir::Block &B) {
  if (S->getInit() || S->getConditionVariable())
    return report(
        Diag::UnsupportedStmt, S->getBeginLoc(),
        {"if with an initialiser", "declare the variable before the if"});
  if (S->isConstexpr()) {
    // Only the branch C++ keeps is part of the kernel.
    bool Taken = false;
    if (!S->getCond()->EvaluateAsBooleanCondition(Taken, Ctx))
      return report(Diag::Internal, S->getBeginLoc(),
                    {"'if constexpr' condition did not evaluate"});
    return translateStmt(Taken ? S->getThen() : S->getElse(), B, false);
  }
  ir::Expr Cond = translate(S->getCond());
  ir::Block Then, Else;
  translateStmt(S->getThen(), Then, false);
  if (S->getElse())
    translateStmt(S->getElse(), Else, false);
  if (!Cond)
    return;
  B.push_back(ir::Stmt::ifThenElse(ir::Cast::make(ir::Type::Bool, Cond),
                                   std::move(Then), std::move(Else),
                                   locOf(S->getBeginLoc())));
}

} // namespace stencilc::frontend::translator
