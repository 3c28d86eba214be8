// stencil/runtime.hpp - the thin runtime that stencilc's generated code and
// its users' host code compile against (header-only, C++17, nvcc).
//
// What it owns, and nothing more:
//   - stencil::Grid<T, R>: device memory of given extents, copies to and from
//     stencil::HostGrid, a version counter and an identity (merge-arrays
//     repacks its records only when a coefficient grid changed).
//   - stencil::Error and STENCIL_CUDA_CHECK: every CUDA call is checked; the
//     exception names the kernel (or Grid operation) and CUDA's error string.
//   - stencil::LaunchOptions: region, block shape, stream, lowering overrides.
//   - The STENCIL_PROFILE=1 per-kernel timing table, printed at exit.
//   - Small helpers generated kernels share (domain and launch shapes, block
//     reductions, float atomics, histogram bounds faults, scratch buffers).
// Layout is row-major (the last index contiguous), as in stencil/grid.hpp.
#ifndef STENCIL_RUNTIME_HPP
#define STENCIL_RUNTIME_HPP

#include <stencil/grid.hpp>
#include <stencil/histogram_model.hpp>

#include <cuda_runtime.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <map>
#include <mutex>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>
#include <initializer_list>

namespace stencil {

//===----------------------------------------------------------------------===//
// Errors
//===----------------------------------------------------------------------===//

/// A failed CUDA call or a rejected launch. what() reads
/// "stencil: KERNEL: MESSAGE"; kernel() is the spec name of the kernel (or the
/// Grid operation), code() the CUDA error (cudaSuccess for argument errors).
class Error : public std::runtime_error {
public:
  Error(std::string Kernel, const std::string &Message,
        cudaError_t Code = cudaSuccess)
      : std::runtime_error("stencil: " + Kernel + ": " + Message),
        KernelName(std::move(Kernel)), Code(Code) {}
  const std::string &kernel() const { return KernelName; }
  cudaError_t code() const { return Code; }

private:
  std::string KernelName;
  cudaError_t Code;
};

namespace detail {
inline void throwCudaError(cudaError_t Code, const char *Expr,
                           const std::string &What) {
  // Clear the sticky-free error state so the next call does not see it.
  (void)cudaGetLastError();
  throw Error(What, std::string(Expr) + " failed: " + cudaGetErrorName(Code) +
                        ": " + cudaGetErrorString(Code),
              Code);
}
} // namespace detail

} // namespace stencil

