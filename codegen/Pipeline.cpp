//===- Pipeline.cpp - the passes, in order --------------------------------===//
//
// Read top to bottom: this is the whole optimisation pipeline. The order is
// the order of codegen/Passes.def:
//
//   fold-constants   -49.0f / 9.0f  ->  -5.4444447f, where that is exact
//   hoist-division   a / uniform  ->  a * (1 / uniform), reciprocal per launch
//   regroup-sums     (--reassociate) a float sum's terms summed plane by plane
//   merge-arrays     read-only grids read at the centre -> array of records
//   tile             block shape, points per thread, streamed dimension
//   smem-cache       grids read at several offsets staged in shared memory
//   warp-aggregate   warp-level combining for reductions before the atomic
//   lower-histograms histogram lowering chosen per launch from the bin count
//   fuse-sweeps      several ping-pong sweeps per launch, halo recomputed
//   tune-variants    (--tune-variants=N) other schedules for the autotuner
//
// After the frontend and after every pass that runs, the footprint is
// recomputed and the verifier checks every kernel (body and decisions).
//
//===----------------------------------------------------------------------===//
#include "codegen/Pipeline.h"

#include "codegen/Footprint.h"
#include "codegen/IRVisitor.h"
#include "codegen/Verifier.h"
#include "codegen/passes/FoldConstants.h"
#include "codegen/passes/FuseSweeps.h"
#include "codegen/passes/GatherChains.h"
#include "codegen/passes/HoistDivision.h"
#include "codegen/passes/LowerHistograms.h"
#include "codegen/passes/MergeArrays.h"
#include "codegen/passes/PruneBoundary.h"
#include "codegen/passes/RegroupSums.h"
#include "codegen/passes/SmemCache.h"
#include "codegen/passes/Tile.h"
#include "codegen/passes/TuneVariants.h"
#include "codegen/passes/WarpAggregate.h"

#include <stdexcept>

namespace stencilc {

const char *passName(PassID ID) {
  switch (ID) {
#define STENCILC_PASS(Id, Name, Summary)                                       \
  case PassID::Id:                                                             \
    return Name;
#include "codegen/Passes.def"
  }
  return "?";
}

const char *passSummary(PassID ID) {
  switch (ID) {
#define STENCILC_PASS(Id, Name, Summary)                                       \
  case PassID::Id:                                                             \
    return Summary;
#include "codegen/Passes.def"
  }
  return "?";
}

std::optional<PassID> lookupPass(std::string_view Name) {
#define STENCILC_PASS(Id, PassNameText, Summary)                               \
  if (Name == PassNameText)                                                    \
    return PassID::Id;
#include "codegen/Passes.def"
  return std::nullopt;
}

std::unique_ptr<Pass> createPass(PassID ID) {
  switch (ID) {
#define STENCILC_PASS(Id, Name, Summary)                                       \
  case PassID::Id:                                                             \
    return create##Id##Pass();
#include "codegen/Passes.def"
  }
  return nullptr;
}

std::vector<std::unique_ptr<Pass>> createPipeline() {
  std::vector<std::unique_ptr<Pass>> P;
#define STENCILC_PASS(Id, Name, Summary) P.push_back(create##Id##Pass());
#include "codegen/Passes.def"
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

void prepareModule(ir::Module &M, const std::string &Producer) {
  for (ir::Kernel &K : M.Kernels)
    K.Foot = ir::computeFootprint(K);
  verifyOrThrow(M, Producer);
}

bool runPass(ir::Module &M, Pass &P, const PassOptions &Opts) {
  bool Changed = false;
  for (ir::Kernel &K : M.Kernels) {
    if (!P.run(K, Opts))
      continue;
    Changed = true;
    K.PassesApplied.push_back(P.name());
    K.Foot = ir::computeFootprint(K);
  }
  verifyOrThrow(M, "pass '" + std::string(P.name()) + "'");
  return Changed;
}

/// --fast-math also lets nvcc fuse a floating multiply into the add or
/// subtract that takes it (EmitOptions::ContractFma): each kernel with a
/// floating multiply says so in its report.
static void noteContraction(ir::Module &M) {
  for (ir::Kernel &K : M.Kernels) {
    bool Multiplies = false;
    ir::forEachExpr(K.Body, [&](const ir::Expr &E) {
      Multiplies |= E->Kind == ir::ExprKind::Binary &&
                    ir::as<ir::Binary>(E)->Op == ir::BinaryOp::Mul &&
                    ir::isFloat(E->Ty);
    });
    if (Multiplies)
      K.Remarks.push_back(
          {"fast-math", K.Loc,
           "floating multiplies may fuse with the adds they feed (FMA "
           "contraction): results may differ from the CPU reference in the "
           "last ulp"});
  }
}

void runPipeline(ir::Module &M, const PipelineOptions &Opts,
                 const PrintHook &Print) {
  prepareModule(M, "the frontend");
  for (const std::unique_ptr<Pass> &P : createPipeline()) {
    const std::string Name = P->name();
    bool Enabled = Opts.OptLevel > 0 && !Opts.Disabled.count(Name);
    if (Enabled)
      runPass(M, *P, Opts.Pass);
    if (Print && (Opts.PrintAfterAll || Opts.PrintAfter.count(Name)))
      Print(Enabled ? Name : Name + " (disabled)", M);
  }
  if (Opts.Pass.FastMath)
    noteContraction(M);
}

} // namespace stencilc
