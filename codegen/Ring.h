//===- Ring.h - a streamed body as the phases of a register ring ----------===//
//
// A thread that streams along dimension D reads each plane (rank 3) or row
// (rank 2) of its column in order. A body whose statements read planes in
// non-decreasing order along D (a box summed with the loop over D outermost:
// `for i: for j: for k: acc += u(i, j, k)`) can then be computed as a ring:
// the thread holds the points whose footprint spans the plane it has just
// reached, one lane each, and every lane runs the statements of that plane
// (its phase) on its own point. The plane's values are loaded once for all
// the lanes; reads of planes behind a phase are each lane's own. Every point
// still runs its statements in the body's order on its own locals, so its
// values are the one-point-at-a-time values bit for bit
// (docs/passes/tile.md#ring).
//
// planRing gives each top-level statement its phase and names the locals
// that live from one phase to a later one (the ring's carried values).
//
//===----------------------------------------------------------------------===//
#ifndef STENCILC_CODEGEN_RING_H
#define STENCILC_CODEGEN_RING_H

#include "codegen/IR.h"

#include <optional>
#include <set>
#include <string>
#include <vector>

namespace stencilc::ir {

struct RingPlan {
  int Lo = 0, Hi = 0;     ///< the offsets along D of the first and last phase
  std::vector<int> Phase; ///< per top-level statement of the body
  /// Locals declared in one phase and read or assigned in a later one, with
  /// their types: each lane keeps its own, handed to the next lane as the
  /// ring turns.
  std::vector<std::pair<std::string, Type>> Carried;
  /// The lanes: one per phase, lane L running phase Lo + L on the point L
  /// planes behind the newest.
  int lanes() const { return Hi - Lo + 1; }
};

/// The ring of K along dimension D, or nothing with the reason in WhyNot.
/// A top-level statement's phase is the furthest offset along D its grid
/// reads (its branches included) reach, or the phase before it where that is
/// further (a statement that reads no grid: the phase before it, or the
/// first phase); a ring needs at least two phases. Kernels with InOut grids,
/// histograms, merged records or boundary rules have no ring.
std::optional<RingPlan> planRing(const Kernel &K, int D,
                                 std::string *WhyNot = nullptr);

/// Distinct grid elements a point loads under Plan once its chunk is under
/// way: the elements of the plane each phase reaches (loaded once for all
/// lanes, counted once) and the reads of planes behind a statement's phase
/// (each lane its own).
double ringLoadsPerPoint(const Kernel &K, const RingPlan &Plan, int D);

} // namespace stencilc::ir

#endif
