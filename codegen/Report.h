//===- Report.h - the --report text ---------------------------------------===//
//
// One line per decision, in the spirit of PGI's -Minfo=accel, each with the
// spec location it is about:
//
//   spec.cpp:7:3: remark: helmholtz_sweep: [hoist-division] division by 'b' ...
//
// Pass remarks come first (in pipeline order), then a summary per kernel:
// domain and launch shape, reduction strategy, and the estimated bytes moved
// per point when every grid is read once (the bandwidth floor's numerator).
//
//===----------------------------------------------------------------------===//
#ifndef STENCILC_CODEGEN_REPORT_H
#define STENCILC_CODEGEN_REPORT_H

#include "codegen/IR.h"

#include <string>

namespace stencilc {

/// Bytes a kernel must move per domain point: each grid it reads once, each
/// grid it writes once (the floor the benchmarks compare against).
int bytesPerPoint(const ir::Kernel &K);

std::string reportModule(const ir::Module &M);

} // namespace stencilc

#endif
