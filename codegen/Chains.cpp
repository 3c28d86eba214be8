//===- Chains.cpp ---------------------------------------------------------===//
#include "codegen/Chains.h"

#include "codegen/IRVisitor.h"

#include <algorithm>
#include <cstdint>
#include <functional>
#include <map>
#include <set>

namespace stencilc::ir {

namespace {

void addTerms(const Expr &E, Type Ty, bool Negated,
              std::vector<ChainTerm> &Out) {
  if (E->Ty == Ty && E->Kind == ExprKind::Binary) {
    const Binary *B = as<Binary>(E);
    if (B->Op == BinaryOp::Add || B->Op == BinaryOp::Sub) {
      addTerms(B->LHS, Ty, Negated, Out);
      addTerms(B->RHS, Ty, B->Op == BinaryOp::Sub ? !Negated : Negated, Out);
      return;
    }
  }
  if (E->Ty == Ty && E->Kind == ExprKind::Unary &&
      as<Unary>(E)->Op == UnaryOp::Neg) {
    addTerms(as<Unary>(E)->Operand, Ty, !Negated, Out);
    return;
  }
  Out.push_back({E, Negated});
}

void callTerms(const Expr &E, Type Ty, MathFn Fn, std::vector<ChainTerm> &Out) {
  if (E->Ty == Ty && E->Kind == ExprKind::Call && as<Call>(E)->Fn == Fn) {
    for (const Expr &A : as<Call>(E)->Args)
      callTerms(A, Ty, Fn, Out);
    return;
  }
  Out.push_back({E, false});
}

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

/// What a body changes, and so which terms keep their value along it.
class Unchanged {
public:
  Unchanged(const Block &Body, size_t Let) {
    forEachStmt(Body, [&](const Stmt &S) {
      if (S.Kind == StmtKind::Assign)
        Assigned.insert(S.Name);
      if (S.Kind == StmtKind::Store)
        Stored.insert(S.Name);
    });
    for (size_t I = 0; I < Let; ++I)
      if (Body[I]->Kind == StmtKind::Declare)
        Defined.insert(Body[I]->Name);
  }

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

private:
  std::set<std::string> Assigned, Stored, Defined;
};

/// Update as a step of Name's chain, if it is one with a movable term.
std::optional<ChainStep> stepOf(const Stmt &Update, const std::string &Name,
                                const Unchanged &Fixed) {
  if (Update.Kind != StmtKind::Assign || Update.Name != Name)
    return std::nullopt;
  const Expr &V = Update.Value;
  auto Step = [&](ChainOp Op, const Expr &Self, const Expr &Term, bool Neg,
                  bool TermFirst) -> std::optional<ChainStep> {
    if (!isLocal(Self, Name) || mentionsExpr(Term, Name) ||
        !Fixed.movable(Term))
      return std::nullopt;
    return ChainStep{0, Op, Term, Neg, TermFirst};
  };
  if (const Binary *B = as<Binary>(V)) {
    if (B->Op == BinaryOp::Sub)
      return Step(ChainOp::Add, B->LHS, B->RHS, true, false);
    if (B->Op != BinaryOp::Add)
      return std::nullopt;
    if (isLocal(B->LHS, Name))
      return Step(ChainOp::Add, B->LHS, B->RHS, false, false);
    return Step(ChainOp::Add, B->RHS, B->LHS, false, true);
  }
  const Call *C = as<Call>(V);
  if (!C || (C->Fn != MathFn::Min && C->Fn != MathFn::Max))
    return std::nullopt;
  const ChainOp Op = C->Fn == MathFn::Min ? ChainOp::Min : ChainOp::Max;
  if (isLocal(C->Args[0], Name))
    return Step(Op, C->Args[0], C->Args[1], false, false);
  return Step(Op, C->Args[1], C->Args[0], false, true);
}

} // namespace

bool mentionsLocal(const Stmt &S, const std::string &Name) {
  if ((S.Kind == StmtKind::Assign || S.Kind == StmtKind::Declare) &&
      S.Name == Name)
    return true;
  if (mentionsExpr(S.Value, Name) || mentionsExpr(S.Index, Name) ||
      mentionsExpr(S.Cond, Name))
    return true;
  for (const Block *B : {&S.Then, &S.Else})
    for (const StmtPtr &Inner : *B)
      if (mentionsLocal(*Inner, Name))
        return true;
  return false;
}

std::vector<ChainStep> chainSteps(const Block &Body, size_t Let) {
  const std::string &Name = Body[Let]->Name;
  const Unchanged Fixed(Body, Let);
  std::vector<ChainStep> Steps;
  for (size_t J = Let + 1; J < Body.size(); ++J) {
    if (std::optional<ChainStep> S = stepOf(*Body[J], Name, Fixed)) {
      S->At = J;
      Steps.push_back(*S);
      continue;
    }
    if (mentionsLocal(*Body[J], Name))
      break;
  }
  return Steps;
}

std::vector<ChainTerm> sumTerms(const Expr &E, Type Ty) {
  std::vector<ChainTerm> Terms;
  addTerms(E, Ty, false, Terms);
  return Terms;
}

std::optional<Chain> flattenChain(const Expr &E) {
  if (!isInteger(E->Ty))
    return std::nullopt;
  Chain C{ChainOp::Add, E->Ty, {}};
  if (E->Kind == ExprKind::Binary) {
    const BinaryOp Op = as<Binary>(E)->Op;
    if (Op != BinaryOp::Add && Op != BinaryOp::Sub)
      return std::nullopt;
    C.Terms = sumTerms(E, E->Ty);
  } else if (E->Kind == ExprKind::Call) {
    const MathFn Fn = as<Call>(E)->Fn;
    if (Fn != MathFn::Min && Fn != MathFn::Max)
      return std::nullopt;
    C.Op = Fn == MathFn::Min ? ChainOp::Min : ChainOp::Max;
    callTerms(E, E->Ty, Fn, C.Terms);
  } else {
    return std::nullopt;
  }
  if (C.Terms.size() < 3)
    return std::nullopt;
  return C;
}

std::string termKey(const Expr &E, const std::vector<int> &Shift, int Lane) {
  const std::string AtLane = "@" + std::to_string(Lane);
  auto Key = [&](const Expr &X) { return termKey(X, Shift, Lane); };
  switch (E->Kind) {
  case ExprKind::Constant: {
    const Constant *C = as<Constant>(E);
    return std::string(typeName(C->Ty)) + ":" +
           (isFloat(C->Ty) ? std::to_string(C->FloatValue)
                           : std::to_string(C->IntValue));
  }
  case ExprKind::Var: {
    const Var *V = as<Var>(E);
    return V->Scope == VarScope::Local ? "%" + V->Name + AtLane : V->Name;
  }
  case ExprKind::GridRead: {
    const GridRead *G = as<GridRead>(E);
    std::string S = G->Grid + "[";
    for (size_t D = 0; D < G->Offsets.size(); ++D)
      S += (D ? "," : "") +
           std::to_string(G->Offsets[D] + (D < Shift.size() ? Shift[D] : 0));
    return S + "]";
  }
  case ExprKind::Index:
    return "index(" + std::to_string(as<Index>(E)->Dim) + ")" + AtLane;
  case ExprKind::Unary: {
    const Unary *U = as<Unary>(E);
    return std::string(opSpelling(U->Op)) + "(" + Key(U->Operand) + ")";
  }
  case ExprKind::Binary: {
    const Binary *B = as<Binary>(E);
    return std::string(typeName(B->Ty)) + "(" + Key(B->LHS) + " " +
           opSpelling(B->Op) + " " + Key(B->RHS) + ")";
  }
  case ExprKind::Select: {
    const Select *S = as<Select>(E);
    return "(" + Key(S->Cond) + " ? " + Key(S->TrueValue) + " : " +
           Key(S->FalseValue) + ")";
  }
  case ExprKind::Cast:
    return std::string(typeName(E->Ty)) + "(" + Key(as<Cast>(E)->Value) + ")";
  case ExprKind::Call: {
    const Call *C = as<Call>(E);
    std::string S = std::string(fnName(C->Fn)) + ":" + typeName(C->Ty) + "(";
    for (size_t I = 0; I < C->Args.size(); ++I)
      S += (I ? ", " : "") + Key(C->Args[I]);
    return S + ")";
  }
  }
  return "?";
}

namespace {

using Multiset = std::map<std::string, int>;

int sizeOf(const Multiset &M) {
  int N = 0;
  for (const auto &[Key, Count] : M)
    N += Count;
  return N;
}

/// Operations a node of Size terms costs over a parent of ParentSize terms
/// (no value when 0).
int extraOperations(int Size, int ParentSize) {
  if (ParentSize > 0)
    return Size - ParentSize;
  return Size > 0 ? Size - 1 : 0;
}

class Planner {
public:
  Planner(const std::vector<std::vector<std::string>> &Keys,
          const std::vector<std::vector<int>> &Coords, bool Idempotent)
      : Keys(Keys), Coords(Coords) {
    for (const std::vector<std::string> &Lane : Keys) {
      Multiset M;
      for (const std::string &K : Lane)
        M[K] = Idempotent ? 1 : M[K] + 1;
      LaneSets.push_back(std::move(M));
    }
  }

