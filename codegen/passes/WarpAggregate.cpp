//===- WarpAggregate.cpp --------------------------------------------------===//
#include "codegen/passes/WarpAggregate.h"

namespace stencilc {

using namespace ir;

namespace {

class WarpAggregatePass : public Pass {
public:
  WarpAggregatePass() : Pass(PassID::WarpAggregate) {}
  bool run(Kernel &K, const PassOptions &) override {
    if (!K.hasReductions() ||
        K.Reductions == ReductionLowering::WarpShuffleAtomic)
      return false;
    K.Reductions = ReductionLowering::WarpShuffleAtomic;
    K.Remarks.push_back({name(), K.Loc,
                         "reductions: per-thread partials, warp shuffles, "
                         "one shared slot per warp, one atomic per block"});
    return true;
  }
};

} // namespace

std::unique_ptr<Pass> createWarpAggregatePass() {
  return std::make_unique<WarpAggregatePass>();
}

} // namespace stencilc
