// stencil/detail/launch.hpp - host-side shapes of a generated launch.
//
// The launch domain (interior or LaunchOptions region, checked against the
// kernel's footprint), grid extents checks, block and grid shapes (persistent
// grids clamped to the resident blocks), the index width, and the cached
// device properties the launchers and stencil/histogram.hpp ask for.
//
// Internal: for the code stencilc generates (and the rest of the runtime),
// not for programs; names and signatures change with the code generator.
// Programs include <stencil/runtime.hpp>.
#ifndef STENCIL_DETAIL_LAUNCH_HPP
#define STENCIL_DETAIL_LAUNCH_HPP

#include <stencil/detail/fill_rule.hpp>
#include <stencil/detail/per_device.hpp>
#include <stencil/error.hpp>
#include <stencil/grid.hpp>
#include <stencil/launch_options.hpp>

#include <cuda_runtime.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <initializer_list>
#include <map>
#include <mutex>
#include <string>
#include <utility>

namespace stencil {
namespace detail {

inline constexpr int64_t divUp(int64_t A, int64_t B) { return (A + B - 1) / B; }

/// The points a launch covers and the row-major strides of its grids; passed
/// to every kernel by value.
template <int R> struct Domain {
  int64_t Lo[R];
  int64_t Hi[R];
  int64_t Stride[R]; ///< elements between neighbours along each dimension
  /// LaunchOptions::Origin: what index(d) adds to the coordinate (in kernels
  /// compiled with --distributed).
  int64_t Origin[R];
  /// The linear indices (lane 0's) from EdgeLo to EdgeHi where a vector at
  /// the domain's first or last columns runs all its lanes: every vector
  /// they load lies in the grids (edgeLaneBounds).
  int64_t EdgeLo;
  int64_t EdgeHi;
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

/// Throws, before anything runs, when two grids of one launch share memory
/// and the launch writes one of them (Written names the role of each: "read",
/// "written", "read and written"). No aliasing is allowed: a point would read
/// a neighbour the launch may already have overwritten, or two stores would
/// race (docs/runtime.md#aliasing).
inline void requireDisjoint(const char *Kernel, const char *NameA,
                            const char *RoleA, const void *A, size_t BytesA,
                            const char *NameB, const char *RoleB, const void *B,
                            size_t BytesB) {
  if (!A || !B || BytesA == 0 || BytesB == 0)
    return;
  const uintptr_t A0 = reinterpret_cast<uintptr_t>(A), A1 = A0 + BytesA;
  const uintptr_t B0 = reinterpret_cast<uintptr_t>(B), B1 = B0 + BytesB;
  if (A0 >= B1 || B0 >= A1)
    return;
  throw Error(Kernel, std::string("'") + NameA + "' (" + RoleA + ") and '" +
                          NameB + "' (" + RoleB + ") " +
                          (A0 == B0 && BytesA == BytesB ? "are the same grid"
                                                        : "overlap in memory") +
                          ": a launch may not read a grid it writes, or write "
                          "one grid twice; pass separate grids");
}

/// Columns past the footprint that the vectors of a lane group reach from
/// lane 0's aligned point: its Vec lanes, a jam group's rows shifted up to
/// 3 (Jam - 1) columns, a vector's start up to Vec - 1 before an element,
/// with Vec at most 4 (docs/passes/tile.md#edge-vectors).
inline constexpr int64_t EdgeLaneReach = 24;
/// Rows along dimension 0 past the footprint: a jam group's (Jam at most 4).
inline constexpr int64_t EdgeLaneRows = 3;

/// Dom.EdgeLo and EdgeHi for grids of Volume elements: the lane-0 indices
/// whose groups load only inside the grids, the footprint's reach (each
/// dimension's radius times its stride, EdgeLaneRows more rows along
/// dimension 0, EdgeLaneReach more columns) from the first element and the
/// last. Only groups in the grids' first or last rows fall outside; they
/// run one point at a time.
template <int R>
void setEdgeLaneBounds(Domain<R> &Dom, const std::array<int, 3> &FootLo,
                       const std::array<int, 3> &FootHi, int64_t Volume) {
  int64_t Below = FootLo[R - 1] + EdgeLaneReach;
  int64_t Above = FootHi[R - 1] + EdgeLaneReach;
  for (int D = 0; D < R - 1; ++D) {
    Below += FootLo[D] * Dom.Stride[D];
    Above += (FootHi[D] + (D == 0 ? EdgeLaneRows : 0)) * Dom.Stride[D];
  }
  // Both within [-1, Volume], so that a kernel's 32-bit Index holds them.
  Dom.EdgeLo = std::min(Below, Volume);
  Dom.EdgeHi = std::max(Volume - 1 - Above, int64_t(-1));
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
    Dom.Origin[D] = Opts.Origin[D];
  }
  setEdgeLaneBounds<R>(Dom, FootLo, FootHi, Stride);
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

/// The block of a launch of Kernel, whose __global__ function was compiled
/// with __launch_bounds__(Bound) (the schedule's threads; 1024 for histogram
/// kernels, whose privatised launches take bigger blocks): a
/// LaunchOptions::Block with more threads would fail to launch, so it is
/// refused here with the bound.
template <int R>
dim3 blockShape(const char *Kernel, const std::array<int, 3> &Compiled,
                int64_t Bound, const LaunchOptions &Opts) {
  const dim3 B = blockShape<R>(Compiled, Opts);
  if (int64_t(B.x) * B.y * B.z > Bound)
    throw Error(Kernel,
                "LaunchOptions::Block asks for " +
                    std::to_string(int64_t(B.x) * B.y * B.z) +
                    " threads, but the kernel was compiled for at most " +
                    std::to_string(Bound) +
                    " (its schedule; --tile=KERNEL:... compiles another)");
  return B;
}

/// The vectors in a row [Lo, Hi) of the last dimension: a vectorised
/// kernel's loop starts at Lo rounded down to a multiple of Vec (the
/// emitter's loopHeader, codegen/cuda/KernelBody.cpp), so that every vector
/// is aligned when the rows are.
inline int64_t rowVectors(int64_t Lo, int64_t Hi, int Vec) {
  return (Hi - Lo / Vec * Vec + Vec - 1) / Vec;
}

/// A vectorised kernel's compiled block fitted to its rows: a thread takes
/// Vec adjacent points of a row, so a row of W points needs W / Vec threads
/// along x, and a block wider than that (or not dividing it) leaves threads
/// without work in every row. When more than 1/8 of a row's threads would
/// idle, the block's x is halved (its y doubled, the threads kept) down to
/// 32 while that leaves fewer idle; ties keep the wider block. A block given
/// in the options is kept. Rows of 384
/// points in vectors of 4 are 96 threads: a 128-wide block left 32 idle in
/// every row (majority3d; the tuner found 32 x 4 blocks 12% faster, H200
/// 2026-11-26T125441Z).
template <int R>
dim3 fitBlockToRows(dim3 B, const Domain<R> &Dom, int Vec,
                    const LaunchOptions &Opts) {
  if (R < 2 || Opts.Block[0] > 0)
    return B;
  const int64_t W = rowVectors(Dom.Lo[R - 1], Dom.Hi[R - 1], Vec);
  if (W < 1)
    return B;
  auto idle = [W](int64_t X) { return (W + X - 1) / X * X - W; };
  if (idle(B.x) * 8 <= W)
    return B; // at most 1/8 of a row's threads idle: the compiled block
  unsigned X = B.x, Y = B.y;
  for (unsigned Half = B.x / 2; Half >= 32 && B.x % Half == 0; Half /= 2)
    if (idle(Half) < idle(X)) {
      Y = B.y * (B.x / Half);
      X = Half;
    }
  return dim3(X, Y, B.z);
}

/// A point-wise kernel's domain of whole rows (every dimension but the
/// first spanning its extent: the default domain of a kernel that reads
/// every grid at its centre) is one contiguous range of each grid,
/// [Lo[0] * Stride[0], Hi[0] * Stride[0]). Such a kernel (tile's
/// runsAsOneRow: no neighbour read, no index(d)) walks it as one row, the
/// domain below with every dimension but the last a single point: its
/// linear index is then the last coordinate, and its vectors are aligned
/// wherever the grids are, whatever the rows' length. Rows of 8191 points
/// had each a partial vector at both ends (relax3d 0.99 -> 1.24x its floor,
/// H100, docs/passes/tile.md#one-row). False for any other domain, or when
/// Opts.OneRow is 0.
template <int R>
bool runsAsOneRow(const Domain<R> &Dom, const Extents<R> &E,
                  const LaunchOptions &Opts) {
  if (R < 2 || Opts.OneRow == 0)
    return false;
  for (int D = 1; D < R; ++D)
    if (Dom.Lo[D] != 0 || Dom.Hi[D] != E[D])
      return false;
  return true;
}

/// The one row of a domain of whole rows (runsAsOneRow): the same points,
/// strides and origin.
template <int R> Domain<R> oneRow(const Domain<R> &Dom) {
  Domain<R> Row = Dom;
  for (int D = 0; D + 1 < R; ++D) {
    Row.Lo[D] = 0;
    Row.Hi[D] = 1;
  }
  Row.Lo[R - 1] = Dom.Lo[0] * Dom.Stride[0];
  Row.Hi[R - 1] = Dom.Hi[0] * Dom.Stride[0];
  return Row;
}

/// A block's threads along x alone, for a launch over one row.
inline dim3 oneRowBlock(dim3 B) { return dim3(B.x * B.y * B.z, 1, 1); }

/// Whether a streamed kernel walks every other chunk backwards (1) or all
/// forwards (0). Two neighbouring chunks share the rows of the stencil's
/// halo along the streamed dimension. Walked forwards, the upper chunk
/// reads them at its end and the lower one at its start: when the two run
/// at the same time, a chunk's lifetime apart, long enough for the blocks
/// in between to evict them from L2 (H100 ncu, 2026-11-26: box5 read 27%
/// more DRAM bytes than the compulsory, density49 34%, majority3d 17%).
/// Zig-zag, the two read them both at their starts or both at their ends,
/// together. Neighbours run together within a block (more than one thread
/// along the streamed axis) and across blocks when the blocks resident at
/// once span at least two slabs of the grid along it; otherwise a slab
/// starts as the one before it ends, and forwards already meets there.
inline int zigzagChunks(int Asked, dim3 Grid, dim3 Block, int Axis,
                        int64_t Resident) {
  if (Asked >= 0)
    return Asked > 0;
  const unsigned G[3] = {Grid.x, Grid.y, Grid.z};
  const unsigned B[3] = {Block.x, Block.y, Block.z};
  if (B[Axis] > 1)
    return 1;
  const int64_t Slab = int64_t(G[0]) * G[1] * G[2] / G[Axis];
  return G[Axis] > 1 && Resident >= 2 * Slab;
}

/// Blocks per grid: enough for one point per thread, divided by
/// PointsPerThread along StreamDim and by Vec (the points of one thread's
/// vector) along the last dimension (the kernels walk their domain with
/// grid-stride loops, so any grid covers it), clamped to CUDA's limits.
/// Reach > 0: the columns past a row's end that the threads' columns must
/// cover besides: a streamed instance for rows that are not whole vectors
/// starts each row up to Vec - 1 columns left of its aligned column, and a
/// chunk's rows drift further (codegen/cuda/KernelBody.cpp, skewedBodies);
/// the launcher computes it for the instance it launches (its reach_).
template <int R>
dim3 gridShape(const Domain<R> &Dom, dim3 Block, int PointsPerThread,
               int StreamDim, int Vec = 1, int Reach = 0) {
  const unsigned Threads[3] = {Block.x, Block.y, Block.z};
  const int64_t Limit[3] = {2147483647, 65535, 65535};
  int64_t G[3] = {1, 1, 1};
  for (int D = 0; D < R; ++D) {
    int Axis = R - 1 - D; // x walks the last (contiguous) dimension
    int64_t N = std::max<int64_t>(Dom.Hi[D] - Dom.Lo[D], 0);
    int64_t PerThread =
        (D == StreamDim && PointsPerThread > 1) ? PointsPerThread : 1;
    if (D == R - 1 && Vec > 1)
      PerThread *= Vec;
    if (D == R - 1)
      N += Reach;
    G[Axis] = std::min(
        std::max<int64_t>(divUp(N, Threads[Axis] * PerThread), 1), Limit[Axis]);
  }
  return dim3(unsigned(G[0]), unsigned(G[1]), unsigned(G[2]));
}

inline unsigned threadsPerBlock(dim3 B) { return B.x * B.y * B.z; }
/// Blocks of a grid.
inline int64_t blocksIn(dim3 G) { return int64_t(G.x) * G.y * G.z; }

/// The shape of gridShape, clamped to MaxBlocks blocks in total by shrinking
/// the outer axes first (z, then y, then x): a persistent grid, in which every
/// thread walks many points with the kernel's grid-stride loops. `tile` asks
/// for it for rank 1 and 2 kernels with reductions, where it pays (measured:
/// docs/passes/tile.md#measurements).
template <int R>
dim3 persistentGridShape(const Domain<R> &Dom, dim3 Block, int PointsPerThread,
                         int StreamDim, int64_t MaxBlocks, int Vec = 1,
                         int Reach = 0) {
  dim3 G = gridShape<R>(Dom, Block, PointsPerThread, StreamDim, Vec, Reach);
  const int64_t Cap = std::max<int64_t>(MaxBlocks, 1);
  auto Clamp = [&](unsigned &Axis, int64_t Others) {
    Axis =
        unsigned(std::min<int64_t>(Axis, std::max<int64_t>(Cap / Others, 1)));
  };
  Clamp(G.z, int64_t(G.x) * G.y);
  Clamp(G.y, int64_t(G.x) * G.z);
  Clamp(G.x, int64_t(G.y) * G.z);
  return G;
}

/// Points per thread for a launch that is not persistent: Compiled, halved
/// while the grid would fill at most half of the blocks the device holds at
/// once (Resident, from ResidentBlocks), so that a launch-bound size runs
/// with several blocks on every SM instead of a few long chunks of points.
/// Himeno S (64 x 64 x 128, H100): 128 blocks at 8 points per thread against
/// 264 resident, 11.6 us per sweep; at 4, 10.7 us; M keeps 8 (1024 blocks)
/// (bench/results/2026-11-26T1815Z-launch-bound-h100.txt). Never below
/// Least: a jammed kernel's groups of Jam points need that many per thread
/// (the suite's triad lost 8% at one point per thread, its jam unused).
template <int R>
int pointsToFill(const Domain<R> &Dom, dim3 Block, int Compiled, int StreamDim,
                 int64_t Resident, int Vec = 1, int Least = 1) {
  int Points = std::max(Compiled, 1);
  while (canHalvePoints(Points, Least)) {
    const dim3 G = gridShape<R>(Dom, Block, Points, StreamDim, Vec);
    if (2 * blocksIn(G) > Resident)
      break;
    Points /= 2;
  }
  return Points;
}

/// True when a launch with self-resetting reductions lets the grid's last
/// block combine the slots (lastBlockToFinish) instead of launching the
/// finalize kernel after it: grids of at most two waves of resident blocks.
/// Every block then pays a fence and a counter's atomic at its end, which a
/// one-wave grid hides and a grid of many waves does not. Measured on the
/// H100 (Himeno sweep loop, us per sweep, `bench/proto/launch_bound.cu`,
/// docs/runtime.md#the-last-block-combines): XS 14.6 -> 9.1, S 13.5 -> 10.4
/// (about one wave); M, 6 waves, 92.2 -> 93.2, and 110 -> 125 at 25 waves.
inline bool lastBlockCombines(dim3 Grid, int64_t Resident) {
  return blocksIn(Grid) <= 2 * Resident;
}

/// True when a kernel compiled with `vector Vec` (tile) may take its vector
/// path over grids of extents E at these addresses: every row starts on a
/// Vec-element boundary (the last extent is a multiple of Vec; not asked
/// when WholeRows is false: rank-2 kernels have an instance per row skew)
/// and every base address is aligned to the widest vector, Vec elements of
/// the widest grid type (Bytes). Otherwise the launcher picks the kernel's
/// one-point instance, the same code as a kernel without vectors.
template <int R>
bool vectorAligned(const Extents<R> &E, int Vec, int Bytes,
                   std::initializer_list<const void *> Bases,
                   bool WholeRows = true) {
  if (Vec <= 1)
    return false;
  if (WholeRows && R > 1 && E[R - 1] % Vec != 0)
    return false;
  const uintptr_t Align = uintptr_t(Vec) * uintptr_t(Bytes);
  for (const void *B : Bases)
    if (reinterpret_cast<uintptr_t>(B) % Align != 0)
      return false;
  return true;
}

/// True when a kernel over extents E may index with int: every linear index
/// times Scale (16-byte vectors per point of a record array) plus a grid's
/// worth of threads stays far from 2^31.
template <int R> bool fitsNarrowIndex(const Extents<R> &E, int Scale) {
  return volume<R>(E) * std::max(Scale, 1) < (int64_t(1) << 30);
}

/// Blocks of one kernel that fit on the device at once (SMs x resident
/// blocks per SM for this block size and shared memory), cached per device
/// (PerDevice) for the last (kernel, block, shared memory) a launcher asked
/// about there.
class ResidentBlocks {
public:
  template <class KernelFn>
  int64_t get(const char *Kernel, KernelFn *Fn, dim3 Block, size_t Smem) {
    Entry &E = Entries.current(Kernel);
    const unsigned Threads = threadsPerBlock(Block);
    const void *Key = reinterpret_cast<const void *>(Fn);
    if (E.Cached > 0 && Threads == E.Threads && Smem == E.Smem && Key == E.Fn)
      return E.Cached;
    int Dev = 0;
    STENCIL_CUDA_CHECK(cudaGetDevice(&Dev), Kernel);
    int PerSm = 0;
    STENCIL_CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(
                           &PerSm, Fn, int(Threads), Smem),
                       Kernel);
    int Sms = 0;
    STENCIL_CUDA_CHECK(
        cudaDeviceGetAttribute(&Sms, cudaDevAttrMultiProcessorCount, Dev),
        Kernel);
    E.Cached = int64_t(std::max(PerSm, 1)) * std::max(Sms, 1);
    E.Threads = Threads;
    E.Smem = Smem;
    E.Fn = Key;
    return E.Cached;
  }

private:
  struct Entry {
    const void *Fn = nullptr;
    int64_t Cached = 0;
    unsigned Threads = 0;
    size_t Smem = 0;
  };
  PerDevice<Entry> Entries;
};

/// Cached properties of a device (by ordinal).
struct DeviceProps {
  int SmCount = 0;
  int MaxThreadsPerSm = 0;
  int SharedPerBlockOptin = 0; ///< bytes
  int SharedPerBlock = 0;      ///< bytes, without opting in
  int MaxThreadsPerBlock = 0;
};

/// Called on launch paths (vectorsFillDevice, histograms): after the first
/// call per thread and device, one cudaGetDevice and a compare (the map's
/// entries never move, so the thread keeps a pointer to the last one).
inline const DeviceProps &deviceProps() {
  static std::mutex M;
  static std::map<int, DeviceProps> Cache;
  thread_local int LastDev = -1;
  thread_local const DeviceProps *Last = nullptr;
  int Dev = 0;
  STENCIL_CUDA_CHECK(cudaGetDevice(&Dev), "deviceProps");
  if (Dev == LastDev)
    return *Last;
  std::lock_guard<std::mutex> Lock(M);
  auto It = Cache.find(Dev);
  if (It != Cache.end()) {
    LastDev = Dev;
    Last = &It->second;
    return *Last;
  }
  DeviceProps P;
  STENCIL_CUDA_CHECK(
      cudaDeviceGetAttribute(&P.SmCount, cudaDevAttrMultiProcessorCount, Dev),
      "deviceProps");
  STENCIL_CUDA_CHECK(
      cudaDeviceGetAttribute(&P.MaxThreadsPerSm,
                             cudaDevAttrMaxThreadsPerMultiProcessor, Dev),
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
  LastDev = Dev;
  Last = &Cache.emplace(Dev, P).first->second;
  return *Last;
}

/// True when vectors of Vec points per thread leave the launch at least a
/// device's worth of threads with work (SMs x resident threads per SM, at
/// PointsPerThread points each along StreamDim): below that, vectors only
/// take parallelism away from a launch that cannot fill the device (suite
/// launch class: wave1d at 65536 points 2.10x a copy of its bytes without
/// vectors, 2.84x with them; heat3d at 40^3 1.80x against 2.40x).
template <int R>
bool vectorsFillDevice(const Domain<R> &Dom, int PointsPerThread, int StreamDim,
                       int Vec) {
  int64_t Points = 1;
  for (int D = 0; D < R; ++D)
    Points *= std::max<int64_t>(Dom.Hi[D] - Dom.Lo[D], 0);
  // gridShape's points per thread: PointsPerThread along StreamDim (the
  // launcher passes 0 for a kernel that is not streamed, whose threads then
  // stride along dimension 0), Vec along the last dimension.
  const int64_t PerThread =
      int64_t(Vec) *
      (StreamDim >= 0 && StreamDim < R ? std::max(PointsPerThread, 1) : 1);
  const DeviceProps &P = deviceProps();
  return Points / PerThread >=
         int64_t(std::max(P.SmCount, 1)) * std::max(P.MaxThreadsPerSm, 1);
}

#ifdef __CUDACC__
/// Launches Fn<<<Grid, Block, Smem, Stream>>>(A...) with one launch
/// attribute (cudaLaunchKernelEx): launchAfterPrevious's programmatic
/// dependence, launchCooperative's co-residency (stencil/detail/sweeps.hpp).
template <class... Params, class... Args>
void launchWith(const char *Kernel, cudaLaunchAttribute Attribute,
                void (*Fn)(Params...), dim3 Grid, dim3 Block, size_t Smem,
                cudaStream_t Stream, Args &&...A) {
  cudaLaunchConfig_t Config = {};
  Config.gridDim = Grid;
  Config.blockDim = Block;
  Config.dynamicSmemBytes = Smem;
  Config.stream = Stream;
  Config.attrs = &Attribute;
  Config.numAttrs = 1;
  STENCIL_CUDA_CHECK(cudaLaunchKernelEx(&Config, Fn, std::forward<Args>(A)...),
                     Kernel);
}

/// Launches Fn<<<Grid, Block, Smem, Stream>>>(A...) as a programmatic
/// dependent launch (Hopper): the launch may be processed and its blocks
/// placed while the kernel before it on the stream finishes, and the kernel
/// waits in waitForPreviousGrid(), its first statement, until that kernel has
/// completed and its writes are visible. So every memory access keeps the
/// stream's order and only the launch latency is hidden. Measured on the
/// H100 (Himeno sweep loop, us per sweep, `bench/proto/launch_bound.cu`,
/// docs/runtime.md#dependent-launches): S 10.6 -> 9.3, M 92.0 -> 90.4.
template <class... Params, class... Args>
void launchAfterPrevious(const char *Kernel, void (*Fn)(Params...), dim3 Grid,
                         dim3 Block, size_t Smem, cudaStream_t Stream,
                         Args &&...A) {
  cudaLaunchAttribute Dependent;
  Dependent.id = cudaLaunchAttributeProgrammaticStreamSerialization;
  Dependent.val.programmaticStreamSerializationAllowed = 1;
  launchWith(Kernel, Dependent, Fn, Grid, Block, Smem, Stream,
             std::forward<Args>(A)...);
}

/// The first statement of a kernel launched by launchAfterPrevious: waits
/// until the kernel before it on the stream has completed and its memory
/// operations are visible (at once when there is none, or before sm_90).
__device__ inline void waitForPreviousGrid() {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
  cudaGridDependencySynchronize();
#endif
}

/// Asks L2 for the line holding P (`prefetch.global.L2`: no register, no
/// wait, no fault). Streamed kernels with Schedule::Prefetch call it for
/// their chunk's column before their loads (docs/passes/tile.md#prefetch).
__device__ inline void prefetchL2(const void *P) {
  asm volatile("prefetch.global.L2 [%0];" ::"l"(P));
}

/// Bit C set where column Col + C (C < Vec) lies in [Lo, Hi): which lanes
/// of a vector at the domain's first or last columns are in the domain
/// (lanes_, docs/passes/tile.md#edge-vectors).
template <int Vec, class Index>
__device__ inline unsigned columnLanes(Index Col, Index Lo, Index Hi) {
  unsigned Bits = 0;
#pragma unroll
  for (int C = 0; C < Vec; ++C)
    if (Col + C >= Lo && Col + C < Hi)
      Bits |= 1u << C;
  return Bits;
}
#endif // __CUDACC__

} // namespace detail
} // namespace stencil

#endif // STENCIL_DETAIL_LAUNCH_HPP
