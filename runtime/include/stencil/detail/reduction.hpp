// stencil/detail/reduction.hpp - device side of a kernel's reductions: the
// operators, block reductions (shared-memory tree, warp shuffles), the
// per-block accumulator slots and the finalize kernel's collectSlots.
//
// Internal: for the code stencilc generates (and the rest of the runtime),
// not for programs; names and signatures change with the code generator.
// Programs include <stencil/runtime.hpp>.
#ifndef STENCIL_DETAIL_REDUCTION_HPP
#define STENCIL_DETAIL_REDUCTION_HPP

#include <stencil/detail/atomics.hpp>
#include <stencil/detail/numerics.hpp>

#include <cuda_runtime.h>

namespace stencil {
namespace detail {

#ifdef __CUDACC__

/// The three reduction operators: combine two partials, and fold a block's
/// partial into the launch's device accumulator.
struct SumOp {
  template <class T> __device__ static T combine(T A, T B) {
    return wrapAdd(A, B);
  }
  template <class T> __device__ static void atomic(T *P, T V) {
    atomicAddValue(P, V);
  }
};
struct MaxOp {
  template <class T> __device__ static T combine(T A, T B) {
    return reduceMaxOf(A, B);
  }
  template <class T> __device__ static void atomic(T *P, T V) {
    atomicMaxValue(P, V);
  }
};
struct MinOp {
  template <class T> __device__ static T combine(T A, T B) {
    return reduceMinOf(A, B);
  }
  template <class T> __device__ static void atomic(T *P, T V) {
    atomicMinValue(P, V);
  }
};

__device__ inline unsigned flatThreadIndex() {
  return threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
}

/// Every thread of the block must call this (it synchronises). Smem holds
/// one T per thread. One atomic per block into Total.
template <class Op, class T>
__device__ void reduceBlockTreeAtomic(T *Total, T Partial, void *Smem) {
  T *Slots = static_cast<T *>(Smem);
  const unsigned N = blockDim.x * blockDim.y * blockDim.z;
  const unsigned Me = flatThreadIndex();
  Slots[Me] = Partial;
  __syncthreads();
  unsigned Half = 1;
  while (Half * 2 < N)
    Half *= 2;
  for (; Half > 0; Half /= 2) {
    if (Me < Half && Me + Half < N)
      Slots[Me] = Op::combine(Slots[Me], Slots[Me + Half]);
    __syncthreads();
  }
  if (Me == 0)
    Op::atomic(Total, Slots[0]);
  __syncthreads(); // the slots may be reused by the next reduction
}

/// Reduces within each warp by shuffles (partial last warps included).
template <class Op, class T> __device__ T reduceWarp(T V, unsigned Lanes) {
  const unsigned Lane = flatThreadIndex() % 32;
  const unsigned Mask = __activemask();
  for (unsigned Step = 16; Step > 0; Step /= 2) {
    T Other = __shfl_down_sync(Mask, V, Step);
    if (Lane + Step < Lanes)
      V = Op::combine(V, Other);
  }
  return V;
}

/// Every thread of the block must call this. Smem holds 32 T. Warp shuffles,
/// one shared slot per warp, the first warp combines the slots, one atomic
/// per block.
template <class Op, class T>
__device__ void reduceWarpShuffleAtomic(T *Total, T Partial, void *Smem) {
  T *Slots = static_cast<T *>(Smem);
  const unsigned N = blockDim.x * blockDim.y * blockDim.z;
  const unsigned Me = flatThreadIndex();
  const unsigned Warp = Me / 32, Warps = (N + 31) / 32;
  const unsigned LanesHere = min(32u, N - Warp * 32);
  T V = reduceWarp<Op>(Partial, LanesHere);
  if (Me % 32 == 0)
    Slots[Warp] = V;
  __syncthreads();
  if (Warp == 0) {
    V = Me < Warps ? Slots[Me] : Slots[0];
    V = reduceWarp<Op>(V, min(32u, Warps));
    if (Me == 0)
      Op::atomic(Total, V);
  }
  __syncthreads();
}

/// Reduction slots: a launch's blocks add their partials to ReductionSlots
/// accumulators (block b to slot b % ReductionSlots), each alone in a 32-byte
/// sector, instead of one. Atomics on one address serialise in L2, and a
/// reduction kernel that reads little per point waits on them (measured:
/// docs/runtime.md#measurements).
constexpr int ReductionSlots = 128;
template <class T> __host__ __device__ constexpr int slotStride() {
  return 32 / int(sizeof(T));
}

/// This block's slot in an array of ReductionSlots * slotStride<T>() values.
template <class T> __device__ inline T *blockSlot(T *Slots) {
  const unsigned Block =
      blockIdx.x + gridDim.x * (blockIdx.y + gridDim.y * blockIdx.z);
  return Slots + (Block % ReductionSlots) * slotStride<T>();
}

/// Called by every thread of a block: combines the slots, puts the identity
/// back in each, and returns the total (valid in the block's first thread).
/// The first ReductionSlots threads (all, in a smaller block) take the slots,
/// so a block of ReductionSlots threads or more (the finalize kernel, a
/// kernel's last block) combines them in the same order. The slots are read
/// past L1 (volatile): in a kernel's last block other blocks wrote them.
/// Smem holds 32 T.
template <class Op, class T>
__device__ T collectSlots(T *Slots, T Identity, void *Smem) {
  const unsigned Threads =
      min(blockDim.x * blockDim.y * blockDim.z, unsigned(ReductionSlots));
  const unsigned Me = flatThreadIndex();
  const unsigned Warp = Me / 32, WarpCount = (Threads + 31) / 32;
  T *Warps = static_cast<T *>(Smem);
  T V = Identity;
  if (Me < Threads) {
    for (unsigned S = Me; S < unsigned(ReductionSlots); S += Threads) {
      volatile T *Slot = Slots + S * slotStride<T>();
      V = Op::combine(V, T(*Slot));
      *Slot = Identity;
    }
    V = reduceWarp<Op>(V, min(32u, Threads - Warp * 32));
    if (Me % 32 == 0)
      Warps[Warp] = V;
  }
  __syncthreads();
  if (Me == 0)
    for (unsigned W = 1; W < WarpCount; ++W)
      V = Op::combine(V, Warps[W]);
  __syncthreads(); // Smem may be reused by the next reduction
  return V;
}

/// The slots combined without resetting them, by the block's first warp in
/// one order whatever the block's shape, so that every block of a launch
/// that calls it gets the same bits (a persistent launch testing a stop
/// rule after each sweep: all its blocks stop after the same sweep). Valid
/// in the block's first thread; blocks of 32 threads or more.
template <class Op, class T>
__device__ T peekSlots(const T *Slots, T Identity) {
  const unsigned Threads = blockDim.x * blockDim.y * blockDim.z;
  const unsigned Me = flatThreadIndex();
  T V = Identity;
  if (Me < 32) {
    for (unsigned S = Me; S < unsigned(ReductionSlots); S += 32)
      V = Op::combine(V, T(*(volatile const T *)(Slots + S * slotStride<T>())));
    V = reduceWarp<Op>(V, min(32u, Threads));
  }
  return V;
}

/// Called by every thread at the end of a kernel whose blocks have each
/// folded their partials into the slots (by the block's first thread, as
/// reduceWarpShuffleAtomic and reduceBlockTreeAtomic do). True in every
/// thread of the block that finishes last, which then combines the slots
/// (collectSlots) in place of a finalize kernel: one launch per call instead
/// of two (docs/runtime.md#the-last-block-combines). Done counts the blocks
/// that have finished; the last block puts it back to 0 for the next launch.
__device__ inline bool lastBlockToFinish(unsigned *Done) {
  __shared__ bool Last;
  if (flatThreadIndex() == 0) {
    __threadfence(); // this block's slot atomics before its count
    const unsigned Blocks = gridDim.x * gridDim.y * gridDim.z;
    Last = atomicAdd(Done, 1u) == Blocks - 1;
    if (Last)
      *Done = 0; // every other block has counted
  }
  __syncthreads();
  if (Last)
    __threadfence(); // every other block's slot atomics before the reads
  return Last;
}

#endif // __CUDACC__

} // namespace detail
} // namespace stencil

#endif // STENCIL_DETAIL_REDUCTION_HPP