/// Evaluates a CUDA runtime call and throws stencil::Error naming `what` (the
/// kernel or operation) with CUDA's error string when it fails.
#define STENCIL_CUDA_CHECK(expr, what)                                         \
  do {                                                                         \
    cudaError_t stencil_check_code_ = (expr);                                  \
    if (stencil_check_code_ != cudaSuccess)                                    \
      ::stencil::detail::throwCudaError(stencil_check_code_, #expr, (what));   \
  } while (0)

namespace stencil {

//===----------------------------------------------------------------------===//
// Profiler (STENCIL_PROFILE=1)
//===----------------------------------------------------------------------===//

namespace detail {

/// Read once: the cost when profiling is off is this one cached branch.
inline bool profilingEnabled() {
  static const bool On = [] {
    const char *V = std::getenv("STENCIL_PROFILE");
    return V && *V && std::strcmp(V, "0") != 0;
  }();
  return On;
}

struct KernelProfile {
  uint64_t Launches = 0;
  double TotalMs = 0, MinMs = 0, MaxMs = 0;
  dim3 Grid{0, 0, 0}, Block{0, 0, 0}; ///< of the latest launch
  uint64_t HostToDevice = 0, DeviceToHost = 0;
  cudaEvent_t Start = nullptr, Stop = nullptr;
};

/// Per-kernel statistics, printed to stderr when the program exits. Grid
/// uploads and downloads are not tied to a kernel and have their own row.
class Profiler {
public:
  static Profiler &instance() {
    static Profiler P;
    return P;
  }
  static constexpr const char *TransfersRow = "(Grid transfers)";

  KernelProfile &entry(const std::string &Name) {
    std::lock_guard<std::mutex> Lock(M);
    return Entries[Name];
  }
  void addBytes(const std::string &Name, uint64_t H2D, uint64_t D2H) {
    std::lock_guard<std::mutex> Lock(M);
    KernelProfile &E = Entries[Name];
    E.HostToDevice += H2D;
    E.DeviceToHost += D2H;
  }
  void addLaunch(const std::string &Name, double Ms, dim3 G, dim3 B) {
    std::lock_guard<std::mutex> Lock(M);
    KernelProfile &E = Entries[Name];
    E.MinMs = E.Launches ? std::min(E.MinMs, Ms) : Ms;
    E.MaxMs = E.Launches ? std::max(E.MaxMs, Ms) : Ms;
    E.TotalMs += Ms;
    ++E.Launches;
    E.Grid = G;
    E.Block = B;
  }

  /// The table, one row per kernel (sorted by name, transfers last).
  std::string table() const {
    std::lock_guard<std::mutex> Lock(M);
    std::string S;
    char Line[512];
    std::snprintf(Line, sizeof Line,
                  "%-28s %9s %12s %10s %10s %10s %-16s %-12s %14s %14s\n",
                  "kernel", "launches", "total ms", "avg ms", "min ms",
                  "max ms", "grid", "block", "host->dev B", "dev->host B");
    S += "stencil profile (STENCIL_PROFILE=1)\n";
    S += Line;
    auto Row = [&](const std::string &Name, const KernelProfile &E) {
      char G[48] = "-", B[48] = "-";
      if (E.Launches) {
        std::snprintf(G, sizeof G, "%ux%ux%u", E.Grid.x, E.Grid.y, E.Grid.z);
        std::snprintf(B, sizeof B, "%ux%ux%u", E.Block.x, E.Block.y,
                      E.Block.z);
      }
      double Avg = E.Launches ? E.TotalMs / double(E.Launches) : 0.0;
      std::snprintf(Line, sizeof Line,
                    "%-28s %9llu %12.3f %10.4f %10.4f %10.4f %-16s %-12s "
                    "%14llu %14llu\n",
                    Name.c_str(), (unsigned long long)E.Launches, E.TotalMs,
                    Avg, E.MinMs, E.MaxMs, G, B,
                    (unsigned long long)E.HostToDevice,
                    (unsigned long long)E.DeviceToHost);
      S += Line;
    };
    for (const auto &KV : Entries)
      if (KV.first != TransfersRow)
        Row(KV.first, KV.second);
    auto T = Entries.find(TransfersRow);
    if (T != Entries.end())
      Row(T->first, T->second);
    return S;
  }

  ~Profiler() {
    // No CUDA calls here: the runtime may already be torn down at exit.
    if (profilingEnabled() && !Entries.empty())
      std::fputs(table().c_str(), stderr);
  }

private:
  Profiler() = default;
  mutable std::mutex M;
  std::map<std::string, KernelProfile> Entries;
};

/// Counts bytes moved for `Name` (only when profiling).
inline void countTransfer(const char *Name, uint64_t H2D, uint64_t D2H) {
  if (profilingEnabled())
    Profiler::instance().addBytes(Name, H2D, D2H);
}

/// Times one launch with CUDA events when STENCIL_PROFILE=1; otherwise does
/// nothing. Timing synchronises on the launch's stop event, so a profiled
/// program loses host/device overlap (as PGI's accelerator timing does).
class LaunchTimer {
public:
  LaunchTimer(const char *Kernel, dim3 Grid, dim3 Block, cudaStream_t Stream)
      : Name(Kernel), G(Grid), B(Block), S(Stream) {
    if (!profilingEnabled())
      return;
    Entry = &Profiler::instance().entry(Name);
    if (!Entry->Start) {
      STENCIL_CUDA_CHECK(cudaEventCreate(&Entry->Start), Name);
      STENCIL_CUDA_CHECK(cudaEventCreate(&Entry->Stop), Name);
    }
    STENCIL_CUDA_CHECK(cudaEventRecord(Entry->Start, S), Name);
  }
  void finish() {
    if (!Entry)
      return;
    STENCIL_CUDA_CHECK(cudaEventRecord(Entry->Stop, S), Name);
    STENCIL_CUDA_CHECK(cudaEventSynchronize(Entry->Stop), Name);
    float Ms = 0;
    STENCIL_CUDA_CHECK(cudaEventElapsedTime(&Ms, Entry->Start, Entry->Stop),
                       Name);
    Profiler::instance().addLaunch(Name, Ms, G, B);
  }

private:
  const char *Name;
  dim3 G, B;
  cudaStream_t S;
  KernelProfile *Entry = nullptr; // std::map nodes are stable
};

} // namespace detail

//===----------------------------------------------------------------------===//
// Grid<T, R>: device memory
//===----------------------------------------------------------------------===//

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
        throw Error("Grid", "extents " + formatExtents<R>(E) +
                                " must all be positive");
  }
  void allocate() {
    STENCIL_CUDA_CHECK(cudaMalloc(reinterpret_cast<void **>(&Ptr),
                                  static_cast<size_t>(volume<R>(Ext)) *
                                      sizeof(T)),
                       "Grid");
  }
  void requireExtents(const char *What, const Extents<R> &E) const {
    if (E != Ext)
      throw Error(What, "extents " + formatExtents<R>(E) +
                            " differ from the grid's " +
                            formatExtents<R>(Ext));
  }

  T *Ptr = nullptr;
  Extents<R> Ext{};
  uint64_t Version = 0;
  uint64_t Id = detail::nextGridId();
};

