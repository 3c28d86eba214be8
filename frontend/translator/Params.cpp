//===- Params.cpp - kernel parameters and uses of them --------------------===//
//
// What each kernel parameter is (a grid of a rank, a reduction, a histogram
// or a scalar), the checks over the whole parameter list (one rank, at least
// one grid), and paramOf: which parameter an expression stands for, looking
// through the copies and conversions Clang wraps around it.
//
//===----------------------------------------------------------------------===//
#include "frontend/translator/TranslatorImpl.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/TypeLoc.h"
#include "clang/Basic/TargetInfo.h"
#include "llvm/ADT/StringSwitch.h"

namespace stencilc::frontend::translator {

using namespace clang;

const Expr *stripToReference(const Expr *E) {
  while (E) {
    E = E->IgnoreParenImpCasts();
    if (const auto *M = dyn_cast<MaterializeTemporaryExpr>(E)) {
      E = M->getSubExpr();
      continue;
    }
    if (const auto *C = dyn_cast<CXXConstructExpr>(E)) {
      if (C->getNumArgs() == 1 &&
          C->getConstructor()->isCopyOrMoveConstructor()) {
        E = C->getArg(0);
        continue;
      }
      return E;
    }
    if (const auto *MC = dyn_cast<CXXMemberCallExpr>(E)) {
      if (isa_and_nonnull<CXXConversionDecl>(MC->getMethodDecl())) {
        E = MC->getImplicitObjectArgument();
        continue;
      }
      return E;
    }
    if (const auto *Cast = dyn_cast<CastExpr>(E)) {
      if (Cast->getCastKind() == CK_NoOp ||
          Cast->getCastKind() == CK_UserDefinedConversion ||
          Cast->getCastKind() == CK_LValueToRValue) {
        E = Cast->getSubExpr();
        continue;
      }
    }
    return E;
  }
  return E;
}

namespace {

/// A 64-bit integer type other than the target's int64_t (`long long` on
/// LP64 Linux, where int64_t is `long`). The IR and the generated host API
/// know one 64-bit integer, spelled int64_t; inside a DSL template the other
/// spelling makes a different C++ type, so the reference's HostGrid<long
/// long, R> could not be uploaded to the launcher's Grid<int64_t, R>.
/// The target's int64_t (what <cstdint> defines it as).
QualType int64Type(const ASTContext &Ctx) {
  return Ctx.getTargetInfo().getInt64Type() == TargetInfo::SignedLongLong
             ? Ctx.LongLongTy
             : Ctx.LongTy;
}

bool isOtherInt64(QualType T, const ASTContext &Ctx) {
  T = T.getCanonicalType().getUnqualifiedType();
  if (!T->isSignedIntegerType() || Ctx.getTypeSize(T) != 64)
    return false;
  return !Ctx.hasSameType(T, int64Type(Ctx));
}

/// Where the I-th template argument of P's type is written, else P.
SourceLocation templateArgLoc(const ParmVarDecl *P, unsigned I) {
  const TypeSourceInfo *TSI = P->getTypeSourceInfo();
  if (!TSI)
    return P->getLocation();
  TypeLoc TL = TSI->getTypeLoc().getUnqualifiedLoc();
  if (auto Elaborated = TL.getAs<ElaboratedTypeLoc>())
    TL = Elaborated.getNamedTypeLoc();
  if (auto Spec = TL.getAs<TemplateSpecializationTypeLoc>())
    if (I < Spec.getNumArgs())
      return Spec.getArgLoc(I).getLocation();
  return P->getLocation();
}

} // namespace

bool KernelTranslator::checkInt64Spelling(const ParmVarDecl *P) {
  const auto *Spec = dyn_cast_or_null<ClassTemplateSpecializationDecl>(
      P->getType()->getAsCXXRecordDecl());
  if (!Spec || !inStencilNamespace(Spec))
    return true;
  const TemplateArgumentList &Args = Spec->getTemplateArgs();
  for (unsigned I = 0; I < Args.size(); ++I) {
    if (Args[I].getKind() != TemplateArgument::Type ||
        !isOtherInt64(Args[I].getAsType(), Ctx))
      continue;
    const PrintingPolicy &Policy = Ctx.getPrintingPolicy();
    QualType Int64 = int64Type(Ctx);
    report(Diag::Int64Spelling, templateArgLoc(P, I),
           {P->getName().str(), Args[I].getAsType().getAsString(Policy),
            Int64.getAsString(Policy)});
    return false;
  }
  return true;
}

std::optional<ParamInfo> KernelTranslator::classifyParam(const ParmVarDecl *P) {
  QualType QT = P->getType();
  if (QT->isReferenceType() || QT->isAnyPointerType())
    return std::nullopt;
  ParamInfo Info;
  Info.Name = P->getName().str();
  if (std::optional<ir::Type> T = scalarType(QT, Ctx)) {
    Info.Kind = ir::ParamKind::Scalar;
    Info.Elem = Info.Accum = *T;
    return Info;
  }
  const auto *Spec = dyn_cast_or_null<ClassTemplateSpecializationDecl>(
      QT->getAsCXXRecordDecl());
  if (!Spec || !inStencilNamespace(Spec))
    return std::nullopt;
  std::optional<ir::ParamKind> Kind =
      llvm::StringSwitch<std::optional<ir::ParamKind>>(Spec->getName())
          .Case("In", ir::ParamKind::In)
          .Case("Out", ir::ParamKind::Out)
          .Case("InOut", ir::ParamKind::InOut)
          .Case("Sum", ir::ParamKind::Sum)
          .Case("Max", ir::ParamKind::Max)
          .Case("Min", ir::ParamKind::Min)
          .Case("Histogram", ir::ParamKind::Histogram)
          .Default(std::nullopt);
  const TemplateArgumentList &Args = Spec->getTemplateArgs();
  if (!Kind || Args.size() < 1 || Args[0].getKind() != TemplateArgument::Type)
    return std::nullopt;
  std::optional<ir::Type> Elem = scalarType(Args[0].getAsType(), Ctx);
  if (!Elem || *Elem == ir::Type::Bool)
    return std::nullopt;
  Info.Kind = *Kind;
  Info.Elem = Info.Accum = *Elem;
  if (ir::isGrid(*Kind)) {
    // The third argument, the boundary rule, is translateBoundary's.
    if (Args.size() < 2 || Args.size() > 3 ||
        Args[1].getKind() != TemplateArgument::Integral)
      return std::nullopt;
    Info.Rank = static_cast<int>(Args[1].getAsIntegral().getExtValue());
    if (Info.Rank < 1 || Info.Rank > 3)
      return std::nullopt;
  } else if (ir::isReduction(*Kind) && Args.size() == 2) {
    if (Args[1].getKind() != TemplateArgument::Type)
      return std::nullopt;
    std::optional<ir::Type> Acc = scalarType(Args[1].getAsType(), Ctx);
    if (!Acc || *Acc == ir::Type::Bool)
      return std::nullopt;
    Info.Accum = *Acc;
  }
  return Info;
}

bool KernelTranslator::translateParams(ir::Kernel &K) {
  unsigned Before = Diags.errorCount();
  const ParmVarDecl *FirstGrid = nullptr;
  std::vector<std::pair<const ParmVarDecl *, std::string>> Ruled;
  if (FD->isVariadic())
    report(Diag::KernelVariadic, FD->getLocation(), {FD->getName().str()});
  for (const ParmVarDecl *P : FD->parameters()) {
    if (P->hasDefaultArg())
      report(Diag::DefaultArgument, P->getDefaultArgRange().getBegin(),
             {P->getName().str()});
    std::optional<ParamInfo> Info = classifyParam(P);
    if (Info && !checkInt64Spelling(P))
      continue;
    if (!Info) {
      report(Diag::UnsupportedParam, P->getLocation(),
             {P->getName().str(),
              P->getType().getAsString(Ctx.getPrintingPolicy())});
      continue;
    }
    if (Info->Name.empty()) // unnamed: unused in the body, named for the IR
      Info->Name = "unnamed." + std::to_string(P->getFunctionScopeIndex());
    else if (isReservedName(Info->Name))
      report(Diag::ReservedName, P->getLocation(), {Info->Name});
    if (ir::isGrid(Info->Kind)) {
      if (!FirstGrid) {
        FirstGrid = P;
        Rank = Info->Rank;
      } else if (Info->Rank != Rank) {
        report(Diag::RankMismatch, P->getLocation(),
               {Info->Name, std::to_string(Info->Rank), std::to_string(Rank)});
      }
    }
    ir::Param IP;
    IP.Kind = Info->Kind;
    IP.Name = Info->Name;
    IP.Elem = Info->Elem;
    IP.Accum = Info->Accum;
    IP.Rank = Info->Rank;
    IP.Loc = locOf(P->getLocation());
    if (ir::isGrid(IP.Kind) && translateBoundary(P, IP) && !IP.Boundary.empty())
      Ruled.push_back({P, IP.Name});
    K.Params.push_back(IP);
    NameUses[Info->Name] = 1; // locals named like a parameter get a suffix
    Params[P] = *Info;
  }
  if (!FirstGrid && Diags.errorCount() == Before)
    report(Diag::NoGrid, FD->getLocation(), {FD->getName().str()});
  if (K.hasHistograms()) // the shell kernel has no histogram lowering yet
    for (const auto &[P, Name] : Ruled)
      report(Diag::BoundaryWithHistogram, P->getLocation(), {Name});
  K.Rank = Rank;
  return Diags.errorCount() == Before;
}

const ParamInfo *KernelTranslator::paramOf(const Expr *E) const {
  const auto *Ref = dyn_cast_or_null<DeclRefExpr>(stripToReference(E));
  if (!Ref)
    return nullptr;
  auto It = Params.find(Ref->getDecl());
  return It == Params.end() ? nullptr : &It->second;
}

} // namespace stencilc::frontend::translator
