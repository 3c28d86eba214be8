//===- KernelTranslator.cpp - kernel parameters and body to IR ------------===//
#include "frontend/KernelTranslator.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtCXX.h"
#include "clang/AST/StmtVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/StringSwitch.h"

#include <map>
#include <set>
#include <type_traits>
#include <vector>
#include <stdexcept>

namespace stencilc::frontend {

using namespace clang;

namespace {

/// Names a spec's parameters and locals cannot take, because the emitted
/// CUDA uses them: every internal name of the emitter ends in '_' (at_,
/// dom_, stride0_, NAME_total_, ...), and a parameter named like a CUDA
/// built-in or an emitted math function would shadow it in the kernel.
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


/// Unrolled loops are capped so that a typo in a bound cannot blow up the IR.
constexpr int64_t MaxUnrolledIterations = 4096;
/// ... and so is the product of the trip counts of nested unrolled loops:
/// 4096 x 4096 copies of a body took minutes and gigabytes before the cap.
constexpr int64_t MaxUnrolledCopies = 4096;
/// Helpers may call helpers; the cap stops runaway recursion.
constexpr int MaxHelperDepth = 16;
/// Passes, the printer and the emitter recurse once per level of an
/// expression or of nested ifs, on the driver's 8 MiB main stack. The IR
/// printer overflowed it at 20000 nested additions and Clang at 6000 nested
/// ifs (test/lit/frontend/deep-nesting.cpp); these caps keep a wide margin
/// and turn deeper specs into a diagnostic instead of a crash.
constexpr unsigned MaxExpressionDepth = 8000;
constexpr unsigned MaxStatementDepth = 2000;
/// Offsets reach at most this far: footprints, halos and tiles are computed
/// in 32-bit int by codegen and the runtime, and ±2^20 keeps any sum of
/// offsets and block sizes far from overflowing.
constexpr int64_t MaxOffset = int64_t(1) << 20;

/// A kernel parameter as the translator sees it.
struct ParamInfo {
  ir::ParamKind Kind;
  std::string Name;
  ir::Type Elem = ir::Type::Float64;
  ir::Type Accum = ir::Type::Float64;
  int Rank = 0;
};

struct LocalInfo {
  std::string Name; ///< unique IR name
  ir::Type Ty;
};

struct LoopConstant {
  int64_t Value;
  ir::Type Ty;
};

/// True when the declaration sits in namespace `stencil` (the DSL header).
bool inStencilNamespace(const Decl *D) {
  const DeclContext *DC = D->getDeclContext()->getRedeclContext();
  while (DC && DC->isInlineNamespace())
    DC = DC->getParent();
  const auto *NS = dyn_cast_or_null<NamespaceDecl>(DC);
  return NS && NS->getName() == "stencil" &&
         NS->getParent()->getRedeclContext()->isTranslationUnit();
}

/// True when D sits, at any depth, in the top-level namespace Name.
bool withinNamespace(const Decl *D, StringRef Name) {
  const DeclContext *Top = nullptr;
  for (const DeclContext *DC = D->getDeclContext(); DC && !DC->isTranslationUnit();
       DC = DC->getParent())
    if (isa<NamespaceDecl>(DC) && !DC->isInlineNamespace())
      Top = DC;
  return Top && cast<NamespaceDecl>(Top)->getName() == Name;
}

/// The scalar IR type of a Clang type, or nullopt for anything else.
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

/// The value of E when it is a scalar C++ constant Clang can evaluate
/// (constexpr globals, their elements and members, sizeof), else nullptr.
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

/// How a diagnostic names a statement or expression Clang's AST calls S.
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

/// True when V is representable in the integer type T.
bool fitsIn(int64_t V, ir::Type T) {
  if (T == ir::Type::Int32)
    return V >= INT32_MIN && V <= INT32_MAX;
  return true;
}

std::optional<ir::MathFn> mathFunction(StringRef Name) {
  return llvm::StringSwitch<std::optional<ir::MathFn>>(Name)
      // C's float variants (sqrtf, ...) are the same functions computed in
      // float, which is what their declared types make of the call.
      .Cases("sqrt", "sqrtf", ir::MathFn::Sqrt)
      .Cases("abs", "fabs", "fabsf", ir::MathFn::Abs)
      .Cases("min", "fmin", "fminf", ir::MathFn::Min)
      .Cases("max", "fmax", "fmaxf", ir::MathFn::Max)
      .Cases("exp", "expf", ir::MathFn::Exp)
      .Cases("log", "logf", ir::MathFn::Log)
      .Cases("pow", "powf", ir::MathFn::Pow)
      .Cases("sin", "sinf", ir::MathFn::Sin)
      .Cases("cos", "cosf", ir::MathFn::Cos)
      .Cases("floor", "floorf", ir::MathFn::Floor)
      .Cases("ceil", "ceilf", ir::MathFn::Ceil)
      .Default(std::nullopt);
}

std::optional<ir::BinaryOp> binaryOp(BinaryOperatorKind K) {
  switch (K) {
  case BO_Add: case BO_AddAssign: return ir::BinaryOp::Add;
  case BO_Sub: case BO_SubAssign: return ir::BinaryOp::Sub;
  case BO_Mul: case BO_MulAssign: return ir::BinaryOp::Mul;
  case BO_Div: case BO_DivAssign: return ir::BinaryOp::Div;
  case BO_Rem: case BO_RemAssign: return ir::BinaryOp::Rem;
  case BO_LT: return ir::BinaryOp::Lt;
  case BO_LE: return ir::BinaryOp::Le;
  case BO_GT: return ir::BinaryOp::Gt;
  case BO_GE: return ir::BinaryOp::Ge;
  case BO_EQ: return ir::BinaryOp::Eq;
  case BO_NE: return ir::BinaryOp::Ne;
  case BO_LAnd: return ir::BinaryOp::And;
  case BO_LOr: return ir::BinaryOp::Or;
  default: return std::nullopt;
  }
}

/// Strips what stands between a use of a parameter and its DeclRefExpr:
/// parentheses, implicit casts, temporaries, copies and conversion calls
/// (`operator Acc()` on a reduction).
const Expr *stripToReference(const Expr *E) {
  while (E) {
    E = E->IgnoreParenImpCasts();
    if (const auto *M = dyn_cast<MaterializeTemporaryExpr>(E)) {
      E = M->getSubExpr();
      continue;
    }
    if (const auto *C = dyn_cast<CXXConstructExpr>(E)) {
      if (C->getNumArgs() == 1 && C->getConstructor()->isCopyOrMoveConstructor()) {
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

std::string reductionWord(ir::ParamKind K) {
  switch (K) {
  case ir::ParamKind::Sum: return "sum reduction";
  case ir::ParamKind::Max: return "max reduction";
  case ir::ParamKind::Min: return "min reduction";
  case ir::ParamKind::Histogram: return "histogram";
  default: return "parameter";
  }
}

std::string reductionUpdate(const ParamInfo &P) {
  switch (P.Kind) {
  case ir::ParamKind::Sum: return P.Name + " += e";
  case ir::ParamKind::Max: return P.Name + " = max(" + P.Name + ", e)";
  case ir::ParamKind::Min: return P.Name + " = min(" + P.Name + ", e)";
  case ir::ParamKind::Histogram: return P.Name + "[i] += e";
  default: return P.Name;
  }
}

class KernelTranslator : public ConstStmtVisitor<KernelTranslator, ir::Expr> {
public:
  KernelTranslator(const FunctionDecl *FD, ASTContext &Ctx, DiagReporter &Diags)
      : FD(FD), Ctx(Ctx), SM(Ctx.getSourceManager()), Diags(Diags) {}

  std::optional<ir::Kernel> run();

  // Expressions: each returns nullptr after reporting a diagnostic.
  ir::Expr translate(const Expr *E);
  ir::Expr VisitStmt(const Stmt *S);
  ir::Expr VisitParenExpr(const ParenExpr *E) { return translate(E->getSubExpr()); }
  ir::Expr VisitExprWithCleanups(const ExprWithCleanups *E) { return translate(E->getSubExpr()); }
  ir::Expr VisitConstantExpr(const ConstantExpr *E) { return translate(E->getSubExpr()); }
  ir::Expr VisitCXXDefaultArgExpr(const CXXDefaultArgExpr *E) {
    return translate(E->getExpr());
  }
  ir::Expr VisitMaterializeTemporaryExpr(const MaterializeTemporaryExpr *E) {
    return translate(E->getSubExpr());
  }
  ir::Expr VisitCastExpr(const CastExpr *E);
  ir::Expr VisitIntegerLiteral(const IntegerLiteral *E);
  ir::Expr VisitFloatingLiteral(const FloatingLiteral *E);
  ir::Expr VisitCXXBoolLiteralExpr(const CXXBoolLiteralExpr *E) {
    return ir::Constant::makeBool(E->getValue());
  }
  ir::Expr VisitInitListExpr(const InitListExpr *E);
  ir::Expr VisitImplicitValueInitExpr(const ImplicitValueInitExpr *E);
  ir::Expr VisitCXXScalarValueInitExpr(const CXXScalarValueInitExpr *E);
  ir::Expr VisitDeclRefExpr(const DeclRefExpr *E);
  ir::Expr VisitUnaryOperator(const UnaryOperator *E);
  ir::Expr VisitBinaryOperator(const BinaryOperator *E);
  ir::Expr VisitConditionalOperator(const ConditionalOperator *E);
  ir::Expr VisitCallExpr(const CallExpr *E);
  ir::Expr VisitCXXOperatorCallExpr(const CXXOperatorCallExpr *E);
  ir::Expr VisitCXXMemberCallExpr(const CXXMemberCallExpr *E);
  ir::Expr VisitCXXConstructExpr(const CXXConstructExpr *E);
  ir::Expr VisitArraySubscriptExpr(const ArraySubscriptExpr *E) {
    return foldConstant(E);
  }
  ir::Expr VisitMemberExpr(const MemberExpr *E) { return foldConstant(E); }
  ir::Expr VisitUnaryExprOrTypeTraitExpr(const UnaryExprOrTypeTraitExpr *E) {
    return foldConstant(E);
  }
  ir::Expr foldConstant(const Expr *E);

private:
  // Parameters.
  bool translateParams(ir::Kernel &K);
  std::optional<ParamInfo> classifyParam(const ParmVarDecl *P);
  const ParamInfo *paramOf(const Expr *E) const;

  // Statements.
  void translateStmt(const Stmt *S, ir::Block &B, bool LastInBody);
  void translateStmtChecked(const Stmt *S, ir::Block &B, bool LastInBody);
  void translateDecl(const Decl *D, ir::Block &B);
  void translateLocal(const VarDecl *VD, ir::Block &B);
  void translateExprStmt(const Expr *E, ir::Block &B);
  void translateAssign(const BinaryOperator *BO, ir::Block &B);
  void translateIncrement(const UnaryOperator *UO, ir::Block &B);
  void translateGridIncrement(const UnaryOperator *UO,
                              const CXXOperatorCallExpr *Access,
                              const ParamInfo &P, ir::Block &B);
  void translateStore(const BinaryOperator *BO, const CXXOperatorCallExpr *Access,
                      const ParamInfo &P, ir::Block &B);
  void translateHistogramAdd(const BinaryOperator *BO,
                             const CXXOperatorCallExpr *Access,
                             const ParamInfo &P, ir::Block &B);
  void translateReductionUpdate(const CXXOperatorCallExpr *CE,
                                const ParamInfo &P, ir::Block &B);
  void translateIf(const IfStmt *S, ir::Block &B);
  void translateFor(const ForStmt *S, ir::Block &B);

  // Pieces of expressions.
  ir::Expr gridRead(const CXXOperatorCallExpr *E, const ParamInfo &P);
  bool isCentre(const CXXOperatorCallExpr *Access, const ParamInfo &P);
  bool checkOffsetCount(const CXXOperatorCallExpr *Access, const ParamInfo &P);
  bool checkCentreWrite(const CXXOperatorCallExpr *Access, const ParamInfo &P);
  ir::Expr mathCall(const CallExpr *E, ir::MathFn Fn);
  ir::Expr indexCall(const CallExpr *E);
  ir::Expr inlineHelper(const CallExpr *E, const FunctionDecl *Helper);
  ir::Expr compoundValue(const BinaryOperator *BO, ir::Expr Current,
                         ir::Type Target);
  std::optional<ir::Type> typeOf(const Expr *E);
  std::optional<int64_t> evaluateInt(const Expr *E);

  bool isDslMathDecl(const FunctionDecl *F) const;
  bool isUserFunction(const FunctionDecl *F) const;
  unsigned depthOf(const ir::Expr &E);
  std::string freshName(StringRef Base);
  ir::SourceLoc locOf(SourceLocation L) const;
  void report(Diag D, SourceLocation L, std::initializer_list<std::string> A = {}) {
    // Some implicit nodes (default arguments) have no location of their own.
    Diags.report(D, L.isValid() ? L : StatementLoc, A);
  }

  const FunctionDecl *FD;
  ASTContext &Ctx;
  SourceManager &SM;
  DiagReporter &Diags;
  int Rank = 0;

  std::map<const ValueDecl *, ParamInfo> Params;
  std::map<const ValueDecl *, LocalInfo> Locals;
  std::map<const ValueDecl *, LoopConstant> LoopConstants;
  /// Const integer locals whose value is known (for offsets in unrolled loops).
  std::map<const ValueDecl *, int64_t> KnownInts;
  /// Locals whose declaration failed (and was reported).
  std::set<const ValueDecl *> FailedLocals;
  /// While inlining a helper: its scalar parameters' values.
  std::map<const ValueDecl *, ir::Expr> Substitutions;
  std::map<std::string, unsigned> NameUses;
  int HelperDepth = 0;
  /// Helpers being inlined, innermost last (to catch recursion).
  std::vector<const FunctionDecl *> HelperStack;
  /// Product of the trip counts of the loops being unrolled.
  int64_t UnrollCopies = 1;
  unsigned ExpressionDepth = 0;
  unsigned StatementDepth = 0;
  bool DepthReported = false;
  /// Depth of each IR expression built (kept alive so pointers stay unique).
  std::map<const ir::ExprNode *, std::pair<ir::Expr, unsigned>> Depths;
  SourceLocation StatementLoc; ///< of the statement being translated
};

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

//===----------------------------------------------------------------------===//
// Parameters
//===----------------------------------------------------------------------===//

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
    if (Args.size() != 2 || Args[1].getKind() != TemplateArgument::Integral)
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
  if (FD->isVariadic())
    report(Diag::KernelVariadic, FD->getLocation(), {FD->getName().str()});
  for (const ParmVarDecl *P : FD->parameters()) {
    if (P->hasDefaultArg())
      report(Diag::DefaultArgument, P->getDefaultArgRange().getBegin(),
             {P->getName().str()});
    std::optional<ParamInfo> Info = classifyParam(P);
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
    K.Params.push_back(IP);
    NameUses[Info->Name] = 1; // locals named like a parameter get a suffix
    Params[P] = *Info;
  }
  if (!FirstGrid && Diags.errorCount() == Before)
    report(Diag::NoGrid, FD->getLocation(), {FD->getName().str()});
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

//===----------------------------------------------------------------------===//
// Kernel
//===----------------------------------------------------------------------===//

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
  return K;
}

//===----------------------------------------------------------------------===//
// Statements
//===----------------------------------------------------------------------===//

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
    Init = *T == ir::Type::Bool  ? ir::Constant::makeBool(false)
           : ir::isFloat(*T)     ? ir::Constant::makeFloat(0, *T)
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
        if (ir::isReduction(P->Kind) || P->Kind == ir::ParamKind::Histogram)
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
    report(Diag::UnsupportedExpr, UO->getExprLoc(),
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
                                              const ParamInfo &P, ir::Block &B) {
  if (!checkCentreWrite(Access, P))
    return;
  if (P.Kind == ir::ParamKind::Out)
    return report(Diag::ReadOutput, Access->getBeginLoc(), {P.Name});
  ir::Expr Current = ir::GridRead::make(P.Name, std::vector<int>(Rank, 0), P.Elem);
  ir::Expr One = ir::isFloat(P.Elem) ? ir::Constant::makeFloat(1, P.Elem)
                                     : ir::Constant::makeInt(1, P.Elem);
  ir::Expr Value = ir::Binary::make(
      UO->isIncrementOp() ? ir::BinaryOp::Add : ir::BinaryOp::Sub, Current, One);
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
    ir::Expr Current = ir::GridRead::make(P.Name, std::vector<int>(Rank, 0), P.Elem);
    Value = compoundValue(BO, Current, P.Elem);
  }
  if (Value)
    B.push_back(ir::Stmt::store(P.Name, Value, locOf(BO->getBeginLoc())));
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
  ir::MathFn Wanted =
      P.Kind == ir::ParamKind::Max ? ir::MathFn::Max : ir::MathFn::Min;
  if (!Fn || *Fn != Wanted)
    return Refuse();
  const ParamInfo *First = paramOf(Call->getArg(0));
  const ParamInfo *Second = paramOf(Call->getArg(1));
  const Expr *Contribution = nullptr;
  if (First && First->Name == P.Name && !(Second && Second->Name == P.Name))
    Contribution = Call->getArg(1);
  else if (Second && Second->Name == P.Name && !(First && First->Name == P.Name))
    Contribution = Call->getArg(0);
  if (!Contribution)
    return Refuse();
  if (ir::Expr V = translate(Contribution))
    B.push_back(ir::Stmt::reduce(P.Name, ir::Cast::make(P.Elem, V), Loc));
}

void KernelTranslator::translateIf(const IfStmt *S, ir::Block &B) {
  if (S->getInit() || S->getConditionVariable())
    return report(Diag::UnsupportedStmt, S->getBeginLoc(),
                  {"if with an initialiser",
                   "declare the variable before the if"});
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

void KernelTranslator::translateFor(const ForStmt *S, ir::Block &B) {
  auto Refuse = [&] { report(Diag::NonConstantLoop, S->getForLoc()); };
  // Init: `int i = A` with A constant.
  const auto *Init = dyn_cast_or_null<DeclStmt>(S->getInit());
  if (!Init || !Init->isSingleDecl() || S->getConditionVariable())
    return Refuse();
  const auto *Var = dyn_cast<VarDecl>(Init->getSingleDecl());
  std::optional<ir::Type> VarType =
      Var ? scalarType(Var->getType(), Ctx) : std::nullopt;
  if (Var && !VarType && Var->getType()->isIntegralOrEnumerationType())
    return report(Diag::UnsupportedType, Var->getLocation(),
                  {Var->getType().getAsString(Ctx.getPrintingPolicy())});
  if (!VarType || !ir::isInteger(*VarType) || !Var->getInit())
    return Refuse();
  std::optional<int64_t> Start = evaluateInt(Var->getInit());
  // Condition: `i OP B` or `B OP i` with B constant.
  const auto *Cond =
      dyn_cast_or_null<BinaryOperator>(S->getCond() ? S->getCond()->IgnoreParenImpCasts() : nullptr);
  if (!Start || !Cond || !Cond->isComparisonOp())
    return Refuse();
  auto IsVar = [&](const Expr *E) {
    const auto *Ref = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
    return Ref && Ref->getDecl() == Var;
  };
  BinaryOperatorKind Op = Cond->getOpcode();
  std::optional<int64_t> Bound;
  if (IsVar(Cond->getLHS())) {
    Bound = evaluateInt(Cond->getRHS());
  } else if (IsVar(Cond->getRHS())) {
    Bound = evaluateInt(Cond->getLHS());
    Op = BinaryOperator::reverseComparisonOp(Op);
  }
  // Increment: ++i, i++, --i, i--, i += C, i -= C.
  std::optional<int64_t> Step;
  const Expr *Inc = S->getInc() ? S->getInc()->IgnoreParens() : nullptr;
  if (const auto *UO = dyn_cast_or_null<UnaryOperator>(Inc)) {
    if (UO->isIncrementDecrementOp() && IsVar(UO->getSubExpr()))
      Step = UO->isIncrementOp() ? 1 : -1;
  } else if (const auto *CAO = dyn_cast_or_null<CompoundAssignOperator>(Inc)) {
    if (IsVar(CAO->getLHS()) && (CAO->getOpcode() == BO_AddAssign ||
                                 CAO->getOpcode() == BO_SubAssign))
      if (std::optional<int64_t> C = evaluateInt(CAO->getRHS()))
        Step = CAO->getOpcode() == BO_AddAssign ? *C : -*C;
  }
  if (!Bound || !Step || Op == BO_EQ)
    return Refuse();
  auto Continues = [&](int64_t V) {
    switch (Op) {
    case BO_LT: return V < *Bound;
    case BO_LE: return V <= *Bound;
    case BO_GT: return V > *Bound;
    case BO_GE: return V >= *Bound;
    case BO_NE: return V != *Bound;
    default: return false;
    }
  };
  // Every value the variable takes, the one that ends the loop included,
  // must fit in its type: `int i` never reaches 2^31 (C++ leaves that
  // undefined), whatever the bound says.
  auto OutOfRange = [&](std::string Value) {
    report(Diag::LoopVariableRange, Var->getLocation(),
           {Var->getName().str(), std::move(Value)});
  };
  if (!fitsIn(*Start, *VarType))
    return OutOfRange(std::to_string(*Start));
  std::vector<int64_t> Values;
  for (int64_t V = *Start; Continues(V);) {
    if (static_cast<int64_t>(Values.size()) == MaxUnrolledIterations)
      return report(Diag::LoopTooLong, S->getForLoc(),
                    {std::to_string(MaxUnrolledIterations)});
    Values.push_back(V);
    if ((*Step > 0 && V > INT64_MAX - *Step) ||
        (*Step < 0 && V < INT64_MIN - *Step))
      return OutOfRange(std::to_string(V) + " + " + std::to_string(*Step));
    V += *Step;
    if (!fitsIn(V, *VarType))
      return OutOfRange(std::to_string(V));
  }
  if (Values.empty())
    return;
  int64_t Copies = UnrollCopies * static_cast<int64_t>(Values.size());
  if (Copies > MaxUnrolledCopies)
    return report(Diag::UnrollTooLarge, S->getForLoc(),
                  {std::to_string(MaxUnrolledCopies)});
  int64_t OuterCopies = UnrollCopies;
  UnrollCopies = Copies;
  for (int64_t V : Values) {
    LoopConstants[Var] = {V, *VarType};
    unsigned Before = Diags.errorCount();
    translateStmt(S->getBody(), B, false);
    if (Diags.errorCount() != Before)
      break; // one report per error, not one per iteration
  }
  UnrollCopies = OuterCopies;
  LoopConstants.erase(Var);
}

//===----------------------------------------------------------------------===//
// Expressions
//===----------------------------------------------------------------------===//

/// V when the arithmetic that made it did not overflow and it fits in E's
/// C++ type (signed overflow is undefined there: 2147483647 * 2 is no -2).
std::optional<int64_t> inTypeOf(const Expr *E, int64_t V, bool Overflowed) {
  if (Overflowed)
    return std::nullopt;
  const auto *BT = E->getType()->getAs<BuiltinType>();
  if (BT && BT->getKind() == BuiltinType::Int && (V < INT32_MIN || V > INT32_MAX))
    return std::nullopt;
  return V;
}

std::optional<int64_t> KernelTranslator::evaluateInt(const Expr *E) {
  if (!E)
    return std::nullopt;
  E = E->IgnoreParens();
  if (E->isValueDependent() || !E->getType()->isIntegralOrEnumerationType())
    return std::nullopt;
  Expr::EvalResult Result;
  if (E->EvaluateAsInt(Result, Ctx)) {
    // 2147483647 * 2 evaluates (Clang warns) to a wrapped value C++ does
    // not define; it is no constant to read a grid at.
    if (Result.HasUndefinedBehavior)
      return std::nullopt;
    return Result.Val.getInt().getExtValue();
  }
  // Values Clang cannot see: unrolled loop variables and const locals
  // computed from them.
  if (const auto *Ref = dyn_cast<DeclRefExpr>(E)) {
    if (auto It = LoopConstants.find(Ref->getDecl()); It != LoopConstants.end())
      return It->second.Value;
    if (auto It = KnownInts.find(Ref->getDecl()); It != KnownInts.end())
      return It->second;
    return std::nullopt;
  }
  if (const auto *C = dyn_cast<CastExpr>(E)) {
    CastKind K = C->getCastKind();
    if (K == CK_LValueToRValue || K == CK_NoOp || K == CK_IntegralCast)
      return evaluateInt(C->getSubExpr());
    return std::nullopt;
  }
  if (const auto *U = dyn_cast<UnaryOperator>(E)) {
    std::optional<int64_t> V = evaluateInt(U->getSubExpr());
    if (!V)
      return std::nullopt;
    if (U->getOpcode() == UO_Minus) {
      int64_t Negated = 0;
      bool Overflowed = __builtin_sub_overflow(int64_t(0), *V, &Negated);
      return inTypeOf(E, Negated, Overflowed);
    }
    if (U->getOpcode() == UO_Plus)
      return V;
    return std::nullopt;
  }
  if (const auto *BO = dyn_cast<BinaryOperator>(E)) {
    std::optional<int64_t> L = evaluateInt(BO->getLHS());
    std::optional<int64_t> R = evaluateInt(BO->getRHS());
    if (!L || !R)
      return std::nullopt;
    int64_t V = 0;
    bool Overflowed = false;
    switch (BO->getOpcode()) {
    case BO_Add: Overflowed = __builtin_add_overflow(*L, *R, &V); break;
    case BO_Sub: Overflowed = __builtin_sub_overflow(*L, *R, &V); break;
    case BO_Mul: Overflowed = __builtin_mul_overflow(*L, *R, &V); break;
    case BO_Div:
    case BO_Rem:
      if (*R == 0 || (*L == INT64_MIN && *R == -1))
        return std::nullopt;
      V = BO->getOpcode() == BO_Div ? *L / *R : *L % *R;
      break;
    default: return std::nullopt;
    }
    return inTypeOf(E, V, Overflowed);
  }
  if (const auto *CO = dyn_cast<ConditionalOperator>(E)) {
    Expr::EvalResult Cond;
    std::optional<int64_t> C = evaluateInt(CO->getCond());
    if (!C)
      return std::nullopt;
    return evaluateInt(*C ? CO->getTrueExpr() : CO->getFalseExpr());
  }
  return std::nullopt;
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
      if (ir::isReduction(P->Kind) || P->Kind == ir::ParamKind::Histogram) {
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

ir::Expr KernelTranslator::VisitImplicitValueInitExpr(const ImplicitValueInitExpr *E) {
  std::optional<ir::Type> T = typeOf(E);
  return T ? ir::Cast::make(*T, ir::Constant::makeInt(0)) : nullptr;
}

ir::Expr KernelTranslator::VisitCXXScalarValueInitExpr(const CXXScalarValueInitExpr *E) {
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
    return V ? ir::Unary::make(ir::UnaryOp::Not, ir::Cast::make(ir::Type::Bool, V))
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
  return ir::Binary::make(*Op, ir::Cast::make(Common, L), ir::Cast::make(Common, R));
}

ir::Expr KernelTranslator::VisitConditionalOperator(const ConditionalOperator *E) {
  ir::Expr C = translate(E->getCond());
  ir::Expr T = translate(E->getTrueExpr());
  ir::Expr F = translate(E->getFalseExpr());
  std::optional<ir::Type> Ty = (C && T && F) ? typeOf(E) : std::nullopt;
  if (!Ty)
    return nullptr;
  return ir::Select::make(ir::Cast::make(ir::Type::Bool, C),
                          ir::Cast::make(*Ty, T), ir::Cast::make(*Ty, F));
}

bool KernelTranslator::isUserFunction(const FunctionDecl *F) const {
  // The spec and the headers it includes with "" are the user's; system
  // headers and the DSL's own namespace are not.
  return !SM.isInSystemHeader(SM.getExpansionLoc(F->getLocation())) &&
         !withinNamespace(F, "stencil") && !withinNamespace(F, "std");
}

bool KernelTranslator::isDslMathDecl(const FunctionDecl *F) const {
  // A function of the user's own that happens to be named sqrt is a helper,
  // not the math function.
  if (isUserFunction(F))
    return false;
  const DeclContext *DC = F->getDeclContext()->getRedeclContext();
  while (DC->isInlineNamespace())
    DC = DC->getParent();
  if (DC->isTranslationUnit() || DC->isStdNamespace())
    return true;
  return inStencilNamespace(F);
}

ir::Expr KernelTranslator::VisitCallExpr(const CallExpr *E) {
  const FunctionDecl *Callee = E->getDirectCallee();
  if (!Callee || !Callee->getIdentifier()) {
    report(Diag::UnsupportedCall, E->getBeginLoc(), {"<indirect call>"});
    return nullptr;
  }
  if (isKernel(Callee)) {
    report(Diag::KernelCall, E->getBeginLoc(),
           {FD->getName().str(), Callee->getName().str()});
    return nullptr;
  }
  StringRef Name = Callee->getName();
  if (Name == "index" && inStencilNamespace(Callee))
    return indexCall(E);
  if (isDslMathDecl(Callee))
    if (std::optional<ir::MathFn> Fn = mathFunction(Name))
      return mathCall(E, *Fn);
  const FunctionDecl *Definition = nullptr;
  if (Callee->hasBody(Definition) && isUserFunction(Definition))
    return inlineHelper(E, Definition);
  report(Diag::UnsupportedCall, E->getBeginLoc(),
         {Callee->getQualifiedNameAsString()});
  return nullptr;
}

ir::Expr KernelTranslator::indexCall(const CallExpr *E) {
  if (E->getNumArgs() != 1)
    return VisitStmt(E);
  std::optional<int64_t> Dim = evaluateInt(E->getArg(0));
  if (!Dim) {
    report(Diag::IndexNonConstant, E->getArg(0)->getBeginLoc());
    return nullptr;
  }
  if (*Dim < 0 || *Dim >= Rank) {
    report(Diag::IndexDimension, E->getBeginLoc(),
           {std::to_string(*Dim), std::to_string(Rank)});
    return nullptr;
  }
  return ir::Index::make(static_cast<int>(*Dim));
}

ir::Expr KernelTranslator::mathCall(const CallExpr *E, ir::MathFn Fn) {
  if (E->getNumArgs() != ir::fnArity(Fn)) {
    report(Diag::UnsupportedCall, E->getBeginLoc(),
           {E->getDirectCallee()->getQualifiedNameAsString() + " with " +
            std::to_string(E->getNumArgs()) + " arguments"});
    return nullptr;
  }
  std::optional<ir::Type> Result = typeOf(E);
  if (!Result)
    return nullptr;
  // Overloads and std's promoting templates take mixed argument types; the
  // call computes in its result type.
  std::vector<ir::Expr> Args;
  for (const Expr *A : E->arguments()) {
    ir::Expr V = translate(A);
    if (!V)
      return nullptr;
    Args.push_back(ir::Cast::make(*Result, V));
  }
  return ir::Call::make(Fn, std::move(Args));
}

ir::Expr KernelTranslator::inlineHelper(const CallExpr *E,
                                        const FunctionDecl *Helper) {
  auto Refuse = [&]() -> ir::Expr {
    report(Diag::HelperNotInlinable, E->getBeginLoc(),
           {Helper->getName().str()});
    return nullptr;
  };
  if (llvm::is_contained(HelperStack, Helper)) {
    report(Diag::HelperRecursive, E->getBeginLoc(), {Helper->getName().str()});
    return nullptr;
  }
  const auto *Body = dyn_cast_or_null<CompoundStmt>(Helper->getBody());
  const auto *Return =
      Body && Body->size() == 1 ? dyn_cast<ReturnStmt>(Body->body_front()) : nullptr;
  if (!Return || !Return->getRetValue() || HelperDepth >= MaxHelperDepth ||
      isa<CXXMethodDecl>(Helper) || E->getNumArgs() != Helper->getNumParams())
    return Refuse();
  // Bind the helper's parameters: scalars to the argument's value, grids and
  // reductions to the kernel's parameter they are passed.
  std::map<const ValueDecl *, ir::Expr> Bound;
  std::map<const ValueDecl *, ParamInfo> BoundParams;
  std::map<const ValueDecl *, int64_t> BoundInts; // constant arguments

  for (unsigned I = 0; I < E->getNumArgs(); ++I) {
    const ParmVarDecl *HP = Helper->getParamDecl(I);
    // By value or by const reference (`const double &x`): either way the
    // helper sees the argument's value.
    QualType HPType = HP->getType();
    if (HPType->isLValueReferenceType() &&
        HPType.getNonReferenceType().isConstQualified())
      HPType = HPType.getNonReferenceType();
    if (scalarType(HPType, Ctx)) {
      ir::Expr V = translate(E->getArg(I));
      if (!V)
        return nullptr;
      Bound[HP] = V;
      if (std::optional<int64_t> C = evaluateInt(E->getArg(I)))
        BoundInts[HP] = *C;
      continue;
    }
    const ParamInfo *P = paramOf(E->getArg(I));
    if (!P || P->Kind == ir::ParamKind::Scalar)
      return Refuse();
    BoundParams[HP] = *P;
  }
  // Bind for the helper's body only. Callers hold references into Params,
  // so entries are added and restored one by one, never by reassigning maps.
  auto Bind = [](auto &Map, const auto &Entries) {
    using Map_t = std::remove_reference_t<decltype(Map)>;
    std::vector<std::pair<const ValueDecl *, std::optional<typename Map_t::mapped_type>>> Old;
    for (const auto &[D, V] : Entries) {
      auto It = Map.find(D);
      Old.emplace_back(D, It == Map.end() ? std::nullopt
                                          : std::optional(It->second));
      Map[D] = V;
    }
    return Old;
  };
  auto Restore = [](auto &Map, auto &Old) {
    for (auto &[D, V] : Old) {
      if (V)
        Map[D] = *V;
      else
        Map.erase(D);
    }
  };
  auto OldSubstitutions = Bind(Substitutions, Bound);
  auto OldParams = Bind(Params, BoundParams);
  auto OldInts = Bind(KnownInts, BoundInts);
  ++HelperDepth;
  HelperStack.push_back(Helper);
  ir::Expr Value = translate(Return->getRetValue());
  HelperStack.pop_back();
  --HelperDepth;
  Restore(Substitutions, OldSubstitutions);
  Restore(Params, OldParams);
  Restore(KnownInts, OldInts);
  if (!Value)
    return nullptr;
  std::optional<ir::Type> T = typeOf(E);
  return T ? ir::Cast::make(*T, Value) : nullptr;
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

ir::Expr KernelTranslator::VisitCXXOperatorCallExpr(const CXXOperatorCallExpr *E) {
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
  if (P && (ir::isReduction(P->Kind) || P->Kind == ir::ParamKind::Histogram)) {
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

} // namespace

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

std::optional<ir::Kernel> translateKernel(const FunctionDecl *FD,
                                          ASTContext &Ctx,
                                          DiagReporter &Diags) {
  // Operators (`void operator+(...)`) have no name to give the host API.
  if (FD->getDescribedFunctionTemplate() || FD->isTemplateInstantiation() ||
      isa<CXXMethodDecl>(FD) || !FD->getIdentifier()) {
    Diags.report(Diag::KernelNotPlain, FD->getLocation(),
                 {FD->getNameAsString()});
    return std::nullopt;
  }
  return KernelTranslator(FD, Ctx, Diags).run();
}

} // namespace stencilc::frontend
