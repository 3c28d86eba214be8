//===- TuneCacheReport.h - what an autotuning cache holds for a module ----===//
//
// `stencilc --report --tune-cache=FILE`: for each kernel, the shapes FILE
// (a cache written by launchers run with STENCIL_TUNE=1, stencil/detail/
// tune_cache.hpp) holds for this version of the kernel, one remark per device
// and extents class; entries of other versions (another IR hash) are named
// stale.
//
//===----------------------------------------------------------------------===//
#ifndef STENCILC_CODEGEN_REPORT_TUNECACHEREPORT_H
#define STENCILC_CODEGEN_REPORT_TUNECACHEREPORT_H

#include "codegen/IR.h"

#include <string>

namespace stencilc {

/// The remarks (after FILE's warnings) in Out; false, with Out untouched,
/// when FILE cannot be read (the driver's usage error).
bool reportTuneCache(const ir::Module &M, const std::string &File,
                     std::string &Out);

} // namespace stencilc

#endif
