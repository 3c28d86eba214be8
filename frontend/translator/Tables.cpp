//===- Tables.cpp - weight tables: constant arrays at constant indices ----===//
//
// A weight table is a const or constexpr array of a scalar type whose
// initialiser is a constant: `constexpr float W[5] = {1, 4, 6, 4, 1};` at
// namespace scope, or `const float w[3] = {1, 2, 1};` in the kernel. A read
// W[i + 2] whose indices are constants once loops are unrolled (evaluateInt
// sees the loop variables) becomes the element's value; the table itself
// never reaches the IR. An index that depends on the point, one outside the
// table, and any other array are refused with what to write instead.
//
//===----------------------------------------------------------------------===//
#include "frontend/translator/TranslatorImpl.h"

#include <algorithm>

namespace stencilc::frontend::translator {

using namespace clang;

const APValue *constantTable(const VarDecl *VD, const ASTContext &Ctx) {
  if (!VD || !VD->getType()->isConstantArrayType())
    return nullptr;
  // Every element must be const: a table the kernel could write is state.
  QualType Elem = Ctx.getBaseElementType(VD->getType());
  if (!Elem.isConstQualified() || !scalarType(Elem, Ctx))
    return nullptr;
  const Expr *Init = VD->getInit();
  if (!Init || Init->isValueDependent())
    return nullptr;
  const APValue *Value = VD->evaluateValue();
  return Value && Value->isArray() ? Value : nullptr;
}

ir::Expr
KernelTranslator::VisitArraySubscriptExpr(const ArraySubscriptExpr *E) {
  // W[2] (and elements of constexpr structs): Clang knows the value.
  if (ir::Expr C = constantValue(E, Ctx))
    return C;
  // W[i][j] is (W[i])[j]: collect the indices down to the array.
  std::vector<const Expr *> Indices;
  const Expr *Base = E;
  while (const auto *A = dyn_cast<ArraySubscriptExpr>(Base)) {
    Indices.push_back(A->getIdx());
    Base = A->getBase()->IgnoreParenImpCasts();
  }
  std::reverse(Indices.begin(), Indices.end());
  const auto *Ref = dyn_cast<DeclRefExpr>(Base);
  const auto *VD = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
  if (!VD || FailedLocals.count(VD))
    return foldConstant(E);
  std::string Name = VD->getName().str();
  const APValue *Element = constantTable(VD, Ctx);
  if (!Element) {
    if (VD->hasGlobalStorage())
      report(Diag::NonConstantGlobal, Ref->getLocation(), {Name});
    else
      report(Diag::TableNotConstant, Ref->getLocation(), {Name});
    return nullptr;
  }
  QualType Ty = VD->getType();
  for (const Expr *Index : Indices) {
    const ConstantArrayType *AT = Ctx.getAsConstantArrayType(Ty);
    if (!AT || !Element->isArray())
      return foldConstant(E);
    std::optional<int64_t> I = evaluateInt(Index);
    if (!I) {
      report(Diag::TableIndexNotConstant, Index->getBeginLoc(), {Name});
      return nullptr;
    }
    uint64_t Size = AT->getSize().getZExtValue();
    if (*I < 0 || static_cast<uint64_t>(*I) >= Size) {
      report(Diag::TableIndexRange, Index->getBeginLoc(),
             {Name, std::to_string(*I), std::to_string(Size),
              std::to_string(static_cast<int64_t>(Size) - 1)});
      return nullptr;
    }
    // Elements past the initialiser's last are the array filler (zero).
    unsigned Slot = static_cast<unsigned>(*I);
    Element = Slot < Element->getArrayInitializedElts()
                  ? &Element->getArrayInitializedElt(Slot)
                  : &Element->getArrayFiller();
    Ty = AT->getElementType();
  }
  std::optional<ir::Type> T = scalarType(Ty, Ctx);
  if (!T) // a row of a table, W[i] of W[3][3]: not a value
    return VisitStmt(E);
  if (Element->isInt()) {
    int64_t V = Element->getInt().getExtValue();
    return *T == ir::Type::Bool ? ir::Constant::makeBool(V != 0)
                                : ir::Constant::makeInt(V, *T);
  }
  if (Element->isFloat())
    return ir::Constant::makeFloat(Element->getFloat().convertToDouble(), *T);
  return VisitStmt(E);
}

} // namespace stencilc::frontend::translator
