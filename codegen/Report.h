//===- Report.h - the --report text ---------------------------------------===//
//
// One line per decision, in the spirit of PGI's -Minfo=accel, each with the
// spec location it is about, in the shape compilers use for diagnostics so
// that editors and `grep` can jump to it:
//
//   FILE:LINE:COL: remark: kernel NAME: TOPIC: MESSAGE
//
// TOPIC is the pass that made the decision (hoist-division, merge-arrays,
// tile, smem-cache, warp-aggregate, lower-histograms), or one of the
// summaries stencilc adds:
// `launch` (domain and block, first line of every kernel), `pipeline` (the
// passes that changed the kernel), `reduction` and `histogram` (the lowering
// of each), `memory` (the bytes-per-point floor, last line of every kernel)
// and, with --report=ptxas, `ptxas` (registers, shared memory, spills and
// theoretical occupancy of each __global__ function).
//
// Within a kernel the lines are sorted by spec location; lines at the same
// location keep pipeline order. The pass remarks (ir::Remark) are the source
// of the decisions: this file only formats them and adds the summaries.
//
//===----------------------------------------------------------------------===//
#ifndef STENCILC_CODEGEN_REPORT_H
#define STENCILC_CODEGEN_REPORT_H

#include "codegen/IR.h"

#include <optional>
#include <string>
#include <vector>

namespace stencilc {

/// Bytes a kernel must move per domain point: each grid it reads once, each
/// grid it writes once (the floor the benchmarks compare against).
int bytesPerPoint(const ir::Kernel &K);

/// Shared memory the generated launcher requests at launch (the dynamic
/// amount) for the reduction scratch: one slot of the widest device
/// accumulator per thread (block tree) or per warp (warp shuffles). This
/// mirrors the launcher CudaEmitter writes.
int reductionScratchBytes(const ir::Kernel &K);

/// What ptxas -v says about one __global__ function.
struct PtxasFunction {
  std::string MangledName;
  std::string Arch;   ///< e.g. sm_90
  int Registers = 0;
  int StackBytes = 0;
  int SpillStoreBytes = 0;
  int SpillLoadBytes = 0;
  int StaticSharedBytes = 0;
};

/// The entry functions described in the output of `nvcc -Xptxas -v`.
std::vector<PtxasFunction> parsePtxasLog(const std::string &Log);

/// What stencilc needs from an Itanium mangled function name.
struct MangledFunction {
  std::string Name;                ///< unqualified
  std::optional<int> IntArgument;  ///< of a template over one integer
  /// Of a template over one index type (stencil kernels: int or int64_t).
  std::optional<std::string> TypeArgument;
};

/// Reads a mangled function name (any namespace, internal linkage, at most
/// one integer or index-type template argument understood); nullopt when it
/// is not one.
std::optional<MangledFunction> parseMangledFunction(const std::string &MangledName);

/// True when MangledName is the Itanium mangling of a function (or function
/// template) called Name, in any namespace.
bool mangledNameIs(const std::string &MangledName, const std::string &Name);

/// The report of every kernel. With Ptxas (--report=ptxas) each kernel also
/// gets a `ptxas` line per __global__ function emitted for it, with the
/// theoretical occupancy on Arch.
std::string reportModule(const ir::Module &M,
                         const std::vector<PtxasFunction> *Ptxas = nullptr,
                         const std::string &Arch = "sm_90");

} // namespace stencilc

#endif
