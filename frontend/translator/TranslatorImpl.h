//===- TranslatorImpl.h - the kernel translator, shared by its files ------===//
//
// KernelTranslator walks one kernel's parameters and body once into an
// ir::Kernel (frontend/KernelTranslator.h says what it accepts). This header
// is shared by its files only, one per concern, in the manner of Halide's
// Simplify_*.cpp over Simplify_Internal.h:
//
//   Translator.cpp   entry points, run(), types, names and locations
//   Params.cpp       kernel parameters: what each is, and uses of them
//   Statements.cpp   declarations, assignments, increments, if/else
//   Unrolling.cpp    for loops unrolled; integer constants (evaluateInt)
//   Expressions.cpp  the expression visitor: literals, casts, operators
//   Calls.cpp        math functions, index(d) and helper inlining
//   GridAccess.cpp   grid reads and writes: offsets, centre, In/Out/InOut
//   Reductions.cpp   reduction and histogram updates, reads refused
//   Tables.cpp       weight tables: constant arrays read at constant indices
//
//===----------------------------------------------------------------------===//
#ifndef STENCILC_FRONTEND_TRANSLATOR_TRANSLATORIMPL_H
#define STENCILC_FRONTEND_TRANSLATOR_TRANSLATORIMPL_H

#include "codegen/IR.h"
#include "frontend/Diagnostics.h"
#include "frontend/KernelTranslator.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/StringRef.h"

#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace stencilc::frontend::translator {

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

/// Names a spec's parameters and locals cannot take, because the emitted
/// CUDA uses them: every internal name of the emitter ends in '_' (at_,
/// dom_, stride0_, NAME_total_, ...), and a parameter named like a CUDA
/// built-in or an emitted math function would shadow it in the kernel.
bool isReservedName(llvm::StringRef Name);

/// True when the declaration sits in namespace `stencil` (the DSL header).
bool inStencilNamespace(const clang::Decl *D);

/// The scalar IR type of a Clang type, or nullopt for anything else.
std::optional<ir::Type> scalarType(clang::QualType QT,
                                   const clang::ASTContext &Ctx);

/// The value of E when it is a scalar C++ constant Clang can evaluate
/// (constexpr globals, their elements and members, sizeof), else nullptr.
ir::Expr constantValue(const clang::Expr *E, const clang::ASTContext &Ctx);

/// The elements of VD when it is a weight table: a const (or constexpr)
/// array, of any rank, of a scalar type, whose initialiser Clang can
/// evaluate. Else nullptr.
const clang::APValue *constantTable(const clang::VarDecl *VD,
                                    const clang::ASTContext &Ctx);

/// How a diagnostic names a statement or expression Clang's AST calls S.
std::string spellingOf(const clang::Stmt *S);

std::optional<ir::MathFn> mathFunction(llvm::StringRef Name);

std::optional<ir::BinaryOp> binaryOp(clang::BinaryOperatorKind K);

/// Strips what stands between a use of a parameter and its DeclRefExpr:
/// parentheses, implicit casts, temporaries, copies and conversion calls
/// (`operator Acc()` on a reduction).
const clang::Expr *stripToReference(const clang::Expr *E);

std::string reductionWord(ir::ParamKind K);

std::string reductionUpdate(const ParamInfo &P);

