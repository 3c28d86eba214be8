//===- Reductions.cpp - reduction and histogram updates -------------------===//
//
// Sum, Max and Min reductions are updated as 's += e', 'm = max(m, e)' and
// 'm = min(m, e)', histograms as 'h[i] += e' with an integer bin; any other
// update, and any read (their values exist only after the launch), is
// refused with the form to write instead. A Min/Max update must call the
// DSL's own min/max/fmin/fmax (unqualified or stencil::): std::min does not
// compile on a reduction, and std::fmin would bypass the reduction's rule
// in the CPU reference.
//
//===----------------------------------------------------------------------===//
#include "frontend/translator/TranslatorImpl.h"

#include "clang/AST/DeclCXX.h"

namespace stencilc::frontend::translator {

using namespace clang;

std::string reductionWord(ir::ParamKind K) {
  switch (K) {
  case ir::ParamKind::Sum:
    return "sum reduction";
  case ir::ParamKind::Max:
    return "max reduction";
  case ir::ParamKind::Min:
    return "min reduction";
  case ir::ParamKind::Histogram:
    return "histogram";
  default:
    return "parameter";
  }
}

std::string reductionUpdate(const ParamInfo &P) {
  switch (P.Kind) {
  case ir::ParamKind::Sum:
    return P.Name + " += e";
  case ir::ParamKind::Max:
    return P.Name + " = max(" + P.Name + ", e)";
  case ir::ParamKind::Min:
    return P.Name + " = min(" + P.Name + ", e)";
  case ir::ParamKind::Histogram:
    return P.Name + "[i] += e";
  default:
    return P.Name;
  }
}

void KernelTranslator::translateHistogramAdd(const BinaryOperator *BO,
                                             const CXXOperatorCallExpr *Access,
                                             const ParamInfo &P, ir::Block &B) {
  if (BO->getOpcode() != BO_AddAssign)
    return report(Diag::ReductionUpdate, Access->getBeginLoc(),
                  {reductionWord(P.Kind), P.Name, reductionUpdate(P)});
  const Expr *IndexExpr = Access->getArg(1);
  QualType IndexType = IndexExpr->IgnoreImpCasts()->getType();
  std::optional<ir::Type> IT = scalarType(IndexType, Ctx);
  // An integer type the DSL lacks (unsigned) is a type error, not a
  // non-integer bin.
  if (!IT && IndexType->isIntegralOrEnumerationType() &&
      !IndexType->isBooleanType())
    return report(Diag::UnsupportedType, IndexExpr->getBeginLoc(),
                  {IndexType.getAsString(Ctx.getPrintingPolicy())});
  if (!IT || !ir::isInteger(*IT))
    return report(Diag::HistogramIndex, IndexExpr->getBeginLoc(),
                  {IndexType.getAsString(Ctx.getPrintingPolicy()), P.Name});
  // The reference adds in C++: an int bin += 1.5 computes int(bin + 1.5),
  // which no atomic add of a converted contribution reproduces.
  QualType ValueType = BO->getRHS()->IgnoreParenImpCasts()->getType();
  if (ir::isInteger(P.Elem) && ValueType->isRealFloatingType())
    return report(Diag::HistogramContribution, BO->getRHS()->getBeginLoc(),
                  {P.Name, ValueType.getAsString(Ctx.getPrintingPolicy()),
                   P.Elem == ir::Type::Int32 ? "int" : "int64_t"});
  ir::Expr Index = translate(IndexExpr);
  ir::Expr Value = translate(BO->getRHS());
  if (!Index || !Value)
    return;
  B.push_back(ir::Stmt::histAdd(P.Name, Index, ir::Cast::make(P.Elem, Value),
                                locOf(BO->getBeginLoc())));
}

namespace {

/// The DSL's min/max/fmin/fmax taking a Min/Max reduction: what unqualified
/// (and stencil::) spellings of an update call. They fold the term with the
/// reduction's order-independent rule in the reference, as the GPU does.
bool isReductionOverload(const FunctionDecl *Callee) {
  return Callee->getPrimaryTemplate() && inStencilNamespace(Callee);
}

/// True for the declarations stencil.hpp adds to std under __STENCILC__ so
/// that std::min(r, e) parses: a plain C++ compile finds no std::min for a
/// reduction and an expression.
bool isStdOverloadDeclaredForDiagnostics(const FunctionDecl *Callee) {
  if (!Callee->getPrimaryTemplate() ||
      !Callee->getDeclContext()->getRedeclContext()->isStdNamespace())
    return false;
  for (const ParmVarDecl *P : Callee->parameters()) {
    const CXXRecordDecl *RD =
        P->getType().getNonReferenceType()->getAsCXXRecordDecl();
    if (RD && inStencilNamespace(RD))
      return true;
  }
  return false;
}

} // namespace

void KernelTranslator::refuseQualifiedUpdate(const CallExpr *Call,
                                             const FunctionDecl *Callee,
                                             const ParamInfo &P) {
  const std::string Spelled = spelledCallee(Call);
  std::string Why = isStdOverloadDeclaredForDiagnostics(Callee)
                        ? "'" + Spelled + "' needs both arguments of one type"
                        : "'" + Spelled +
                              "' would fold it in the CPU reference with an " +
                              "order of its own for zeros and NaNs";
  report(Diag::QualifiedReductionUpdate, Call->getBeginLoc(),
         {reductionWord(P.Kind), P.Name, Spelled, reductionUpdate(P), Why});
}

void KernelTranslator::translateReductionUpdate(const CXXOperatorCallExpr *CE,
                                                const ParamInfo &P,
                                                ir::Block &B) {
  auto Refuse = [&] {
    report(Diag::ReductionUpdate, CE->getBeginLoc(),
           {reductionWord(P.Kind), P.Name, reductionUpdate(P)});
  };
  OverloadedOperatorKind Op = CE->getOperator();
  ir::SourceLoc Loc = locOf(CE->getBeginLoc());
  if (P.Kind == ir::ParamKind::Sum) {
    if (Op != OO_PlusEqual || CE->getNumArgs() != 2)
      return Refuse();
    if (ir::Expr V = translate(CE->getArg(1)))
      B.push_back(ir::Stmt::reduce(P.Name, ir::Cast::make(P.Accum, V), Loc));
    return;
  }
  if (P.Kind == ir::ParamKind::Histogram || Op != OO_Equal ||
      CE->getNumArgs() != 2)
    return Refuse();
  // r = max(r, e) / max(e, r) (fmax too); min likewise for Min.
  const auto *Call = dyn_cast<CallExpr>(stripToReference(CE->getArg(1)));
  const FunctionDecl *Callee = Call ? Call->getDirectCallee() : nullptr;
  if (!Callee || !Callee->getIdentifier() || Call->getNumArgs() != 2 ||
      !isDslMathDecl(Callee))
    return Refuse();
  std::optional<ir::MathFn> Fn = mathFunction(Callee->getName());
  // Either spelling folds the term with the reductions' one rule.
  const bool IsMax = P.Kind == ir::ParamKind::Max;
  if (!Fn || (IsMax ? *Fn != ir::MathFn::Max && *Fn != ir::MathFn::FMax
                    : *Fn != ir::MathFn::Min && *Fn != ir::MathFn::FMin))
    return Refuse();
  const ParamInfo *First = paramOf(Call->getArg(0));
  const ParamInfo *Second = paramOf(Call->getArg(1));
  const Expr *Contribution = nullptr;
  if (First && First->Name == P.Name && !(Second && Second->Name == P.Name))
    Contribution = Call->getArg(1);
  else if (Second && Second->Name == P.Name &&
           !(First && First->Name == P.Name))
    Contribution = Call->getArg(0);
  if (!Contribution)
    return Refuse();
  if (!isReductionOverload(Callee))
    return refuseQualifiedUpdate(Call, Callee, P);
  if (ir::Expr V = translate(Contribution))
    B.push_back(ir::Stmt::reduce(P.Name, ir::Cast::make(P.Elem, V), Loc));
}

ir::Expr KernelTranslator::VisitCXXMemberCallExpr(const CXXMemberCallExpr *E) {
  if (const ParamInfo *P = paramOf(E->getImplicitObjectArgument()))
    if (isa_and_nonnull<CXXConversionDecl>(E->getMethodDecl()) &&
        P->Kind != ir::ParamKind::Scalar) {
      report(Diag::ReductionRead, E->getExprLoc(),
             {reductionWord(P->Kind), P->Name});
      return nullptr;
    }
  const CXXMethodDecl *M = E->getMethodDecl();
  report(Diag::UnsupportedCall, E->getExprLoc(),
         {M ? M->getQualifiedNameAsString() : "<member call>"});
  return nullptr;
}

} // namespace stencilc::frontend::translator
