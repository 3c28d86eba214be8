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

struct Term {
  Expr Value;
  bool Negated = false;
};

/// Terms grouped by their plane: plane -> indices into the terms, in order.
using Groups = std::map<int, std::vector<size_t>>;

Groups groupByPlane(const std::vector<Term> &Terms) {
  Groups G;
  for (size_t T = 0; T < Terms.size(); ++T)
    if (std::optional<int> P = planeOf(Terms[T].Value))
      G[*P].push_back(T);
  return G;
}

/// A group's terms summed in their order; Flip: the first is subtracted, so
/// the sum is of the terms negated (the group is then subtracted).
Expr groupSum(const std::vector<Term> &Terms,
              const std::vector<size_t> &Members, bool &Flip) {
  Flip = Terms[Members.front()].Negated;
  Expr Sum = Terms[Members.front()].Value;
  for (size_t M = 1; M < Members.size(); ++M) {
    const Term &T = Terms[Members[M]];
    Sum = Binary::make(T.Negated != Flip ? BinaryOp::Sub : BinaryOp::Add, Sum,
                       T.Value);
  }
  return Sum;
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
bool worthRegrouping(const std::vector<Term> &Terms, const Groups &G, int Span,
                     size_t &Largest, size_t &Grouped) {
  Largest = Grouped = 0;
  std::map<std::string, int> LastPlane; // a group's sum at plane 0 -> plane
  bool Shared = false;
  for (const auto &[Plane, Members] : G) {
    Largest = std::max(Largest, Members.size());
    Grouped += Members.size();
    bool Flip = false;
    const std::string Key =
        printExpr(AtPlaneZero().mutate(groupSum(Terms, Members, Flip))) +
        (Flip ? " flipped" : "");
    auto [At, New] = LastPlane.emplace(Key, Plane);
    Shared |= !New && Plane - At->second < Span;
    At->second = Plane;
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
    std::vector<Term> Terms;
    flatten(Self, N.Ty, false, Terms);
    const Groups G = groupByPlane(Terms);
    size_t Largest = 0, Grouped = 0;
    if (G.size() < 2 || !worthRegrouping(Terms, G, Span, Largest, Grouped))
      return ExprMutator::visitBinary(N, Self); // the sums inside its terms
    for (Term &T : Terms)
      T.Value = mutate(T.Value);
    Expr Acc;
    std::vector<bool> InGroup(Terms.size(), false);
    for (const auto &[Plane, Members] : G) {
      bool Flip = false;
      const Expr Sum = groupSum(Terms, Members, Flip);
      for (size_t M : Members)
        InGroup[M] = true;
      Acc = !Acc ? (Flip ? Unary::make(UnaryOp::Neg, Sum) : Sum)
                 : Binary::make(Flip ? BinaryOp::Sub : BinaryOp::Add, Acc, Sum);
    }
    for (size_t T = 0; T < Terms.size(); ++T)
      if (!InGroup[T])
        Acc = Binary::make(Terms[T].Negated ? BinaryOp::Sub : BinaryOp::Add,
                           Acc, Terms[T].Value);
    if (printExpr(Acc) == printExpr(Self))
      return Self; // already grouped (a second run)
    Done.push_back(describe(Grouped, G.size(), Largest));
    return Acc;
  }

private:
  int Span;
  /// The terms of E's maximal tree of + and - of type Ty.
  static void flatten(const Expr &E, Type Ty, bool Negated,
                      std::vector<Term> &Out) {
    if (const Binary *B = as<Binary>(E);
        B && B->Ty == Ty &&
        (B->Op == BinaryOp::Add || B->Op == BinaryOp::Sub)) {
      flatten(B->LHS, Ty, Negated, Out);
      flatten(B->RHS, Ty, B->Op == BinaryOp::Sub ? !Negated : Negated, Out);
      return;
    }
    Out.push_back({E, Negated});
  }
};

/// The updates `V = V + t` of a floating local, regrouped by plane: one
/// update per group, where its last term's update stood (a statement per
/// plane, as the register ring's phases want: docs/passes/tile.md#ring).
/// Kept: set to say why, where a plane has several terms but no two planes'
/// groups are alike (the sum keeps the spec's order).
std::optional<std::string> regroupUpdates(Block &Body, size_t At, int Span,
                                          std::string &Kept) {
  const std::vector<ChainStep> Steps = chainSteps(Body, At);
  std::vector<Term> Terms;
  for (const ChainStep &S : Steps) {
    if (S.Op != ChainOp::Add)
      return std::nullopt;
    Terms.push_back({S.Term, S.Negated});
  }
  const Groups G = groupByPlane(Terms);
  size_t Largest = 0, Grouped = 0;
  if (!worthRegrouping(Terms, G, Span, Largest, Grouped)) {
    if (Largest >= 2)
      Kept = std::to_string(Terms.size()) + " updates";
    return std::nullopt;
  }
  const Stmt &Let = *Body[At];
  const Expr Self = Var::make(Let.Name, VarScope::Local, Let.Ty);
  std::map<size_t, StmtPtr> Replaced; // body index -> its new statement
  for (const auto &[Plane, Members] : G) {
    bool Flip = false;
    const Expr Sum = groupSum(Terms, Members, Flip);
    for (size_t M : Members)
      Replaced[Steps[M].At] = nullptr;
    const size_t Last = Steps[Members.back()].At;
    Replaced[Last] = Stmt::assign(
        Let.Name, Binary::make(Flip ? BinaryOp::Sub : BinaryOp::Add, Self, Sum),
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
