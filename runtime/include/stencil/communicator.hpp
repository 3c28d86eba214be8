// stencil/communicator.hpp - stencil::Communicator: what a distributed grid
// whose pieces live in several processes needs from the processes' transport.
//
// A stencil::Decomposition made with a communicator gives every rank one
// slab; each rank holds its own piece and exchanges halo rows with the other
// ranks through send() and recv() (device memory, grouped), agrees on which
// halos are stale through allreduceMax(), and combines reductions through
// allgather(). The interface names no library, so that this header and
// stencil/distributed.hpp compile without MPI or NCCL; stencil/mpi.hpp has
// the implementation on MPI (process start-up, host collectives) and NCCL
// (GPU-to-GPU transfers), and test/unit has one on threads.
//
// Every call is collective in the sense of MPI: each rank makes the same
// calls in the same order (send/recv pair up within one group, in order).
#ifndef STENCIL_COMMUNICATOR_HPP
#define STENCIL_COMMUNICATOR_HPP

#include <cuda_runtime.h>

#include <cstddef>
#include <cstdint>
#include <string>
#include <type_traits>

namespace stencil {

class Communicator {
public:
  virtual ~Communicator() = default;

  /// This process's rank in [0, size()).
  virtual int rank() const = 0;
  virtual int size() const = 0;
  /// The CUDA device this rank drives (its pieces live there).
  virtual int device() const = 0;
  /// "MPI + NCCL", for messages.
  virtual std::string name() const = 0;

  /// Host collectives. allgather: every rank's Bytes bytes at Send, in rank
  /// order, into Recv (size() * Bytes bytes) on every rank.
  virtual void allgather(const void *Send, size_t Bytes, void *Recv) = 0;
  /// Element-wise maximum over all ranks, in place.
  virtual void allreduceMax(uint64_t *Values, size_t Count) = 0;
  /// Bytes bytes at Data from Root to every rank.
  virtual void broadcast(void *Data, size_t Bytes, int Root) = 0;

  /// Device transfers on Stream of device(): the sends and receives between
  /// groupBegin() and groupEnd() run as one group (no ordering deadlock),
  /// matched in posting order per pair of ranks; groupEnd() returns once
  /// they are queued on Stream, not done.
  virtual void groupBegin() = 0;
  virtual void send(const void *Data, size_t Bytes, int Peer,
                    cudaStream_t Stream) = 0;
  virtual void recv(void *Data, size_t Bytes, int Peer,
                    cudaStream_t Stream) = 0;
  virtual void groupEnd() = 0;

  /// The element types allreduceSum adds.
  enum class Elem { Int32, Int64, UInt32, UInt64, Float32, Float64 };
  /// Count elements at Data (device memory of device()) replaced, on every
  /// rank, by their sum over all ranks, queued on Stream. Every rank gets
  /// the same bits (integers exactly; NCCL reduces each element once and
  /// broadcasts it). For histograms over ranks.
  virtual void allreduceSum(void *Data, size_t Count, Elem Type,
                            cudaStream_t Stream) = 0;
};

namespace detail {
/// Communicator::Elem of T (a histogram's element type).
template <class T> constexpr Communicator::Elem commElem() {
  using E = Communicator::Elem;
  if constexpr (std::is_floating_point_v<T>)
    return sizeof(T) == 4 ? E::Float32 : E::Float64;
  else if constexpr (std::is_signed_v<T>)
    return sizeof(T) == 4 ? E::Int32 : E::Int64;
  else
    return sizeof(T) == 4 ? E::UInt32 : E::UInt64;
}
} // namespace detail

} // namespace stencil

#endif // STENCIL_COMMUNICATOR_HPP
