// stencil/histogram.hpp - the lowerings of `h[i] += e` (Histogram<T>) that
// generated kernels instantiate, and the launcher's choice among them.
//
// A kernel with histograms is a template over its lowering
// (stencil::HistogramLowering); the launcher instantiates all four and picks
// one per launch: LaunchOptions::HistogramLowering when set, else the one
// stencilc compiled in when it is not Auto (-O0: plain atomics), else
// chooseHistogramLowering (histogram_model.hpp) from the bin counts, counter
// types and this device's shared memory.
//
// Device side, per histogram, a HistogramTarget<L, T>:
//   plain-atomic            one global atomic per update
//   warp-aggregated         lanes with the same bin (__match_any_sync) sum
//                           their values; the lowest lane adds the sum
//   shared-privatized       a private copy per block in dynamic shared
//                           memory, shared atomics, then one global atomic
//                           per non-zero bin
//   shared-warp-aggregated  the same with the warp combined first
// Every lowering checks the bin first: a bin outside [0, size) adds nothing
// and records a fault the launcher turns into stencil::Error.
//
// Privatised launches run a persistent grid (the blocks resident at once):
// each block clears and flushes every bin, so extra blocks only add passes
// over the bins.
#ifndef STENCIL_HISTOGRAM_HPP
#define STENCIL_HISTOGRAM_HPP

#include <stencil/histogram_model.hpp>
#include <stencil/runtime.hpp>

#include <initializer_list>
#include <map>
#include <mutex>
#include <string>
#include <tuple>
#include <type_traits>