//===----------------------------------------------------------------------===//
// Launch options
//===----------------------------------------------------------------------===//

/// Per-launch overrides of what stencilc compiled in. Zero / -1 mean "as
/// compiled". Lo/Hi name a half-open region [Lo, Hi) per dimension (the first
/// R entries are used) that replaces the default interior domain.
struct LaunchOptions {
  bool HasRegion = false;
  std::array<int64_t, 3> Lo{}, Hi{};
  std::array<int, 3> Block{0, 0, 0}; ///< threads, innermost dimension first
  int PointsPerThread = 0;
  /// 1: clamp the grid to the blocks resident on the device at once (every
  /// thread walks many points); 0: one block per block-sized tile of the
  /// domain; -1: as compiled (tile's Schedule::Persistent).
  int Persistent = -1;
  /// Auto: the compiled lowering, or the model's choice per launch
  /// (stencil/histogram.hpp); anything else forces that lowering.
  ::stencil::HistogramLowering HistogramLowering = ::stencil::HistogramLowering::Auto;
  cudaStream_t Stream = 0;
};

/// Options that run a kernel over Box instead of its interior.
template <int R> LaunchOptions region(const Region<R> &Box) {
  LaunchOptions O;
  O.HasRegion = true;
  for (int D = 0; D < R; ++D) {
    O.Lo[D] = Box.Lo[D];
    O.Hi[D] = Box.Hi[D];
  }
  return O;
}

//===----------------------------------------------------------------------===//
// Helpers for generated launchers (host side)
//===----------------------------------------------------------------------===//

