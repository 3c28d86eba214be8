//===- Verifier.cpp -------------------------------------------------------===//
#include "codegen/Verifier.h"

#include "codegen/IRVisitor.h"

#include <map>
#include <set>

namespace stencilc::ir {

namespace {

class KernelVerifier {
public:
  explicit KernelVerifier(const Kernel &K) : K(K) {}

  std::vector<std::string> run() {
    checkParams();
    for (const Uniform &U : K.Uniforms)
      checkUniform(U);
    checkBlock(K.Body);
    return Errors;
  }

private:
  void fail(const std::string &Msg) {
    Errors.push_back("kernel '" + K.Name + "': " + Msg);
  }

  void checkParams() {
    std::set<std::string> Names;
    if (K.Rank < 1 || K.Rank > 3)
      fail("rank " + std::to_string(K.Rank) + " is not 1..3");
    for (const Param &P : K.Params) {
      if (!Names.insert(P.Name).second)
        fail("parameter '" + P.Name + "' declared twice");
      if (isGrid(P.Kind) && P.Rank != K.Rank)
        fail("grid '" + P.Name + "' has rank " + std::to_string(P.Rank) +
             ", kernel has rank " + std::to_string(K.Rank));
      if (P.Kind == ParamKind::Histogram && !isInteger(P.Elem) &&
          !isFloat(P.Elem))
        fail("histogram '" + P.Name + "' has a bool element type");
    }
  }

  void checkUniform(const Uniform &U) {
    if (U.Value && U.Value->Ty != U.Ty)
      fail("uniform '" + U.Name + "' declared " + typeName(U.Ty) +
           " but its value is " + typeName(U.Value->Ty));
    forEachSubExpr(U.Value, [&](const Expr &E) {
      const Var *V = as<Var>(E);
      bool Ok = E->Kind == ExprKind::Constant ||
                (V && V->Scope != VarScope::Local) ||
                E->Kind == ExprKind::Unary || E->Kind == ExprKind::Binary ||
                E->Kind == ExprKind::Cast || E->Kind == ExprKind::Call ||
                E->Kind == ExprKind::Select;
      if (!Ok)
        fail("uniform '" + U.Name + "' depends on the point");
    });
    Locals[U.Name] = U.Ty;
    UniformNames.insert(U.Name);
  }

  void checkExpr(const Expr &Root) {
    forEachSubExpr(Root, [&](const Expr &E) {
      if (const Var *V = as<Var>(E))
        return checkVar(*V);
      if (const GridRead *G = as<GridRead>(E))
        return checkRead(*G);
      if (const Index *I = as<Index>(E))
        if (I->Dim >= K.Rank)
          fail("index(" + std::to_string(I->Dim) + ") in a kernel of rank " +
               std::to_string(K.Rank));
    });
  }

  void checkVar(const Var &V) {
    if (V.Scope == VarScope::Param) {
      const Param *P = K.findParam(V.Name);
      if (!P || P->Kind != ParamKind::Scalar)
        return fail("'" + V.Name + "' is not a scalar parameter");
      if (P->Elem != V.Ty)
        fail("scalar '" + V.Name + "' used as " + typeName(V.Ty));
      return;
    }
    if (V.Scope == VarScope::Uniform && !UniformNames.count(V.Name))
      return fail("uniform '%" + V.Name + "' is not declared");
    auto It = Locals.find(V.Name);
    if (It == Locals.end())
      return fail("local '%" + V.Name + "' used before its declaration");
    if (It->second != V.Ty)
      fail("local '%" + V.Name + "' used as " + typeName(V.Ty));
  }

  void checkRead(const GridRead &G) {
    const Param *P = K.findParam(G.Grid);
    if (!P || (P->Kind != ParamKind::In && P->Kind != ParamKind::InOut))
      return fail("read of '" + G.Grid + "', which is not an In/InOut grid");
    if (static_cast<int>(G.Offsets.size()) != K.Rank)
      fail("read of '" + G.Grid + "' with " + std::to_string(G.Offsets.size()) +
           " offsets in a kernel of rank " + std::to_string(K.Rank));
    if (P->Kind == ParamKind::InOut && !G.isCentre())
      fail("InOut grid '" + G.Grid + "' read away from the centre");
    if (P->Elem != G.Ty)
      fail("read of '" + G.Grid + "' typed " + typeName(G.Ty));
  }

  void checkTarget(const Stmt &S, std::initializer_list<ParamKind> Kinds,
                   const char *What) {
    const Param *P = K.findParam(S.Name);
    bool Ok = false;
    for (ParamKind PK : Kinds)
      Ok |= P && P->Kind == PK;
    if (!Ok)
      fail(std::string(What) + " to '" + S.Name + "', which is not a valid target");
  }

  void checkBlock(const Block &B) {
    for (const StmtPtr &S : B)
      checkStmt(*S);
  }

  void checkStmt(const Stmt &S) {
    checkExpr(S.Cond);
    checkExpr(S.Index);
    checkExpr(S.Value);
    switch (S.Kind) {
    case StmtKind::Declare:
      if (Locals.count(S.Name))
        fail("local '%" + S.Name + "' declared twice");
      if (S.Value && S.Value->Ty != S.Ty)
        fail("local '%" + S.Name + "' initialised with a " +
             typeName(S.Value->Ty));
      Locals[S.Name] = S.Ty;
      break;
    case StmtKind::Assign: {
      auto It = Locals.find(S.Name);
      if (It == Locals.end() || UniformNames.count(S.Name))
        fail("assignment to undeclared local '%" + S.Name + "'");
      else if (S.Value->Ty != It->second)
        fail("assignment of a " + std::string(typeName(S.Value->Ty)) +
             " to '%" + S.Name + "'");
      break;
    }
    case StmtKind::Store:
      checkTarget(S, {ParamKind::Out, ParamKind::InOut}, "store");
      break;
    case StmtKind::Reduce:
      checkTarget(S, {ParamKind::Sum, ParamKind::Max, ParamKind::Min},
                  "reduction");
      break;
    case StmtKind::HistAdd:
      checkTarget(S, {ParamKind::Histogram}, "histogram update");
      break;
    case StmtKind::If:
      checkBlock(S.Then);
      checkBlock(S.Else);
      break;
    }
  }

  const Kernel &K;
  std::map<std::string, Type> Locals;
  std::set<std::string> UniformNames;
  std::vector<std::string> Errors;
};

} // namespace

std::vector<std::string> verifyKernel(const Kernel &K) {
  return KernelVerifier(K).run();
}

} // namespace stencilc::ir
