//===- Pipeline.cpp - the passes, in order --------------------------------===//
//
// Read top to bottom: this is the whole optimisation pipeline.
//
//   hoist-division   a / uniform  ->  a * (1 / uniform), reciprocal per launch
//   merge-arrays     read-only grids read at the same points -> array of records
//   tile             block shape, points per thread, streamed dimension
//   smem-cache       grids read at several offsets staged in shared memory
//   warp-aggregate   warp-level combining for reductions before the atomic
//   lower-histograms histogram lowering chosen per launch from the bin count
//
//===----------------------------------------------------------------------===//
#include "codegen/Pipeline.h"

#include "codegen/Footprint.h"
#include "codegen/Verifier.h"
#include "codegen/passes/HoistDivision.h"
#include "codegen/passes/LowerHistograms.h"
#include "codegen/passes/MergeArrays.h"
#include "codegen/passes/SmemCache.h"
#include "codegen/passes/Tile.h"
#include "codegen/passes/WarpAggregate.h"

#include <stdexcept>

namespace stencilc {

std::vector<std::unique_ptr<Pass>> createPipeline() {
  std::vector<std::unique_ptr<Pass>> P;
  P.push_back(createHoistDivisionPass());
  P.push_back(createMergeArraysPass());
  P.push_back(createTilePass());
  P.push_back(createSmemCachePass());
  P.push_back(createWarpAggregatePass());
  P.push_back(createLowerHistogramsPass());
  return P;
}

void verifyOrThrow(const ir::Module &M, const std::string &After) {
  std::string Msg;
  for (const ir::Kernel &K : M.Kernels)
    for (const std::string &E : ir::verifyKernel(K))
      Msg += "\n  " + E;
  if (!Msg.empty())
    throw std::logic_error("IR verification failed after " + After + ":" + Msg);
}

void runPipeline(ir::Module &M, const PipelineOptions &Opts,
                 const PrintHook &Print) {
  for (ir::Kernel &K : M.Kernels)
    K.Foot = ir::computeFootprint(K);
  verifyOrThrow(M, "the frontend");

  for (const std::unique_ptr<Pass> &P : createPipeline()) {
    const std::string Name = P->name();
    bool Enabled = Opts.OptLevel > 0 && !Opts.Disabled.count(Name);
    if (Enabled) {
      for (ir::Kernel &K : M.Kernels) {
        if (!P->run(K, Opts.Pass))
          continue;
        K.PassesApplied.push_back(Name);
        K.Foot = ir::computeFootprint(K);
      }
      verifyOrThrow(M, "pass '" + Name + "'");
    }
    if (Print && (Opts.PrintAfterAll || Opts.PrintAfter.count(Name)))
      Print(Enabled ? Name : Name + " (disabled)", M);
  }
}

} // namespace stencilc
