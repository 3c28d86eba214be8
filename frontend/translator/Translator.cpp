//===- Translator.cpp - entry points, types, names, locations -------------===//
//
// The public entry points (KernelTranslator.h), run() over one kernel, and
// what every concern of the translator shares: the IR type of a Clang type,
// constants Clang can evaluate, reserved names, the spelling of a construct
// in a diagnostic, locations and fresh local names.
//
//===----------------------------------------------------------------------===//
#include "frontend/translator/TranslatorImpl.h"

#include "clang/AST/Attr.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "llvm/ADT/StringSwitch.h"

namespace stencilc::frontend::translator {

using namespace clang;

bool isReservedName(llvm::StringRef Name) {
  if (Name.ends_with("_"))
    return true;
  static const char *const Reserved[] = {
      "threadIdx", "blockIdx", "blockDim", "gridDim", "warpSize", "stencil",
      "std",       "sqrt",     "sqrtf",    "fabs",    "fabsf",    "abs",
      "llabs",     "exp",      "expf",     "log",     "logf",     "pow",
      "powf",      "sin",      "sinf",     "cos",     "cosf",     "floor",
      "floorf",    "ceil",     "ceilf",    "min",     "max",      "int64_t"};
  for (const char *R : Reserved)
    if (Name == R)
      return true;
  return false;
}

bool inStencilNamespace(const Decl *D) {
  const DeclContext *DC = D->getDeclContext()->getRedeclContext();
  while (DC && DC->isInlineNamespace())
    DC = DC->getParent();
  const auto *NS = dyn_cast_or_null<NamespaceDecl>(DC);
  return NS && NS->getName() == "stencil" &&
         NS->getParent()->getRedeclContext()->isTranslationUnit();
}

std::optional<ir::Type> scalarType(QualType QT, const ASTContext &Ctx) {
  QT = QT.getCanonicalType().getUnqualifiedType();
  const auto *BT = QT->getAs<BuiltinType>();
  if (!BT)
    return std::nullopt;
  switch (BT->getKind()) {
  case BuiltinType::Bool:
    return ir::Type::Bool;
  case BuiltinType::Int:
    return ir::Type::Int32;
  case BuiltinType::Long:
  case BuiltinType::LongLong:
    if (Ctx.getTypeSize(QT) == 64)
      return ir::Type::Int64;
    return std::nullopt;
  case BuiltinType::Float:
    return ir::Type::Float32;
  case BuiltinType::Double:
    return ir::Type::Float64;
  default:
    return std::nullopt;
  }
}

ir::Expr constantValue(const Expr *E, const ASTContext &Ctx) {
  std::optional<ir::Type> T = scalarType(E->getType(), Ctx);
  Expr::EvalResult R;
  if (!T || E->isValueDependent() || !E->EvaluateAsRValue(R, Ctx) ||
      R.HasSideEffects)
    return nullptr;
  if (R.Val.isInt()) {
    int64_t V = R.Val.getInt().getExtValue();
    return *T == ir::Type::Bool ? ir::Constant::makeBool(V != 0)
                                : ir::Constant::makeInt(V, *T);
  }
  if (R.Val.isFloat())
    return ir::Constant::makeFloat(R.Val.getFloat().convertToDouble(), *T);
  return nullptr;
}

std::string spellingOf(const Stmt *S) {
  if (const auto *Trait = dyn_cast<UnaryExprOrTypeTraitExpr>(S))
    return getTraitSpelling(Trait->getKind());
  return llvm::StringSwitch<std::string>(S->getStmtClassName())
      .Case("BreakStmt", "break")
      .Case("ContinueStmt", "continue")
      .Case("SwitchStmt", "switch")
      .Case("GotoStmt", "goto")
      .Case("IndirectGotoStmt", "goto")
      .Case("LabelStmt", "label")
      .Case("CXXTryStmt", "try")
      .Cases("GCCAsmStmt", "MSAsmStmt", "asm")
      .Case("LambdaExpr", "lambda")
      .Case("ArraySubscriptExpr", "array subscript")
      .Case("MemberExpr", "member access")
      .Case("CXXThrowExpr", "throw")
      .Case("CXXNewExpr", "new")
      .Case("CXXDeleteExpr", "delete")
      .Case("CXXThisExpr", "this")
      .Case("StmtExpr", "statement expression")
      .Case("StringLiteral", "string literal")
      .Case("CXXTypeidExpr", "typeid")
      .Case("CXXDynamicCastExpr", "dynamic_cast")
      .Case("CXXReinterpretCastExpr", "reinterpret_cast")
      .Default(S->getStmtClassName());
}

ir::SourceLoc KernelTranslator::locOf(SourceLocation L) const {
  PresumedLoc P = SM.getPresumedLoc(SM.getExpansionLoc(L));
  if (P.isInvalid())
    return {};
  return {P.getLine(), P.getColumn()};
}

std::string KernelTranslator::freshName(StringRef Base) {
  unsigned &Uses = NameUses[Base.str()];
  std::string Name = Uses == 0 ? Base.str() : (Base + "." + Twine(Uses)).str();
  ++Uses;
  return Name;
}

std::optional<ir::Type> KernelTranslator::typeOf(const Expr *E) {
  if (std::optional<ir::Type> T = scalarType(E->getType(), Ctx))
    return T;
  if (E->getType()->isAnyPointerType() || E->getType()->isArrayType())
    report(Diag::Pointer, E->getExprLoc());
  else
    report(Diag::UnsupportedType, E->getExprLoc(),
           {E->getType().getAsString(Ctx.getPrintingPolicy())});
  return std::nullopt;
}

std::optional<ir::Kernel> KernelTranslator::run() {
  ir::Kernel K;
  K.Name = FD->getName().str();
  K.Loc = locOf(FD->getLocation());
  unsigned Before = Diags.errorCount();
  if (!FD->getReturnType()->isVoidType())
    report(Diag::KernelReturnsValue, FD->getLocation(), {K.Name});
  if (!translateParams(K))
    return std::nullopt;
  const auto *Body = dyn_cast_or_null<CompoundStmt>(FD->getBody());
  if (!Body)
    return std::nullopt;
  size_t N = Body->size(), I = 0;
  for (const Stmt *S : Body->body())
    translateStmtChecked(S, K.Body, ++I == N);
  if (Diags.errorCount() != Before)
    return std::nullopt;
  warnUnusedParams(K);
  return K;
}

void KernelTranslator::warnUnusedParams(const ir::Kernel &K) {
  const auto Grids = llvm::count_if(
      K.Params, [](const ir::Param &P) { return ir::isGrid(P.Kind); });
  // Clang marks a parameter referenced where a DeclRefExpr names it.
  for (const ParmVarDecl *PVD : FD->parameters()) {
    const ir::Param *P = K.findParam(PVD->getName().str());
    if (PVD->isReferenced() || !P)
      continue;
    // A kernel's only grid sets its domain even when the body ignores it.
    if (ir::isGrid(P->Kind) && Grids > 1)
      report(Diag::UnusedGrid, PVD->getLocation(), {P->Name});
    else if (ir::isAccumulated(P->Kind))
      report(Diag::UnusedReduction, PVD->getLocation(),
             {P->Name, reductionWord(P->Kind)});
  }
}

} // namespace stencilc::frontend::translator

