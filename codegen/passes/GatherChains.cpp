//===- GatherChains.cpp ---------------------------------------------------===//
#include "codegen/passes/GatherChains.h"

#include "codegen/Chains.h"

#include <set>
#include <string>
#include <vector>

namespace stencilc {

using namespace ir;

namespace {

class GatherChainsPass : public Pass {
public:
  GatherChainsPass() : Pass(PassID::GatherChains) {}

  bool run(Kernel &K, const PassOptions &) override {
    if (K.Sched.Ring)
      return false; // its plan is the statements' planes (tile.md#ring)
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
  /// Gathers the updates after Body[At] (a `let`) into it; how many.
  static int gather(Block &Body, size_t At) {
    const std::vector<ChainStep> Steps = chainSteps(Body, At);
    if (Steps.empty())
      return 0;
    Stmt &Let = *Body[At];
    for (const ChainStep &S : Steps)
      Let.Value = stepValue(S, Let.Value);
    for (auto S = Steps.rbegin(); S != Steps.rend(); ++S)
      Body.erase(Body.begin() + std::ptrdiff_t(S->At));
    return int(Steps.size());
  }

  /// The update's value with Acc in place of the local.
  static Expr stepValue(const ChainStep &S, const Expr &Acc) {
    if (S.Op == ChainOp::Add)
      return S.TermFirst
                 ? Binary::make(BinaryOp::Add, S.Term, Acc)
                 : Binary::make(S.Negated ? BinaryOp::Sub : BinaryOp::Add, Acc,
                                S.Term);
    const MathFn Fn = S.Op == ChainOp::Min ? MathFn::Min : MathFn::Max;
    return Call::make(Fn, S.TermFirst ? std::vector<Expr>{S.Term, Acc}
                                      : std::vector<Expr>{Acc, S.Term});
  }
};

} // namespace

std::unique_ptr<Pass> createGatherChainsPass() {
  return std::make_unique<GatherChainsPass>();
}

} // namespace stencilc
