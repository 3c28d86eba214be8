//===- Report.h - the --report text ---------------------------------------===//
//
// One line per decision, in the spirit of PGI's -Minfo=accel, each with the
// spec location it is about, in the shape compilers use for diagnostics so
// that editors and `grep` can jump to it:
//
//   FILE:LINE:COL: remark: kernel NAME: TOPIC: MESSAGE
//
// TOPIC is the pass that made the decision (fold-constants, hoist-division,
// merge-arrays, tile, smem-cache, warp-aggregate, lower-histograms,
// fuse-sweeps), or one of the
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
#include "codegen/report/PtxasLog.h"

#include <string>
#include <vector>

namespace stencilc {

/// The report of every kernel. With Ptxas (--report=ptxas) each kernel also
/// gets a `ptxas` line per __global__ function emitted for it, with the
/// theoretical occupancy on Arch.
std::string reportModule(const ir::Module &M,
                         const std::vector<PtxasFunction> *Ptxas = nullptr,
                         const std::string &Arch = "sm_90");

} // namespace stencilc

#endif
