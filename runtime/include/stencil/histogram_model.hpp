// stencil/histogram_model.hpp - which lowering of `h[i] += e` runs at a launch.
//
// The bin count is known only at launch, so the generated launcher asks this
// model, and `stencilc --report` prints the ranges it gives for the target,
// from the same function. Plain C++ (no CUDA): unit-tested on the host.
//
// The rules, each measured on H100
// (docs/passes/lower-histograms.md#measurements):
// - When the bins fit in one block's shared memory, per-block private bins
//   flushed with one atomic per non-zero bin win at every bin count measured,
//   for int and double counters.
// - Inside shared memory, float counters at very few bins (<= 32) still
//   serialise on one shared address: aggregating the warp first (one
//   __match_any_sync leader per bin) pays there, but costs more from 100 bins
//   on. Integer shared atomics are fast enough alone.
// - When the bins do not fit, contention is already low: plain atomics are
//   never slower than warp aggregation, which only pays under contention.
#ifndef STENCIL_HISTOGRAM_MODEL_HPP
#define STENCIL_HISTOGRAM_MODEL_HPP

#include <cstdint>
#include <initializer_list>

// The few helpers that device code calls too.
#if defined(__CUDACC__)
#define STENCIL_HOST_DEVICE __host__ __device__
#else
#define STENCIL_HOST_DEVICE
#endif

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
  case HistogramLowering::Auto:
    return "auto";
  case HistogramLowering::PlainAtomic:
    return "plain-atomic";
  case HistogramLowering::WarpAggregated:
    return "warp-aggregated";
  case HistogramLowering::SharedPrivatized:
    return "shared-privatized";
  case HistogramLowering::SharedWarpAggregated:
    return "shared-warp-aggregated";
  }
  return "?";
}

/// Shared memory a privatised launch may use per block: the opt-in limit
/// less what the kernel's reductions and the runtime keep for themselves.
constexpr int64_t histogramSharedReserve = 1024;

/// Bins at or below which float counters aggregate the warp before the
/// shared-memory atomic (the measured crossover lies between 10 and 100 bins:
/// docs/passes/lower-histograms.md#measurements).
constexpr int64_t histogramWarpAggregateMaxBins = 32;

/// Or'ed into a kernel's lowering template argument on launches that count
/// their bounded int64 histograms in 32-bit private counters
/// (HistogramTarget, narrowCountersFit).
constexpr int HistogramNarrowCounters = 8;

/// The lowering of a kernel's template argument.
STENCIL_HOST_DEVICE constexpr HistogramLowering histogramLoweringOf(int L) {
  return HistogramLowering(L & ~HistogramNarrowCounters);
}

/// Whether a launch over Points points may count its int64 histograms in
/// 32-bit private counters: each point adds at most Bound in magnitude to a
/// histogram (stencilc's `narrow` bound, from the values the spec adds), so
/// no block's private count can pass Points x Bound, which must stay below
/// 2^31 for every such histogram. Then the 32-bit counts are exact and their
/// flush adds them to the int64 bins as the 64-bit ones would.
inline bool narrowCountersFit(int64_t Points,
                              std::initializer_list<int64_t> Bounds) {
  for (int64_t Bound : Bounds)
    if (Bound <= 0 || Points > int64_t(0x7fffffff) / Bound)
      return false;
  return true;
}

/// One histogram of a launch: its bin count and counter type.
struct HistogramShape {
  int64_t Bins;
  int CounterBytes;
  bool FloatCounter;
};

/// Bytes of one private copy in shared memory, rounded up to 8 so that the
/// next histogram of the kernel stays aligned for 8-byte counters.
STENCIL_HOST_DEVICE constexpr int64_t
histogramSharedBytes(const HistogramShape &S) {
  return (S.Bins * S.CounterBytes + 7) / 8 * 8;
}

/// The lowering for a launch whose histograms are Shapes[0..Count) on a
/// device whose blocks may use SharedBytesPerBlock of shared memory. All
/// histograms of a kernel share one lowering: private copies of all of them
/// must fit in one block's shared memory together. Warp aggregation inside
/// shared memory is chosen when any float histogram has few bins: without it
/// such a histogram is many times slower, with it an integer one beside it
/// loses far less (measured: docs/passes/lower-histograms.md#measurements).
inline HistogramLowering chooseHistogramLowering(const HistogramShape *Shapes,
                                                 int Count,
                                                 int64_t SharedBytesPerBlock) {
  int64_t Bytes = 0;
  bool AnyBins = false, FewFloatBins = false;
  for (int I = 0; I < Count; ++I) {
    const HistogramShape &S = Shapes[I];
    if (S.Bins <= 0)
      continue;
    AnyBins = true;
    Bytes += histogramSharedBytes(S);
    FewFloatBins |= S.FloatCounter && S.Bins <= histogramWarpAggregateMaxBins;
  }
  if (!AnyBins || Bytes > SharedBytesPerBlock - histogramSharedReserve)
    return HistogramLowering::PlainAtomic;
  return FewFloatBins ? HistogramLowering::SharedWarpAggregated
                      : HistogramLowering::SharedPrivatized;
}

