//===- TuneCacheReport.cpp - what an autotuning cache holds for a module --===//
#include "codegen/report/TuneCacheReport.h"

#include "codegen/IRPrinter.h"
#include "codegen/passes/TuneVariants.h"
#include "runtime/include/stencil/detail/tune_cache.hpp"

#include <sstream>
#include <vector>

namespace stencilc {

bool reportTuneCache(const ir::Module &M, const std::string &File,
                     std::string &Out) {
  std::ostringstream OS;
  stencil::detail::TuneCache Cache;
  std::vector<std::string> Warnings;
  if (!Cache.load(File, Warnings))
    return false;
  for (const std::string &W : Warnings)
    OS << File << ": warning: " << W << "\n";
  for (const ir::Kernel &K : M.Kernels) {
    const uint64_t Hash = ir::kernelHash(K);
    const std::string Where = M.SourceFile + ":" + std::to_string(K.Loc.Line) +
                              ":" + std::to_string(K.Loc.Col) +
                              ": remark: kernel " + K.Name + ": tune-cache: ";
    int Found = 0;
    // A fused kernel's NAME_sweeps and NAME_until tune their depth under
    // the kernel name NAME_sweeps.
    const std::string Sweeps = K.Name + "_sweeps";
    for (const stencil::detail::TuneEntry &E : Cache.entries()) {
      const bool Depth = K.Fuse.active() && E.Kernel == Sweeps;
      if (E.Kernel != K.Name && !Depth)
        continue;
      ++Found;
      if (E.Hash != Hash) {
        if (Depth)
          OS << Where << Sweeps << ": ";
        else
          OS << Where;
        OS << "stale entry (another version of the kernel) for " << E.Device
           << " at extents class " << E.Class << ": not used\n";
        continue;
      }
      if (Depth) {
        const int D = E.Shape.SweepDepth;
        OS << Where << Sweeps << ": " << E.Device << " at extents class "
           << E.Class << ": "
           << (D == -1  ? std::string("one-sweep launches")
               : D == 0 ? std::string("as compiled (no depth beat it by 3%)")
                        : std::to_string(D) + " sweeps per launch")
           << " (" << E.Ms << " ms for " << stencil::detail::TrialSweeps
           << " sweeps when tuned)\n";
        continue;
      }
      OS << Where << E.Device << " at extents class " << E.Class << ": ";
      const int V = E.Shape.Variant;
      if (V > int(K.Variants.size())) { // the hash covers the variants
        OS << "schedule variant " << V << ", which the kernel does not have: "
           << "not used\n";
        continue;
      }
      if (V > 0)
        OS << "schedule variant " << V << " ("
           << describeVariant(K.Sched, K.Variants[size_t(V - 1)]) << ")";
      if (E.Shape.compiled())
        OS << "the compiled schedule (no candidate beat it by 3%; ";
      else if (E.Shape.unshaped()) // a variant at its own shape
        OS << " (";
      else
        OS << (V > 0 ? ", block " : "block ") << E.Shape.Block[0] << "x"
           << E.Shape.Block[1] << "x" << E.Shape.Block[2] << ", "
           << E.Shape.PointsPerThread << " points per thread, "
           << (E.Shape.Persistent ? "persistent" : "not persistent") << " (";
      OS << E.Ms << " ms when tuned)\n";
    }
    if (!Found)
      OS << Where << "no entry in " << File
         << " (the compiled schedule is used; STENCIL_TUNE=1 tunes)\n";
  }
  Out = OS.str();
  return true;
}

} // namespace stencilc