  SharePlan plan() {
    SharePlan P;
    const uint64_t All = Keys.size() >= 64 ? ~0ull : (1ull << Keys.size()) - 1;
    P.LaneNode.assign(Keys.size(), -1);
    build(All, -1, Multiset(), P);
    for (const std::vector<std::string> &Lane : Keys)
      P.PlainOperations += std::max(int(Lane.size()) - 1, 0);
    return P;
  }

private:
  const std::vector<std::vector<std::string>> &Keys;
  const std::vector<std::vector<int>> &Coords;
  std::vector<Multiset> LaneSets;
  std::map<uint64_t, Multiset> Cores;
  std::map<uint64_t, std::pair<int, std::vector<uint64_t>>> Best;

  static std::vector<int> lanesOf(uint64_t Mask) {
    std::vector<int> L;
    for (int I = 0; I < 64; ++I)
      if (Mask >> I & 1)
        L.push_back(I);
    return L;
  }

  /// The terms every lane of Mask has.
  const Multiset &core(uint64_t Mask) {
    auto It = Cores.find(Mask);
    if (It != Cores.end())
      return It->second;
    const std::vector<int> Lanes = lanesOf(Mask);
    Multiset M = LaneSets[size_t(Lanes[0])];
    for (int L : Lanes) {
      const Multiset &S = LaneSets[size_t(L)];
      for (auto I = M.begin(); I != M.end();) {
        auto F = S.find(I->first);
        const int Count = F == S.end() ? 0 : std::min(I->second, F->second);
        if (Count == 0)
          I = M.erase(I);
        else
          (I++)->second = Count;
      }
    }
    return Cores[Mask] = std::move(M);
  }

