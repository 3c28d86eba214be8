// stencil/histogram_model.hpp - which lowering of `h[i] += e` runs at a launch.
//
// The bin count is known only at launch, so the generated launcher asks this
// model, and `stencilc --report` prints the ranges it gives for the target,
// from the same function. Plain C++ (no CUDA): unit-tested on the host.
//
// Derived from measurements on H100 (bench/proto/NOTES.md, 10^7 doubles
// uniform in [0,1), bins 1..10^7, int and double counters):
// - When the bins fit in one block's shared memory, per-block private bins
//   flushed with one atomic per non-zero bin win at every bin count measured:
//   int 0.035-0.057 ms vs plain atomics 7.3-0.25 ms; double 0.041-0.075 ms vs
//   17.6-0.19 ms.
// - Inside shared memory, float counters at very few bins (<= 32) still
//   serialise on one shared address: aggregating the warp first (one
//   __match_any_sync leader per bin) takes 1 bin from 1.33 to 0.041 ms and 10
//   bins from 0.181 to 0.048 ms, but costs more from 100 bins on (0.093 vs
//   0.071 ms). Integer shared atomics are fast enough alone (0.035 vs 0.037).
// - When the bins do not fit (here above 58K int / 29K double counters),
//   contention is already low: plain atomics (0.13-0.55 ms) are never slower
//   than warp aggregation (0.14-0.55 ms), which only pays under contention.
#ifndef STENCIL_HISTOGRAM_MODEL_HPP
#define STENCIL_HISTOGRAM_MODEL_HPP

#include <cstdint>

namespace stencil {

/// The lowerings; values match stencilc::ir::HistogramLowering.
enum class HistogramLowering : int {
  Auto = 0,
  PlainAtomic = 1,
  WarpAggregated = 2,
  SharedPrivatized = 3,
  SharedWarpAggregated = 4
};

inline const char *histogramLoweringName(HistogramLowering L) {
  switch (L) {
  case HistogramLowering::Auto: return "auto";
  case HistogramLowering::PlainAtomic: return "plain-atomic";
  case HistogramLowering::WarpAggregated: return "warp-aggregated";
  case HistogramLowering::SharedPrivatized: return "shared-privatized";
  case HistogramLowering::SharedWarpAggregated: return "shared-warp-aggregated";
  }
  return "?";
}

/// Shared memory a privatised launch may use per block: the opt-in limit
/// less what the kernel's reductions and the runtime keep for themselves.
constexpr int64_t histogramSharedReserve = 1024;

/// Bins at or below which float counters aggregate the warp before the
/// shared-memory atomic (measured crossover between 10 and 100 bins).
constexpr int64_t histogramWarpAggregateMaxBins = 32;

/// The lowering for a launch with Bins counters of CounterBytes each on a
/// device whose blocks may use SharedBytesPerBlock of shared memory.
inline HistogramLowering chooseHistogramLowering(int64_t Bins, int CounterBytes,
                                                 bool FloatCounter,
                                                 int64_t SharedBytesPerBlock) {
  bool Fits = Bins > 0 && Bins * CounterBytes <=
                              SharedBytesPerBlock - histogramSharedReserve;
  if (!Fits)
    return HistogramLowering::PlainAtomic;
  if (FloatCounter && Bins <= histogramWarpAggregateMaxBins)
    return HistogramLowering::SharedWarpAggregated;
  return HistogramLowering::SharedPrivatized;
}

/// Largest bin count that still fits in shared memory (for --report).
inline int64_t histogramSharedMaxBins(int CounterBytes, int64_t SharedBytesPerBlock) {
  return (SharedBytesPerBlock - histogramSharedReserve) / CounterBytes;
}

} // namespace stencil

#endif // STENCIL_HISTOGRAM_MODEL_HPP
