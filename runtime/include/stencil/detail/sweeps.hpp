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
// batch is a single sweep), each with the ring the loop leaves it.
//
// Internal: for the code stencilc generates, not for programs.
#ifndef STENCIL_DETAIL_SWEEPS_HPP
#define STENCIL_DETAIL_SWEEPS_HPP

#include <stencil/detail/launch.hpp>
#include <stencil/detail/result_ring.hpp>
#include <stencil/device_grid.hpp>
#include <stencil/error.hpp>

#include <cuda_runtime.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <functional>
#include <utility>
#include <vector>

namespace stencil {
namespace detail {

/// The deepest fusion a multi-sweep launcher instantiates
/// (LaunchOptions::SweepDepth up to this).
constexpr int MaxSweepDepth = 4;

/// An unfused NAME_sweeps queues every sweep and reads each sweep's results
/// this many launches later, so that the GPU never waits for the host
/// between sweeps; half the result ring, so that no result is read after its
/// entry was reused (ResultRing). Measured on Himeno XS-M:
/// bench/proto/launch_bound.cu.
constexpr std::size_t SweepsInFlight = ResultRingSize / 2;

/// n sweeps as launches of at most Depth sweeps each, in order; the last
/// launch is a single sweep, so that the grid not holding the result holds
/// the sweep before it, as in the unfused loop.
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

/// Where the newest state is, sweep by sweep (see the file comment).
template <class T> struct PingPong {
  T *A = nullptr;   ///< `state`'s buffer at the start (ring of odd sweeps)
  T *B = nullptr;   ///< `next`'s buffer at the start (ring of even sweeps)
  T *Cur = nullptr; ///< holds the newest state
  T *Oth = nullptr; ///< the other buffer
  int Done = 0;     ///< sweeps run so far

  PingPong(T *State, T *Next) : A(State), B(Next), Cur(State), Oth(Next) {}
  /// The buffer whose ring sweep Sweep (1 = the first of this call) reads.
  const T *ring(int Sweep) const { return Sweep % 2 ? A : B; }
  /// After a launch of Steps sweeps from Cur into Oth.
  void advance(int Steps) {
    std::swap(Cur, Oth);
    Done += Steps;
  }
  /// Back to the state before a launch of Steps sweeps (its input is
  /// untouched: a launch writes only Oth).
  void undo(int Steps) {
    std::swap(Cur, Oth);
    Done -= Steps;
  }
};

#ifdef __CUDACC__
/// Exchanges the points of A and B outside the box [Lo, Hi) (rank 2): a
/// block per row, all of a row outside the box, only its two ends inside.
template <class T>
__global__ void swapRingsKernel(T *A, T *B, int64_t N0, int64_t N1, int64_t Lo0,
                                int64_t Hi0, int64_t Lo1, int64_t Hi1) {
  for (int64_t R = blockIdx.x; R < N0; R += gridDim.x) {
    const bool Whole = R < Lo0 || R >= Hi0;
    const int64_t Columns = Whole ? N1 : Lo1 + (N1 - Hi1);
    for (int64_t I = threadIdx.x; I < Columns; I += blockDim.x) {
      const int64_t C = Whole || I < Lo1 ? I : Hi1 + (I - Lo1);
      const T V = A[R * N1 + C];
      A[R * N1 + C] = B[R * N1 + C];
      B[R * N1 + C] = V;
    }
  }
}

/// Hands the grids back as the unfused loop of P.Done sweeps would leave
/// them (the file comment): State the newest state, Next the one before,
/// each with the loop's ring.
template <class T>
void finishPingPong(const char *Kernel, PingPong<T> &P, Grid<T, 2> &State,
                    Grid<T, 2> &Next, const Domain<2> &Dom,
                    cudaStream_t Stream) {
  // After n sweeps the loop's `state` has the ring `next` started with when
  // n is odd, its own when n is even.
  const T *RingWanted = P.Done % 2 ? P.B : P.A;
  if (P.Cur != RingWanted) {
    const Extents<2> E = State.extents();
    const int Blocks = int(std::min<int64_t>(E[0], 65535));
    if (Blocks > 0) {
      swapRingsKernel<T><<<Blocks, 128, 0, Stream>>>(
          P.A, P.B, E[0], E[1], Dom.Lo[0], Dom.Hi[0], Dom.Lo[1], Dom.Hi[1]);
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