  /// The two halves of Mask along each dimension its lanes span.
  std::vector<std::pair<uint64_t, uint64_t>> splits(uint64_t Mask) const {
    std::vector<std::pair<uint64_t, uint64_t>> Out;
    const std::vector<int> Lanes = lanesOf(Mask);
    const size_t Dims = Coords.empty() ? 0 : Coords[0].size();
    for (size_t D = 0; D < Dims; ++D) {
      std::set<int> Values;
      for (int L : Lanes)
        Values.insert(Coords[size_t(L)][D]);
      if (Values.size() < 2)
        continue;
      auto Mid = Values.begin();
      std::advance(Mid, (Values.size() + 1) / 2);
      uint64_t Low = 0;
      for (int L : Lanes)
        if (Coords[size_t(L)][D] < *Mid)
          Low |= 1ull << L;
      Out.push_back({Low, Mask & ~Low});
    }
    if (Out.empty() && Lanes.size() > 1) { // lanes at one point: halves
      uint64_t Low = 0;
      for (size_t I = 0; I < Lanes.size() / 2; ++I)
        Low |= 1ull << Lanes[I];
      Out.push_back({Low, Mask & ~Low});
    }
    return Out;
  }

  /// The fewest operations below a node serving Mask, and its children.
  const std::pair<int, std::vector<uint64_t>> &best(uint64_t Mask) {
    auto It = Best.find(Mask);
    if (It != Best.end())
      return It->second;
    std::pair<int, std::vector<uint64_t>> Result{0, {}};
    const int Size = sizeOf(core(Mask));
    bool First = true;
    for (const auto &[A, B] : splits(Mask)) {
      int Cost = 0;
      for (uint64_t Child : {A, B})
        Cost += extraOperations(sizeOf(core(Child)), Size) + best(Child).first;
      if (First || Cost < Result.first)
        Result = {Cost, {A, B}};
      First = false;
    }
    return Best[Mask] = std::move(Result);
  }

  void build(uint64_t Mask, int Parent, const Multiset &ParentCore,
             SharePlan &P) {
    const Multiset &Core = core(Mask);
    ShareNode N;
    N.Lanes = lanesOf(Mask);
    N.Parent = Parent;
    N.Lane = N.Lanes[0];
    Multiset Need = Core;
    for (const auto &[Key, Count] : ParentCore)
      Need[Key] -= Count;
    const std::vector<std::string> &Own = Keys[size_t(N.Lane)];
    for (size_t I = 0; I < Own.size(); ++I) {
      auto F = Need.find(Own[I]);
      if (F != Need.end() && F->second > 0) {
        N.Terms.push_back(int(I));
        --F->second;
      }
    }
    P.Operations +=
        extraOperations(sizeOf(Core), Parent < 0 ? 0 : sizeOf(ParentCore));
    const int Self = int(P.Nodes.size());
    P.Nodes.push_back(std::move(N));
    const std::vector<uint64_t> Children = best(Mask).second;
    if (Children.empty()) {
      P.LaneNode[size_t(P.Nodes[size_t(Self)].Lane)] = Self;
      return;
    }
    const Multiset Copy = Core;
    for (uint64_t Child : Children)
      build(Child, Self, Copy, P);
  }
};

} // namespace

SharePlan planSharing(const std::vector<std::vector<std::string>> &Keys,
                      const std::vector<std::vector<int>> &Coords,
                      bool Idempotent) {
  if (Keys.empty() || Keys.size() > 64)
    return {};
  return Planner(Keys, Coords, Idempotent).plan();
}

} // namespace stencilc::ir
