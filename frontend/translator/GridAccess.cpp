//===- GridAccess.cpp - grid reads and writes -----------------------------===//
//
// Reads and writes of grids through g(offsets...): In grids are read at
// constant offsets within MaxOffset, Out grids only written, InOut grids read
// and written at the centre only; one offset per dimension or none. Stores,
// compound stores and increments of a grid element are here too.
//
//===----------------------------------------------------------------------===//
#include "frontend/translator/TranslatorImpl.h"

namespace stencilc::frontend::translator {

using namespace clang;

/// A write to grid P through Access must be to an Out/InOut grid, with one
/// offset per dimension, at the centre; reports the first rule broken.
bool KernelTranslator::checkCentreWrite(const CXXOperatorCallExpr *Access,
                                        const ParamInfo &P) {
  if (P.Kind == ir::ParamKind::In) {
    report(Diag::WriteInput, Access->getBeginLoc(), {P.Name});
    return false;
  }
  if (!checkOffsetCount(Access, P))
    return false;
  if (!isCentre(Access, P)) {
    report(Diag::WriteOffCentre, Access->getBeginLoc(), {P.Name});
    return false;
  }
  return true;
}

/// `v()++` and `--v()` on an InOut grid: a read and a store at the centre.
void KernelTranslator::translateGridIncrement(const UnaryOperator *UO,
                                              const CXXOperatorCallExpr *Access,
                                              const ParamInfo &P,
                                              ir::Block &B) {
  if (!checkCentreWrite(Access, P))
    return;
  if (P.Kind == ir::ParamKind::Out)
    return report(Diag::ReadOutput, Access->getBeginLoc(), {P.Name});
  ir::Expr Current =
      ir::GridRead::make(P.Name, std::vector<int>(Rank, 0), P.Elem);
  ir::Expr One = ir::isFloat(P.Elem) ? ir::Constant::makeFloat(1, P.Elem)
                                     : ir::Constant::makeInt(1, P.Elem);
  ir::Expr Value = ir::Binary::make(UO->isIncrementOp() ? ir::BinaryOp::Add
                                                        : ir::BinaryOp::Sub,
                                    Current, One);
  B.push_back(ir::Stmt::store(P.Name, Value, locOf(UO->getBeginLoc())));
}

void KernelTranslator::translateStore(const BinaryOperator *BO,
                                      const CXXOperatorCallExpr *Access,
                                      const ParamInfo &P, ir::Block &B) {
  if (!checkCentreWrite(Access, P))
    return;
  ir::Expr Value;
  if (BO->getOpcode() == BO_Assign) {
    Value = translate(BO->getRHS());
    if (Value)
      Value = ir::Cast::make(P.Elem, Value);
  } else {
    if (P.Kind == ir::ParamKind::Out)
      return report(Diag::ReadOutput, Access->getBeginLoc(), {P.Name});
    ir::Expr Current =
        ir::GridRead::make(P.Name, std::vector<int>(Rank, 0), P.Elem);
    Value = compoundValue(BO, Current, P.Elem);
  }
  if (Value)
    B.push_back(ir::Stmt::store(P.Name, Value, locOf(BO->getBeginLoc())));
}

ir::Expr
KernelTranslator::VisitCXXOperatorCallExpr(const CXXOperatorCallExpr *E) {
  if (E->getOperator() == OO_Call && E->getNumArgs() >= 1)
    if (const CXXRecordDecl *RD = E->getArg(0)->getType()->getAsCXXRecordDecl();
        RD && RD->isLambda()) {
      report(Diag::Lambda, E->getBeginLoc());
      return nullptr;
    }
  const ParamInfo *P = E->getNumArgs() ? paramOf(E->getArg(0)) : nullptr;
  if (P && E->getOperator() == OO_Call && ir::isGrid(P->Kind))
    return gridRead(E, *P);
  if (P && E->getOperator() == OO_Subscript &&
      P->Kind == ir::ParamKind::Histogram) {
    report(Diag::ReductionRead, E->getBeginLoc(),
           {reductionWord(P->Kind), P->Name});
    return nullptr;
  }
  if (P && ir::isAccumulated(P->Kind)) {
    report(Diag::SideEffectInExpr, E->getOperatorLoc());
    return nullptr;
  }
  report(Diag::UnsupportedOperator, E->getOperatorLoc(),
         {getOperatorSpelling(E->getOperator())});
  return nullptr;
}

bool KernelTranslator::checkOffsetCount(const CXXOperatorCallExpr *Access,
                                        const ParamInfo &P) {
  unsigned Count = Access->getNumArgs() - 1;
  if (Count == 0 || static_cast<int>(Count) == P.Rank)
    return true;
  report(Diag::OffsetCount, Access->getBeginLoc(),
         {P.Name, std::to_string(P.Rank), std::to_string(Count)});
  return false;
}

bool KernelTranslator::isCentre(const CXXOperatorCallExpr *Access,
                                const ParamInfo &P) {
  // g() or, spelled out, g(0, 0).
  unsigned Count = Access->getNumArgs() - 1;
  if (Count == 0)
    return true;
  if (static_cast<int>(Count) != P.Rank)
    return false;
  for (unsigned I = 1; I <= Count; ++I) {
    const Expr *Arg = Access->getArg(I);
    if (!Arg->IgnoreParenImpCasts()->getType()->isIntegralOrEnumerationType())
      return false;
    std::optional<int64_t> V = evaluateInt(Arg);
    if (!V || *V != 0)
      return false;
  }
  return true;
}

ir::Expr KernelTranslator::gridRead(const CXXOperatorCallExpr *E,
                                    const ParamInfo &P) {
  unsigned Count = E->getNumArgs() - 1;
  if (P.Kind == ir::ParamKind::Out) {
    report(Diag::ReadOutput, E->getBeginLoc(), {P.Name});
    return nullptr;
  }
  if (!checkOffsetCount(E, P))
    return nullptr;
  if (P.Kind == ir::ParamKind::InOut && !isCentre(E, P)) {
    report(Diag::ReadInOutOffCentre, E->getBeginLoc(), {P.Name});
    return nullptr;
  }
  std::vector<int> Offsets(P.Rank, 0);
  for (unsigned I = 0; I < Count; ++I) {
    const Expr *Arg = E->getArg(I + 1);
    QualType ArgType = Arg->IgnoreParenImpCasts()->getType();
    if (!ArgType->isIntegralOrEnumerationType()) {
      report(Diag::OffsetNotInteger, Arg->getBeginLoc(),
             {P.Name, ArgType.getAsString(Ctx.getPrintingPolicy())});
      return nullptr;
    }
    std::optional<int64_t> V = evaluateInt(Arg);
    if (!V) {
      report(Diag::NonConstantOffset, Arg->getBeginLoc(), {P.Name});
      return nullptr;
    }
    // Checked before narrowing to int: g(4294967296LL, 0) is not g(0, 0).
    if (*V < -MaxOffset || *V > MaxOffset) {
      report(Diag::OffsetRange, Arg->getBeginLoc(),
             {P.Name, std::to_string(*V), std::to_string(MaxOffset)});
      return nullptr;
    }
    Offsets[I] = static_cast<int>(*V);
  }
  return ir::GridRead::make(P.Name, Offsets, P.Elem);
}

} // namespace stencilc::frontend::translator
