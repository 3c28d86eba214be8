//===- Footprint.cpp ------------------------------------------------------===//
#include "codegen/Footprint.h"

#include "codegen/IRVisitor.h"

#include <algorithm>
#include <map>
#include <set>

namespace stencilc::ir {

Footprint computeFootprint(const Kernel &K) {
  // Ordered containers keep the printed footprint stable for FileCheck.
  std::map<std::string, std::set<std::vector<int>>> Reads;
  forEachExpr(K.Body, [&](const Expr &E) {
    if (const GridRead *G = as<GridRead>(E))
      Reads[G->Grid].insert(G->Offsets);
  });

  Footprint F;
  // Report grids in parameter order, the order users wrote them in.
  for (const Param &P : K.Params) {
    auto It = Reads.find(P.Name);
    if (It == Reads.end())
      continue;
    GridFootprint G;
    G.Grid = P.Name;
    G.Offsets.assign(It->second.begin(), It->second.end());
    for (const std::vector<int> &O : G.Offsets)
      for (size_t D = 0; D < O.size() && D < 3; ++D) {
        G.Lo[D] = std::min(G.Lo[D], O[D]);
        G.Hi[D] = std::max(G.Hi[D], O[D]);
      }
    for (int D = 0; D < 3; ++D) {
      F.Lo[D] = std::max(F.Lo[D], -G.Lo[D]);
      F.Hi[D] = std::max(F.Hi[D], G.Hi[D]);
      if (P.ruleOf(D) != EdgeRule::Interior)
        continue; // a rule says what the reads outside return
      F.DomainLo[D] = std::max(F.DomainLo[D], -G.Lo[D]);
      F.DomainHi[D] = std::max(F.DomainHi[D], G.Hi[D]);
    }
    F.Grids.push_back(std::move(G));
  }
  return F;
}

} // namespace stencilc::ir
