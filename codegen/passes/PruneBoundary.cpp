//===- PruneBoundary.cpp --------------------------------------------------===//
#include "codegen/passes/PruneBoundary.h"

#include <string>

namespace stencilc {

using namespace ir;

namespace {

/// "periodic", or "constant 7".
std::string ruleText(const EdgeBoundary &E) {
  std::string S = edgeRuleName(E.Rule);
  if (E.Rule == EdgeRule::Constant)
    S += " " + std::to_string(E.Value);
  return S;
}

class PruneBoundaryPass : public Pass {
public:
  PruneBoundaryPass() : Pass(PassID::PruneBoundary) {}
  bool run(Kernel &K, const PassOptions &) override {
    bool Changed = false;
    for (Param &P : K.Params) {
      if (P.Boundary.empty())
        continue;
      // A grid the body never reads has no footprint: no read leaves it.
      const GridFootprint *G = K.Foot.find(P.Name);
      std::string Dropped;
      bool Kept = false;
      for (int D = 0; D < static_cast<int>(P.Boundary.size()); ++D) {
        EdgeBoundary &E = P.Boundary[D];
        if (E.Rule == EdgeRule::Interior)
          continue;
        if (G && (G->Lo[D] != 0 || G->Hi[D] != 0)) {
          Kept = true;
          continue;
        }
        Dropped += (Dropped.empty() ? "" : ", ") + ruleText(E) +
                   " along dimension " + std::to_string(D);
        E = EdgeBoundary{};
      }
      if (Dropped.empty())
        continue;
      if (!Kept)
        P.Boundary.clear();
      Changed = true;
      K.Remarks.push_back(
          {name(), P.Loc,
           "'" + P.Name + "': dropped " + Dropped + " (read " +
               (G ? "at offset 0 only there" : "nowhere") +
               ": the rule never applies)" +
               (K.hasBoundary() ? std::string()
                                : "; the kernel has no boundary rule left")});
    }
    return Changed;
  }
};

} // namespace

std::unique_ptr<Pass> createPruneBoundaryPass() {
  return std::make_unique<PruneBoundaryPass>();
}

} // namespace stencilc
