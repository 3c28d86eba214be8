//===- Chains.h - integer chains and the terms lanes share ----------------===//
//
// A chain is a maximal subtree of one exact, associative and commutative
// integer operation: a sum (+ and -, two's complement: any order gives the
// same bits), a min or a max. Its value does not depend on how its terms are
// grouped, so the lanes of a thread (a jam group's rows, a vector's points:
// docs/passes/tile.md) may share partial results: a 9-point window's sums
// at two adjacent points have 8 terms in common, a 7 x 7 box's at 4 x 4
// points a 4 x 4 core. Floating-point chains are not chains here: their
// order is the spec's (docs/passes/gather-chains.md).
//
// flattenChain reads a chain's terms; termKey names a term at a lane's point
// (its reads shifted by the lane's offsets), so that terms equal at two lanes
// have one key; planSharing splits the lanes in halves, recursively, and
// computes at each node the terms all its lanes have that its parent has not
// computed: a lane's value is the chain of nodes from the root to it. The
// emitter prints the plan (codegen/cuda/SharedChains.cpp).
//
//===----------------------------------------------------------------------===//
#ifndef STENCILC_CODEGEN_CHAINS_H
#define STENCILC_CODEGEN_CHAINS_H

#include "codegen/IR.h"

#include <optional>
#include <string>
#include <vector>

namespace stencilc::ir {

enum class ChainOp : uint8_t { Add, Min, Max };

struct ChainTerm {
  Expr Value;
  bool Negated = false; ///< Add: subtracted
};

struct Chain {
  ChainOp Op;
  Type Ty;
  std::vector<ChainTerm> Terms; ///< in the expression's order, left first
};

/// One top-level update of a local's chain: Body[At] is `V = V op Term`
/// (`V = Term + V`, `V = op(Term, V)` where TermFirst; Negated: `V = V -
/// Term`).
struct ChainStep {
  size_t At = 0;
  ChainOp Op = ChainOp::Add;
  Expr Term;
  bool Negated = false;
  bool TermFirst = false;
};

/// The updates of the local declared at Body[Let] that can move to its `let`
/// (gather-chains) or be regrouped (regroup-sums): top-level `V = V op t`
/// (op +, -, min or max, V once), from the `let` up to the first other
/// statement that mentions V, whose t reads only what no statement of Body
/// changes (parameters, constants, index(), locals never assigned and
/// declared before the `let`, grids never stored), so that t has the same
/// value anywhere between the `let` and its update.
std::vector<ChainStep> chainSteps(const Block &Body, size_t Let);

/// Whether S, or a statement inside it, reads or writes the local Name.
bool mentionsLocal(const Stmt &S, const std::string &Name);

/// The terms of E's maximal tree of Add, Sub and Neg of type Ty, left first
/// (a subtracted or negated term Negated): any type, floating included; the
/// caller decides whether their order may change.
std::vector<ChainTerm> sumTerms(const Expr &E, Type Ty);

/// E as a chain of at least three terms, or nothing: an Int32 or Int64 tree
/// of Add and Sub, of Min, or of Max (MathFn::Min/Max: std::min and std::max,
/// exact on integers in any order).
std::optional<Chain> flattenChain(const Expr &E);

/// A term's name at a lane's point: its grid reads' offsets plus Shift; a
/// term reading a local or index() (different at every lane) names the lane.
std::string termKey(const Expr &E, const std::vector<int> &Shift, int Lane);

/// One node of a plan: the lanes it serves, its parent (-1 for a root), and
/// the terms it adds to its parent's value, as indices into the term list of
/// Lane (the node's first lane).
struct ShareNode {
  std::vector<int> Lanes;
  int Parent = -1;
  int Lane = 0;
  std::vector<int> Terms;
};

struct SharePlan {
  std::vector<ShareNode> Nodes; ///< parents before children
  std::vector<int> LaneNode;    ///< each lane's own node
  int Operations = 0;           ///< the plan's binary operations
  int PlainOperations = 0;      ///< every lane alone: terms - 1 each
};

/// The plan for lanes whose terms have the keys Keys[Lane] (a multiset per
/// lane; Idempotent: min and max, where a repeated term counts once) and
/// whose points lie at Coords[Lane] (one coordinate per dimension): nodes
/// split their lanes in two halves along one dimension, the split that
/// costs fewest operations.
SharePlan planSharing(const std::vector<std::vector<std::string>> &Keys,
                      const std::vector<std::vector<int>> &Coords,
                      bool Idempotent);

} // namespace stencilc::ir

#endif
