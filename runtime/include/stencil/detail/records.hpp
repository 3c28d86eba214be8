// stencil/detail/records.hpp - merge-arrays' record arrays: read-only grids
// interleaved into one array of 16-byte-multiple records, packed on the
// device and repacked only when a grid changed.
//
// Internal: for the code stencilc generates (and the rest of the runtime),
// not for programs; names and signatures change with the code generator.
// Programs include <stencil/runtime.hpp>.
#ifndef STENCIL_DETAIL_RECORDS_HPP
#define STENCIL_DETAIL_RECORDS_HPP

#include <stencil/detail/launch.hpp>
#include <stencil/detail/per_device.hpp>
#include <stencil/device_grid.hpp>
#include <stencil/error.hpp>

#include <cuda_runtime.h>

#include <algorithm>
#include <cstdint>
#include <initializer_list>
#include <utility>
#include <vector>

namespace stencil {
namespace detail {

/// Source pointers of one record array (merge-arrays), by value.
template <class T> struct RecordSources {
  static constexpr int MaxFields = 32;
  const T *Field[MaxFields];
};

#ifdef __CUDACC__

/// Dst[p * Fields + f] = Src.Field[f][p], zero for the padding fields.
template <class T>
__global__ void packRecordsKernel(T *__restrict__ Dst, RecordSources<T> Src,
                                  int Used, int Fields, int64_t Points) {
  for (int64_t I = blockIdx.x * int64_t(blockDim.x) + threadIdx.x; I < Points;
       I += int64_t(gridDim.x) * blockDim.x)
    for (int F = 0; F < Fields; ++F)
      Dst[I * Fields + F] = F < Used ? Src.Field[F][I] : T{};
}

#endif // __CUDACC__

/// Read-only grids interleaved into one array of records (merge-arrays):
/// record p holds the grids' values at linear point p, in the given order,
/// padded with zeros to Fields (a multiple of 16 bytes) so that a thread
/// reads a record with Fields * sizeof(T) / 16 16-byte loads. One per
/// record group of a kernel, which all of its launchers use (the generated
/// NAME_REC_records_()), one array per device. get() packs on first use and
/// again only when one of the grids is another buffer (id) or was written since
/// (version), so that a changed coefficient array is always picked up.
template <class T, int R, int Fields> class RecordArray {
  static_assert(Fields * sizeof(T) % 16 == 0, "records are 16-byte multiples");

public:
  const T *get(const char *Kernel,
               std::initializer_list<const Grid<T, R> *> Grids,
               cudaStream_t Stream) {
    if (int(Grids.size()) > Fields ||
        int(Grids.size()) > RecordSources<T>::MaxFields)
      throw Error(Kernel, "too many grids for one record array");
    Records &Rec = PerDeviceRecords.current(Kernel);
    const Grid<T, R> &First = **Grids.begin();
    const int64_t Points = First.size();
    bool Stale = !Rec.Data || Points != Rec.CachedPoints ||
                 Grids.size() != Rec.Keys.size();
    for (size_t I = 0; !Stale && I < Grids.size(); ++I) {
      const Grid<T, R> *G = Grids.begin()[I];
      Stale = Rec.Keys[I] != std::make_pair(G->id(), G->version());
    }
    if (!Stale)
      return Rec.Data;
    // Grown, never shrunk: pieces of a distributed grid that share a device
    // (and differ in size by a row) must not free and allocate, which
    // synchronises the device, at every launch.
    if (Points > Rec.Capacity || !Rec.Data) {
      if (Rec.Data)
        STENCIL_CUDA_CHECK(cudaFree(Rec.Data), Kernel);
      Rec.Data = nullptr;
      STENCIL_CUDA_CHECK(
          cudaMalloc(&Rec.Data,
                     size_t(std::max<int64_t>(Points, 1)) * Fields * sizeof(T)),
          Kernel);
      Rec.Capacity = std::max<int64_t>(Points, 1);
    }
    Rec.CachedPoints = Points;
    RecordSources<T> Src{};
    Rec.Keys.clear();
    for (size_t I = 0; I < Grids.size(); ++I) {
      const Grid<T, R> *G = Grids.begin()[I];
      Src.Field[I] = G->data();
      Rec.Keys.emplace_back(G->id(), G->version());
    }
#ifdef __CUDACC__
    const unsigned Blocks = unsigned(
        std::min<int64_t>(std::max<int64_t>(divUp(Points, 256), 1), 65535));
    packRecordsKernel<T><<<Blocks, 256, 0, Stream>>>(
        Rec.Data, Src, int(Grids.size()), Fields, Points);
    STENCIL_CUDA_CHECK(cudaGetLastError(), Kernel);
#else // host-only compilation (test/unit/DistGridTest.cpp): nothing to pack
    (void)Src;
    (void)Stream;
#endif
    return Rec.Data;
  }

private:
  // One array per device (PerDevice): the pieces of a distributed grid
  // launch the same launcher on several devices. Pieces that share a device
  // share its array, which is then repacked at each piece's launch.
  struct Records {
    T *Data = nullptr;
    int64_t CachedPoints = -1;
    int64_t Capacity = 0; ///< points Data has room for
    std::vector<std::pair<uint64_t, uint64_t>> Keys;
  };
  PerDevice<Records> PerDeviceRecords;
};

} // namespace detail
} // namespace stencil

#endif // STENCIL_DETAIL_RECORDS_HPP