namespace detail {

inline constexpr int64_t divUp(int64_t A, int64_t B) { return (A + B - 1) / B; }

/// The points a launch covers and the row-major strides of its grids; passed
/// to every kernel by value.
template <int R> struct Domain {
  int64_t Lo[R];
  int64_t Hi[R];
  int64_t Stride[R]; ///< elements between neighbours along each dimension
  bool empty() const {
    for (int D = 0; D < R; ++D)
      if (Hi[D] <= Lo[D])
        return true;
    return false;
  }
};

template <int R>
void requireSameExtents(const char *Kernel, const char *FirstName,
                        const Extents<R> &First, const char *Name,
                        const Extents<R> &E) {
  if (E != First)
    throw Error(Kernel, "grids of one kernel must have equal extents, but '" +
                            std::string(FirstName) + "' is " +
                            formatExtents<R>(First) + " and '" + Name +
                            "' is " + formatExtents<R>(E));
}

/// The launch domain: the interior [FootLo, E - FootHi) or the options'
/// region, which must leave room for the footprint so no read leaves a grid.
template <int R>
Domain<R> launchDomain(const char *Kernel, const Extents<R> &E,
                       const std::array<int, 3> &FootLo,
                       const std::array<int, 3> &FootHi,
                       const LaunchOptions &Opts) {
  Domain<R> Dom;
  int64_t Stride = 1;
  for (int D = R - 1; D >= 0; --D) {
    Dom.Stride[D] = Stride;
    Stride *= E[D];
  }
  for (int D = 0; D < R; ++D) {
    Dom.Lo[D] = Opts.HasRegion ? Opts.Lo[D] : FootLo[D];
    Dom.Hi[D] = Opts.HasRegion ? Opts.Hi[D] : E[D] - FootHi[D];
  }
  if (!Opts.HasRegion || Dom.empty())
    return Dom;
  for (int D = 0; D < R; ++D) {
    if (Dom.Lo[D] - FootLo[D] >= 0 && Dom.Hi[D] + FootHi[D] <= E[D])
      continue;
    throw Error(Kernel,
                "region [" + std::to_string(Dom.Lo[D]) + ", " +
                    std::to_string(Dom.Hi[D]) + ") along dimension " +
                    std::to_string(D) + " with the kernel's reads at offsets " +
                    std::to_string(-FootLo[D]) + ".." +
                    std::to_string(FootHi[D]) + " leaves grids of extents " +
                    formatExtents<R>(E) + "; it must lie within [" +
                    std::to_string(FootLo[D]) + ", " +
                    std::to_string(E[D] - FootHi[D]) + ")");
  }
  return Dom;
}

/// Threads per block: the options' shape if given, else the compiled one;
/// components beyond the domain's rank are folded into x.
template <int R>
dim3 blockShape(const std::array<int, 3> &Compiled, const LaunchOptions &Opts) {
  std::array<int, 3> B = Opts.Block[0] > 0 ? Opts.Block : Compiled;
  for (int &X : B)
    X = std::max(X, 1);
  for (int D = R; D < 3; ++D) {
    B[0] *= B[D];
    B[D] = 1;
  }
  return dim3(unsigned(B[0]), unsigned(B[1]), unsigned(B[2]));
}

/// Blocks per grid: enough for one point per thread, divided by
/// PointsPerThread along StreamDim (the kernels walk their domain with
/// grid-stride loops, so any grid covers it), clamped to CUDA's limits.
template <int R>
dim3 gridShape(const Domain<R> &Dom, dim3 Block, int PointsPerThread,
               int StreamDim) {
  const unsigned Threads[3] = {Block.x, Block.y, Block.z};
  const int64_t Limit[3] = {2147483647, 65535, 65535};
  int64_t G[3] = {1, 1, 1};
  for (int D = 0; D < R; ++D) {
    int Axis = R - 1 - D; // x walks the last (contiguous) dimension
    int64_t N = std::max<int64_t>(Dom.Hi[D] - Dom.Lo[D], 0);
    int64_t PerThread = (D == StreamDim && PointsPerThread > 1) ? PointsPerThread : 1;
    G[Axis] = std::min(std::max<int64_t>(divUp(N, Threads[Axis] * PerThread), 1),
                       Limit[Axis]);
  }
  return dim3(unsigned(G[0]), unsigned(G[1]), unsigned(G[2]));
}

inline unsigned threadsPerBlock(dim3 B) { return B.x * B.y * B.z; }

/// The shape of gridShape, clamped to MaxBlocks blocks in total by shrinking
/// the outer axes first (z, then y, then x): a persistent grid, in which every
/// thread walks many points with the kernel's grid-stride loops. `tile` asks
/// for it for rank 1 and 2 kernels with reductions (Jacobi 2-D error check
/// 0.099 ms vs 0.199 with one block per tile, H100,
/// bench/results/2026-11-23T022216Z.json).
template <int R>
dim3 persistentGridShape(const Domain<R> &Dom, dim3 Block, int PointsPerThread,
                         int StreamDim, int64_t MaxBlocks) {
  dim3 G = gridShape<R>(Dom, Block, PointsPerThread, StreamDim);
  const int64_t Cap = std::max<int64_t>(MaxBlocks, 1);
  auto Clamp = [&](unsigned &Axis, int64_t Others) {
    Axis = unsigned(std::min<int64_t>(Axis, std::max<int64_t>(Cap / Others, 1)));
  };
  Clamp(G.z, int64_t(G.x) * G.y);
  Clamp(G.y, int64_t(G.x) * G.z);
  Clamp(G.x, int64_t(G.y) * G.z);
  return G;
}

/// True when a kernel over extents E may index with int: every linear index
/// times Scale (16-byte vectors per point of a record array) plus a grid's
/// worth of threads stays far from 2^31.
template <int R> bool fitsNarrowIndex(const Extents<R> &E, int Scale) {
  return volume<R>(E) * std::max(Scale, 1) < (int64_t(1) << 30);
}

/// Blocks of one kernel that fit on the device at once (SMs x resident
/// blocks per SM for this block size and shared memory), cached for the last
/// (device, kernel, block, shared memory) a launcher asked about.
class ResidentBlocks {
public:
  template <class KernelFn>
  int64_t get(const char *Kernel, KernelFn *Fn, dim3 Block, size_t Smem) {
    int Dev = 0;
    STENCIL_CUDA_CHECK(cudaGetDevice(&Dev), Kernel);
    const unsigned Threads = threadsPerBlock(Block);
    const void *Key = reinterpret_cast<const void *>(Fn);
    if (Cached > 0 && Dev == CachedDev && Threads == CachedThreads &&
        Smem == CachedSmem && Key == CachedFn)
      return Cached;
    int PerSm = 0;
    STENCIL_CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(
                           &PerSm, Fn, int(Threads), Smem),
                       Kernel);
    int Sms = 0;
    STENCIL_CUDA_CHECK(
        cudaDeviceGetAttribute(&Sms, cudaDevAttrMultiProcessorCount, Dev),
        Kernel);
    Cached = int64_t(std::max(PerSm, 1)) * std::max(Sms, 1);
    CachedDev = Dev;
    CachedThreads = Threads;
    CachedSmem = Smem;
    CachedFn = Key;
    return Cached;
  }

private:
  const void *CachedFn = nullptr;
  int64_t Cached = 0;
  int CachedDev = -1;
  unsigned CachedThreads = 0;
  size_t CachedSmem = 0;
};

