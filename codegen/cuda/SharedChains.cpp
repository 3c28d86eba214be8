//===- SharedChains.cpp - integer chains shared between a thread's lanes --===//
//
// A statement printed for the lanes of a jam group or a vector (KernelBody's
// lanePointsWith) computes its integer chains (codegen/Chains.h) once for all
// lanes: each node of planSharing's plan is a local holding the terms all
// its lanes have, added to its parent's, and each lane's chain is then the
// local of its own node (SharedValues, which expr() reads). Sums are printed
// in the unsigned type of their width, whose wrap-around C++ defines: the
// lanes' bits are the one-point-at-a-time bits in any order. The loads a
// node reads come just before it where the lanes' loads are not all issued
// first (lanePoints), so that a wide box's loads are not all live at once.
//
//===----------------------------------------------------------------------===//
#include "codegen/Chains.h"
#include "codegen/cuda/KernelEmitter.h"

#include <sstream>

namespace stencilc::cuda {

using namespace ir;

namespace {

/// The chains of E, inner ones first, evaluated wherever E is: not inside a
/// select's arms or the right operand of && and || (evaluated only sometimes).
/// A chain's terms may hold chains of another operation.
void collectChains(const Expr &E, std::vector<std::pair<Expr, Chain>> &Out) {
  if (!E)
    return;
  if (const std::optional<Chain> C = flattenChain(E)) {
    for (const ChainTerm &T : C->Terms) // inner chains first: E's terms
      collectChains(T.Value, Out);      // print them as shared values
    Out.push_back({E, *C});
    return;
  }
  switch (E->Kind) {
  case ExprKind::Unary:
    collectChains(as<Unary>(E)->Operand, Out);
    return;
  case ExprKind::Binary: {
    const Binary *B = as<Binary>(E);
    collectChains(B->LHS, Out);
    if (!isLogical(B->Op))
      collectChains(B->RHS, Out);
    return;
  }
  case ExprKind::Select:
    collectChains(as<Select>(E)->Cond, Out);
    return;
  case ExprKind::Cast:
    collectChains(as<Cast>(E)->Value, Out);
    return;
  case ExprKind::Call:
    for (const Expr &A : as<Call>(E)->Args)
      collectChains(A, Out);
    return;
  default:
    return;
  }
}

} // namespace

std::string KernelEmitter::sharedChains(const Stmt &S, int Depth,
                                        bool HoistAll) {
  if (InFused || InShell || RingLanes || S.Kind == StmtKind::If)
    return "";
  std::vector<std::pair<Expr, Chain>> Chains;
  collectChains(S.Value, Chains);
  collectChains(S.Index, Chains);
  if (Chains.empty())
    return "";
  const int Saved = Lane;
  const int Lanes = lanes();
  std::vector<std::vector<int>> Coords;
  for (Lane = 0; Lane < Lanes; ++Lane) {
    std::vector<int> Offsets(size_t(K.Rank), 0);
    if (!laneShift(Offsets).empty()) { // lanes a grid stride apart
      Lane = Saved;
      return "";
    }
    Coords.push_back(Offsets);
  }
  std::ostringstream OS;
  const std::string In = indent(Depth);
  for (const auto &[E, C] : Chains) {
    std::vector<std::vector<std::string>> Keys(static_cast<size_t>(Lanes));
    for (int L = 0; L < Lanes; ++L)
      for (const ChainTerm &T : C.Terms)
        Keys[size_t(L)].push_back(std::string(T.Negated ? "-" : "+") +
                                  termKey(T.Value, Coords[size_t(L)], L));
    const SharePlan Plan =
        planSharing(Keys, Coords, /*Idempotent=*/C.Op != ChainOp::Add);
    if (Plan.Operations >= Plan.PlainOperations)
      continue;
    const bool Sum = C.Op == ChainOp::Add;
    const std::string Ty = cxxType(C.Ty);
    const std::string Wide = C.Ty == Type::Int64 ? "uint64_t" : "unsigned";
    const std::string Fn = C.Op == ChainOp::Min ? "stencil::detail::minOf"
                                                : "stencil::detail::maxOf";
    std::vector<std::string> Value(Plan.Nodes.size());
    for (size_t N = 0; N < Plan.Nodes.size(); ++N) {
      const ShareNode &Node = Plan.Nodes[N];
      std::string Acc = Node.Parent < 0 ? "" : Value[size_t(Node.Parent)];
      if (Node.Terms.empty()) {
        Value[N] = Acc;
        continue;
      }
      Lane = Node.Lane;
      for (int T : Node.Terms) {
        const ChainTerm &Term = C.Terms[size_t(T)];
        const std::string X = expr(Term.Value);
        if (!Sum)
          Acc = Acc.empty() ? X : Fn + "(" + Acc + ", " + X + ")";
        else if (Acc.empty())
          Acc = std::string(Term.Negated ? "-" : "") + "static_cast<" + Wide +
                ">(" + X + ")";
        else
          Acc += std::string(Term.Negated ? " - " : " + ") + "static_cast<" +
                 Wide + ">(" + X + ")";
      }
      std::string Name;
      do
        Name = "chain_s" + std::to_string(ChainCount++) + "_";
      while (Taken.count(Name));
      Taken.insert(Name);
      if (!HoistAll && !PendingLoads.empty()) { // this node's loads first
        for (const std::string &Load : PendingLoads.back())
          OS << In << Load << "\n";
        PendingLoads.back().clear();
      }
      OS << In << "const " << (Sum ? Wide : Ty) << " " << Name << " = " << Acc
         << ";\n";
      Value[N] = Name;
    }
    for (int L = 0; L < Lanes; ++L) {
      const std::string &V = Value[size_t(Plan.LaneNode[size_t(L)])];
      SharedValues[{E.get(), L}] =
          Sum ? "static_cast<" + Ty + ">(" + V + ")" : V;
    }
  }
  Lane = Saved;
  return OS.str();
}

} // namespace stencilc::cuda
