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

#include <cstdint>
#include <cstring>
#include <string>

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
constexpr int ResultRingSize = 64;

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
    STENCIL_CUDA_CHECK(
        cudaHostAlloc(&Host, Bytes * ResultRingSize, cudaHostAllocMapped),
        Kernel);
    std::memset(Host, 0, Bytes * ResultRingSize);
    STENCIL_CUDA_CHECK(cudaHostGetDevicePointer(&HostOnDevice, Host, 0),
                       Kernel);
    for (cudaEvent_t &E : Done)
      STENCIL_CUDA_CHECK(cudaEventCreateWithFlags(&E, cudaEventDisableTiming),
                         Kernel);
  }
  /// Takes the next entry for a launch.
  RingEntry begin() {
    const int Index = int(Launches % ResultRingSize);
    Generation[Index] = ++Launches;
    EventOf[Index] = Index;
    return {Index, Launches};
  }
  /// The device's view of an entry, for the finalize kernel to write.
  void *onDevice(RingEntry E) const {
    return static_cast<char *>(HostOnDevice) + size_t(E.Index) * EntryBytes;
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
    STENCIL_CUDA_CHECK(
        cudaEventRecordWithFlags(Done[E.Index], Stream,
                                 Capture == cudaStreamCaptureStatusActive
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
    const int Event = EventOf[E.Index];
    // A follower whose marker's event was waited for: its launch is done.
    if (Event == E.Index || Waited[Event] != Generation[Event]) {
      STENCIL_CUDA_CHECK(cudaEventSynchronize(Done[Event]), Kernel);
      Waited[Event] = Generation[Event];
    }
    countTransfer(Kernel, 0, EntryBytes);
    return static_cast<const char *>(Host) + size_t(E.Index) * EntryBytes;
  }
  /// True when the entry's launch has finished, without waiting.
  bool ready(const char *Kernel, RingEntry E) const {
    requireCurrent(Kernel, E);
    const cudaError_t Status = cudaEventQuery(Done[EventOf[E.Index]]);
    if (Status == cudaErrorNotReady)
      return false;
    STENCIL_CUDA_CHECK(Status, Kernel);
    return true;
  }

private:
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
  size_t EntryBytes = 0;
  uint64_t Launches = 0;
  uint64_t Generation[ResultRingSize] = {};
  cudaEvent_t Done[ResultRingSize] = {};
  /// The entry whose event marks each entry written: its own, or that of
  /// the entry it follows (markedBy).
  int EventOf[ResultRingSize] = {};
  /// The generation of each entry when its event was last waited for.
  mutable uint64_t Waited[ResultRingSize] = {};
};

} // namespace detail
} // namespace stencil

#endif // STENCIL_DETAIL_RESULT_RING_HPP
