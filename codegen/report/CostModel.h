//===- CostModel.h - what a kernel costs, as the report states it ---------===//
//
// The estimates --report prints beside the decisions: the bytes a kernel must
// move per domain point (the floor the benchmarks compare against), and the
// shared memory its launcher requests for the reduction scratch, which the
// ptxas lines add to the static amount for the occupancy.
//
//===----------------------------------------------------------------------===//
#ifndef STENCILC_CODEGEN_REPORT_COSTMODEL_H
#define STENCILC_CODEGEN_REPORT_COSTMODEL_H

#include "codegen/IR.h"

namespace stencilc {

/// Bytes a kernel must move per domain point: each grid it reads once, each
/// grid it writes once (the floor the benchmarks compare against).
int bytesPerPoint(const ir::Kernel &K);

/// Shared memory the generated launcher requests at launch (the dynamic
/// amount) for the reduction scratch: one slot of the widest device
/// accumulator per thread (block tree) or per warp (warp shuffles). This
/// mirrors the launcher codegen/cuda/Launcher.cpp writes (reductionSmem).
int reductionScratchBytes(const ir::Kernel &K);

/// Threads in one block of K's schedule.
int threadsPerBlock(const ir::Kernel &K);

} // namespace stencilc

#endif
