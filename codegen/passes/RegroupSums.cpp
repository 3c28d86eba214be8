//===- RegroupSums.cpp ----------------------------------------------------===//
#include "codegen/passes/RegroupSums.h"

#include "codegen/Chains.h"
#include "codegen/IRPrinter.h"
#include "codegen/IRVisitor.h"

#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace stencilc {

using namespace ir;

namespace {

/// The one offset along dimension 0 at which T reads grids, if there is one.
std::optional<int> planeOf(const Expr &T) {
  std::set<int> Planes;
  forEachSubExpr(T, [&](const Expr &X) {
    if (const GridRead *G = as<GridRead>(X))
      Planes.insert(G->Offsets.front());
  });
  if (Planes.size() != 1)
    return std::nullopt;
  return *Planes.begin();
}

/// The terms at one plane, in their order, and their sum; Flip: the first is
/// subtracted, so Sum is of the terms negated (the group is then
/// subtracted).
struct PlaneGroup {
  int Plane = 0;
  std::vector<size_t> Members; ///< indices into the terms
  Expr Sum;
  bool Flip = false;
};

/// Group's terms summed in their order, the first one's sign taken out.
Expr groupSum(const std::vector<ChainTerm> &Terms, const PlaneGroup &G) {
  Expr Sum = Terms[G.Members.front()].Value;
  for (size_t M = 1; M < G.Members.size(); ++M) {
    const ChainTerm &T = Terms[G.Members[M]];
    Sum = Binary::make(T.Negated != G.Flip ? BinaryOp::Sub : BinaryOp::Add, Sum,
                       T.Value);
  }
  return Sum;
}

/// The terms grouped by their plane, planes in increasing order, each
/// group with its sum.
std::vector<PlaneGroup> groupByPlane(const std::vector<ChainTerm> &Terms) {
  std::map<int, std::vector<size_t>> ByPlane;
  for (size_t T = 0; T < Terms.size(); ++T)
    if (std::optional<int> P = planeOf(Terms[T].Value))
      ByPlane[*P].push_back(T);
  std::vector<PlaneGroup> Groups;
  for (auto &[Plane, Members] : ByPlane) {
    const bool Flip = Terms[Members.front()].Negated;
    PlaneGroup G{Plane, std::move(Members), nullptr, Flip};
    G.Sum = groupSum(Terms, G);
    Groups.push_back(std::move(G));
  }
  return Groups;
}

/// E with its reads moved to plane 0: two groups with one key are the same
/// sum at points as many planes apart as the groups are.
class AtPlaneZero : public ExprMutator {
protected:
  Expr visitGridRead(const GridRead &N, const Expr &) override {
    std::vector<int> Offsets = N.Offsets;
    Offsets.front() = 0;
    return GridRead::make(N.Grid, Offsets, N.Ty);
  }
};

/// Whether regrouping shares anything: two groups that are the same sum of
/// the same terms fewer than Span planes apart (a box's rows, a 27-point
/// stencil's first and last plane), which the lanes of an unroll-and-jam
/// group (Span: --max-jam, 4 rows) or a register ring along dimension 0
/// compute once. A sum whose groups all differ (a box whose rows have other
/// weights) would only change its rounding: it keeps the spec's order.
bool worthRegrouping(const std::vector<PlaneGroup> &Groups, int Span,
                     size_t &Largest, size_t &Grouped) {
  Largest = Grouped = 0;
  std::map<std::string, int> LastPlane; // a group's sum at plane 0 -> plane
  bool Shared = false;
  for (const PlaneGroup &G : Groups) {
    Largest = std::max(Largest, G.Members.size());
    Grouped += G.Members.size();
    // A flipped group (subtracted) is the same sum negated: the lanes share
    // it as well, the negation folding into the add or subtract that takes
    // it, so the key leaves the sign out.
    const std::string Key = printExpr(AtPlaneZero().mutate(G.Sum));
    auto [At, New] = LastPlane.emplace(Key, G.Plane);
    Shared |= !New && G.Plane - At->second < Span;
    At->second = G.Plane;
  }
  return Largest >= 2 && Shared;
}

std::string describe(size_t Terms, size_t Groups, size_t Largest) {
  return std::to_string(Terms) + " terms in " + std::to_string(Groups) +
         " groups (at most " + std::to_string(Largest) + ")";
}

/// The floating sums inside expressions (`u(-1, -1) + u(-1, 0) + ...`
/// written out), regrouped by plane: the groups in the order of their
/// planes, then the terms that read no single plane, in their order.
class ExpressionSums : public ExprMutator {
public:
  explicit ExpressionSums(int Span) : Span(Span) {}
  std::vector<std::string> Done;

protected:
  Expr visitBinary(const Binary &N, const Expr &Self) override {
    if (!isFloat(N.Ty) || (N.Op != BinaryOp::Add && N.Op != BinaryOp::Sub))
      return ExprMutator::visitBinary(N, Self);
    std::vector<ChainTerm> Terms = sumTerms(Self, N.Ty);
    std::vector<PlaneGroup> G = groupByPlane(Terms);
    size_t Largest = 0, Grouped = 0;
    if (G.size() < 2 || !worthRegrouping(G, Span, Largest, Grouped))
      return ExprMutator::visitBinary(N, Self); // the sums inside its terms
    // The sums inside the terms regrouped too: a term keeps its plane, so
    // only the groups' sums are built again.
    for (ChainTerm &T : Terms)
      T.Value = mutate(T.Value);
    for (PlaneGroup &Group : G)
      Group.Sum = groupSum(Terms, Group);
    Expr Acc;
    std::vector<bool> InGroup(Terms.size(), false);
    for (const PlaneGroup &Group : G) {
      for (size_t M : Group.Members)
        InGroup[M] = true;
      Acc =
          !Acc ? (Group.Flip ? Unary::make(UnaryOp::Neg, Group.Sum) : Group.Sum)
               : Binary::make(Group.Flip ? BinaryOp::Sub : BinaryOp::Add, Acc,
                              Group.Sum);
    }
    for (size_t T = 0; T < Terms.size(); ++T)
      if (!InGroup[T])
        Acc = Binary::make(Terms[T].Negated ? BinaryOp::Sub : BinaryOp::Add,
                           Acc, Terms[T].Value);
    // Already grouped (a second run) when the tree is the same: its shape,
    // not only its terms' order (a left-leaning chain whose terms are in
    // plane order is still regrouped into one sum per plane).
    if (printExpr(Acc) == printExpr(Self))
      return Self;
    Done.push_back(describe(Grouped, G.size(), Largest));
    return Acc;
  }

private:
  int Span;
};

/// The updates `V = V + t` of a floating local, regrouped by plane: one
/// update per group, where its last term's update stood (a statement per
/// plane, as the register ring's phases want: docs/passes/tile.md#ring).
/// Kept: set to say why, where a plane has several terms but no two planes'
/// groups are alike (the sum keeps the spec's order).
std::optional<std::string> regroupUpdates(Block &Body, size_t At, int Span,
                                          std::string &Kept) {
  const std::vector<ChainStep> Steps = chainSteps(Body, At);
  std::vector<ChainTerm> Terms;
  for (const ChainStep &S : Steps) {
    if (S.Op != ChainOp::Add)
      return std::nullopt;
    Terms.push_back({S.Term, S.Negated});
  }
  const std::vector<PlaneGroup> G = groupByPlane(Terms);
  size_t Largest = 0, Grouped = 0;
  if (!worthRegrouping(G, Span, Largest, Grouped)) {
    if (Largest >= 2)
      Kept = std::to_string(Terms.size()) + " updates";
    return std::nullopt;
  }
  const Stmt &Let = *Body[At];
  const Expr Self = Var::make(Let.Name, VarScope::Local, Let.Ty);
  std::map<size_t, StmtPtr> Replaced; // body index -> its new statement
  for (const PlaneGroup &Group : G) {
    for (size_t M : Group.Members)
      Replaced[Steps[M].At] = nullptr;
    const size_t Last = Steps[Group.Members.back()].At;
    Replaced[Last] =
        Stmt::assign(Let.Name,
                     Binary::make(Group.Flip ? BinaryOp::Sub : BinaryOp::Add,
                                  Self, Group.Sum),
                     Body[Last]->Loc);
  }
  Block Out;
  for (size_t J = 0; J < Body.size(); ++J) {
    auto R = Replaced.find(J);
    if (R == Replaced.end())
      Out.push_back(std::move(Body[J]));
    else if (R->second)
      Out.push_back(std::move(R->second));
  }
  Body = std::move(Out);
  return describe(Grouped, G.size(), Largest);
}

class RegroupSumsPass : public Pass {
public:
  RegroupSumsPass() : Pass(PassID::RegroupSums) {}