/// Where the totals of a kernel's last ResultRingSize launches land: mapped
/// pinned host memory written by the launch's finalize kernel, with an event
/// recorded after it, so that the host can wait for one launch without
/// waiting for the stream (stencil::Pending, the async:: launchers). A
/// launch takes the next entry; a result read after ResultRingSize later
/// launches reused its entry is an error, never a silently wrong value.
constexpr int ResultRingSize = 8;

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
    STENCIL_CUDA_CHECK(cudaHostAlloc(&Host, Bytes * ResultRingSize, cudaHostAllocMapped),
                       Kernel);
    std::memset(Host, 0, Bytes * ResultRingSize);
    STENCIL_CUDA_CHECK(cudaHostGetDevicePointer(&HostOnDevice, Host, 0), Kernel);
    for (cudaEvent_t &E : Done)
      STENCIL_CUDA_CHECK(cudaEventCreateWithFlags(&E, cudaEventDisableTiming), Kernel);
  }
  /// Takes the next entry for a launch.
  RingEntry begin() {
    const int Index = int(Launches % ResultRingSize);
    Generation[Index] = ++Launches;
    return {Index, Launches};
  }
  /// The device's view of an entry, for the finalize kernel to write.
  void *onDevice(RingEntry E) const {
    return static_cast<char *>(HostOnDevice) + size_t(E.Index) * EntryBytes;
  }
  /// Marks the entry written once Stream has run the launch's finalize kernel.
  void recorded(const char *Kernel, RingEntry E, cudaStream_t Stream) {
    STENCIL_CUDA_CHECK(cudaEventRecord(Done[E.Index], Stream), Kernel);
  }
  /// Waits for the entry's launch; returns its totals, in pinned memory that
  /// stays valid until ResultRingSize later launches.
  const void *wait(const char *Kernel, RingEntry E) const {
    requireCurrent(Kernel, E);
    STENCIL_CUDA_CHECK(cudaEventSynchronize(Done[E.Index]), Kernel);
    countTransfer(Kernel, 0, EntryBytes);
    return static_cast<const char *>(Host) + size_t(E.Index) * EntryBytes;
  }
  /// True when the entry's launch has finished, without waiting.
  bool ready(const char *Kernel, RingEntry E) const {
    requireCurrent(Kernel, E);
    const cudaError_t Status = cudaEventQuery(Done[E.Index]);
    if (Status == cudaErrorNotReady)
      return false;
    STENCIL_CUDA_CHECK(Status, Kernel);
    return true;
  }

