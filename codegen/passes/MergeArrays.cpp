//===- MergeArrays.cpp ----------------------------------------------------===//
#include "codegen/passes/MergeArrays.h"

#include <map>

namespace stencilc {

using namespace ir;

namespace {

bool readOnlyAtCentre(const Kernel &K, const Param &P) {
  if (P.Kind != ParamKind::In)
    return false;
  const GridFootprint *F = K.Foot.find(P.Name);
  if (!F)
    return false; // never read: nothing to gain
  for (const std::vector<int> &O : F->Offsets)
    for (int X : O)
      if (X != 0)
        return false;
  return true;
}

class MergeArraysPass : public Pass {
public:
  MergeArraysPass() : Pass(PassID::MergeArrays) {}
  bool run(Kernel &K, const PassOptions &) override {
    if (!K.Merged.empty())
      return false;
    std::vector<MergeGroup> Groups = candidates(K);
    if (Groups.empty())
      return false;
    if (K.hasHistograms()) {
      K.Remarks.push_back({name(), K.Loc,
                           "not merged: a histogram kernel's time goes to "
                           "its scattered atomics, not its streamed reads"});
      return false;
    }
    for (MergeGroup &G : Groups) {
      G.Name = "rec" + std::to_string(K.Merged.size());
      int Fields = mergedRecordFields(static_cast<int>(G.Grids.size()), G.Elem);
      std::string List;
      for (const std::string &N : G.Grids)
        List += (List.empty() ? "" : ", ") + N;
      K.Remarks.push_back(
          {name(), K.Loc,
           "merged " + std::to_string(G.Grids.size()) + " read-only " +
               typeName(G.Elem) + " grids read only at the centre {" + List +
               "} into '" + G.Name + "', records of " + std::to_string(Fields) +
               " fields (" + std::to_string(Fields * byteSize(G.Elem) / 16) +
               " x 16-byte loads per point); packed at the first launch, "
               "repacked when one of them changes"});
      K.Merged.push_back(std::move(G));
    }
    return true;
  }

private:
  /// The groups worth merging, by element type, in parameter order.
  static std::vector<MergeGroup> candidates(const Kernel &K) {
    std::map<Type, std::vector<std::string>> ByType;
    for (const Param &P : K.Params)
      if (readOnlyAtCentre(K, P))
        ByType[P.Elem].push_back(P.Name);
    std::vector<MergeGroup> Groups;
    for (auto &[Elem, Grids] : ByType) {
      // Whole 16-byte vectors only: padding would read bytes nobody asked for
      // (3 f32 grids in a 4-field record read 33% more). The grids past the
      // last whole vector stay separate.
      const size_t PerVector = 16 / byteSize(Elem);
      const size_t Kept = Grids.size() / PerVector * PerVector;
      if (Kept < 2)
        continue;
      Grids.resize(Kept);
      MergeGroup G;
      G.Grids = Grids;
      G.Elem = Elem;
      Groups.push_back(std::move(G));
    }
    return Groups;
  }
};

} // namespace

std::unique_ptr<Pass> createMergeArraysPass() {
  return std::make_unique<MergeArraysPass>();
}

} // namespace stencilc