  bool run(Kernel &K, const PassOptions &Opts) override {
    if (!Opts.Reassociate)
      return false;
    std::vector<std::string> Done, Kept;
    for (size_t I = 0; I < K.Body.size(); ++I) {
      const Stmt &Let = *K.Body[I];
      if (Let.Kind != StmtKind::Declare || !isFloat(Let.Ty))
        continue;
      const std::string Name = Let.Name;
      std::string Why;
      if (std::optional<std::string> What =
              regroupUpdates(K.Body, I, Opts.MaxJam, Why))
        Done.push_back("%" + Name + "'s updates: " + *What);
      else if (!Why.empty())
        Kept.push_back("%" + Name + "'s " + Why);
    }
    if (!Kept.empty()) {
      std::string Text;
      for (const std::string &What : Kept)
        Text += (Text.empty() ? "" : ", ") + What;
      K.Remarks.push_back(
          {name(), K.Loc,
           "sums kept in the spec's order (--reassociate): " + Text +
               ": no two planes' groups are the same sum fewer than " +
               std::to_string(Opts.MaxJam) +
               " planes apart (--max-jam), so regrouping would share nothing"});
    }
    ExpressionSums Sums(Opts.MaxJam);
    Sums.mutateBlock(K.Body);
    for (const std::string &What : Sums.Done)
      Done.push_back("a sum of " + What);
    if (Done.empty())
      return false;
    std::string Text;
    for (const std::string &What : Done)
      Text += (Text.empty() ? "" : "; ") + What;
    K.Remarks.push_back(
        {name(), K.Loc,
         "floating sums regrouped by their terms' offset along dimension 0 "
         "(--reassociate): " +
             Text + "; points that read the same plane share its group's sum"});
    return true;
  }
};

} // namespace

std::unique_ptr<Pass> createRegroupSumsPass() {
  return std::make_unique<RegroupSumsPass>();
}

} // namespace stencilc
