// stencil/detail/accumulators.hpp - a launch's device accumulators, host
// side.
//
// Reductions without histograms: self-resetting slots whose totals go to a
// ResultRing entry. Kernels with histograms: a scratch struct the launcher
// sets from the host and copies back, with the histogram bounds faults it
// turns into stencil::Error.
//
// Internal: for the code stencilc generates (and the rest of the runtime),
// not for programs; names and signatures change with the code generator.
// Programs include <stencil/runtime.hpp>.
#ifndef STENCIL_DETAIL_ACCUMULATORS_HPP
#define STENCIL_DETAIL_ACCUMULATORS_HPP

#include <stencil/detail/per_device.hpp>
#include <stencil/detail/result_ring.hpp>
#include <stencil/error.hpp>
#include <stencil/profiler.hpp>

#include <cuda_runtime.h>

#include <cstddef>
#include <cstdint>
#include <string>

namespace stencil {
namespace detail {

/// The device accumulators of a kernel's reductions (Slots: a struct of
/// ReductionSlots slots per reduction) and where their totals go (Totals: one
/// value per reduction, a ResultRing entry per launch). The slots stay at
/// their identities between launches: the launch's finalize kernel (one
/// block, collectSlots) combines them, writes the totals to the launch's
/// ring entry and puts the identities back, so a launch makes no
/// host-to-device initialisation and no device-to-host copy. Owned by one
/// launcher, one set per device; never freed (as Scratch). The launches of
/// one launcher on one device must be ordered (one stream, or synchronised
/// streams): they share the slots.
template <class Slots, class Totals> class SelfResettingAccumulators {
public:
  /// Allocates the slots and the ring on first use on the current device
  /// and sets the slots to Identity.
  void prepare(const char *Kernel, const Slots &Identity) {
    State &S = States.current(Kernel);
    if (S.Device)
      return;
    STENCIL_CUDA_CHECK(cudaMalloc(&S.Device, sizeof(Slots)), Kernel);
    STENCIL_CUDA_CHECK(
        cudaMemcpy(S.Device, &Identity, sizeof(Slots), cudaMemcpyHostToDevice),
        Kernel);
    S.Ring.prepare(Kernel, sizeof(Totals));
  }
  /// The current device's slots (null before prepare on this device).
  Slots *device() { return States.current("accumulators").Device; }
  ResultRing &ring() { return States.current("accumulators").Ring; }

private:
  // One set per device (PerDevice): the pieces of a distributed grid launch
  // the same launcher on several devices.
  struct State {
    Slots *Device = nullptr;
    ResultRing Ring;
  };
  PerDevice<State> States;
};

/// A device buffer owned by one launcher, allocated on first use and grown
/// when needed, one per device (PerDevice); never freed (process lifetime;
/// freeing in a static destructor would race CUDA's own teardown). Launches
/// through one launcher from several host threads at once must use distinct
/// launchers.
class Scratch {
public:
  template <class T> T *get(const char *Kernel) {
    return static_cast<T *>(bytes(Kernel, sizeof(T)));
  }
  /// At least Bytes of device memory. Where MayFail, null when the device
  /// cannot give them (the failed allocation's error cleared, the buffer
  /// released); otherwise that throws.
  void *bytes(const char *Kernel, size_t Bytes, bool MayFail = false) {
    Buffer &B = Buffers.current(Kernel);
    if (!B.Ptr || B.Bytes < Bytes) {
      if (B.Ptr)
        (void)cudaFree(B.Ptr);
      B.Ptr = nullptr;
      B.Bytes = 0;
      const cudaError_t E = cudaMalloc(&B.Ptr, Bytes);
      if (E != cudaSuccess && MayFail) {
        (void)cudaGetLastError();
        B.Ptr = nullptr;
        return nullptr;
      }
      STENCIL_CUDA_CHECK(E, Kernel);
      B.Bytes = Bytes;
    }
    return B.Ptr;
  }

private:
  struct Buffer {
    void *Ptr = nullptr;
    size_t Bytes = 0;
  };
  PerDevice<Buffer> Buffers;
};

inline void copyToDevice(const char *Kernel, void *Dst, const void *Src,
                         size_t Bytes, cudaStream_t Stream) {
  STENCIL_CUDA_CHECK(
      cudaMemcpyAsync(Dst, Src, Bytes, cudaMemcpyHostToDevice, Stream), Kernel);
  countTransfer(Kernel, Bytes, 0);
}

/// Copies back and waits for the stream (reductions are returned by value).
inline void copyToHost(const char *Kernel, void *Dst, const void *Src,
                       size_t Bytes, cudaStream_t Stream) {
  STENCIL_CUDA_CHECK(
      cudaMemcpyAsync(Dst, Src, Bytes, cudaMemcpyDeviceToHost, Stream), Kernel);
  STENCIL_CUDA_CHECK(cudaStreamSynchronize(Stream), Kernel);
  countTransfer(Kernel, 0, Bytes);
}

/// Set by a kernel when a histogram bin falls outside the buffer.
struct HistogramFault {
  int Flag;
  long long Bin; ///< the first offending bin seen
};

inline void checkHistogramFault(const char *Kernel, const char *Hist,
                                const HistogramFault &F, int64_t Size) {
  if (F.Flag)
    throw Error(Kernel, "histogram '" + std::string(Hist) + "': bin " +
                            std::to_string(F.Bin) + " outside [0, " +
                            std::to_string(Size) + ")");
}

} // namespace detail
} // namespace stencil

#endif // STENCIL_DETAIL_ACCUMULATORS_HPP
