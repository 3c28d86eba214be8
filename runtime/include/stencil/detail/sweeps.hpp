// stencil/detail/sweeps.hpp - the ping-pong bookkeeping of the multi-sweep
// launchers that fuse-sweeps gives a kernel (NAME_sweeps, NAME_until;
// docs/passes/fuse-sweeps.md).
//
// The unfused loop these launchers stand for is
//   for (t = 1; t <= n; ++t) { KERNEL(state, ..., next, ...); swap(state,
//   next); }
// A sweep writes only the domain (the interior) of `next`; the points
// outside it, the ring, are never written, so each buffer keeps its ring for
// the whole loop, and sweep t reads the ring of the buffer `state` started
// in when t is odd and of the one `next` started in when t is even.
//
// A fused launch of k sweeps reads one buffer and writes the other, as one
// sweep does, so after a batch the buffers hold what k sweeps would have
// left only when k is odd. PingPong tracks where the newest state is and
// whose ring each sweep reads; finish() then hands the grids back as the
// loop would: `state` the newest state, `next` the one before (the last
// launch writes both, from a scratch grid, or is a single sweep: sweepPlan),
// each with the ring the loop leaves it.
//
// Internal: for the code stencilc generates, not for programs.
#ifndef STENCIL_DETAIL_SWEEPS_HPP
#define STENCIL_DETAIL_SWEEPS_HPP

#include <stencil/detail/accumulators.hpp>
#include <stencil/detail/launch.hpp>
#include <stencil/detail/per_device.hpp>
#include <stencil/detail/result_ring.hpp>
#include <stencil/detail/tune_cache.hpp>
#include <stencil/device_grid.hpp>
#include <stencil/error.hpp>
#include <stencil/stop_rule.hpp>

