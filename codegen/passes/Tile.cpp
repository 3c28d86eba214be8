//===- Tile.cpp -----------------------------------------------------------===//
#include "codegen/passes/Tile.h"

#include "codegen/IRVisitor.h"
#include "codegen/Ring.h"
#include "codegen/Verifier.h"
#include "codegen/report/CostModel.h"

#include <algorithm>
#include <cstdio>
#include <map>
#include <set>
#include <string>

namespace stencilc {

using namespace ir;

namespace {

/// True when some grid is read at a non-zero offset along dimension D.
bool readsAcross(const Kernel &K, int D) {
  for (const GridFootprint &G : K.Foot.Grids)
    if (G.Lo[D] < 0 || G.Hi[D] > 0)
      return true;
  return false;
}

/// The farthest offset along dimension D at which some grid is read (the
/// footprint's radii, the points the domain skips at either end).
int reachAlong(const Kernel &K, int D) {
  return std::max(K.Foot.Lo[D], K.Foot.Hi[D]);
}

/// Rows along dimension 1 of a streamed rank-3 block whose grids are read
/// at radius R >= 2 along it: a block of H rows reads H + 2 R rows of each
/// plane through L1, 2 to 3 times its own at 4 rows; 16 rows (x 32 threads,
/// 512 in all) keep that at 1.25-1.5. Measured on the H100 against the
/// compiled blocks (two passes, one run,
/// bench/results/2026-11-27T1622Z-rank3-rows-h100.txt): wave3d_r4 (R 4)
/// 0.938 -> 0.906 ms at 32 x 16 (64 x 8: 0.915), box125 (R 2) 0.455 ->
/// 0.445 (64 x 8: 0.452); kernels of radius 1 gained nothing from taller
/// blocks (heat3d, majority3d, smooth27 within +-1.5% at 32 x 16), so they
/// keep theirs.
constexpr int RowsForWideHalo = 16;

/// A streamed rank-3 kernel whose grids are read at radius 2 or more along
/// dimension 1: its block takes RowsForWideHalo rows.
bool wantsWideHaloRows(const Kernel &K) {
  return K.Rank == 3 && readsAcross(K, 0) && reachAlong(K, 1) >= 2;
}

/// True when some grid is read at a non-zero offset along any dimension
/// (not a point-wise kernel).
bool readsAnyNeighbour(const Kernel &K) {
  for (int D = 0; D < K.Rank; ++D)
    if (readsAcross(K, D))
      return true;
  return false;
}

/// True when the body reads index(d) along some dimension.
bool readsIndex(const Kernel &K) {
  bool Reads = false;
  forEachExpr(K.Body,
              [&](const Expr &E) { Reads |= E->Kind == ExprKind::Index; });
  return Reads;
}

/// Points per thread of a streamed kernel computed as a ring: filling and
/// emptying the ring costs lanes() - 1 steps a chunk (box125: 0.500 ms in
/// chunks of 16, 0.453 in chunks of 32, 0.610 in chunks of 8).
constexpr int RingChunk = 32;
/// Operations per byte of compulsory traffic from which a kernel is bound
/// by issuing instructions rather than by DRAM (the H100 issues about 30
/// T thread-instructions a second against 3 TB/s: 10 per byte, loads and
/// index arithmetic included).
constexpr int RingIssueBound = 8;
/// Registers (32-bit words) a ring's step may load its plane into
/// (KernelBody.cpp's MaxHoistedLoadWords for a jam group).
constexpr int RingPlaneWords = 40;

/// Rows a block of a streamed rank-2 star with reductions walks (one row of
/// 256 threads, a block per chunk). Persistent blocks walking chunks of 2
/// rows were faster for the Jacobi sweep until reductions' last block
/// combined their slots (session 16); measured again on the H100 in session
/// 24 against chunks of 4 and 8 in a block per chunk (three passes, one run,
/// bench/results/2026-11-27T2320Z-reduction-chunks-h100.txt): Laplace f32
/// step 0.0769 -> 0.0708 ms (solve -12%), f64 -2.7%, laplace_i64 0.2245 ->
/// 0.2098, the Jacobi sweep unchanged (0.2291) and its pipelined solve +1.1%;
/// chunks of 8 were slower than 4 on all four.
constexpr int StarChunk = 4;
/// Rows per chunk of a streamed rank-2 box with reductions read at radius 2
/// or more along the streamed dimension; at radius 1, 4 (its halo rows are
/// half a chunk of 4, a quarter of 8). Same run: life 0.2082 -> 0.1995 ms
/// and sobel_int 0.2143 -> 0.2049 in chunks of 4 (radius 1), box5 0.2355 ->
/// 0.2505 and density49 0.2209 -> 0.2268 (radius 2 and 3: 8 stays).
constexpr int BoxChunk = 8;
/// Points per thread along dimension 0 of a rank-3 kernel with reductions
/// that is not streamed. Same run: clamp3 0.3186 ms at 16, 0.3116 at 2,
/// 0.3070 at 1; relax3d 0.7271, 0.7038, 0.7041 (2 keeps 2048 points a block
/// for f64, whose vectors are 2 wide).
constexpr int PlaneChunk = 2;

/// Loads per point from which a streamed rank-2 kernel is a box, not a star
/// (its chunks: BoxChunk rows from radius 2, not StarChunk in 256 x 1 blocks).
constexpr double BoxLoads = 8;

/// True when a rank-2 kernel streamed along dimension 0 reads at least
/// BoxLoads points of its In grids per point.
bool streamedBox(const Kernel &K) {
  return K.Rank == 2 && readsAcross(K, 0) &&
         jamLoadsPerPoint(K, 0, 1) >= BoxLoads;
}

/// Persistent grids for rank-2 reductions that read their grids only along
/// the rows (not streamed: error_norm, dots; dots 2x as slow in a block per
/// tile), and rank-1 reductions with histograms. A rank-1 reduction without
/// histograms and a streamed 2-D box are faster in blocks of 16 points per
/// thread (T204325Z tuning, then the sweep of T2050Z: wave1d 2.27 -> 1.26
/// ms, box5 0.386 -> 0.283, density49 0.447 -> 0.290, life 0.305 -> 0.264;
/// docs/passes/tile.md#measurements). Streamed rank-2 stars with reductions
/// were persistent too until session 24 (the Jacobi sweep's 0.233 ms
/// against 0.241-0.248 in blocks per chunk, before reductions' last block
/// combined their slots); now a block per chunk of 4 rows is faster for
/// them (StarChunk). Reductions add to 128 slots, so many blocks cost
/// little.
bool wantsPersistentGrid(const Kernel &K) {
  if (!K.hasReductions() || K.Rank > 2)
    return false;
  if (K.Rank == 1)
    return K.hasHistograms();
  return !readsAcross(K, 0);
}

std::string shape(const Schedule &S) {
  return std::to_string(S.Block[0]) + "x" + std::to_string(S.Block[1]) + "x" +
         std::to_string(S.Block[2]);
}

std::string loads(double N) {
  char Buf[32];
  std::snprintf(Buf, sizeof Buf, "%g", N);
  return Buf;
}

std::string describe(const Kernel &K, const Schedule &S) {
  std::string M = "block " + shape(S) + " (x along the contiguous dimension " +
                  std::to_string(K.Rank - 1) + ")";
  if (S.StreamDim >= 0)
    M += ", each thread streams along dimension " +
         std::to_string(S.StreamDim) + " in chunks of " +
         std::to_string(S.PointsPerThread) + " points";
  else if (S.PointsPerThread > 1)
    M += ", " + std::to_string(S.PointsPerThread) +
         " points per thread along dimension 0 (grid-stride)";
  else
    M += ", one point per thread";
  if (S.Persistent)
    M += "; persistent grid (SMs x resident blocks, grid-stride loops): its "
         "reductions do one atomic per resident block";
  return M;
}

} // namespace

double jamLoadsPerPoint(const Kernel &K, int D, int Jam) {
  std::set<std::vector<int>> Loads;
  for (const GridFootprint &G : K.Foot.Grids) {
    const Param *P = K.findParam(G.Grid);
    if (!P || P->Kind != ParamKind::In)
      continue; // InOut grids are read at the centre, from a local
    for (const std::vector<int> &O : G.Offsets)
      for (int L = 0; L < Jam; ++L) {
        std::vector<int> At = O;
        At[D] += L;
        At.push_back(&G - K.Foot.Grids.data()); // which grid
        Loads.insert(At);
      }
  }
  return double(Loads.size()) / Jam;
}

/// Arithmetic a point does: the operators, calls and selects of the body
/// that are not on constants alone (nvcc folds those), every branch
/// counted.
int arithmeticPerPoint(const Kernel &K) {
  auto Varies = [](const Expr &E) {
    bool V = false;
    forEachSubExpr(E, [&](const Expr &X) {
      V |= X->Kind == ExprKind::GridRead || X->Kind == ExprKind::Var ||
           X->Kind == ExprKind::Index;
    });
    return V;
  };
  int Ops = 0;
  forEachExpr(K.Body, [&](const Expr &E) {
    const bool Op = E->Kind == ExprKind::Binary || E->Kind == ExprKind::Unary ||
                    E->Kind == ExprKind::Call || E->Kind == ExprKind::Select;
    Ops += Op && Varies(E);
  });
  return Ops;
}

bool chooseRing(const Kernel &K, const Schedule &S, int Jam) {
  // A ring loads each plane once per step but has one plane's loads in
  // flight where a jam has (Jam + extent - 1) planes': it wins where the
  // kernel is bound by issuing its arithmetic and loads, not by DRAM.
  // Measured against the jam in one run (H100,
  // bench/results/2026-11-27T0655Z-ring-h100.txt): box125 (f32, 126
  // operations for 8 bytes a point) 0.549 -> 0.453 ms; smooth27 (f64, 55
  // for 16) 0.387 -> 0.435-0.460, lost. Rank 2 lost everywhere without the
  // vectors its jam takes (box5 0.248 -> 0.311, mean81 0.281 -> 0.373,
  // density49 0.240 -> 0.313).
  // A step's plane is loaded into registers before its lanes run: as for a
  // jam group's loads, at most RingPlaneWords of them (a 9 x 9 x 9 box's 81
  // floats would spill).
  if (K.Rank != 3 || S.StreamDim < 0)
    return false;
  const std::optional<RingPlan> Plan = planRing(K, S.StreamDim);
  if (!Plan)
    return false;
  int Words = 1;
  for (const Param &P : K.Params)
    if (P.Kind == ParamKind::In)
      Words = std::max(Words, byteSize(P.Elem) / 4);
  const double Loads = ringLoadsPerPoint(K, *Plan, S.StreamDim);
  return jamLoadsPerPoint(K, S.StreamDim, 1) >= 9 &&
         Loads * Words <= RingPlaneWords &&
         arithmeticPerPoint(K) >= RingIssueBound * bytesPerPoint(K) &&
         Loads < jamLoadsPerPoint(K, S.StreamDim, Jam);
}

/// Bytes a point loads from its In grids at the centre: what one point per
/// thread has in flight.
int centreLoadBytes(const Kernel &K) {
  int Bytes = 0;
  for (const Param &P : K.Params)
    if (P.Kind == ParamKind::In)
      Bytes += byteSize(P.Elem);
  return Bytes;
}

int chooseJam(const Kernel &K, const Schedule &S, int MaxJam) {
  if (MaxJam < 2 || !K.Merged.empty())
    return 1;
  // A rank-1 histogram kernel (blocks of up to 1024 threads, so at most 64
  // registers) is jammed only when a point loads at most 8 bytes: key_hist
  // (4 bytes) 0.640 -> 0.538 ms jammed, the example's doubles (8) 0.0523 ->
  // 0.0502 at 1000 bins, but radial_hist (16 bytes, a sqrt and a division
  // per point) 0.577 -> 0.681 at 100 bins (H100, 2026-11-26).
  if (K.Rank == 1 && K.hasHistograms() && centreLoadBytes(K) > 8)
    return 1;
  if (K.Rank == 1 && S.StreamDim < 0) // bytes in flight: loads issued together
    return std::min(4, MaxJam);
  // A rank-2 persistent grid over a grid read only at the centre (an error
  // norm) has one point's loads in flight per thread: at most 8 bytes, too
  // few to cover DRAM's latency. Jammed by 4, a thread loads 4 rows a grid
  // stride apart together: error_norm (f64, 5000 x 5120) 0.111 -> 0.089 ms,
  // by 2 0.100-0.129, by 8 0.106-0.222 (H100, hand-written, 2026-11-27).
  // dots (24 bytes a point) is at 1.05x its floor unjammed.
  if (K.Rank == 2 && S.StreamDim < 0 && S.Persistent && !readsAnyNeighbour(K) &&
      centreLoadBytes(K) > 0 && centreLoadBytes(K) <= 8)
    return std::min(4, MaxJam);
  if (S.StreamDim < 0)
    return 1;
  const double Alone = jamLoadsPerPoint(K, S.StreamDim, 1);
  if (Alone < 9)
    return 1; // bound by DRAM, not by loads from L1
  // A factor above the schedule's chunk lengthens the chunk, which costs by
  // itself (life, 9 loads: 0.301 ms in chunks of 2 rows, 0.389 in chunks of
  // 8, not jammed; jammed by 4 in chunks of 4, 0.329): worth it only when the
  // jam saves at least 9 loads per point (box5, 15 saved: 0.558 -> 0.385 ms;
  // density49, 31.5 saved: 0.689 -> 0.449). Otherwise jam within the chunk.
  int Jam = std::min(4, MaxJam);
  if (Jam > S.PointsPerThread &&
      Alone - jamLoadsPerPoint(K, S.StreamDim, Jam) < 9)
    Jam = S.PointsPerThread;
  return Jam >= 2 && jamLoadsPerPoint(K, S.StreamDim, Jam) <= 0.6 * Alone ? Jam
                                                                          : 1;
}

double vecLoadsPerPoint(const Kernel &K, int Vec, int Jam, int StreamDim) {
  // Per grid and row (the offsets but the last), the aligned vectors that
  // cover the columns the lanes read: lane 0's point is vector-aligned. Jam
  // rows of lanes (StreamDim) read the rows of each offset shifted by 0 ..
  // Jam - 1 along it.
  std::map<std::vector<int>, std::pair<int, int>> Rows;
  const int Last = K.Rank - 1;
  if (StreamDim < 0 || StreamDim >= Last)
    Jam = 1;
  for (const GridFootprint &G : K.Foot.Grids) {
    const Param *P = K.findParam(G.Grid);
    if (!P || P->Kind != ParamKind::In)
      continue; // InOut grids are read at the centre, from a local
    for (const std::vector<int> &O : G.Offsets)
      for (int J = 0; J < Jam; ++J) {
        std::vector<int> Row(O.begin(), O.begin() + Last);
        if (J)
          Row[StreamDim] += J;
        Row.push_back(&G - K.Foot.Grids.data()); // which grid
        auto [It, New] = Rows.try_emplace(Row, O[Last], O[Last]);
        It->second.first = std::min(It->second.first, O[Last]);
        It->second.second = std::max(It->second.second, O[Last]);
      }
  }
  int Vectors = 0;
  for (const auto &[Row, Cols] : Rows)
    Vectors +=
        floorDiv(Vec - 1 + Cols.second, Vec) - floorDiv(Cols.first, Vec) + 1;
  return double(Vectors) / (Vec * Jam);
}

int chooseVec(const Kernel &K, const Schedule &S, int MaxVec) {
  // Read along its rows or not: a point-wise kernel's vectors are bytes in
  // flight (4 times a scalar load's per instruction): clamp3 1.43 -> 1.14x
  // its floor, init_field 1.42 -> 0.95 (H200, T025259Z); relax3d, a
  // point-wise InOut update, 1.21 -> 1.02 once the lanes store one vector
  // per row (T043327Z; with scalar stores 1.39: 4x the store sectors).
  // Not rank 1, whose jam (4 points a grid stride apart)
  // already has the bytes in flight: stats 1.01 -> 1.05, triad and
  // accumulate_i64 unchanged (T031126Z).
  if (MaxVec < 2 || !K.Merged.empty() || K.hasBoundary() || S.Ring)
    return 1;
  const bool PointWise = !readsAnyNeighbour(K);
  if (PointWise && K.Rank == 1)
    return 1;
  // A wide box jammed along the streamed dimension shares more loads than
  // vectors alone would (blur9 1.18x the floor jammed, 2.19x in vectors of
  // 4; density49 1.62 against 1.85, mean81 1.67 against 2.71): in rank 2 it
  // keeps its jam and takes vectors too, each jam row Vec points wide (2-D
  // register blocking: cell_age 1.77 -> 1.02, density49 1.62 -> 1.40,
  // mean81 1.70 -> 1.51, T030223Z). Not in rank 3, where Jam x Vec lanes
  // took ptxas's 128 registers (box125 3.82 -> 7.64, smooth27 1.65 ->
  // 2.15). A rank-1 jam (4 points a grid stride apart, for the bytes in
  // flight) gives way to vectors, which carry 4 times the bytes per load.
  if (S.Jam > 1 && S.StreamDim >= 0 && K.Rank != 2)
    return 1;
  // (Lanes that divide take vectors like the others since their loads are
  // issued first: blur9 0.210 -> 0.190 ms in 4 x 4 lanes, T055220Z;
  // docs/passes/tile.md#jam-and-vectors.)

  // A persistent grid (rank-2 reduction sweeps) already walks many points
  // per thread: laplace2d's f32 step, a 5-point star with a Max, took
  // 0.0802 ms in vectors of 4 against 0.0764 without (T010252Z).
  if (S.Persistent)
    return 1;
  int Widest = 1;
  for (const Param &P : K.Params) {
    if (!isGrid(P.Kind))
      continue;
    if (P.Elem == Type::Bool)
      return 1;
    Widest = std::max(Widest, byteSize(P.Elem));
  }
  const int Vec = std::min(MaxVec, 16 / Widest);
  // Measured against --max-vector=1 in one run (T235410Z, 30 suite kernels):
  // vectors of 4 (f32, int) gained in every rank, lap6_accumulate 1.99x ->
  // 1.06x the floor, wave3d_r4 2.21 -> 1.35, sobel_int 1.53 -> 1.36, wave1d
  // 1.16 -> 1.05; vectors of 2 (f64, int64) gained in rank 1 (window_i64
  // 1.34 -> 1.16, deriv6 1.19 -> 1.13) and rank 3 (heat3d 1.41 -> 1.30) but
  // lost in every rank-2 kernel (laplace4 1.06 -> 1.34, diffusion_vc 1.02 ->
  // 1.31, laplace_i64 1.42 -> 1.68, with lg-throttle stalls and, for
  // diffusion_vc, 22% more DRAM reads): not chosen there.
  if (Vec < 2 || (K.Rank == 2 && Vec == 2 && S.Jam == 1))
    return 1;
  return Vec;
}

bool chooseZigzag(const Kernel &K, const Schedule &S) {
  // Long chunks whose halo along the streamed dimension is read again by
  // the neighbouring chunk: walked all forwards, the two read it a chunk's
  // lifetime apart and the second read comes from DRAM (H100 ncu: box5,
  // 16 points per thread, read 27% more DRAM bytes than compulsory,
  // density49 34%). Measured against all forwards in one run
  // (bench/results/2026-11-26T1600Z-zigzag-h100.txt): 16 points per thread
  // gained 3.5-7% (box5, density49, sobel_int, life); at 4 or 8 points a
  // chunk is short enough for L2 to keep its halo, and walking backwards
  // lost up to 10% (laplace4 4 points, wave3d_r4 and heat3d 8). Not for
  // histogram kernels, whose launches choose their own grids.
  // Rank-2 boxes with reductions, since their chunks are 8 rows: zig-zag
  // at 8 as well (sobel_int 0.233 -> 0.212 ms, box5, density49 and life
  // 1-3% faster than the same chunks all forwards,
  // bench/results/2026-11-27T0440Z-box-chunks-h100.txt).
  const int MinChunk = K.Rank == 2 ? 8 : 16;
  if (S.StreamDim < 0 || S.PointsPerThread < MinChunk || K.hasHistograms() ||
      S.Ring) // a ring walks forwards
    return false;
  return readsAcross(K, S.StreamDim);
}

bool choosePrefetch(const Kernel &K, const Schedule &S) {
  // A jammed rank-3 chunk loads (Jam + 2 R0) planes of 3-D neighbours per
  // group, more than its registers hold in flight at 512 threads (smooth27:
  // 54 loads a group, 58 registers, 2 blocks per SM), so each group waits
  // for DRAM. Asking L2 for the thread's own column of the whole chunk
  // first turns those waits into L2 hits. Measured on the H100 against the
  // same build without it (bench/results/2026-11-27T0350Z-prefetch-h100.txt):
  // smooth27 0.491 -> 0.390 ms, box125 0.568 -> 0.555; but kernels whose
  // loads are already in flight lost: wave3d_r4 (vectors, not jammed)
  // +7%, heat3d and majority3d (min-blocks 3) +12% and +4%; rank-2 jams
  // (mean81) gained nothing: rows of a plane share their lines in L1.
  if (K.Rank != 3 || S.StreamDim != 0 || S.Jam < 2 || K.hasHistograms())
    return false;
  return readsAcross(K, 0);
}

int chooseMinBlocks(const Kernel &K, const Schedule &S) {
  // A rank-2 or rank-3 kernel that is not jammed and loads at most 9 In
  // elements a point needs few registers for its point work, yet ptxas gave
  // heat3d (7 points, f64) 60 registers: 2 blocks of 512 threads per SM, half
  // the warps, too few loads in flight. Bounded to 75% occupancy (40
  // registers), heat3d went 0.919 -> 0.805 ms, laplace_i64 0.242 -> 0.224,
  // sobel_int 0.245 -> 0.237, the others of that class within +-0.5%
  // (error_norm +2.5%). Jammed kernels keep their registers (their lanes'
  // values: cell_age 0.279 -> 0.567 ms bounded, mean81 +42%), as do wider
  // footprints (smooth27 +15%, wave3d_r4 +75%) and rank 1 (no gain: deriv6
  // -0.5%, window_i64 +1.5%). H100, one run, 2026-11-26T1000Z.
  if (K.Rank < 2 || S.Jam > 1 || S.Ring || K.hasHistograms() ||
      !K.Merged.empty() || !K.Cached.empty())
    return 0;
  if (jamLoadsPerPoint(K, std::max(S.StreamDim, 0), 1) > 9)
    return 0;
  return occupancyBound(S);
}

int occupancyBound(const Schedule &S) {
  const int Threads = S.Block[0] * S.Block[1] * S.Block[2];
  const int Blocks = 1536 / std::max(Threads, 1); // 48 of 64 warps on sm_90
  return Blocks >= 2 ? Blocks : 0;
}

Schedule chooseSchedule(const Kernel &K) {
  Schedule S;
  int Widest = 4;
  for (const Param &P : K.Params)
    if (isGrid(P.Kind))
      Widest = std::max(Widest, byteSize(P.Elem));
  const int RowThreads = 512 / Widest; // 512 bytes per block row
  if (K.Rank == 1) {
    S.Block = {256, 1, 1};
    // Four points per thread (grid-stride) for a rank-1 kernel without
    // reductions or histograms: triad 0.616 -> 0.542 ms (bench/suite/sweep,
    // docs/passes/tile.md#measurements). With reductions, sixteen, in
    // blocks per 16 x 256 points (not persistent): every rank-1 reduction of
    // the suite gained, stats least (0.367 -> 0.362 ms), wave1d most (2.27
    // -> 1.26); four lost on stats (0.566).
    if (!K.hasReductions() && !K.hasHistograms())
      S.PointsPerThread = 4;
    else if (!K.hasHistograms())
      S.PointsPerThread = 16;
  } else if (K.Rank == 2) {
    S.Block = {RowThreads, 256 / RowThreads, 1};
    if (readsAcross(K, 0)) {
      S.StreamDim = 0;
      S.PointsPerThread = 4;
      // A star with reductions: blocks of one row of 256 threads, a block
      // per chunk of StarChunk rows. A box (BoxLoads or more loads per
      // point) with reductions goes in chunks of BoxChunk rows.
      if (K.hasReductions() && !streamedBox(K)) {
        S.Block = {256, 1, 1};
        S.PointsPerThread = StarChunk;
      } else if (K.hasReductions() && reachAlong(K, 0) > 1) {
        S.PointsPerThread = BoxChunk; // at radius 1, the 4 above
      }
    }
  } else {
    S.Block = {RowThreads, 512 / RowThreads, 1};
    if (readsAcross(K, 0)) {
      S.StreamDim = 0;
      S.PointsPerThread = 8;
      if (wantsWideHaloRows(K))
        S.Block = {512 / RowsForWideHalo, RowsForWideHalo, 1};
    } else if (K.hasReductions()) {
      // Not streamed, with reductions: a few points per thread along
      // dimension 0 spread each block's reductions (a block sum and one
      // atomic) over more points. 16 until session 24 (clamp3 1.105 ->
      // 0.384 ms, relax3d 1.177 -> 0.824 against one, when a reduction
      // ended in a finalize kernel); since the last block combines the
      // slots, PlaneChunk is faster on both. Kernels that also have
      // histograms keep 16 (their privatised bins were not measured again).
      S.PointsPerThread = K.hasHistograms() ? 16 : PlaneChunk;
    }
  }
  S.Persistent = wantsPersistentGrid(K);
  return S;
}

void holdJamGroup(Schedule &S) {
  if (S.Jam > 1 && S.StreamDim >= 0)
    S.PointsPerThread = std::max(S.PointsPerThread, S.Jam);
}

namespace {

/// One option of a --tile override (jam=, min-blocks=, prefetch) applied
/// to K's schedule by Apply where the verifier takes the result (what
/// KernelBody lowers: no jam on merged records, no prefetch without a
/// streamed dimension, no more threads than an SM holds); otherwise the
/// schedule is left as it was. Returns the remark's words: Took, or why the
/// option (Asked) was ignored, in the verifier's words.
template <class ApplyFn>
std::string userOption(Kernel &K, const std::string &Asked,
                       const std::string &Took, ApplyFn Apply) {
  const Schedule Before = K.Sched;
  Apply(K.Sched);
  const std::vector<std::string> Refused = verifyKernel(K);
  if (Refused.empty())
    return "; " + Took;
  K.Sched = Before;
  return "; " + Asked + " ignored: " + withoutKernelPrefix(K, Refused.front());
}

/// The options of a --tile override that tile checks rather than chooses
/// (Asked: the override's schedule; K.Sched has them off), each applied
/// where the kernel can take it. The remark's words for them.
std::string userOptions(Kernel &K, const Schedule &Asked) {
  std::string Words;
  if (Asked.Jam > 1) {
    const std::string J = std::to_string(Asked.Jam);
    Words += userOption(
        K, "jam=" + J,
        "unroll-and-jam " + J +
            (K.Sched.StreamDim >= 0
                 ? " along dimension " + std::to_string(K.Sched.StreamDim)
                 : std::string(" a grid stride apart")),
        [&](Schedule &S) {
          S.Jam = Asked.Jam;
          holdJamGroup(S);
        });
  }
  if (Asked.MinBlocks > 0) {
    const std::string N = std::to_string(Asked.MinBlocks);
    Words += userOption(K, "min-blocks=" + N,
                        "registers bounded for " + N +
                            " blocks per SM (__launch_bounds__)",
                        [&](Schedule &S) { S.MinBlocks = Asked.MinBlocks; });
  }
  if (Asked.Prefetch)
    Words += userOption(
        K, "prefetch",
        "prefetch (each thread asks L2 for its column of the chunk first)",
        [](Schedule &S) { S.Prefetch = true; });
  return Words;
}

class TilePass : public Pass {
public:
  TilePass() : Pass(PassID::Tile) {}
  bool run(Kernel &K, const PassOptions &Opts) override {
    auto It = Opts.ScheduleOverrides.find(K.Name);
    if (It != Opts.ScheduleOverrides.end()) {
      K.Sched = It->second;
      K.Sched.FromUser = true;
      K.Sched.Persistent = wantsPersistentGrid(K);
      if (K.Sched.StreamDim >= K.Rank) {
        K.Remarks.push_back({name(), K.Loc,
                             "--tile streams along dimension " +
                                 std::to_string(K.Sched.StreamDim) +
                                 " of a rank " + std::to_string(K.Rank) +
                                 " kernel: not streamed"});
        K.Sched.StreamDim = -1;
      }
      const Schedule Asked = K.Sched;
      K.Sched.Jam = 1;
      K.Sched.MinBlocks = 0;
      K.Sched.Prefetch = false;
      const std::string Options = userOptions(K, Asked);
      K.Sched.Zigzag = chooseZigzag(K, K.Sched); // the lowering's, not a shape
      K.Sched.Prefetch = K.Sched.Prefetch || choosePrefetch(K, K.Sched);
      K.Remarks.push_back(
          {name(), K.Loc, describe(K, K.Sched) + " from --tile" + Options});
      return true;
    }
    K.Sched = chooseSchedule(K);
    K.Sched.Jam = chooseJam(K, K.Sched, Opts.MaxJam);
    std::string NoRing;
    const bool Forced = Opts.RingForced.count(K.Name) > 0;
    if (Forced && !planRing(K, K.Sched.StreamDim, &NoRing))
      K.Remarks.push_back(
          {name(), K.Loc, "--ring=" + K.Name + " ignored: " + NoRing});
    if (Forced ? NoRing.empty() : chooseRing(K, K.Sched, K.Sched.Jam)) {
      // The ring's lanes replace the jam's; a chunk pays for filling its
      // ring (lanes - 1 planes loaded before its first point is done), so
      // chunks are longer.
      K.Sched.Ring = true;
      K.Sched.Jam = 1;
      K.Sched.PointsPerThread = std::max(K.Sched.PointsPerThread, RingChunk);
    }
    K.Sched.Vec = chooseVec(K, K.Sched, Opts.MaxVec);
    if (K.Sched.Vec > 1 && K.Sched.StreamDim < 0)
      K.Sched.Jam = 1; // vectors replace a rank-1 jam
    const Schedule &S = K.Sched;
    holdJamGroup(K.Sched);
    K.Sched.MinBlocks = chooseMinBlocks(K, K.Sched);
    K.Sched.Zigzag = chooseZigzag(K, K.Sched);
    K.Sched.Prefetch = choosePrefetch(K, K.Sched);
    std::string Why = describe(K, K.Sched);
    if (S.Vec > 1 && S.Jam > 1) {
      const std::string V = std::to_string(S.Vec), J = std::to_string(S.Jam);
      Why += "; vectors of " + V + " in groups of " + J +
             " rows (unroll-and-jam along dimension " +
             std::to_string(S.StreamDim) + "): each thread computes " + J +
             " x " + V + " points from aligned vector loads, " +
             loads(vecLoadsPerPoint(K, S.Vec, S.Jam, S.StreamDim)) +
             " loads per point instead of " +
             loads(jamLoadsPerPoint(K, K.Rank - 1, 1));
    } else if (S.Vec > 1) {
      Why += "; vectors of " + std::to_string(K.Sched.Vec) +
             ": each thread computes " + std::to_string(K.Sched.Vec) +
             " adjacent points along dimension " + std::to_string(K.Rank - 1) +
             " from aligned vector loads, " +
             loads(vecLoadsPerPoint(K, K.Sched.Vec)) +
             " loads per point instead of " +
             loads(jamLoadsPerPoint(K, K.Rank - 1, 1));
      if (runsAsOneRow(K))
        Why += "; point-wise: a domain of whole rows runs as one row (its "
               "vectors aligned whatever the rows' length)";
    } else if (K.Sched.Jam > 1 && K.Sched.StreamDim < 0) {
      Why += "; unroll-and-jam " + std::to_string(K.Sched.Jam) +
             ": each thread loads " + std::to_string(K.Sched.Jam) +
             (K.Rank == 1 ? " points" : " rows") +
             " a grid stride apart together";
    } else if (K.Sched.Jam > 1) {
      Why += "; unroll-and-jam " + std::to_string(K.Sched.Jam) + ": " +
             loads(jamLoadsPerPoint(K, K.Sched.StreamDim, K.Sched.Jam)) +
             " loads per point instead of " +
             loads(jamLoadsPerPoint(K, K.Sched.StreamDim, 1));
    }
    if (wantsWideHaloRows(K)) {
      const int Reach = reachAlong(K, 1);
      Why += "; " + std::to_string(RowsForWideHalo) +
             " rows along dimension 1 for its halo of " +
             std::to_string(Reach) + " rows each side (a plane's rows read " +
             std::to_string(RowsForWideHalo + 2 * Reach) + "/" +
             std::to_string(RowsForWideHalo) + " times)";
    }
    if (S.MinBlocks > 0)
      Why += "; registers bounded for " + std::to_string(S.MinBlocks) +
             " blocks per SM (__launch_bounds__)";
    if (S.Zigzag)
      Why += "; zig-zag chunks (every other chunk walked backwards where "
             "neighbouring chunks run at once: their shared halo rows read "
             "together)";
    if (S.Ring)
      Why +=
          "; register ring along dimension " + std::to_string(S.StreamDim) +
          ": each thread holds the points whose footprint spans the plane "
          "it has loaded, " +
          loads(ringLoadsPerPoint(K, *planRing(K, S.StreamDim), S.StreamDim)) +
          " loads per point instead of " +
          loads(jamLoadsPerPoint(K, S.StreamDim, 1));
    if (S.Prefetch)
      Why += "; prefetch (each thread asks L2 for its column of the chunk "
             "before its jam groups load it)";
    K.Remarks.push_back({name(), K.Loc, Why});
    return true;
  }
};

} // namespace

std::unique_ptr<Pass> createTilePass() { return std::make_unique<TilePass>(); }

bool runsAsOneRow(const Kernel &K) {
  return K.Rank >= 2 && K.Sched.Vec > 1 && K.Sched.StreamDim < 0 &&
         !readsAnyNeighbour(K) && !readsIndex(K) && !K.hasBoundary() &&
         K.Merged.empty();
}

} // namespace stencilc
