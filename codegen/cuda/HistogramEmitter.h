//===- HistogramEmitter.h - CUDA for Histogram<T> updates -----------------===//
//
// The pieces of a kernel with histograms that CudaEmitter asks for: such a
// kernel is a template over its lowering (stencil::HistogramLowering), each
// histogram a stencil::detail::HistogramTarget (runtime/include/stencil/
// histogram.hpp) that clears and flushes its shared-memory copy in the
// privatised lowerings and is a plain pointer otherwise. The launcher asks
// the runtime which lowering runs (forced by LaunchOptions, compiled in, or
// chosen by stencil/histogram_model.hpp from the bin counts) and launches
// that instantiation; privatised launches get a persistent grid.
//
// All histograms of a kernel share one lowering and one dynamic shared
// memory area, laid out one after another; the block reductions reuse the
// same area after the flush.
//
//===----------------------------------------------------------------------===//
#ifndef STENCILC_CODEGEN_CUDA_HISTOGRAMEMITTER_H
#define STENCILC_CODEGEN_CUDA_HISTOGRAMEMITTER_H

#include "codegen/IR.h"

#include <functional>
#include <string>

namespace stencilc {

/// The kernel's template parameter: the lowering, a stencil::HistogramLowering
/// value.
extern const char *const HistogramLoweringParam;

/// `template <int ...>` before the kernel's signature ("" without histograms).
std::string histogramKernelTemplate(const ir::Kernel &K);

/// The kernel's first statements: one target per histogram, cleared.
std::string histogramKernelBegin(const ir::Kernel &K);

/// After the point loops: the flush (and a barrier when block reductions
/// reuse the shared memory).
std::string histogramKernelEnd(const ir::Kernel &K, bool ReductionsFollow);

/// Whether E has one value for the whole launch: it reads no grid, no
/// coordinate and no local (the warp-aggregated lowerings then count lanes
/// instead of summing their values).
bool isLaunchUniform(const ir::Expr &E);

/// `h[Index] += Value;` for S (Index is int64_t, Value the counter type).
/// Uniform: Value is the same in every thread (a constant or a parameter).
std::string histogramUpdate(const ir::Stmt &S, const std::string &Index,
                            const std::string &Value, bool Uniform);

/// The launcher's choice of lowering, before the launch.
std::string histogramLauncherChoice(const ir::Kernel &K,
                                    const std::string &Opts);

/// Text that launches the kernel with the chosen lowering, inside the
/// launcher's `if (!domain_.empty())`. Args are the kernel's arguments;
/// ReductionSmem(block) the bytes the block reductions need for a block.
std::string histogramLaunch(
    const ir::Kernel &K, const std::string &KernelName, const std::string &Args,
    const std::string &Opts,
    const std::function<std::string(const std::string &)> &ReductionSmem);

} // namespace stencilc

#endif