#include <cuda_runtime.h>
#ifdef __CUDACC__
#include <cooperative_groups.h>
#endif

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <deque>
#include <functional>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace stencil {
namespace detail {

/// The deepest fusion a multi-sweep launcher instantiates
/// (LaunchOptions::SweepDepth up to this).
constexpr int MaxSweepDepth = 4;
static_assert(MaxSweepDepth == MaxTunedSweepDepth,
              "the tuning cache's depths are the launchers'");

/// An unfused NAME_sweeps queues every sweep and reads each sweep's results
/// this many launches later, so that the GPU never waits for the host
/// between sweeps; half the result ring, so that no result is read after its
/// entry was reused (ResultRing). Measured on Himeno XS-M:
/// bench/proto/launch_bound.cu.
constexpr std::size_t SweepsInFlight = ResultRingSize / 2;

/// n sweeps as launches of at most Depth sweeps each, in order; the last
/// launch is a single sweep, so that the grid not holding the result holds
/// the sweep before it, as in the unfused loop. The plan without a scratch
/// grid (sweepPlan).
inline std::vector<int> sweepBatches(int Sweeps, int Depth) {
  std::vector<int> Batches;
  if (Sweeps <= 0)
    return Batches;
  Depth = std::max(1, std::min(Depth, MaxSweepDepth));
  for (int Left = Sweeps - 1; Left > 0; Left -= std::min(Left, Depth))
    Batches.push_back(std::min(Left, Depth));
  Batches.push_back(1);
  return Batches;
}

/// Where a launch of a multi-sweep call reads its input and writes its
/// output (sweepPlan).
enum class SweepRole : unsigned char {
  /// From the buffer holding the newest state into the other one.
  Plain,
  /// From the buffer holding the newest state into the scratch grid, which
  /// then holds the newest state; the launch before the last.
  ToScratch,
  /// From the scratch grid: the last sweep into the buffer a Plain launch
  /// would write, and the sweep before it (the launch's last level but one)
  /// into the buffer the ToScratch launch read, which nothing reads any
  /// more. The last launch.
  FromScratch,
};

/// One launch of a multi-sweep call: Steps sweeps, read and written as Role
/// says.
struct SweepBatch {
  int Steps = 0;
  SweepRole Role = SweepRole::Plain;
  bool operator==(const SweepBatch &O) const {
    return Steps == O.Steps && Role == O.Role;
  }
};

/// The launches sweepPlan makes of n sweeps with a scratch grid: ceil(n /
/// Depth), at least two.
inline int sweepPlanLaunches(int Sweeps, int Depth) {
  Depth = std::max(1, std::min(Depth, MaxSweepDepth));
  return std::max(2, (Sweeps + Depth - 1) / Depth);
}
/// Whether sweepPlan takes the scratch grid, given one: every launch runs at
/// least two sweeps.
inline bool sweepPlanUsesScratch(int Sweeps, int Depth) {
  return Sweeps >= 2 * sweepPlanLaunches(Sweeps, Depth);
}

/// The launches of n sweeps at depth Depth. After the loop `next` must hold
/// the sweep before the last, which a fused launch keeps only in shared
/// memory, and a launch cannot write its input (other blocks still read it:
/// tiles overlap). Without a scratch grid the last launch is therefore a
/// single sweep (sweepBatches), which costs about two fused sweeps (Jacobi
/// at depth 4) and is 2 of the 6 launches of 10 sweeps at depth 2 (Himeno).
/// With one the launch before the last writes the scratch grid, and the last
/// reads it and writes both of the last two sweeps into the two buffers, so
/// every launch is as deep as the count allows: ceil(n / Depth) launches (at
/// least two), the sweeps spread evenly, the deeper ones first. Taken where
/// every launch then runs at least two sweeps; otherwise, and where Scratch
/// is false, sweepBatches' launches, all Plain. Sweep t reads the same ring
/// either way (PingPong::ring: the ring is passed apart from the input).
inline std::vector<SweepBatch> sweepPlan(int Sweeps, int Depth, bool Scratch) {
  std::vector<SweepBatch> Plan;
  if (Scratch && sweepPlanUsesScratch(Sweeps, Depth)) {
    const int Launches = sweepPlanLaunches(Sweeps, Depth);
    const int Each = Sweeps / Launches, Deeper = Sweeps % Launches;
    for (int L = 0; L < Launches; ++L)
      Plan.push_back({Each + (L < Deeper ? 1 : 0),
                      L == Launches - 1   ? SweepRole::FromScratch
                      : L == Launches - 2 ? SweepRole::ToScratch
                                          : SweepRole::Plain});
    return Plan;
  }
  for (int Steps : sweepBatches(Sweeps, Depth))
    Plan.push_back({Steps, SweepRole::Plain});
  return Plan;
}

/// Where the newest state is, sweep by sweep (see the file comment).
template <class T> struct PingPong {
  T *A = nullptr;   ///< `state`'s buffer at the start (ring of odd sweeps)
  T *B = nullptr;   ///< `next`'s buffer at the start (ring of even sweeps)
  T *Cur = nullptr; ///< holds the newest state, unless InScratch
  T *Oth = nullptr; ///< the other buffer
  int Done = 0;     ///< sweeps run so far
  /// The scratch grid of sweepPlan's ToScratch and FromScratch launches
  /// (null: none), and whether it holds the newest state (after a ToScratch
  /// launch; Cur then holds the state that launch read).
  T *Scratch = nullptr;
  bool InScratch = false;

  PingPong(T *State, T *Next, T *Scratch = nullptr)
      : A(State), B(Next), Cur(State), Oth(Next), Scratch(Scratch) {}
  /// The buffer whose ring sweep Sweep (1 = the first of this call) reads.
  const T *ring(int Sweep) const { return Sweep % 2 ? A : B; }
  /// What launch L reads: the newest state.
  const T *input() const { return InScratch ? Scratch : Cur; }
  /// Where launch L writes its last sweep.
  T *output(const SweepBatch &L) const {
    return L.Role == SweepRole::ToScratch ? Scratch : Oth;
  }
  /// Where launch L writes the sweep before its last (FromScratch only).
  T *previous(const SweepBatch &L) const {
    return L.Role == SweepRole::FromScratch ? Cur : nullptr;
  }
  /// After launch L (from input() into output(L)).
  void advance(const SweepBatch &L) {
    Done += L.Steps;
    InScratch = L.Role == SweepRole::ToScratch;
    if (!InScratch)
      std::swap(Cur, Oth);
  }
  /// After a Plain launch of Steps sweeps from Cur into Oth.
  void advance(int Steps) { advance(SweepBatch{Steps, SweepRole::Plain}); }
  /// Back to the state before a Plain launch of Steps sweeps (its input is
  /// untouched: a launch writes only Oth).
  void undo(int Steps) {
    std::swap(Cur, Oth);
    Done -= Steps;
  }
};

/// The scratch grid of a fused multi-sweep call of Sweeps sweeps at depth
/// Depth (sweepPlan), Bytes of it, from the launcher's Buffer: null where
/// the plan would not take it, Option (LaunchOptions::SweepScratch) is 0,
/// or it is -1 and the device has not the memory. At -1 the environment's
/// STENCIL_SWEEP_SCRATCH (0 or 1), where set, decides instead: the same
/// binary with and without it, for measurements (bench/run).
template <class T>
T *sweepScratch(const char *Kernel, Scratch &Buffer, size_t Bytes, int Sweeps,
                int Depth, int Option) {
  if (Option < -1 || Option > 1)
    throw Error(Kernel, "SweepScratch " + std::to_string(Option) +
                            " is not -1 (where the memory allows), 0 or 1");
  if (const char *Env =
          Option < 0 ? std::getenv("STENCIL_SWEEP_SCRATCH") : nullptr) {
    const std::string V = Env;
    if (V != "0" && V != "1")
      throw Error(Kernel, "STENCIL_SWEEP_SCRATCH is '" + V +
                              "', not 0 or 1 (or unset: where the memory "
                              "allows)");
    Option = V == "1" ? 1 : 0;
  }
  if (Option == 0 || Bytes == 0 || !sweepPlanUsesScratch(Sweeps, Depth))
    return nullptr;
  return static_cast<T *>(Buffer.bytes(Kernel, Bytes, Option < 0));
}

/// The launches that replay Stopped sweeps of a launch whose stop fell
/// inside it, from its untouched input (Before, the state before it): from
/// the scratch grid the one FromScratch launch of those sweeps (at most the
/// launch's own), so that both buffers take their last two sweeps; else
/// sweepPlan's launches from Cur.
template <class T>
std::vector<SweepBatch> replayPlan(int Stopped, int Depth,
                                   const PingPong<T> &Before) {
  if (Before.InScratch)
    return {SweepBatch{Stopped, SweepRole::FromScratch}};
  return sweepPlan(Stopped, Depth, Before.Scratch != nullptr);
}

/// A stop rule on the device (NAME_until with a stencil::StopRule): each
/// fused launch's finalize evaluates the rule for each of its sweeps and
/// keeps the first sweep that met it in a device word (atomicMin); a fused
/// kernel or finalize whose launch starts after that sweep returns at once,
/// writing nothing, so the launch holding the stop can be replayed from its
/// untouched input. Sweeps count from 1 in the call; NoStop (the bytes 0x7f,
/// so that a memset resets it) is no stop yet.
constexpr int NoStop = 0x7f7f7f7f;

/// How many fused launches NAME_until queues ahead of the results it reads
/// when the device evaluates the rule: the GPU runs the next while the host
/// reads one, and a stop costs at most this many launches that return at
/// once (a few microseconds each).
constexpr int StopLaunchesAhead = 4;

/// A fused launch's view of the stop word: Word null (NAME_sweeps, the
/// host-tested NAME_until, replays): no rule.
struct StopWord {
  int *Word = nullptr;
  int First = 1; ///< the launch's first sweep
#ifdef __CUDACC__
  /// Whether an earlier launch's sweep met the rule.
  __device__ bool stopped() const {
    return Word && *static_cast<volatile const int *>(Word) < First;
  }
  /// Step (0-based) of this launch met Rule when Values hold for it.
  __device__ void record(const StopProgram &Rule, const double *Values,
                         int Step) const {
    if (Word && stopHolds(Rule, Values))
      atomicMin(Word, First + Step);
  }
#endif
};

/// The fused launches NAME_until has queued and not read yet, oldest first,
/// each with the ping-pong state before it (a launch holding the stop is
/// replayed from there); the launches are sweepPlan's in order.
template <class T> class LaunchesAhead {
public:
  struct Launch {
    SweepBatch Batch;
    PingPong<T> Before{nullptr, nullptr};
  };
  explicit LaunchesAhead(std::vector<SweepBatch> Plan)
      : Plan(std::move(Plan)) {}
  /// The next launch when fewer than StopLaunchesAhead are queued and one is
  /// left (Steps 0 otherwise); it is queued with Before the state now.
  SweepBatch queue(const PingPong<T> &Now) {
    if (Next == Plan.size() || Queued.size() >= size_t(StopLaunchesAhead))
      return SweepBatch{};
    Queued.push_back({Plan[Next], Now});
    return Plan[Next++];
  }
  bool empty() const { return Queued.empty(); }
  /// The oldest queued launch, no longer queued.
  Launch pop() {
    Launch L = Queued.front();
    Queued.pop_front();
    return L;
  }

private:
  std::vector<SweepBatch> Plan;
  size_t Next = 0;
  std::deque<Launch> Queued;
};

/// Sets the stop word to NoStop, in stream order.
inline void resetStopWord(const char *Kernel, int *Word, cudaStream_t Stream) {
  STENCIL_CUDA_CHECK(cudaMemsetAsync(Word, 0x7f, sizeof(int), Stream), Kernel);
}

/// The stop word once the stream has run every queued launch.
inline int readStopWord(const char *Kernel, const int *Word,
                        cudaStream_t Stream) {
  int First = NoStop;
  STENCIL_CUDA_CHECK(cudaMemcpyAsync(&First, Word, sizeof(int),
                                     cudaMemcpyDeviceToHost, Stream),
                     Kernel);
  STENCIL_CUDA_CHECK(cudaStreamSynchronize(Stream), Kernel);
  return First;
}

/// The device's first stopping sweep must be the host's (NoStop for none):
/// both evaluate the same program with the same roundings, so a difference
/// is a defect, reported rather than returned.
inline void requireSameStop(const char *Kernel, int HostFirst,
                            int DeviceFirst) {
  if (DeviceFirst == HostFirst)
    return;
  auto Name = [](int S) {
    return S == NoStop ? std::string("no sweep") : "sweep " + std::to_string(S);
  };
  throw Error(Kernel, "the stop rule held first at " + Name(HostFirst) +
                          " on the host but at " + Name(DeviceFirst) +
                          " on the device (a defect of stencilc; the "
                          "std::function overload of the launcher tests "
                          "on the host only)");
}

/// Checks, once the stream has run every queued launch, that the device's
/// first stopping sweep is the host's (HostFirst, NoStop for none).
inline void checkStopWord(const char *Kernel, const int *Word, int HostFirst,
                          cudaStream_t Stream) {
  requireSameStop(Kernel, HostFirst, readStopWord(Kernel, Word, Stream));
}

//===--- persistent sweeps (docs/passes/fuse-sweeps.md#persistent-sweeps)
//---===//
//
// A NAME_sweeps that runs one sweep per launch (not fused, or a rank-3 grid
// too small to fuse) runs, where its grids fit in L2, as cooperative
// launches of up to PersistentSweeps sweeps: every block of the grid
// resident at once, a grid-wide barrier between sweeps, each sweep's
// reductions in their own accumulators, combined after the launch by one
// finalize (a block per sweep).

/// Sweeps per persistent launch: one result-ring entry each, so that the
/// results of one launch are read while the next runs (SweepsInFlight).
constexpr int PersistentSweeps = int(SweepsInFlight);

/// Points per thread for a persistent launch: the fewest (Least, doubled)
/// whose grid has at most Resident blocks, so that every block is resident
/// and walks as few points as that allows.
template <int R>
int persistentPoints(const Domain<R> &Dom, dim3 Block, int StreamDim,
                     int64_t Resident, int Vec = 1, int Least = 1) {
  int Points = std::max(Least, 1);
  while (Points < (1 << 24) &&
         blocksIn(gridShape<R>(Dom, Block, Points, StreamDim, Vec)) > Resident)
    Points *= 2;
  return Points;
}

#ifdef __CUDACC__
/// Whether Bytes (every grid of a sweep) fit in the current device's L2,
/// where a sweep is bound by its launch and its barrier rather than DRAM.
/// Measured (H200, Himeno, bench/proto/persistent.cu): 28 MB, a launch per
/// sweep 8.3 us, persistent 6.5; 226 MB (DRAM-bound) 73.5 against 76-78.
inline bool fitsInL2(const char *Kernel, size_t Bytes) {
  static PerDevice<int> L2; // bytes, 0 until asked
  int &Size = L2.current(Kernel);
  if (!Size) {
    int Dev = 0;
    STENCIL_CUDA_CHECK(cudaGetDevice(&Dev), Kernel);
    STENCIL_CUDA_CHECK(
        cudaDeviceGetAttribute(&Size, cudaDevAttrL2CacheSize, Dev), Kernel);
  }
  return Bytes <= size_t(Size);
}

/// Whether the current device runs cooperative launches (the answer kept
/// per device).
inline bool cooperativeLaunches(const char *Kernel) {
  static PerDevice<int> Known; // 0: not asked yet, 1: no, 2: yes
  int &K = Known.current(Kernel);
  if (!K) {
    int Dev = 0, Coop = 0;
    STENCIL_CUDA_CHECK(cudaGetDevice(&Dev), Kernel);
    STENCIL_CUDA_CHECK(
        cudaDeviceGetAttribute(&Coop, cudaDevAttrCooperativeLaunch, Dev),
        Kernel);
    K = Coop ? 2 : 1;
  }
  return K == 2;
}

/// Launches Fn as a cooperative kernel (every block resident at once, so
/// that gridBarrier() may be called) on a device with
/// cooperativeLaunches(); Grid at most the blocks it holds at once
/// (ResidentBlocks).
template <class... Params, class... Args>
void launchCooperative(const char *Kernel, void (*Fn)(Params...), dim3 Grid,
                       dim3 Block, size_t Smem, cudaStream_t Stream,
                       Args &&...A) {
  cudaLaunchAttribute Cooperative;
  Cooperative.id = cudaLaunchAttributeCooperative;
  Cooperative.val.cooperative = 1;
  launchWith(Kernel, Cooperative, Fn, Grid, Block, Smem, Stream,
             std::forward<Args>(A)...);
}

/// Every thread of a cooperative launch waits here until all have arrived;
/// their memory operations before it are visible to all after it.
__device__ inline void gridBarrier() { cooperative_groups::this_grid().sync(); }

/// Exchanges the points of A and B outside the box [Lo, Hi) of an N0 x N1 x
/// N2 grid (rank 2: N0 = 1 and [Lo0, Hi0) = [0, 1)): a block per row of N2,
/// all of a row outside the box, only its two ends inside.
template <class T>
__global__ void swapRingsKernel(T *A, T *B, int64_t N0, int64_t N1, int64_t N2,
                                int64_t Lo0, int64_t Hi0, int64_t Lo1,
                                int64_t Hi1, int64_t Lo2, int64_t Hi2) {
  for (int64_t R = blockIdx.x; R < N0 * N1; R += gridDim.x) {
    const int64_t I0 = R / N1, I1 = R % N1;
    const bool Whole = I0 < Lo0 || I0 >= Hi0 || I1 < Lo1 || I1 >= Hi1;
    const int64_t Columns = Whole ? N2 : Lo2 + (N2 - Hi2);
    for (int64_t I = threadIdx.x; I < Columns; I += blockDim.x) {
      const int64_t C = Whole || I < Lo2 ? I : Hi2 + (I - Lo2);
      const T V = A[R * N2 + C];
      A[R * N2 + C] = B[R * N2 + C];
      B[R * N2 + C] = V;
    }
  }
}

/// Hands the grids back as the unfused loop of P.Done sweeps would leave
/// them (the file comment): State the newest state, Next the one before,
/// each with the loop's ring.
template <class T, int R>
void finishPingPong(const char *Kernel, PingPong<T> &P, Grid<T, R> &State,
                    Grid<T, R> &Next, const Domain<R> &Dom,
                    cudaStream_t Stream) {
  static_assert(R == 2 || R == 3, "fused sweeps are ranks 2 and 3");
  // After n sweeps the loop's `state` has the ring `next` started with when
  // n is odd, its own when n is even.
  const T *RingWanted = P.Done % 2 ? P.B : P.A;
  if (P.Cur != RingWanted) {
    const Extents<R> E = State.extents();
    // Rank 2 as one plane of a rank-3 grid.
    const int64_t N0 = R == 3 ? E[0] : 1, N1 = E[R - 2], N2 = E[R - 1];
    const int64_t Lo0 = R == 3 ? Dom.Lo[0] : 0, Hi0 = R == 3 ? Dom.Hi[0] : 1;
    const int Blocks = int(std::min<int64_t>(N0 * N1, 65535));
    if (Blocks > 0) {
      swapRingsKernel<T><<<Blocks, 128, 0, Stream>>>(
          P.A, P.B, N0, N1, N2, Lo0, Hi0, Dom.Lo[R - 2], Dom.Hi[R - 2],
          Dom.Lo[R - 1], Dom.Hi[R - 1]);
      STENCIL_CUDA_CHECK(cudaGetLastError(), Kernel);
    }
  }
  if (P.Cur != P.A) { // State still owns A
    using std::swap;
    swap(State, Next);
  }
}
#endif

} // namespace detail
} // namespace stencil

#endif // STENCIL_DETAIL_SWEEPS_HPP