private:
  void requireCurrent(const char *Kernel, RingEntry E) const {
    if (Generation[E.Index] != E.Generation)
      throw Error(Kernel, "a pending result was read after " +
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
};

/// The device accumulators of a kernel's reductions (Slots: a struct of
/// ReductionSlots slots per reduction) and where their totals go (Totals: one
/// value per reduction, a ResultRing entry per launch). The slots stay at
/// their identities between launches: the launch's finalize kernel (one
/// block, collectSlots) combines them, writes the totals to the launch's
/// ring entry and puts the identities back, so a launch makes no
/// host-to-device initialisation and no device-to-host copy. Owned by one
/// launcher; never freed (as Scratch). The launches of one launcher must be
/// ordered (one stream, or synchronised streams): they share the slots.
template <class Slots, class Totals> class SelfResettingAccumulators {
public:
  /// Allocates the slots and the ring on first use and sets the slots to
  /// Identity.
  void prepare(const char *Kernel, const Slots &Identity) {
    if (Device)
      return;
    STENCIL_CUDA_CHECK(cudaMalloc(&Device, sizeof(Slots)), Kernel);
    STENCIL_CUDA_CHECK(cudaMemcpy(Device, &Identity, sizeof(Slots),
                                  cudaMemcpyHostToDevice),
                       Kernel);
    Ring.prepare(Kernel, sizeof(Totals));
  }
  Slots *device() const { return Device; }
  ResultRing &ring() { return Ring; }

private:
  Slots *Device = nullptr;
  ResultRing Ring;
};

/// A device buffer owned by one launcher, allocated on first use and grown
/// when needed; never freed (process lifetime; freeing in a static destructor
/// would race CUDA's own teardown). Launches through one launcher from
/// several host threads at once must use distinct launchers.
class Scratch {
public:
  template <class T> T *get(const char *Kernel) {
    if (!Ptr || Bytes < sizeof(T)) {
      if (Ptr)
        (void)cudaFree(Ptr);
      Ptr = nullptr;
      STENCIL_CUDA_CHECK(cudaMalloc(&Ptr, sizeof(T)), Kernel);
      Bytes = sizeof(T);
    }
    return static_cast<T *>(Ptr);
  }

private:
  void *Ptr = nullptr;
  size_t Bytes = 0;
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

/// Cached properties of a device (by ordinal).
struct DeviceProps {
  int SmCount = 0;
  int SharedPerBlockOptin = 0; ///< bytes
  int SharedPerBlock = 0;      ///< bytes, without opting in
  int MaxThreadsPerBlock = 0;
};

inline const DeviceProps &deviceProps() {
  static std::mutex M;
  static std::map<int, DeviceProps> Cache;
  int Dev = 0;
  STENCIL_CUDA_CHECK(cudaGetDevice(&Dev), "deviceProps");
  std::lock_guard<std::mutex> Lock(M);
  auto It = Cache.find(Dev);
  if (It != Cache.end())
    return It->second;
  DeviceProps P;
  STENCIL_CUDA_CHECK(cudaDeviceGetAttribute(&P.SmCount,
                                            cudaDevAttrMultiProcessorCount, Dev),
                     "deviceProps");
  STENCIL_CUDA_CHECK(
      cudaDeviceGetAttribute(&P.SharedPerBlockOptin,
                             cudaDevAttrMaxSharedMemoryPerBlockOptin, Dev),
      "deviceProps");
  STENCIL_CUDA_CHECK(cudaDeviceGetAttribute(&P.SharedPerBlock,
                                            cudaDevAttrMaxSharedMemoryPerBlock,
                                            Dev),
                     "deviceProps");
  STENCIL_CUDA_CHECK(cudaDeviceGetAttribute(&P.MaxThreadsPerBlock,
                                            cudaDevAttrMaxThreadsPerBlock, Dev),
                     "deviceProps");
  return Cache.emplace(Dev, P).first->second;
}

//===----------------------------------------------------------------------===//
// Helpers for generated kernels (device side)
//===----------------------------------------------------------------------===//

// The DSL's min/max are std::min/std::max: keep their exact semantics
// (which operand wins on ties and NaNs) on both host and device.
template <class T> __host__ __device__ inline T maxOf(T A, T B) {
  return (A < B) ? B : A;
}
template <class T> __host__ __device__ inline T minOf(T A, T B) {
  return (B < A) ? B : A;
}

#ifdef __CUDACC__

// Atomics on the accumulator types. int64_t is `long` on LP64; CUDA's
// integer atomics take `unsigned long long` / `long long`.
__device__ inline void atomicAddValue(int *P, int V) { atomicAdd(P, V); }
__device__ inline void atomicAddValue(int64_t *P, int64_t V) {
  atomicAdd(reinterpret_cast<unsigned long long *>(P),
            static_cast<unsigned long long>(V));
}
__device__ inline void atomicAddValue(float *P, float V) { atomicAdd(P, V); }
__device__ inline void atomicAddValue(double *P, double V) { atomicAdd(P, V); }

__device__ inline void atomicMaxValue(int *P, int V) { atomicMax(P, V); }
__device__ inline void atomicMinValue(int *P, int V) { atomicMin(P, V); }
__device__ inline void atomicMaxValue(int64_t *P, int64_t V) {
  atomicMax(reinterpret_cast<long long *>(P), static_cast<long long>(V));
}
__device__ inline void atomicMinValue(int64_t *P, int64_t V) {
  atomicMin(reinterpret_cast<long long *>(P), static_cast<long long>(V));
}

/// Max/min of floats through compare-and-swap on the bit pattern; stops as
/// soon as the stored value is no longer improved by V.
template <class T, class Bits, class Better>
__device__ inline void atomicFloatCas(T *P, T V, Better IsBetter) {
  Bits *Addr = reinterpret_cast<Bits *>(P);
  Bits Old = *Addr;
  for (;;) {
    T Current;
    memcpy(&Current, &Old, sizeof(T));
    if (!IsBetter(V, Current))
      return;
    Bits New;
    memcpy(&New, &V, sizeof(T));
    Bits Seen = atomicCAS(Addr, Old, New);
    if (Seen == Old)
      return;
    Old = Seen;
  }
}
struct Greater {
  template <class T> __device__ bool operator()(T A, T B) const { return B < A; }
};
struct Less {
  template <class T> __device__ bool operator()(T A, T B) const { return A < B; }
};
__device__ inline void atomicMaxValue(float *P, float V) {
  atomicFloatCas<float, unsigned int>(P, V, Greater());
}
__device__ inline void atomicMinValue(float *P, float V) {
  atomicFloatCas<float, unsigned int>(P, V, Less());
}
__device__ inline void atomicMaxValue(double *P, double V) {
  atomicFloatCas<double, unsigned long long>(P, V, Greater());
}
__device__ inline void atomicMinValue(double *P, double V) {
  atomicFloatCas<double, unsigned long long>(P, V, Less());
}

/// The three reduction operators: combine two partials, and fold a block's
/// partial into the launch's device accumulator.
struct SumOp {
  template <class T> __device__ static T combine(T A, T B) { return A + B; }
  template <class T> __device__ static void atomic(T *P, T V) {
    atomicAddValue(P, V);
  }
};
struct MaxOp {
  template <class T> __device__ static T combine(T A, T B) { return maxOf(A, B); }
  template <class T> __device__ static void atomic(T *P, T V) {
    atomicMaxValue(P, V);
  }
};
struct MinOp {
  template <class T> __device__ static T combine(T A, T B) { return minOf(A, B); }
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
/// sector, instead of one. Atomics on one address serialise in L2: the Jacobi
/// error check (8 bytes per point) with one atomic per 256 points took
/// 0.322 ms, with one per resident block 0.101 ms, floor 0.068 (H100,
/// bench/results/2026-11-22T160732Z.json, 2026-11-23T015835Z.json).
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

/// Called by every thread of a one-block launch of ReductionSlots threads:
/// combines the slots, puts the identity back in each, and returns the total
/// (valid in thread 0). Smem holds 32 T.
template <class Op, class T>
__device__ T collectSlots(T *Slots, T Identity, void *Smem) {
  T V = Identity;
  for (unsigned S = threadIdx.x; S < unsigned(ReductionSlots); S += blockDim.x) {
    T *Slot = Slots + S * slotStride<T>();
    V = Op::combine(V, *Slot);
    *Slot = Identity;
  }
  T *Warps = static_cast<T *>(Smem);
  const unsigned Lane = threadIdx.x % 32, Warp = threadIdx.x / 32;
  const unsigned WarpCount = (blockDim.x + 31) / 32;
  V = reduceWarp<Op>(V, min(32u, blockDim.x - Warp * 32));
  if (Lane == 0)
    Warps[Warp] = V;
  __syncthreads();
  if (threadIdx.x == 0)
    for (unsigned W = 1; W < WarpCount; ++W)
      V = Op::combine(V, Warps[W]);
  __syncthreads(); // Smem may be reused by the next reduction
  return V;
}

/// Source pointers of one record array (merge-arrays), by value.
template <class T> struct RecordSources {
  static constexpr int MaxFields = 32;
  const T *Field[MaxFields];
};

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
/// reads a record with Fields * sizeof(T) / 16 16-byte loads. Owned by one
/// launcher. get() packs on first use and again only when one of the grids
/// is another buffer (id) or was written since (version), so that a changed
/// coefficient array is always picked up.
template <class T, int R, int Fields> class RecordArray {
  static_assert(Fields * sizeof(T) % 16 == 0, "records are 16-byte multiples");

public:
  const T *get(const char *Kernel, std::initializer_list<const Grid<T, R> *> Grids,
               cudaStream_t Stream) {
    if (int(Grids.size()) > Fields || int(Grids.size()) > RecordSources<T>::MaxFields)
      throw Error(Kernel, "too many grids for one record array");
    const Grid<T, R> &First = **Grids.begin();
    const int64_t Points = First.size();
    bool Stale = !Data || Points != CachedPoints || Grids.size() != Keys.size();
    for (size_t I = 0; !Stale && I < Grids.size(); ++I) {
      const Grid<T, R> *G = Grids.begin()[I];
      Stale = Keys[I] != std::make_pair(G->id(), G->version());
    }
    if (!Stale)
      return Data;
    if (Points != CachedPoints || !Data) {
      if (Data)
        STENCIL_CUDA_CHECK(cudaFree(Data), Kernel);
      Data = nullptr;
      STENCIL_CUDA_CHECK(
          cudaMalloc(&Data, size_t(std::max<int64_t>(Points, 1)) * Fields * sizeof(T)),
          Kernel);
      CachedPoints = Points;
    }
    RecordSources<T> Src{};
    Keys.clear();
    for (size_t I = 0; I < Grids.size(); ++I) {
      const Grid<T, R> *G = Grids.begin()[I];
      Src.Field[I] = G->data();
      Keys.emplace_back(G->id(), G->version());
    }
#ifdef __CUDACC__
    const unsigned Blocks =
        unsigned(std::min<int64_t>(std::max<int64_t>(divUp(Points, 256), 1), 65535));
    packRecordsKernel<T><<<Blocks, 256, 0, Stream>>>(Data, Src, int(Grids.size()),
                                                       Fields, Points);
    STENCIL_CUDA_CHECK(cudaGetLastError(), Kernel);
#endif
    return Data;
  }

private:
  T *Data = nullptr;
  int64_t CachedPoints = -1;
  std::vector<std::pair<uint64_t, uint64_t>> Keys;
};

} // namespace detail

/// The result of a launch that has not been waited for: the async:: launcher
/// of a kernel with reductions returns it at once, with the launch queued on
/// opts.Stream. get() waits for that launch alone (not the stream, nor later
/// launches) and returns its reductions; the plain launcher is async::
/// launcher followed by get(). A pending result must be read before
/// detail::ResultRingSize (8) later launches of the same kernel, or get()
/// throws stencil::Error. Cheap to copy.
template <class Result> class Pending {
public:
  /// Converts a launch's totals (the kernel's Totals struct) to Result.
  using Reader = Result (*)(const void *Totals);

  /// A result known without a launch (an empty domain: the identities).
  explicit Pending(const Result &Known) : Value(Known) {}
  Pending(const char *Kernel, const detail::ResultRing *Ring, detail::RingEntry Entry,
          Reader Read)
      : Kernel(Kernel), Ring(Ring), Entry(Entry), Read(Read) {}

  /// Waits for the launch and returns its reductions.
  Result get() const { return Ring ? Read(Ring->wait(Kernel, Entry)) : Value; }
  /// True once get() would not wait.
  bool ready() const { return !Ring || Ring->ready(Kernel, Entry); }

private:
  Result Value{};
  const char *Kernel = nullptr;
  const detail::ResultRing *Ring = nullptr;
  detail::RingEntry Entry;
  Reader Read = nullptr;
};

} // namespace stencil

#endif // STENCIL_RUNTIME_HPP
