//===- Pipeline.h - the ordered list of passes ----------------------------===//
#ifndef STENCILC_CODEGEN_PIPELINE_H
#define STENCILC_CODEGEN_PIPELINE_H

#include "codegen/Pass.h"

#include <functional>
#include <set>
#include <string>
#include <vector>

namespace stencilc {

/// The passes in the order they run. Names are the CLI contract.
std::vector<std::unique_ptr<Pass>> createPipeline();

struct PipelineOptions {
  int OptLevel = 2;                    ///< -O0 runs no pass
  std::set<std::string> Disabled;      ///< --disable-pass
  std::set<std::string> PrintAfter;    ///< --print-after
  bool PrintAfterAll = false;
  PassOptions Pass;
};

/// Called after a pass for which printing was requested.
using PrintHook = std::function<void(const std::string &PassName,
                                     const ir::Module &M)>;

/// Computes footprints, runs the enabled passes over every kernel, verifies
/// after each pass (throwing std::logic_error on a broken invariant: that is
/// a compiler bug) and calls Print where requested.
void runPipeline(ir::Module &M, const PipelineOptions &Opts,
                 const PrintHook &Print);

/// Throws std::logic_error listing the verifier's messages, if any.
void verifyOrThrow(const ir::Module &M, const std::string &After);

} // namespace stencilc

#endif