class KernelTranslator
    : public clang::ConstStmtVisitor<KernelTranslator, ir::Expr> {
public:
  KernelTranslator(const clang::FunctionDecl *FD, clang::ASTContext &Ctx,
                   DiagReporter &Diags)
      : FD(FD), Ctx(Ctx), SM(Ctx.getSourceManager()), Diags(Diags) {}

  std::optional<ir::Kernel> run();

  // Expressions: each returns nullptr after reporting a diagnostic.
  ir::Expr translate(const clang::Expr *E);
  ir::Expr VisitStmt(const clang::Stmt *S);
  ir::Expr VisitParenExpr(const clang::ParenExpr *E) {
    return translate(E->getSubExpr());
  }
  ir::Expr VisitExprWithCleanups(const clang::ExprWithCleanups *E) {
    return translate(E->getSubExpr());
  }
  ir::Expr VisitConstantExpr(const clang::ConstantExpr *E) {
    return translate(E->getSubExpr());
  }
  ir::Expr VisitCXXDefaultArgExpr(const clang::CXXDefaultArgExpr *E) {
    return translate(E->getExpr());
  }
  ir::Expr
  VisitMaterializeTemporaryExpr(const clang::MaterializeTemporaryExpr *E) {
    return translate(E->getSubExpr());
  }
  ir::Expr VisitCastExpr(const clang::CastExpr *E);
  ir::Expr VisitIntegerLiteral(const clang::IntegerLiteral *E);
  ir::Expr VisitFloatingLiteral(const clang::FloatingLiteral *E);
  ir::Expr VisitCXXBoolLiteralExpr(const clang::CXXBoolLiteralExpr *E) {
    return ir::Constant::makeBool(E->getValue());
  }
  ir::Expr VisitInitListExpr(const clang::InitListExpr *E);
  ir::Expr VisitImplicitValueInitExpr(const clang::ImplicitValueInitExpr *E);
  ir::Expr VisitCXXScalarValueInitExpr(const clang::CXXScalarValueInitExpr *E);
  ir::Expr VisitDeclRefExpr(const clang::DeclRefExpr *E);
  ir::Expr VisitUnaryOperator(const clang::UnaryOperator *E);
  ir::Expr VisitBinaryOperator(const clang::BinaryOperator *E);
  ir::Expr VisitConditionalOperator(const clang::ConditionalOperator *E);
  ir::Expr VisitCallExpr(const clang::CallExpr *E);
  ir::Expr VisitCXXOperatorCallExpr(const clang::CXXOperatorCallExpr *E);
  ir::Expr VisitCXXMemberCallExpr(const clang::CXXMemberCallExpr *E);
  ir::Expr VisitCXXConstructExpr(const clang::CXXConstructExpr *E);
  ir::Expr VisitArraySubscriptExpr(const clang::ArraySubscriptExpr *E);
  ir::Expr VisitMemberExpr(const clang::MemberExpr *E) {
    return foldConstant(E);
  }
  ir::Expr
  VisitUnaryExprOrTypeTraitExpr(const clang::UnaryExprOrTypeTraitExpr *E) {
    return foldConstant(E);
  }
  ir::Expr foldConstant(const clang::Expr *E);

private:
  // Parameters.
  bool translateParams(ir::Kernel &K);
  std::optional<ParamInfo> classifyParam(const clang::ParmVarDecl *P);
  bool checkInt64Spelling(const clang::ParmVarDecl *P);
  /// The grid's boundary rules from In<T, R, B>'s B (Boundary.cpp); false
  /// after a diagnostic.
  bool translateBoundary(const clang::ParmVarDecl *P, ir::Param &IP);
  const ParamInfo *paramOf(const clang::Expr *E) const;
  /// Warnings for grids and reductions the body never names.
  void warnUnusedParams(const ir::Kernel &K);

  // Statements.
  void translateStmt(const clang::Stmt *S, ir::Block &B, bool LastInBody);
  void translateStmtChecked(const clang::Stmt *S, ir::Block &B,
                            bool LastInBody);
  void translateDecl(const clang::Decl *D, ir::Block &B);
  void translateLocal(const clang::VarDecl *VD, ir::Block &B);
  void translateExprStmt(const clang::Expr *E, ir::Block &B);
  void translateAssign(const clang::BinaryOperator *BO, ir::Block &B);
  void translateIncrement(const clang::UnaryOperator *UO, ir::Block &B);
  void translateGridIncrement(const clang::UnaryOperator *UO,
                              const clang::CXXOperatorCallExpr *Access,
                              const ParamInfo &P, ir::Block &B);
  void translateStore(const clang::BinaryOperator *BO,
                      const clang::CXXOperatorCallExpr *Access,
                      const ParamInfo &P, ir::Block &B);
  void translateHistogramAdd(const clang::BinaryOperator *BO,
                             const clang::CXXOperatorCallExpr *Access,
                             const ParamInfo &P, ir::Block &B);
  void translateReductionUpdate(const clang::CXXOperatorCallExpr *CE,
                                const ParamInfo &P, ir::Block &B);
  void refuseQualifiedUpdate(const clang::CallExpr *Call,
                             const clang::FunctionDecl *Callee,
                             const ParamInfo &P);
  void translateIf(const clang::IfStmt *S, ir::Block &B);
  void translateFor(const clang::ForStmt *S, ir::Block &B);

  // Pieces of expressions.
  ir::Expr gridRead(const clang::CXXOperatorCallExpr *E, const ParamInfo &P);
  bool isCentre(const clang::CXXOperatorCallExpr *Access, const ParamInfo &P);
  bool checkOffsetCount(const clang::CXXOperatorCallExpr *Access,
                        const ParamInfo &P);
  bool checkCentreWrite(const clang::CXXOperatorCallExpr *Access,
                        const ParamInfo &P);
  ir::Expr mathCall(const clang::CallExpr *E, ir::MathFn Fn);
  bool isDslFminFmaxCall(const clang::CallExpr *E,
                         const clang::FunctionDecl *Callee) const;
  ir::Expr refuseLibraryFminFmax(const clang::CallExpr *E, ir::MathFn Fn);
  /// The callee as the spec writes it (`std::fmin`, which resolves to C's
  /// ::fmin), or its qualified name where the source has none.
  std::string spelledCallee(const clang::CallExpr *Call) const;
  ir::Expr indexCall(const clang::CallExpr *E);
  ir::Expr inlineHelper(const clang::CallExpr *E,
                        const clang::FunctionDecl *Helper);
  ir::Expr compoundValue(const clang::BinaryOperator *BO, ir::Expr Current,
                         ir::Type Target);
  std::optional<ir::Type> typeOf(const clang::Expr *E);
  std::optional<int64_t> evaluateInt(const clang::Expr *E);

  bool isDslMathDecl(const clang::FunctionDecl *F) const;
  bool isUserFunction(const clang::FunctionDecl *F) const;
  unsigned depthOf(const ir::Expr &E);
  std::string freshName(llvm::StringRef Base);
  ir::SourceLoc locOf(clang::SourceLocation L) const;
  void report(Diag D, clang::SourceLocation L,
              std::initializer_list<std::string> A = {}) {
    // Some implicit nodes (default arguments) have no location of their own.
    Diags.report(D, L.isValid() ? L : StatementLoc, A);
  }

  const clang::FunctionDecl *FD;
  clang::ASTContext &Ctx;
  clang::SourceManager &SM;
  DiagReporter &Diags;
  int Rank = 0;

  std::map<const clang::ValueDecl *, ParamInfo> Params;
  std::map<const clang::ValueDecl *, LocalInfo> Locals;
  std::map<const clang::ValueDecl *, LoopConstant> LoopConstants;
  /// Const integer locals whose value is known (for offsets in unrolled loops).
  std::map<const clang::ValueDecl *, int64_t> KnownInts;
  /// Locals whose declaration failed (and was reported).
  std::set<const clang::ValueDecl *> FailedLocals;
  /// While inlining a helper: its scalar parameters' values.
  std::map<const clang::ValueDecl *, ir::Expr> Substitutions;
  std::map<std::string, unsigned> NameUses;
  int HelperDepth = 0;
  /// Helpers being inlined, innermost last (to catch recursion).
  std::vector<const clang::FunctionDecl *> HelperStack;
  /// Product of the trip counts of the loops being unrolled.
  int64_t UnrollCopies = 1;
  unsigned ExpressionDepth = 0;
  unsigned StatementDepth = 0;
  bool DepthReported = false;
  /// Depth of each IR expression built (kept alive so pointers stay unique).
  std::map<const ir::ExprNode *, std::pair<ir::Expr, unsigned>> Depths;
  clang::SourceLocation StatementLoc; ///< of the statement being translated
};

} // namespace stencilc::frontend::translator

#endif
