// stencil/detail/result_ring.hpp - where the totals of a kernel's last
// launches land (mapped pinned host memory and an event per entry), for
// stencil::Pending and the generated async:: launchers.
//
// Internal: for the code stencilc generates (and the rest of the runtime),
// not for programs; names and signatures change with the code generator.
// Programs include <stencil/runtime.hpp>.
#ifndef STENCIL_DETAIL_RESULT_RING_HPP
#define STENCIL_DETAIL_RESULT_RING_HPP

#include <stencil/error.hpp>
#include <stencil/profiler.hpp>

#include <cuda_runtime.h>

#include <atomic>
#include <chrono>
#include <cstdint>
#include <cstring>
#include <string>

#if defined(__CUDACC__)
#define STENCIL_RESULT_RING_HD __host__ __device__
#else
#define STENCIL_RESULT_RING_HD
#endif

namespace stencil {
namespace detail {

/// Where the totals of a kernel's last ResultRingSize launches land: mapped
/// pinned host memory written by the launch's finalize kernel, with an event
/// recorded after it, so that the host can wait for one launch without
/// waiting for the stream (stencil::Pending, the async:: launchers). A
/// launch takes the next entry; a result read after ResultRingSize later
/// launches reused its entry is an error, never a silently wrong value.
/// The ring is per device, so the pieces of a distributed launch that share
/// a device share it: a launch takes an entry per piece and part there (up
/// to 3 parts with an overlapped exchange). 64 holds a pipelined solver's
/// two launches in flight with 10 pieces on one device (test/unit
/// DistGridTest), for 64 events and 64 result structs of pinned memory per
/// kernel and device.
///
/// Each entry also holds a done flag (ringFlagOffset) that the finalize sets
/// after the totals (markWritten). A wait returns as soon as the flag is
/// set and falls back to the event (which also reports the launch's
/// errors) when it is not within FlagPoll. The host clears an entry's flag
/// when a launch takes the entry, and only where it saw the entry's
/// previous launch finish: a launch still running could set the flag
/// after the clear. An entry it did not see finish, and one recorded on a
/// stream being captured into a CUDA graph (each replay sets the flag
/// again), is waited for by its event alone.
constexpr int ResultRingSize = 64;

/// Where an entry's done flag sits after totals of Bytes: the next 8-byte
/// boundary. The finalize that writes the totals sets the flag after them
/// (markWritten), so that the host can see a launch's totals written by
/// reading pinned memory, without a CUDA call: 0.08 us against 1.8 us for
/// the first cudaEventSynchronize on a completed event, and 2.3 us sooner
/// than that call returns on a pending one (H200, bench/proto/done_flag.cu).
STENCIL_RESULT_RING_HD constexpr size_t ringFlagOffset(size_t Bytes) {
  return (Bytes + 7) / 8 * 8;
}
/// An entry: the totals, then the flag, 16-byte aligned.
constexpr size_t ringEntryStride(size_t Bytes) {
  return (ringFlagOffset(Bytes) + sizeof(unsigned) + 15) / 16 * 16;
}

#if defined(__CUDACC__)
/// Makes the totals just written to a ring entry visible to the host, then
/// sets the entry's done flag: the last thing a finalize does to an entry.
template <class T> __device__ void markWritten(T *Totals) {
  __threadfence_system();
  *reinterpret_cast<volatile unsigned *>(reinterpret_cast<char *>(Totals) +
                                         ringFlagOffset(sizeof(T))) = 1u;
}
#endif

/// How long a wait polls an entry's flag before it waits on the event
/// instead: past a pending launch's last 2 us, where a flag is seen sooner,
/// without keeping a core busy on long launches. None where the program
/// asked for blocking synchronisation (cudaDeviceScheduleBlockingSync).
constexpr std::chrono::microseconds FlagPoll{50};

/// One launch's place in a ResultRing: the entry and the launch count when
/// it was taken (a later launch on the same entry makes it stale).
struct RingEntry {
  int Index = 0;
  uint64_t Generation = 0;
};

class ResultRing {
public:
  /// Allocates the entries (Bytes each) and their events on first use.
  void prepare(const char *Kernel, size_t Bytes) {
    if (Host)
      return;
    EntryBytes = Bytes;
    Stride = ringEntryStride(Bytes);
    STENCIL_CUDA_CHECK(
        cudaHostAlloc(&Host, Stride * ResultRingSize, cudaHostAllocMapped),
        Kernel);
    std::memset(Host, 0, Stride * ResultRingSize);
    STENCIL_CUDA_CHECK(cudaHostGetDevicePointer(&HostOnDevice, Host, 0),
                       Kernel);
    for (cudaEvent_t &E : Done)
      STENCIL_CUDA_CHECK(cudaEventCreateWithFlags(&E, cudaEventDisableTiming),
                         Kernel);
    unsigned Flags = 0;
    STENCIL_CUDA_CHECK(cudaGetDeviceFlags(&Flags), Kernel);
    Poll = Flags & cudaDeviceScheduleBlockingSync ? std::chrono::microseconds{0}
                                                  : FlagPoll;
  }
  /// Takes the next entry for a launch.
  RingEntry begin() {
    const int Index = int(Launches % ResultRingSize);
    // The previous launch on the entry seen finished (or none): its flag
    // can be cleared for this one.
    Flagged[Index] = Finished[Index] == Generation[Index] && !Captured[Index];
    if (Flagged[Index])
      flag(Index) = 0u;
    Generation[Index] = ++Launches;
    EventOf[Index] = Index;
    return {Index, Launches};
  }
  /// The device's view of an entry, for the finalize kernel to write.
  void *onDevice(RingEntry E) const {
    return static_cast<char *>(HostOnDevice) + size_t(E.Index) * Stride;
  }
  /// Marks the entry written once Stream has run the launch's finalize kernel.
  /// On a stream being captured into a CUDA graph the record becomes a node of
  /// the graph (cudaEventRecordExternal), so each replay marks the entry again.
  /// The flag only on a capturing stream: outside a capture that record fails
  /// with cudaErrorIllegalState (H100, CUDA 13), so the status is asked per
  /// launch.
  void recorded(const char *Kernel, RingEntry E, cudaStream_t Stream) {
    EventOf[E.Index] = E.Index;
    cudaStreamCaptureStatus Capture = cudaStreamCaptureStatusNone;
    STENCIL_CUDA_CHECK(cudaStreamIsCapturing(Stream, &Capture), Kernel);
    const bool Capturing = Capture == cudaStreamCaptureStatusActive;
    if (Capturing) // replays set the flag whenever they run: never trusted
      Captured[E.Index] = true, Flagged[E.Index] = false;
    STENCIL_CUDA_CHECK(cudaEventRecordWithFlags(Done[E.Index], Stream,
                                                Capturing
                                                    ? cudaEventRecordExternal
                                                    : cudaEventRecordDefault),
                       Kernel);
  }
  /// Marks Follower as written by the finalize that writes Marker, whose
  /// event (recorded()) then stands for both: a launch that fills several
  /// entries (a persistent launch, one per sweep) records one event instead
  /// of one per entry, and reading its entries waits once. Each record cost
  /// the host 0.6 us, each first wait on a finished event 1.6 us, more than a
  /// Himeno XS sweep's GPU time of 3 us (H200, bench/proto/launch_bound.cu
  /// --calls). Follower is taken before Marker, so while Follower is
  /// current so is Marker. Not for launches captured into a CUDA graph: a
  /// follower read once is not waited for again.
  void markedBy(RingEntry Follower, RingEntry Marker) {
    EventOf[Follower.Index] = Marker.Index;
  }
  /// Waits for the entry's launch; returns its totals, in pinned memory that
  /// stays valid until ResultRingSize later launches.
  const void *wait(const char *Kernel, RingEntry E) const {
    requireCurrent(Kernel, E);
    if (!flagArrives(E.Index)) {
      const int Event = EventOf[E.Index];
      // A follower whose marker's event was waited for: its launch is done.
      if (Event == E.Index || Waited[Event] != Generation[Event]) {
        STENCIL_CUDA_CHECK(cudaEventSynchronize(Done[Event]), Kernel);
        Waited[Event] = Generation[Event];
      }
      // Finished without its flag: the launch does not mark its entries
      // (a finalize that predates markWritten); stop polling for them.
      if (Flagged[E.Index] && !flagSet(E.Index) && Unmarked < 3)
        ++Unmarked;
    }
    Finished[E.Index] = E.Generation;
    countTransfer(Kernel, 0, EntryBytes);
    return static_cast<const char *>(Host) + size_t(E.Index) * Stride;
  }
  /// True when the entry's launch has finished, without waiting.
  bool ready(const char *Kernel, RingEntry E) const {
    requireCurrent(Kernel, E);
    if (!flagSet(E.Index)) {
      const cudaError_t Status = cudaEventQuery(Done[EventOf[E.Index]]);
      if (Status == cudaErrorNotReady)
        return false;
      STENCIL_CUDA_CHECK(Status, Kernel);
    }
    Finished[E.Index] = E.Generation;
    return true;
  }
  /// Whether a wait polls a pending entry's flag before it waits on the
  /// event: not with blocking synchronisation, nor once 3 launches were
  /// seen finished without setting their flags.
  bool polls() const { return Poll.count() > 0 && Unmarked < 3; }

private:
  volatile unsigned &flag(int Index) const {
    return *reinterpret_cast<volatile unsigned *>(static_cast<char *>(Host) +
                                                  size_t(Index) * Stride +
                                                  ringFlagOffset(EntryBytes));
  }
  /// The entry's flag is in use for its launch and set; the totals written
  /// before it are then visible too.
  bool flagSet(int Index) const {
    if (!Flagged[Index] || flag(Index) == 0u)
      return false;
    std::atomic_thread_fence(std::memory_order_acquire);
    return true;
  }
  /// flagSet, polled for up to Poll.
  bool flagArrives(int Index) const {
    if (flagSet(Index))
      return true;
    if (!Flagged[Index] || !polls())
      return false;
    const auto Until = std::chrono::steady_clock::now() + Poll;
    for (;;) {
      for (int I = 0; I < 64; ++I)
        if (flagSet(Index))
          return true;
      if (std::chrono::steady_clock::now() >= Until)
        return false;
    }
  }
  void requireCurrent(const char *Kernel, RingEntry E) const {
    if (Generation[E.Index] != E.Generation)
      throw Error(Kernel,
                  "a pending result was read after " +
                      std::to_string(ResultRingSize) +
                      " later launches of the kernel had reused its place; "
                      "read each result before that many more launches");
  }

  void *Host = nullptr;
  void *HostOnDevice = nullptr;
  size_t EntryBytes = 0; ///< of the totals
  size_t Stride = 0;     ///< of an entry: the totals and the flag
  std::chrono::microseconds Poll{0};
  uint64_t Launches = 0;
  uint64_t Generation[ResultRingSize] = {};
  cudaEvent_t Done[ResultRingSize] = {};
  /// The entry whose event marks each entry written: its own, or that of
  /// the entry it follows (markedBy).
  int EventOf[ResultRingSize] = {};
  /// The generation of each entry when its event was last waited for.
  mutable uint64_t Waited[ResultRingSize] = {};
  /// The last generation of each entry seen finished (waited for, ready).
  mutable uint64_t Finished[ResultRingSize] = {};
  /// Whether each entry's flag stands for its current launch.
  bool Flagged[ResultRingSize] = {};
  /// Entries recorded into a CUDA graph: their flags are never used again.
  bool Captured[ResultRingSize] = {};
  /// Launches seen finished without their flag set (up to 3).
  mutable int Unmarked = 0;
};

} // namespace detail
} // namespace stencil

#endif // STENCIL_DETAIL_RESULT_RING_HPP