namespace stencilc::frontend {

using namespace clang;

bool isKernel(const FunctionDecl *FD) {
  for (const auto *A : FD->specific_attrs<AnnotateAttr>())
    if (A->getAnnotation() == "stencil_kernel")
      return true;
  return false;
}

void reportDuplicateKernels(ArrayRef<const FunctionDecl *> Kernels,
                            DiagReporter &Diags) {
  std::map<std::string, const FunctionDecl *> First;
  for (const FunctionDecl *FD : Kernels) {
    if (!FD->getIdentifier())
      continue; // an operator, refused on its own
    auto [It, New] = First.emplace(FD->getName().str(), FD);
    if (!New)
      Diags.report(Diag::DuplicateKernel, FD->getLocation(),
                   {FD->getName().str()}, It->second->getLocation());
  }
}

std::optional<ir::Kernel>
translateKernel(const FunctionDecl *FD, ASTContext &Ctx, DiagReporter &Diags) {
  // Operators (`void operator+(...)`) have no name to give the host API.
  if (FD->getDescribedFunctionTemplate() || FD->isTemplateInstantiation() ||
      isa<CXXMethodDecl>(FD) || !FD->getIdentifier()) {
    Diags.report(Diag::KernelNotPlain, FD->getLocation(),
                 {FD->getNameAsString()});
    return std::nullopt;
  }
  return translator::KernelTranslator(FD, Ctx, Diags).run();
}

} // namespace stencilc::frontend
