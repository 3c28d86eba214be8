//===- Boundary.cpp - a grid's boundary rule, from its third template argument
////
//
// In<T, R, B> names what a read outside the grid returns (dsl/stencil/
// boundary.hpp): B is one rule for every dimension or Boundary<...> with one
// per dimension. This file turns B into ir::Param::Boundary and refuses, each
// at the rule's spelling in the spec: something that is not a rule, a
// Boundary<...> of the wrong length, a Constant<V> whose V the element type
// does not hold exactly (or that is no integer), and a rule on an Out or
// InOut grid. A grid whose rules are all Interior has none (an empty list),
// so its IR and CUDA are those of a grid declared without one.
//
//===----------------------------------------------------------------------===//
#include "frontend/translator/TranslatorImpl.h"

#include "clang/AST/DeclTemplate.h"
#include "clang/AST/TypeLoc.h"
#include "llvm/ADT/StringSwitch.h"

namespace stencilc::frontend::translator {

using namespace clang;

namespace {

enum class RuleStatus { Ok, NotARule, BadConstant };

struct RuleResult {
  RuleStatus Status = RuleStatus::NotARule;
  ir::EdgeBoundary Rule;
  std::string Value; ///< BadConstant: the value as written
};

/// One rule type (Periodic, Constant<V>, ...) for a grid of element Elem.
RuleResult ruleOf(QualType T, ir::Type Elem, const ASTContext &Ctx) {
  RuleResult R;
  const CXXRecordDecl *RD = T.getCanonicalType()->getAsCXXRecordDecl();
  if (!RD || !inStencilNamespace(RD))
    return R;
  std::optional<ir::EdgeRule> Rule =
      llvm::StringSwitch<std::optional<ir::EdgeRule>>(RD->getName())
          .Case("Interior", ir::EdgeRule::Interior)
          .Case("Periodic", ir::EdgeRule::Periodic)
          .Case("Clamp", ir::EdgeRule::Clamp)
          .Case("Reflect", ir::EdgeRule::Reflect)
          .Case("Mirror", ir::EdgeRule::Mirror)
          .Case("Constant", ir::EdgeRule::Constant)
          .Default(std::nullopt);
  if (!Rule)
    return R;
  R.Rule.Rule = *Rule;
  R.Status = RuleStatus::Ok;
  if (*Rule != ir::EdgeRule::Constant)
    return R;
  const auto *Spec = dyn_cast<ClassTemplateSpecializationDecl>(RD);
  if (!Spec || Spec->getTemplateArgs().size() != 1) {
    R.Status = RuleStatus::NotARule;
    return R;
  }
  const TemplateArgument &Arg = Spec->getTemplateArgs()[0];
  std::string Printed;
  llvm::raw_string_ostream OS(Printed);
  Arg.print(Ctx.getPrintingPolicy(), OS, /*IncludeType=*/false);
  R.Value = OS.str();
  if (Arg.getKind() != TemplateArgument::Integral) {
    R.Status = RuleStatus::BadConstant;
    return R;
  }
  QualType IT = Arg.getIntegralType();
  const llvm::APSInt &V = Arg.getAsIntegral();
  if (IT->isBooleanType() || IT->isAnyCharacterType() || IT->isEnumeralType() ||
      !V.isRepresentableByInt64() ||
      !ir::representsExactly(Elem, V.getExtValue())) {
    R.Status = RuleStatus::BadConstant;
    return R;
  }
  R.Rule.Value = V.getExtValue();
  return R;
}

/// Where the spec spells the third template argument, else the parameter.
SourceLocation ruleLoc(const ParmVarDecl *P) {
  if (const TypeSourceInfo *TSI = P->getTypeSourceInfo())
    if (auto TL = TSI->getTypeLoc()
                      .getUnqualifiedLoc()
                      .getAsAdjusted<TemplateSpecializationTypeLoc>())
      if (TL.getNumArgs() >= 3 && TL.getArgLoc(2).getLocation().isValid())
        return TL.getArgLoc(2).getLocation();
  return P->getLocation();
}

} // namespace

bool KernelTranslator::translateBoundary(const ParmVarDecl *P, ir::Param &IP) {
  const auto *Spec = dyn_cast_or_null<ClassTemplateSpecializationDecl>(
      P->getType()->getAsCXXRecordDecl());
  if (!Spec || Spec->getTemplateArgs().size() < 3 ||
      Spec->getTemplateArgs()[2].getKind() != TemplateArgument::Type)
    return true;
  const QualType B = Spec->getTemplateArgs()[2].getAsType().getCanonicalType();
  const SourceLocation At = ruleLoc(P);
  std::vector<QualType> Rules;
  const auto *List = dyn_cast_or_null<ClassTemplateSpecializationDecl>(
      B->getAsCXXRecordDecl());
  if (List && inStencilNamespace(List) && List->getName() == "Boundary") {
    for (const TemplateArgument &A : List->getTemplateArgs().asArray())
      if (A.getKind() == TemplateArgument::Pack)
        for (const TemplateArgument &E : A.pack_elements())
          Rules.push_back(E.getAsType());
    if (static_cast<int>(Rules.size()) != IP.Rank) {
      report(Diag::BoundaryRuleCount, At,
             {IP.Name, std::to_string(Rules.size()), std::to_string(IP.Rank)});
      return false;
    }
  } else {
    Rules.assign(IP.Rank, B);
  }

  std::vector<ir::EdgeBoundary> Edges;
  bool AnyRule = false;
  for (QualType T : Rules) {
    RuleResult R = ruleOf(T, IP.Elem, Ctx);
    if (R.Status == RuleStatus::NotARule) {
      report(Diag::BoundaryNotARule, At,
             {IP.Name, T.getAsString(Ctx.getPrintingPolicy())});
      return false;
    }
    if (R.Status == RuleStatus::BadConstant) {
      report(Diag::BoundaryConstantType, At,
             {IP.Name, R.Value, ir::cudaTypeName(IP.Elem)});
      return false;
    }
    AnyRule |= R.Rule.Rule != ir::EdgeRule::Interior;
    Edges.push_back(R.Rule);
  }
  if (!AnyRule)
    return true; // Interior everywhere: no rule
  if (IP.Kind != ir::ParamKind::In) {
    report(Diag::BoundaryOnOutput, At,
           {IP.Name, IP.Kind == ir::ParamKind::Out ? "Out" : "InOut"});
    return false;
  }
  IP.Boundary = std::move(Edges);
  return true;
}

} // namespace stencilc::frontend::translator