/// The lowering for a launch with one histogram of Bins counters of
/// CounterBytes each on a device whose blocks may use SharedBytesPerBlock of
/// shared memory.
inline HistogramLowering chooseHistogramLowering(int64_t Bins, int CounterBytes,
                                                 bool FloatCounter,
                                                 int64_t SharedBytesPerBlock) {
  const HistogramShape S{Bins, CounterBytes, FloatCounter};
  return chooseHistogramLowering(&S, 1, SharedBytesPerBlock);
}

/// Threads per block of a privatised launch whose options name no block.
/// Each block clears and flushes every bin and the grid is persistent, so
/// bigger blocks mean fewer passes over the bins; but float shared atomics
/// on few bins contend within the block (measured:
/// docs/passes/lower-histograms.md#measurements).
inline int histogramPrivatizedBlockThreads(const HistogramShape *Shapes,
                                           int Count) {
  int64_t MaxBins = 0;
  bool FloatCounter = false;
  for (int I = 0; I < Count; ++I) {
    MaxBins = Shapes[I].Bins > MaxBins ? Shapes[I].Bins : MaxBins;
    FloatCounter |= Shapes[I].FloatCounter;
  }
  if (MaxBins >= 1000)
    return 1024;
  return FloatCounter ? 256 : 512;
}

/// Fewest threads per SM a privatised launch must keep resident for the
/// model to choose it: with blocks forced small and bins large, shared
/// memory caps the blocks per SM and too few loads are in flight; 256
/// resident threads lost to plain atomics, 640 won (measured:
/// docs/passes/lower-histograms.md#measurements).
constexpr int histogramPrivatizedMinResidentThreads = 512;

/// Largest bin count that still fits in shared memory (for --report).
inline int64_t histogramSharedMaxBins(int CounterBytes,
                                      int64_t SharedBytesPerBlock) {
  return (SharedBytesPerBlock - histogramSharedReserve) / 8 * 8 / CounterBytes;
}

/// Whether a lowering keeps private bins in shared memory.
STENCIL_HOST_DEVICE constexpr bool
isSharedHistogramLowering(HistogramLowering L) {
  return L == HistogramLowering::SharedPrivatized ||
         L == HistogramLowering::SharedWarpAggregated;
}

/// Shared memory a block may opt into on sm_XY (SmVersion = 10X + Y), from
/// the CUDA C Programming Guide's table of per-compute-capability limits.
/// The launcher asks the device itself; `--report`, which has none, uses this.
inline int64_t sharedBytesPerBlockOptin(int SmVersion) {
  if (SmVersion >= 90)
    return 227 * 1024;
  if (SmVersion == 80 || SmVersion == 87)
    return 163 * 1024;
  if (SmVersion >= 86)
    return 99 * 1024;
  if (SmVersion >= 75)
    return 64 * 1024;
  if (SmVersion >= 70)
    return 96 * 1024;
  return 48 * 1024;
}

/// A run of bin counts [FirstBins, LastBins] that one lowering serves;
/// LastBins < 0 means "and above".
struct HistogramLoweringRange {
  int64_t FirstBins;
  int64_t LastBins;
  HistogramLowering Lowering;
};

/// The ranges chooseHistogramLowering gives one histogram, from 1 bin up
/// (for --report). Each lowering serves one contiguous run of bin counts,
/// so every boundary is found by doubling and bisection.
inline int histogramLoweringRanges(int CounterBytes, bool FloatCounter,
                                   int64_t SharedBytesPerBlock,
                                   HistogramLoweringRange *Out, int MaxRanges) {
  const int64_t Limit = int64_t(1) << 40;
  auto At = [&](int64_t Bins) {
    return chooseHistogramLowering(Bins, CounterBytes, FloatCounter,
                                   SharedBytesPerBlock);
  };
  int N = 0;
  for (int64_t First = 1; First <= Limit && N < MaxRanges;) {
    const HistogramLowering L = At(First);
    int64_t Same = First, Step = 1;
    while (Same + Step <= Limit && At(Same + Step) == L) {
      Same += Step;
      Step *= 2;
    }
    for (; Step > 0; Step /= 2)
      if (Same + Step <= Limit && At(Same + Step) == L)
        Same += Step;
    Out[N++] = {First, Same >= Limit ? -1 : Same, L};
    First = Same + 1;
  }
  return N;
}

} // namespace stencil

#endif // STENCIL_HISTOGRAM_MODEL_HPP
