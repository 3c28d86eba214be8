//===- Footprint.h - which offsets each grid is read at -------------------===//
//
// Collects every grid read of a kernel body (all branches: the footprint is
// static) into per-grid offset sets and extremes, and the kernel's default
// domain: the interior box where every read stays in bounds. The driver runs
// it before the passes and again after each one; passes and the emitter read
// ir::Kernel::Foot.
//
//===----------------------------------------------------------------------===//
#ifndef STENCILC_CODEGEN_FOOTPRINT_H
#define STENCILC_CODEGEN_FOOTPRINT_H

#include "codegen/IR.h"

namespace stencilc::ir {

Footprint computeFootprint(const Kernel &K);

} // namespace stencilc::ir

#endif
