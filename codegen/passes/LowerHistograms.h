//===- LowerHistograms.h - histogram lowering chosen per launch -----------===//
//
// `lower-histograms` lets each launch of a kernel with Histogram<T> updates
// (`h[i] += e`) pick its lowering: plain atomics, warp-aggregated atomics,
// or a private copy per block in shared memory (with or without warp
// aggregation inside), from the bin counts, counter types and the device's
// shared memory, by the model in runtime/include/stencil/histogram_model.hpp
// (measured: docs/passes/lower-histograms.md#measurements). The bin count is
// a buffer size, known only at launch, so the pass records Auto and the
// emitted launcher asks the model; it remarks, per histogram, which lowering
// serves which bin range on the target (--arch), from the same model
// function.
// Without it (-O0 or --disable-pass) every launch uses plain atomics.
// LaunchOptions::HistogramLowering forces a lowering either way.
//
// Kernels with several histograms get one lowering for all of them: the
// private copies must fit in one block's shared memory together.
//
//===----------------------------------------------------------------------===//
#ifndef STENCILC_CODEGEN_PASSES_LOWERHISTOGRAMS_H
#define STENCILC_CODEGEN_PASSES_LOWERHISTOGRAMS_H

#include "codegen/Pass.h"

namespace stencilc {
std::unique_ptr<Pass> createLowerHistogramsPass();
} // namespace stencilc

#endif
