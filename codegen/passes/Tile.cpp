//===- Tile.cpp -----------------------------------------------------------===//
#include "codegen/passes/Tile.h"

#include <string>

namespace stencilc {

using namespace ir;

namespace {

std::string shape(const Schedule &S) {
  return std::to_string(S.Block[0]) + "x" + std::to_string(S.Block[1]) + "x" +
         std::to_string(S.Block[2]);
}

/// The default shape per rank: 256 threads, x along the contiguous dimension.
Schedule defaultSchedule(int Rank) {
  Schedule S;
  if (Rank == 1)
    S.Block = {256, 1, 1};
  else if (Rank == 2)
    S.Block = {32, 8, 1};
  else
    S.Block = {32, 4, 2};
  return S;
}

class TilePass : public Pass {
public:
  const char *name() const override { return "tile"; }
  const char *summary() const override {
    return "chooses block shape, points per thread and streamed dimension";
  }
  bool run(Kernel &K, const PassOptions &Opts) override {
    auto It = Opts.ScheduleOverrides.find(K.Name);
    if (It != Opts.ScheduleOverrides.end()) {
      K.Sched = It->second;
      K.Sched.FromUser = true;
      K.Remarks.push_back({"tile", K.Loc,
                           "block " + shape(K.Sched) + " from --tile"});
      return true;
    }
    K.Sched = defaultSchedule(K.Rank);
    K.Remarks.push_back({"tile", K.Loc,
                         "block " + shape(K.Sched) +
                             ", one point per thread, x along the contiguous "
                             "dimension " + std::to_string(K.Rank - 1)});
    return true;
  }
};

} // namespace

std::unique_ptr<Pass> createTilePass() { return std::make_unique<TilePass>(); }

} // namespace stencilc
