//===- Pass.h - the interface every pass implements -----------------------===//
//
// A pass runs on one kernel at a time, rewrites its body through the IR or
// records a decision on it, and says whether it changed anything. Passes talk
// to each other only through the IR and PassOptions, never through globals.
// Each pass lives in codegen/passes/<Name>.{h,cpp}; codegen/Pipeline.cpp
// lists them in order.
//
//===----------------------------------------------------------------------===//
#ifndef STENCILC_CODEGEN_PASS_H
#define STENCILC_CODEGEN_PASS_H

#include "codegen/IR.h"

#include <map>
#include <set>
#include <memory>
#include <string>

namespace stencilc {

/// Options that reach passes from the command line.
struct PassOptions {
  /// --tile=KERNEL:BXxBY[xBZ][:ppt=N][:stream=D|none] overrides `tile` per kernel.
  std::map<std::string, ir::Schedule> ScheduleOverrides;
  /// --smem-cache=KERNEL forces `smem-cache` on for these kernels (it is off
  /// by default; see codegen/passes/SmemCache.h for the measurement).
  std::set<std::string> SmemCacheForced;
  /// The target's compute capability (--arch=sm_90 -> 90), for decisions
  /// that depend on the device's limits.
  int SmVersion = 90;
};

class Pass {
public:
  virtual ~Pass() = default;
  /// The stable command-line name (kebab-case, from DESIGN.md).
  virtual const char *name() const = 0;
  /// One line for --list-passes.
  virtual const char *summary() const = 0;
  /// False for a contract pass whose transformation is not written yet: it
  /// runs as a no-op and --list-passes says so.
  virtual bool implemented() const { return true; }
  /// Runs on K; returns true when K changed (body or decisions).
  virtual bool run(ir::Kernel &K, const PassOptions &Opts) = 0;
};

} // namespace stencilc

#endif
