//===- Ring.cpp -----------------------------------------------------------===//
#include "codegen/Ring.h"
#include "codegen/IRVisitor.h"

#include <algorithm>
#include <functional>
#include <map>

namespace stencilc::ir {

namespace {

/// Calls F on every expression S holds, its branches' included.
void forEachExprOf(const Stmt &S, const std::function<void(const Expr &)> &F) {
  for (const Expr *E : {&S.Value, &S.Index, &S.Cond})
    if (*E)
      forEachSubExpr(*E, F);
  forEachExpr(S.Then, F); // empty unless S is an if
  forEachExpr(S.Else, F);
}

/// The offsets along D of every grid read by S.
std::set<int> planesRead(const Stmt &S, int D) {
  std::set<int> Planes;
  forEachExprOf(S, [&](const Expr &E) {
    if (E->Kind == ExprKind::GridRead)
      Planes.insert(as<GridRead>(E)->Offsets[size_t(D)]);
  });
  return Planes;
}

/// The locals S reads or assigns, its branches included.
std::set<std::string> localsUsed(const Stmt &S) {
  std::set<std::string> Names;
  forEachExprOf(S, [&](const Expr &E) {
    if (E->Kind == ExprKind::Var && as<Var>(E)->Scope == VarScope::Local)
      Names.insert(as<Var>(E)->Name);
  });
  auto Assigned = [&](const Stmt &T) {
    if (T.Kind == StmtKind::Assign)
      Names.insert(T.Name);
  };
  Assigned(S);
  forEachStmt(S.Then, Assigned); // empty unless S is an if
  forEachStmt(S.Else, Assigned);
  return Names;
}

} // namespace

std::optional<RingPlan> planRing(const Kernel &K, int D, std::string *WhyNot) {
  auto No = [&](const std::string &Why) -> std::optional<RingPlan> {
    if (WhyNot)
      *WhyNot = Why;
    return std::nullopt;
  };
  if (D < 0 || D >= K.Rank)
    return No("it streams along no dimension");
  for (const Param &P : K.Params)
    if (P.Kind == ParamKind::InOut || P.Kind == ParamKind::Histogram)
      return No("it has " + std::string(paramKindName(P.Kind)) + " '" + P.Name +
                "'");
  if (!K.Merged.empty())
    return No("it reads merged records");
  if (K.hasBoundary())
    return No("it has boundary rules");
  // Each statement runs once the thread has reached the furthest plane it
  // reads (and no earlier than the statement before it): its reads of that
  // plane are the ring's shared loads, its reads of planes behind it its
  // own.
  RingPlan Plan;
  bool Seen = false; // a statement that reads a grid
  for (const StmtPtr &S : K.Body) {
    const std::set<int> Planes = planesRead(*S, D);
    if (Planes.empty()) {
      Plan.Phase.push_back(Seen ? Plan.Phase.back() : 0);
      continue;
    }
    const int Furthest = *Planes.rbegin();
    if (!Seen) // the statements before it join its phase
      for (int &Before : Plan.Phase)
        Before = Furthest;
    Plan.Phase.push_back(Seen ? std::max(Plan.Phase.back(), Furthest)
                              : Furthest);
    Seen = true;
  }
  if (!Seen)
    return No("it reads no grid");
  Plan.Lo = Plan.Phase.front();
  Plan.Hi = Plan.Phase.back();
  if (Plan.Hi == Plan.Lo)
    return No("every statement runs in the same phase");
  // A local is carried when a later phase than its declaration's uses it.
  std::map<std::string, std::pair<int, Type>> Declared;
  std::set<std::string> Carried;
  for (size_t I = 0; I < K.Body.size(); ++I) {
    const Stmt &S = *K.Body[I];
    for (const std::string &Name : localsUsed(S)) {
      auto It = Declared.find(Name);
      if (It != Declared.end() && It->second.first < Plan.Phase[I] &&
          Carried.insert(Name).second)
        Plan.Carried.push_back({Name, It->second.second});
    }
    if (S.Kind == StmtKind::Declare)
      Declared[S.Name] = {Plan.Phase[I], S.Ty};
  }
  return Plan;
}

double ringLoadsPerPoint(const Kernel &K, const RingPlan &Plan, int D) {
  std::set<std::pair<std::string, std::vector<int>>> Shared, Own;
  for (size_t I = 0; I < K.Body.size(); ++I)
    forEachExprOf(*K.Body[I], [&](const Expr &E) {
      if (E->Kind != ExprKind::GridRead)
        return;
      const GridRead *G = as<GridRead>(E);
      std::vector<int> At = G->Offsets;
      if (At[size_t(D)] != Plan.Phase[I])
        return void(Own.insert({G->Grid, At}));
      At[size_t(D)] = 0;
      Shared.insert({G->Grid, At});
    });
  return double(Shared.size() + Own.size());
}

} // namespace stencilc::ir
