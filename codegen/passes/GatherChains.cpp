//===- GatherChains.cpp ---------------------------------------------------===//
#include "codegen/passes/GatherChains.h"

#include "codegen/IRVisitor.h"

#include <set>
#include <string>
#include <vector>

namespace stencilc {

using namespace ir;

namespace {

bool isLocal(const Expr &E, const std::string &Name) {
  const Var *V = as<Var>(E);
  return V && V->Scope == VarScope::Local && V->Name == Name;
}

bool mentionsExpr(const Expr &E, const std::string &Name) {
  bool Found = false;
  if (E)
    forEachSubExpr(E, [&](const Expr &X) { Found |= isLocal(X, Name); });
  return Found;
}

/// Whether S (or a statement inside it) reads or writes the local Name.
bool mentions(const Stmt &S, const std::string &Name) {
  if ((S.Kind == StmtKind::Assign || S.Kind == StmtKind::Declare) &&
      S.Name == Name)
    return true;
  if (mentionsExpr(S.Value, Name) || mentionsExpr(S.Index, Name) ||
      mentionsExpr(S.Cond, Name))
    return true;
  for (const Block *B : {&S.Then, &S.Else})
    for (const StmtPtr &Inner : *B)
      if (mentions(*Inner, Name))
        return true;
  return false;
}

class GatherChainsPass : public Pass {
public:
  GatherChainsPass() : Pass(PassID::GatherChains) {}

  bool run(Kernel &K, const PassOptions &) override {
    if (K.Sched.Ring)
      return false; // its plan is the statements' planes (tile.md#ring)
    forEachStmt(K.Body, [&](const Stmt &S) {
      if (S.Kind == StmtKind::Assign)
        Assigned.insert(S.Name);
      if (S.Kind == StmtKind::Store)
        Stored.insert(S.Name);
    });
    std::string Gathered;
    for (size_t I = 0; I < K.Body.size(); ++I) {
      Stmt &Let = *K.Body[I];
      if (Let.Kind == StmtKind::Declare && isInteger(Let.Ty)) {
        const int N = gather(K.Body, I);
        if (N)
          Gathered += std::string(Gathered.empty() ? "" : ", ") + "%" +
                      Let.Name + " (" + std::to_string(N) +
                      (N == 1 ? " update)" : " updates)");
      }
      if (Let.Kind == StmtKind::Declare)
        Defined.insert(Let.Name);
    }
    if (Gathered.empty())
      return false;
    K.Remarks.push_back(
        {name(), K.Loc,
         "integer chains gathered into their definitions: " + Gathered +
             "; each is one expression, whose terms the lanes of a thread "
             "share (codegen/Chains.h)"});
    return true;
  }

private:
  std::set<std::string> Assigned, Stored, Defined;

  /// Whether T has at the `let` the value it has where it is read: it reads
  /// only what the body never changes.
  bool movable(const Expr &T) const {
    bool Ok = true;
    forEachSubExpr(T, [&](const Expr &X) {
      if (const Var *V = as<Var>(X))
        Ok &= V->Scope != VarScope::Local ||
              (!Assigned.count(V->Name) && Defined.count(V->Name));
      if (const GridRead *G = as<GridRead>(X))
        Ok &= !Stored.count(G->Grid);
    });
    return Ok;
  }

  /// Update's value with Acc in place of the local Name, when Update is a
  /// chain step `Name op t` whose t is movable; null otherwise.
  Expr step(const Stmt &Update, const std::string &Name,
            const Expr &Acc) const {
    if (Update.Kind != StmtKind::Assign || Update.Name != Name)
      return nullptr;
    const Expr &V = Update.Value;
    if (const Binary *B = as<Binary>(V)) {
      if (B->Op != BinaryOp::Add && B->Op != BinaryOp::Sub)
        return nullptr;
      if (isLocal(B->LHS, Name) && !mentionsExpr(B->RHS, Name) &&
          movable(B->RHS))
        return Binary::make(B->Op, Acc, B->RHS);
      if (B->Op == BinaryOp::Add && isLocal(B->RHS, Name) &&
          !mentionsExpr(B->LHS, Name) && movable(B->LHS))
        return Binary::make(B->Op, B->LHS, Acc);
      return nullptr;
    }
    const Call *C = as<Call>(V);
    if (!C || (C->Fn != MathFn::Min && C->Fn != MathFn::Max))
      return nullptr;
    const int Self = isLocal(C->Args[0], Name) ? 0 : 1;
    const Expr &Other = C->Args[size_t(1 - Self)];
    if (!isLocal(C->Args[size_t(Self)], Name) || mentionsExpr(Other, Name) ||
        !movable(Other))
      return nullptr;
    return Call::make(C->Fn, Self == 0 ? std::vector<Expr>{Acc, Other}
                                       : std::vector<Expr>{Other, Acc});
  }

  /// Gathers the updates after Body[At] (a `let`) into it; how many.
  int gather(Block &Body, size_t At) {
    Stmt &Let = *Body[At];
    Expr Acc = Let.Value;
    std::vector<size_t> Updates;
    for (size_t J = At + 1; J < Body.size(); ++J) {
      if (Expr Next = step(*Body[J], Let.Name, Acc)) {
        Acc = Next;
        Updates.push_back(J);
        continue;
      }
      if (mentions(*Body[J], Let.Name))
        break;
    }
    if (Updates.empty())
      return 0;
    Let.Value = Acc;
    for (auto J = Updates.rbegin(); J != Updates.rend(); ++J)
      Body.erase(Body.begin() + std::ptrdiff_t(*J));
    return int(Updates.size());
  }
};

} // namespace

std::unique_ptr<Pass> createGatherChainsPass() {
  return std::make_unique<GatherChainsPass>();
}

} // namespace stencilc
