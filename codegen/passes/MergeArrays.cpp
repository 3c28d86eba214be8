//===- MergeArrays.cpp ----------------------------------------------------===//
#include "codegen/passes/MergeArrays.h"

namespace stencilc {
namespace {
class MergeArraysPass : public Pass {
public:
  const char *name() const override { return "merge-arrays"; }
  const char *summary() const override {
    return "read-only grids read at the same points become one array of "
           "records";
  }
  bool implemented() const override { return false; }
  bool run(ir::Kernel &, const PassOptions &) override { return false; }
};
} // namespace
std::unique_ptr<Pass> createMergeArraysPass() {
  return std::make_unique<MergeArraysPass>();
}
} // namespace stencilc