namespace stencil {
namespace detail {

//===----------------------------------------------------------------------===//
// Host side: the per-launch choice and the privatised launch shape
//===----------------------------------------------------------------------===//

/// The counter types that narrow counters stand for (int is 32-bit itself).
template <class T>
inline constexpr bool narrowCounterElement =
    std::is_same_v<T, int64_t> || std::is_same_v<T, float> ||
    std::is_same_v<T, double>;

template <class T> HistogramShape histogramShape(const Grid<T, 1> &H) {
  return {H.size(), int(sizeof(T)), std::is_floating_point<T>::value};
}

/// The same for an int64, float or double histogram that this launch counts
/// in 32-bit integer private counters when Narrow (narrowCountersFit): the
/// model sees integer counters.
template <class T>
HistogramShape histogramShape(const Grid<T, 1> &H, bool Narrow) {
  HistogramShape S = histogramShape(H);
  if (Narrow && narrowCounterElement<T>) {
    S.CounterBytes = 4;
    S.FloatCounter = false;
  }
  return S;
}

/// The points of a launch's domain.
template <int R> int64_t domainPoints(const Domain<R> &Dom) {
  int64_t N = 1;
  for (int D = 0; D < R; ++D)
    N *= Dom.Hi[D] > Dom.Lo[D] ? Dom.Hi[D] - Dom.Lo[D] : 0;
  return N;
}

/// Shared memory the kernel Fn may use dynamically per block on this device:
/// the opt-in limit less its static shared memory. Raises Fn's limit to it
/// (once per kernel and device).
inline int64_t histogramSharedLimit(const char *Kernel, const void *Fn) {
  static std::mutex M;
  static std::map<std::pair<const void *, int>, int64_t> Cache;
  int Dev = 0;
  STENCIL_CUDA_CHECK(cudaGetDevice(&Dev), Kernel);
  std::lock_guard<std::mutex> Lock(M);
  auto It = Cache.find({Fn, Dev});
  if (It != Cache.end())
    return It->second;
  cudaFuncAttributes A;
  STENCIL_CUDA_CHECK(cudaFuncGetAttributes(&A, Fn), Kernel);
  int64_t Limit =
      int64_t(deviceProps().SharedPerBlockOptin) - int64_t(A.sharedSizeBytes);
  STENCIL_CUDA_CHECK(
      cudaFuncSetAttribute(Fn, cudaFuncAttributeMaxDynamicSharedMemorySize,
                           int(Limit)),
      Kernel);
  return Cache.emplace(std::make_pair(Fn, Dev), Limit).first->second;
}

/// Blocks of Fn resident per SM with this many threads and bytes of
/// dynamic shared memory (cached per kernel, device, threads and bytes).
inline int residentBlocksPerSm(const char *Kernel, const void *Fn,
                               unsigned Threads, size_t SmemBytes) {
  static std::mutex M;
  static std::map<std::tuple<const void *, int, unsigned, size_t>, int> Cache;
  (void)histogramSharedLimit(Kernel, Fn);
  int Dev = 0;
  STENCIL_CUDA_CHECK(cudaGetDevice(&Dev), Kernel);
  std::lock_guard<std::mutex> Lock(M);
  auto Key = std::make_tuple(Fn, Dev, Threads, SmemBytes);
  auto It = Cache.find(Key);
  if (It != Cache.end())
    return It->second;
  int PerSm = 0;
  STENCIL_CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(
                         &PerSm, Fn, int(Threads), SmemBytes),
                     Kernel);
  return Cache.emplace(Key, PerSm).first->second;
}

/// Total dynamic shared memory of a privatised launch.
inline size_t
histogramSharedTotal(std::initializer_list<HistogramShape> Shapes) {
  int64_t Bytes = 0;
  for (const HistogramShape &S : Shapes)
    Bytes += histogramSharedBytes(S);
  return size_t(Bytes);
}

/// The lowering of this launch (see the top of this file). SharedFn is the
/// privatised instantiation and SharedBlock the block it would run with.
/// The model's privatised choice falls back to plain atomics when too few
/// threads stay resident per SM. Throws for an unknown lowering and for a
/// forced shared lowering whose bins do not fit.
inline HistogramLowering
histogramLaunchLowering(const char *Kernel, const LaunchOptions &Opts,
                        HistogramLowering Compiled,
                        std::initializer_list<HistogramShape> Shapes,
                        const void *SharedFn, dim3 SharedBlock) {
  const int Forced = static_cast<int>(Opts.HistogramLowering);
  if (Forced < 0 ||
      Forced > static_cast<int>(HistogramLowering::SharedWarpAggregated))
    throw Error(Kernel, "unknown histogram lowering " + std::to_string(Forced));
  HistogramLowering L = Forced ? Opts.HistogramLowering : Compiled;
  if (L != HistogramLowering::Auto && !isSharedHistogramLowering(L))
    return L;
  const int64_t Limit = histogramSharedLimit(Kernel, SharedFn);
  if (L == HistogramLowering::Auto) {
    L = chooseHistogramLowering(Shapes.begin(), int(Shapes.size()),
                                Limit + histogramSharedReserve);
    if (!isSharedHistogramLowering(L))
      return L;
    const unsigned Threads = threadsPerBlock(SharedBlock);
    const int PerSm = residentBlocksPerSm(Kernel, SharedFn, Threads,
                                          histogramSharedTotal(Shapes));
    return int64_t(PerSm) * Threads >= histogramPrivatizedMinResidentThreads
               ? L
               : HistogramLowering::PlainAtomic;
  }
  int64_t Bytes = 0;
  for (const HistogramShape &S : Shapes)
    Bytes += histogramSharedBytes(S);
  if (Bytes > Limit)
    throw Error(Kernel, std::string("histogram lowering ") +
                            histogramLoweringName(L) + " needs " +
                            std::to_string(Bytes) +
                            " bytes of shared memory per block; this device "
                            "allows " +
                            std::to_string(Limit));
  return L;
}

/// The block of a privatised launch: the options' or compiled shape, except
/// that a rank-1 kernel without a block in its options gets the model's
/// (histogramPrivatizedBlockThreads).
template <int R>
dim3 histogramPrivatizedBlock(dim3 Block, const LaunchOptions &Opts,
                              std::initializer_list<HistogramShape> Shapes) {
  if (R != 1 || Opts.Block[0] > 0)
    return Block;
  return dim3(unsigned(histogramPrivatizedBlockThreads(Shapes.begin(),
                                                       int(Shapes.size()))),
              1, 1);
}

/// Caps Grid at the blocks of Fn resident at once with this block and
/// dynamic shared memory (SMs x blocks per SM), shrinking x first.
inline dim3 persistentGrid(const char *Kernel, const void *Fn, dim3 Grid,
                           dim3 Block, size_t SmemBytes) {
  const unsigned Threads = threadsPerBlock(Block);
  const int PerSm = residentBlocksPerSm(Kernel, Fn, Threads, SmemBytes);
  if (PerSm < 1)
    throw Error(Kernel, "a block of " + std::to_string(Threads) +
                            " threads with " + std::to_string(SmemBytes) +
                            " bytes of shared memory does not fit on an SM");
  const int64_t Resident = int64_t(PerSm) * deviceProps().SmCount;
  int64_t G[3] = {Grid.x, Grid.y, Grid.z};
  for (int D = 0; D < 3; ++D) {
    int64_t Others = 1;
    for (int E = 0; E < 3; ++E)
      Others *= E == D ? 1 : G[E];
    G[D] = std::max<int64_t>(
        1, std::min(G[D], Resident / std::max<int64_t>(Others, 1)));
  }
  return dim3(unsigned(G[0]), unsigned(G[1]), unsigned(G[2]));
}

//===----------------------------------------------------------------------===//
// Device side
//===----------------------------------------------------------------------===//

#ifdef __CUDACC__

__device__ inline void recordHistogramFault(HistogramFault *Fault,
                                            int64_t Bin) {
  if (atomicExch(&Fault->Flag, 1) == 0)
    Fault->Bin = Bin;
}

/// Bin in [0, Size) (Size >= 0) as one unsigned compare: a negative Bin
/// reads as 2^64 + Bin, above any size.
__device__ inline bool binInRange(int64_t Bin, int64_t Size) {
  return static_cast<uint64_t>(Bin) < static_cast<uint64_t>(Size);
}

__device__ inline unsigned laneId() {
  unsigned Lane;
  asm("mov.u32 %0, %%laneid;" : "=r"(Lane));
  return Lane;
}

/// Bin += V with the lanes of the warp that add to the same bin combined
/// first: the lowest of them adds their sum through Add(Bin, Sum). Uniform
/// says V is the same in every lane (a constant in the spec), so the sum is V
/// times the number of lanes. Lanes with a bin outside [0, Size) form one
/// group whose leader records the fault.
template <bool Uniform, class T, class Adder>
__device__ void warpAggregatedAdd(int64_t Size, HistogramFault *Fault,
                                  int64_t Bin, T V, const Adder &Add) {
  const unsigned Active = __activemask();
  const bool InRange = binInRange(Bin, Size);
  // Bins below 2^31 (every histogram that fits in memory as int counters)
  // match on 32 bits.
  const unsigned Peers =
      Size <= 0x7fffffff
          ? __match_any_sync(Active, InRange ? int(Bin) : -1)
          : __match_any_sync(Active, InRange ? (long long)Bin : -1ll);
  const unsigned Leader = __ffs(Peers) - 1;
  T Sum;
  if constexpr (Uniform) {
    Sum = V * T(__popc(Peers));
  } else {
    Sum = T(0);
    for (unsigned Rest = Peers; Rest; Rest &= Rest - 1)
      Sum += __shfl_sync(Peers, V, __ffs(Rest) - 1);
  }
  if (laneId() != Leader)
    return;
  if (!InRange) {
    recordHistogramFault(Fault, Bin);
    return;
  }
  Add(Bin, Sum);
}

/// Bin += V through Add(Bin, V), one atomic per update, with the bounds
/// check.
template <class T, class Adder>
__device__ inline void checkedAdd(int64_t Size, HistogramFault *Fault,
                                  int64_t Bin, T V, const Adder &Add) {
  if (binInRange(Bin, Size)) {
    Add(Bin, V);
    return;
  }
  recordHistogramFault(Fault, Bin);
}

/// Barrier of the privatised lowerings (every thread of the block reaches
/// the kernel's end: the generated loops never return early).
template <int L> __device__ inline void histogramBarrier() {
  if constexpr (isSharedHistogramLowering(histogramLoweringOf(L)))
    __syncthreads();
}

/// One histogram of a kernel launched with lowering L (a HistogramLowering,
/// with HistogramNarrowCounters set on launches that count the histograms
/// stencilc found bounded, NarrowEligible, in 32-bit private counters).
template <int L, class T, bool NarrowEligible = false> class HistogramTarget {
  static constexpr HistogramLowering Lowering = histogramLoweringOf(L);
  static constexpr bool Shared = isSharedHistogramLowering(Lowering);
  /// An int64, float or double histogram counted in 32-bit integers in
  /// shared memory: one atomic add per update (key_hist 0.505 -> 0.451 ms,
  /// H100; a float or double add in shared memory is a compare-and-swap
  /// loop). Every update adds an integer (stencilc proved it), so the
  /// counters hold exactly what counters of T would.
  static constexpr bool Narrow = Shared && NarrowEligible &&
                                 (L & HistogramNarrowCounters) != 0 &&
                                 narrowCounterElement<T>;
  /// int64 counters in shared memory are added as their two 32-bit words
  /// (atomicAddWords): the SM adds 32-bit words in one atomic where a 64-bit
  /// add is a compare-and-swap loop. (Laying out the low words of all bins
  /// first, then the high ones, so that bin B's low word sits in bank B mod
  /// 32 rather than only even banks, measured the same on key_hist: 0.5378
  /// against 0.5398 ms, H100 2026-11-26.)
  static constexpr bool WordAtomics =
      Shared && std::is_same_v<T, int64_t> && !Narrow;

public:
  /// Smem is the kernel's dynamic shared memory; this histogram's private
  /// copy starts SmemOffset bytes into it.
  __device__ HistogramTarget(T *Global, int64_t Size, HistogramFault *Fault,
                             void *Smem, int64_t SmemOffset)
      : Global(Global), Size(Size), Fault(Fault),
        Local(reinterpret_cast<T *>(static_cast<char *>(Smem) + SmemOffset)),
        End(SmemOffset + ::stencil::histogramSharedBytes(HistogramShape{
                             Size, Narrow ? 4 : int(sizeof(T)), false})) {}

  /// Where the next histogram's private copy starts.
  __device__ int64_t sharedEnd() const { return Shared ? End : 0; }

  /// Zeroes the private copy (then histogramBarrier before any add).
  __device__ void clear() {
    if constexpr (Shared)
      for (int64_t B = flatThreadIndex(); B < Size; B += threadsInBlock()) {
        if constexpr (Narrow)
          narrowLocal()[B] = 0;
        else
          Local[B] = T(0);
      }
  }

  template <bool Uniform> __device__ void add(int64_t Bin, T V) {
    auto ToGlobal = [this](int64_t B, T X) { atomicAddValue(Global + B, X); };
    auto ToShared = [this](int64_t B, T X) { addShared(B, X); };
    switch (Lowering) {
    case HistogramLowering::Auto:
    case HistogramLowering::PlainAtomic:
      return checkedAdd(Size, Fault, Bin, V, ToGlobal);
    case HistogramLowering::WarpAggregated:
      return warpAggregatedAdd<Uniform>(Size, Fault, Bin, V, ToGlobal);
    case HistogramLowering::SharedPrivatized:
      return checkedAdd(Size, Fault, Bin, V, ToShared);
    case HistogramLowering::SharedWarpAggregated:
      return warpAggregatedAdd<Uniform>(Size, Fault, Bin, V, ToShared);
    }
  }

  /// Adds the private copy's non-zero bins to the global histogram (after
  /// histogramBarrier; another histogramBarrier before the shared memory is
  /// reused).
  __device__ void flush() {
    if constexpr (Shared)
      for (int64_t B = flatThreadIndex(); B < Size; B += threadsInBlock()) {
        const T V = Narrow ? T(narrowLocal()[B]) : Local[B];
        if (V != T(0))
          atomicAddValue(Global + B, V);
      }
  }

private:
  /// Local[B] += X (every thread of the block may add at once). An int64's
  /// low word comes first (little-endian), so flush reads it back whole.
  __device__ void addShared(int64_t B, T X) const {
    if constexpr (Narrow) {
      // X is an integer of magnitude at most the launch's points times the
      // bound (< 2^31): its conversion is exact.
      atomicAdd(narrowLocal() + B, int(X));
    } else if constexpr (WordAtomics) {
      unsigned *Low = reinterpret_cast<unsigned *>(Local + B);
      atomicAddWords(Low, Low + 1, X);
    } else {
      atomicAddValue(Local + B, X);
    }
  }

  /// The private copy as 32-bit counters (Narrow).
  __device__ int *narrowLocal() const { return reinterpret_cast<int *>(Local); }

  __device__ static unsigned threadsInBlock() {
    return blockDim.x * blockDim.y * blockDim.z;
  }

  T *Global;
  int64_t Size;
  HistogramFault *Fault;
  T *Local;
  int64_t End;
};

#endif // __CUDACC__

} // namespace detail
} // namespace stencil

#endif // STENCIL_HISTOGRAM_HPP
