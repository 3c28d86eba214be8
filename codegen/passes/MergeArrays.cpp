//===- MergeArrays.cpp ----------------------------------------------------===//
#include "codegen/passes/MergeArrays.h"

#include <map>

namespace stencilc {

using namespace ir;

static int elementBytes(Type T) {
  return T == Type::Float64 || T == Type::Int64 ? 8 : 4;
}

int mergedRecordFields(int N, Type Elem) {
  int PerVector = 16 / elementBytes(Elem);
  return (N + PerVector - 1) / PerVector * PerVector;
}

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
  const char *name() const override { return "merge-arrays"; }
  const char *summary() const override {
    return "read-only grids read only at the centre become one array of "
           "records read with 16-byte loads";
  }
  bool run(Kernel &K, const PassOptions &) override {
    if (!K.Merged.empty())
      return false;
    std::map<Type, std::vector<std::string>> ByType;
    for (const Param &P : K.Params)
      if (readOnlyAtCentre(K, P))
        ByType[P.Elem].push_back(P.Name);
    for (auto &[Elem, Grids] : ByType) {
      if (Grids.size() < 2)
        continue;
      MergeGroup G;
      G.Name = "rec" + std::to_string(K.Merged.size());
      G.Grids = Grids;
      G.Elem = Elem;
      int Fields = mergedRecordFields(static_cast<int>(Grids.size()), Elem);
      std::string List;
      for (const std::string &N : Grids)
        List += (List.empty() ? "" : ", ") + N;
      K.Remarks.push_back(
          {"merge-arrays", K.Loc,
           "merged " + std::to_string(Grids.size()) + " read-only " +
               typeName(Elem) + " grids read only at the centre {" + List +
               "} into '" + G.Name + "', records of " + std::to_string(Fields) +
               " fields (" + std::to_string(Fields * elementBytes(Elem) / 16) +
               " x 16-byte loads per point); packed at the first launch, "
               "repacked when one of them changes"});
      K.Merged.push_back(std::move(G));
    }
    return !K.Merged.empty();
  }
};

} // namespace

std::unique_ptr<Pass> createMergeArraysPass() {
  return std::make_unique<MergeArraysPass>();
}

} // namespace stencilc
