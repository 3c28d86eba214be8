//===- SmemCache.cpp ------------------------------------------------------===//
#include "codegen/passes/SmemCache.h"

namespace stencilc {
namespace {
class SmemCachePass : public Pass {
public:
  const char *name() const override { return "smem-cache"; }
  const char *summary() const override {
    return "grids read at several offsets are staged through shared memory "
           "with their halo";
  }
  bool implemented() const override { return false; }
  bool run(ir::Kernel &, const PassOptions &) override { return false; }
};
} // namespace
std::unique_ptr<Pass> createSmemCachePass() {
  return std::make_unique<SmemCachePass>();
}
} // namespace stencilc
