//===- Pipeline.h - the ordered list of passes ----------------------------===//
#ifndef STENCILC_CODEGEN_PIPELINE_H
#define STENCILC_CODEGEN_PIPELINE_H

#include "codegen/Pass.h"

#include <functional>
#include <set>
#include <string>
#include <vector>

namespace stencilc {

/// Every pass, in pipeline order (codegen/Passes.def).
std::vector<std::unique_ptr<Pass>> createPipeline();
/// One pass, by its registry entry.
std::unique_ptr<Pass> createPass(PassID ID);

struct PipelineOptions {
  int OptLevel = 2;                 ///< -O0 runs no pass
  std::set<std::string> Disabled;   ///< --disable-pass
  std::set<std::string> PrintAfter; ///< --print-after
  bool PrintAfterAll = false;
  PassOptions Pass;
};

/// Called after a pass for which printing was requested.
using PrintHook =
    std::function<void(const std::string &PassName, const ir::Module &M)>;

/// Computes footprints, runs the enabled passes over every kernel, verifies
/// after each pass (throwing std::logic_error on a broken invariant: that is
/// a compiler bug) and calls Print where requested.
void runPipeline(ir::Module &M, const PipelineOptions &Opts,
                 const PrintHook &Print);

/// Throws std::logic_error listing the verifier's messages, if any.
/// Throws std::logic_error listing every verifier error, naming After.
void verifyOrThrow(const ir::Module &M, const std::string &After);

/// Computes every kernel's footprint and verifies the module that Producer
/// (the frontend, or the IR reader) built.
void prepareModule(ir::Module &M, const std::string &Producer);

/// Runs P on every kernel of M; a kernel it changes gets P's name appended
/// to PassesApplied and its footprint recomputed; then verifies M. Returns
/// whether any kernel changed.
bool runPass(ir::Module &M, Pass &P, const PassOptions &Opts);

} // namespace stencilc

#endif
