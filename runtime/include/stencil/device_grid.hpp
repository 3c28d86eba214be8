// stencil/device_grid.hpp - stencil::Grid<T, R>, a dense device array.
//
// For users: the grids every generated launcher takes, with uploads from and
// downloads into stencil::HostGrid (stencil/grid.hpp, the DSL's host array),
// and the version and identity that merge-arrays' record arrays key on.
// Named device_grid.hpp because the DSL's stencil/grid.hpp installs into the
// same include/stencilc/stencil directory.
#ifndef STENCIL_DEVICE_GRID_HPP
#define STENCIL_DEVICE_GRID_HPP

#include <stencil/error.hpp>
#include <stencil/grid.hpp>
#include <stencil/profiler.hpp>

#include <cuda_runtime.h>

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <cstring>
#include <string>
#include <utility>

namespace stencil {

namespace detail {
inline uint64_t nextGridId() {
  static std::atomic<uint64_t> Next{1};
  return Next.fetch_add(1, std::memory_order_relaxed);
}

#ifdef __CUDACC__
template <class T> __global__ void fillKernel(T *Data, int64_t N, T Value) {
  for (int64_t I = blockIdx.x * int64_t(blockDim.x) + threadIdx.x; I < N;
       I += int64_t(gridDim.x) * blockDim.x)
    Data[I] = Value;
}
#endif
} // namespace detail

/// A dense device array of rank R with its extents (row-major). Move-only.
/// version() changes whenever the contents may have changed through this
/// object: upload, copyFrom, fill, mutable data(), and every launch that
/// writes it (Out, InOut, Histogram argument). id() names the buffer; swap
/// exchanges buffers together with their ids and versions, so (id, version)
/// always describes the same contents.
template <class T, int R> class Grid {
  static_assert(R >= 1 && R <= 3, "grids have rank 1, 2 or 3");

public:
  using value_type = T;
  static constexpr int rank = R;

  /// An empty grid (no device memory), for members and moved-from objects.
  Grid() = default;
  /// Zero-filled device memory of extents E.
  explicit Grid(const Extents<R> &E) : Ext(E) {
    checkExtents(E);
    allocate();
    if (Ptr)
      STENCIL_CUDA_CHECK(cudaMemset(Ptr, 0, bytes()), "Grid");
  }
  /// Allocates H's extents and uploads H.
  explicit Grid(const HostGrid<T, R> &H) : Ext(H.extents()) {
    checkExtents(Ext);
    allocate();
    upload(H);
  }
  Grid(const Grid &) = delete;
  Grid &operator=(const Grid &) = delete;
  Grid(Grid &&O) noexcept { swap(*this, O); }
  Grid &operator=(Grid &&O) noexcept {
    if (this != &O) {
      Grid Tmp(std::move(O));
      swap(*this, Tmp);
    }
    return *this;
  }
  ~Grid() {
    if (Ptr)
      (void)cudaFree(Ptr); // never throw from a destructor
  }

  void upload(const HostGrid<T, R> &H) {
    requireExtents("Grid::upload", H.extents());
    if (Ptr)
      STENCIL_CUDA_CHECK(
          cudaMemcpy(Ptr, H.data(), bytes(), cudaMemcpyHostToDevice),
          "Grid::upload");
    detail::countTransfer(detail::Profiler::TransfersRow, bytes(), 0);
    ++Version;
  }
  /// Downloads into H, reshaping H to this grid's extents if they differ.
  void download(HostGrid<T, R> &H) const {
    if (H.extents() != Ext)
      H = HostGrid<T, R>(Ext);
    if (Ptr)
      STENCIL_CUDA_CHECK(
          cudaMemcpy(H.data(), Ptr, bytes(), cudaMemcpyDeviceToHost),
          "Grid::download");
    detail::countTransfer(detail::Profiler::TransfersRow, 0, bytes());
  }
  HostGrid<T, R> download() const {
    HostGrid<T, R> H(Ext);
    download(H);
    return H;
  }
  /// Device-to-device copy; the extents must match.
  void copyFrom(const Grid &O) {
    requireExtents("Grid::copyFrom", O.Ext);
    if (Ptr && O.Ptr != Ptr)
      STENCIL_CUDA_CHECK(
          cudaMemcpy(Ptr, O.Ptr, bytes(), cudaMemcpyDeviceToDevice),
          "Grid::copyFrom");
    ++Version;
  }
  void fill(T Value) {
    ++Version;
    if (!Ptr)
      return;
    T Zero{};
    if (std::memcmp(&Value, &Zero, sizeof(T)) == 0) {
      STENCIL_CUDA_CHECK(cudaMemset(Ptr, 0, bytes()), "Grid::fill");
      return;
    }
#ifdef __CUDACC__
    int64_t Blocks = std::min<int64_t>((size() + 255) / 256, 65535);
    detail::fillKernel<T><<<unsigned(Blocks), 256>>>(Ptr, size(), Value);
    STENCIL_CUDA_CHECK(cudaGetLastError(), "Grid::fill");
#else
    upload(HostGrid<T, R>(Ext, Value));
#endif
  }

  const Extents<R> &extents() const { return Ext; }
  int64_t extent(int D) const { return Ext[D]; }
  int64_t size() const { return Ptr ? volume<R>(Ext) : 0; }
  size_t bytes() const { return static_cast<size_t>(size()) * sizeof(T); }
  /// Device pointer. The mutable overload counts as a write (bumps version).
  T *data() {
    ++Version;
    return Ptr;
  }
  const T *data() const { return Ptr; }
  uint64_t version() const { return Version; }
  uint64_t id() const { return Id; }

  /// O(1): exchanges the device buffers (double buffering).
  friend void swap(Grid &A, Grid &B) noexcept {
    std::swap(A.Ptr, B.Ptr);
    std::swap(A.Ext, B.Ext);
    std::swap(A.Version, B.Version);
    std::swap(A.Id, B.Id);
  }

private:
  static void checkExtents(const Extents<R> &E) {
    for (int64_t X : E)
      if (X <= 0)
        throw Error("Grid",
                    "extents " + formatExtents<R>(E) + " must all be positive");
  }
  void allocate() {
    STENCIL_CUDA_CHECK(
        cudaMalloc(reinterpret_cast<void **>(&Ptr),
                   static_cast<size_t>(volume<R>(Ext)) * sizeof(T)),
        "Grid");
  }
  void requireExtents(const char *What, const Extents<R> &E) const {
    if (E != Ext)
      throw Error(What, "extents " + formatExtents<R>(E) +
                            " differ from the grid's " + formatExtents<R>(Ext));
  }

  T *Ptr = nullptr;
  Extents<R> Ext{};
  uint64_t Version = 0;
  uint64_t Id = detail::nextGridId();
};

} // namespace stencil

#endif // STENCIL_DEVICE_GRID_HPP
