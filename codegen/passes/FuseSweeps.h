//===- FuseSweeps.h - several sweeps of a ping-pong kernel per launch -----===//
//
// `fuse-sweeps` finds kernels that are one sweep of a ping-pong iteration:
// they read one grid, the state, at offsets and write one grid of the same
// type, its next value, at every point of the domain; every other grid is
// read only. For those it records an ir::Fusion: the multi-sweep launchers
// (NAME_sweeps, NAME_until; codegen/cuda/FusedSweeps.cpp) then run Depth
// sweeps per launch on tiles whose halo each step recomputes, so the state
// and the read-only grids cross DRAM once per Depth sweeps instead of once
// per sweep. The one-sweep launcher is unchanged; the fused kernel computes
// each point with the same expression, so its state is bit for bit the
// unfused loop's (docs/passes/fuse-sweeps.md).
//
//===----------------------------------------------------------------------===//
#ifndef STENCILC_CODEGEN_PASSES_FUSESWEEPS_H
#define STENCILC_CODEGEN_PASSES_FUSESWEEPS_H

#include "codegen/Pass.h"

#include <string>
#include <vector>

namespace stencilc {

std::unique_ptr<Pass> createFuseSweepsPass();

/// K as a ping-pong sweep: State and Next set (Depth 0) when K has one Out
/// grid and one In grid of its type read at the most offsets; both empty
/// otherwise, and Why set when two In grids tie. Every such kernel gets
/// NAME_sweeps (and with reductions NAME_until), fused or not: without a
/// fusion they loop over the one-sweep launcher (FusedSweeps.cpp).
ir::Fusion sweepOf(const ir::Kernel &K, std::string *Why = nullptr);

/// Whether K's multi-sweep launchers (for the sweep Sweep) may run
/// persistent launches (codegen/cuda/PersistentSweeps.cpp): no histogram,
/// no boundary rule, neither the state nor the next grid packed into
/// records. The emitter and the pass's remark both ask.
bool persistentSweeps(const ir::Kernel &K, const ir::Fusion &Sweep);

/// The remark's words for them: "" where they do not apply.
std::string persistentNote(const ir::Kernel &K, const ir::Fusion &Sweep);

/// Why K cannot run F (its State, Next and Tile) as fused sweeps, or "" when
/// it can. The pass and the verifier both ask.
std::string fusionObstacle(const ir::Kernel &K, const ir::Fusion &F);

/// Bytes of shared memory a fused launch of Depth steps needs per block: two
/// levels of the tile with its Depth-step halo (FusedSweeps.cpp sizes them
/// the same way).
long fusedSmemBytes(const ir::Kernel &K, const ir::Fusion &F, int Depth);

/// Rank 3: the read-only grids of the state's type read only at the
/// centre, when the state's radius along dimension 0 is 1: a step keeps
/// each one's values in shared memory for the next step, which computes the
/// same points one plane later (FusedStream.cpp), so each coefficient
/// crosses DRAM once per launch, not once per step.
std::vector<std::string> carriedGrids(const ir::Kernel &K, const ir::Fusion &F);

/// Rank 3: whether a launch of Depth steps keeps the carried grids (their
/// buffers and the levels fit in MaxCarrySmem); otherwise every step reads
/// them from global memory.
bool carriesAt(const ir::Kernel &K, const ir::Fusion &F, int Depth);

/// Rank 3: merge-arrays' groups of carried grids, which the fused kernel
/// reads as records (one 16-byte load per vector a point, not one load per
/// grid; Himeno's twelve coefficients, three float4) and carries from step
/// to step as those vectors (FusedStream.cpp). Empty unless every field of
/// each such group is carried, the records have no padding and a plane of
/// the carry is whole vectors; carried grids in no group are read and
/// carried one value at a time.
std::vector<const ir::MergeGroup *> carriedRecords(const ir::Kernel &K,
                                                   const ir::Fusion &F);

/// Output columns per block at Depth: the levels' width (Tile[1]) less
/// Depth radii each side.
int outputColumns(const ir::Kernel &K, const ir::Fusion &F, int Depth);

/// The largest state read radius along dimension D.
int stateRadius(const ir::Kernel &K, const std::string &State, int D);

} // namespace stencilc

#endif
