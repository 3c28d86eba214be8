// stencil/launch_options.hpp - stencil::LaunchOptions, the last argument of
// every generated launcher, and stencil::region().
//
// For users: per-launch overrides of what stencilc compiled in (region,
// block shape, points per thread, persistent grid, histogram lowering,
// stream).
#ifndef STENCIL_LAUNCH_OPTIONS_HPP
#define STENCIL_LAUNCH_OPTIONS_HPP

#include <stencil/grid.hpp>
#include <stencil/histogram_model.hpp>

#include <cuda_runtime.h>

#include <array>
#include <cstdint>

namespace stencil {

/// Per-launch overrides of what stencilc compiled in. Zero / -1 mean "as
/// compiled". Lo/Hi name a half-open region [Lo, Hi) per dimension (the first
/// R entries are used) that replaces the default interior domain.
struct LaunchOptions {
  bool HasRegion = false;
  std::array<int64_t, 3> Lo{}, Hi{};
  std::array<int, 3> Block{0, 0, 0}; ///< threads, innermost dimension first
  /// Points each thread walks along the streamed dimension; 0: as compiled,
  /// fewer for a launch too small to fill the device (pointsToFill).
  int PointsPerThread = 0;
  /// 1: clamp the grid to the blocks resident on the device at once (every
  /// thread walks many points); 0: one block per block-sized tile of the
  /// domain; -1: as compiled (tile's Schedule::Persistent).
  int Persistent = -1;
  /// Kernels compiled with vectors (tile's Schedule::Vec): -1: the vector
  /// instance when the rows allow it (aligned grids; histogram kernels also
  /// rows of whole vectors; other rank-2 and 3 kernels have an instance per
  /// row skew) and the launch fills the device
  /// (stencil::detail::vectorsFillDevice); 1: whenever the rows allow it;
  /// 0: the one-point instance.
  int Vectors = -1;
  /// Point-wise kernels compiled with vectors (every grid read at its
  /// centre, no index(d); `--report` says "one row"): 1 or -1: a domain of
  /// whole rows (every dimension but the first spanning its extent) runs as
  /// one row of its points in memory order, so that its vectors are aligned
  /// whatever the rows' length; 0: row by row (stencil::detail::oneRow).
  int OneRow = -1;
  /// Streamed kernels (tile's stream dimension): 1: every other chunk of
  /// points is walked backwards, so that neighbouring chunks read the rows
  /// they share at the same time; 0: every chunk forwards; -1: the launcher
  /// decides (stencil::detail::zigzagChunks). The results are the same,
  /// bar the order of a Sum's additions within a thread.
  int Zigzag = -1;
  /// Auto: the compiled lowering, or the model's choice per launch
  /// (stencil/histogram.hpp); anything else forces that lowering.
  ::stencil::HistogramLowering HistogramLowering =
      ::stencil::HistogramLowering::Auto;
  cudaStream_t Stream = 0;
  /// The coordinates of the grids' point 0 in a larger grid: index(d) reads
  /// the point's coordinate plus Origin[d]. Set per piece by the launchers
  /// over distributed grids (stencilc --distributed, which alone emits
  /// kernels that read it; other launchers ignore it).
  std::array<int64_t, 3> Origin{};
  /// Launchers over distributed grids: exchange the halo rows beside the
  /// rows that read none (on a stream of their own), then run the edge rows
  /// (docs/distributed.md#overlap); false: the exchange, then every row.
  bool OverlapExchange = true;
  /// Multi-sweep launchers (NAME_sweeps, NAME_until of kernels fuse-sweeps
  /// fused): sweeps per launch, 1 to 4; -1: not fused, the one-sweep
  /// launcher's loop (a launch per sweep, or persistent launches where
  /// PersistentSweeps allows); 0: as compiled, or under STENCIL_TUNE
  /// the depth tuned for the extents class. The results are the same at
  /// every depth (docs/passes/fuse-sweeps.md).
  int SweepDepth = 0;
  /// NAME_sweeps and NAME_until with a stop rule where they run one sweep
  /// per launch (not fused, or a rank-3 grid too small to fuse) or fused
  /// rank-2 launches that would fill less than half the GPU: 1:
  /// cooperative launches of up to 32 sweeps, a grid-wide barrier between
  /// sweeps (the rule tested on the device after each), wherever the device
  /// can hold the launch's blocks at once; 0: as without; -1: 1 where the
  /// grids fit in L2. The grids are the same bit for bit either way, the sums
  /// up to their order of additions
  /// (docs/passes/fuse-sweeps.md#persistent-sweeps).
  int PersistentSweeps = -1;
  /// Fused multi-sweep launches of kernels with reductions (a launcher
  /// without reductions returns with its launches queued, and takes
  /// none): 1: a scratch grid (one more of the
  /// state's size, kept by the launcher for the program's life), so that
  /// the last launch writes the last two sweeps and every launch is as
  /// deep as the count allows (stencil::detail::sweepPlan); 0: none, the
  /// last launch a single sweep; -1: 1 where the device has the memory
  /// for it, else 0. The grids are the same bit for bit either way, the
  /// sums up to their order of additions
  /// (docs/passes/fuse-sweeps.md#the-last-two-sweeps).
  int SweepScratch = -1;
  /// Kernels compiled with `stencilc --tune-variants=N`: 0: the schedule
  /// `tile` chose (or the tuning cache's, under STENCIL_TUNE); 1 to N: that
  /// schedule variant (another unroll-and-jam factor, register bound or
  /// vector width: `--report` lists them), launched at its own shape unless
  /// Block, PointsPerThread or Persistent say otherwise. The grids are the
  /// same bit for bit in every variant, the sums up to their order of
  /// additions. A variant the kernel was not compiled with throws
  /// stencil::Error.
  int Variant = 0;
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

} // namespace stencil

#endif // STENCIL_LAUNCH_OPTIONS_HPP
