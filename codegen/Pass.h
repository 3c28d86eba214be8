//===- Pass.h - the interface every pass implements -----------------------===//
//
// A pass runs on one kernel at a time, rewrites its body through the IR or
// records a decision on it, and says whether it changed anything. Passes talk
// to each other only through the IR and PassOptions, never through globals.
// Each pass lives in codegen/passes/<Id>.{h,cpp}; its name, summary and place
// in the pipeline come from the one table codegen/Passes.def.
//
//===----------------------------------------------------------------------===//
#ifndef STENCILC_CODEGEN_PASS_H
#define STENCILC_CODEGEN_PASS_H

#include "codegen/IR.h"

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <string_view>

namespace stencilc {

/// Options that reach passes from the command line.
struct PassOptions {
  /// --tile=KERNEL:BXxBY[xBZ][:ppt=N][:stream=D|none] overrides `tile` per
  /// kernel.
  std::map<std::string, ir::Schedule> ScheduleOverrides;
  /// --smem-cache=KERNEL forces `smem-cache` on for these kernels (it is off
  /// by default; measured: docs/passes/smem-cache.md#measurements).
  std::set<std::string> SmemCacheForced;
  /// --ring=KERNEL: `tile` computes these kernels as register rings where
  /// their bodies allow (docs/passes/tile.md#ring), whatever its rule says.
  std::set<std::string> RingForced;
  /// The target's compute capability (--arch=sm_90 -> 90), for decisions
  /// that depend on the device's limits.
  int SmVersion = 90;
  /// --fast-math: transformations that may change a result in the last ulp
  /// (hoist-division's plain a * (1 / d)). Off, every output is bit-identical
  /// to the CPU reference's (docs/passes/hoist-division.md).
  bool FastMath = false;
  /// --reassociate: floating sums may be computed in another order than the
  /// spec's (regroup-sums); results then differ from the CPU reference's
  /// by that order's rounding (docs/passes/regroup-sums.md).
  bool Reassociate = false;
  /// --max-jam=N: the largest unroll-and-jam factor `tile` may choose (1:
  /// never jam; docs/passes/tile.md#unroll-and-jam).
  int MaxJam = 4;
  /// --max-vector=N: the widest vector (points per thread along the last
  /// dimension) `tile` may choose (1: never; docs/passes/tile.md#vectors).
  int MaxVec = 4;
  /// --tune-variants=N: `tune-variants` adds up to N schedule variants per
  /// kernel for the autotuner (0: none; docs/passes/tune-variants.md).
  int TuneVariants = 0;
};

/// Every pass, in pipeline order (codegen/Passes.def).
enum class PassID : uint8_t {
#define STENCILC_PASS(Id, Name, Summary) Id,
#include "codegen/Passes.def"
};

/// The stable command-line name (kebab-case): "hoist-division", ...
const char *passName(PassID ID);
/// One line for --list-passes.
const char *passSummary(PassID ID);
/// The pass of that command-line name, if there is one.
std::optional<PassID> lookupPass(std::string_view Name);

class Pass {
public:
  explicit Pass(PassID ID) : ID(ID) {}
  virtual ~Pass() = default;
  PassID id() const { return ID; }
  const char *name() const { return passName(ID); }
  const char *summary() const { return passSummary(ID); }
  /// Runs on K; returns true when K changed (body or decisions).
  virtual bool run(ir::Kernel &K, const PassOptions &Opts) = 0;

private:
  PassID ID;
};

} // namespace stencilc

#endif
