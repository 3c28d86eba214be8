//===- FuseSweeps.cpp -----------------------------------------------------===//
#include "codegen/passes/FuseSweeps.h"

#include "codegen/IRVisitor.h"

#include <algorithm>
#include <cstdlib>
#include <string>
#include <vector>

namespace stencilc {

using namespace ir;

namespace {

/// The deepest fusion the launcher instantiates (FusedSweeps.cpp).
constexpr int MaxDepth = 4;
/// The largest state radius a fused tile carries per step.
constexpr int MaxRadius = 4;
/// Shared memory one block may take: two blocks per SM still fit (228 KB on
/// sm_90, 164 KB on sm_80).
constexpr long MaxSmemPerBlock = 80 * 1024;
/// The most shared memory a tile of 64 rows may take (tileFor).
constexpr long TallTileSmem = 40 * 1024;
/// Rows a thread of a fused step computes together (--max-jam caps it).
constexpr int FusedJam = 2;

/// The top-level stores to Grid, or -1 when one is nested (in an if).
int topLevelStores(const Kernel &K, const std::string &Grid) {
  int Top = 0;
  for (const StmtPtr &S : K.Body)
    if (S->Kind == StmtKind::Store && S->Name == Grid)
      ++Top;
  int All = 0;
  forEachStmt(K.Body, [&](const Stmt &S) {
    if (S.Kind == StmtKind::Store && S.Name == Grid)
      ++All;
  });
  return All == Top ? Top : -1;
}

/// The In grid of Next's type that is the state: the one read at the most
/// offsets (a stencil's input; coefficients are read at one or few). ""
/// when there is none; "" and Why set when two tie.
std::string findState(const Kernel &K, const Param &Next, std::string &Why) {
  std::string Best;
  size_t Most = 0;
  bool Tie = false;
  for (const Param &P : K.Params) {
    if (P.Kind != ParamKind::In || P.Elem != Next.Elem || P.Rank != Next.Rank)
      continue;
    const GridFootprint *G = K.Foot.find(P.Name);
    const size_t Offsets = G ? G->Offsets.size() : 0;
    if (Best.empty() || Offsets > Most) {
      Best = P.Name;
      Most = Offsets;
      Tie = false;
    } else if (Offsets == Most) {
      Tie = true;
    }
  }
  if (!Best.empty() && Tie)
    Why = "two In grids read at " + std::to_string(Most) +
          " offsets each could be " + Next.Name + "'s state";
  return Why.empty() ? Best : "";
}

class FuseSweepsPass : public Pass {
public:
  FuseSweepsPass() : Pass(PassID::FuseSweeps) {}

  bool run(Kernel &K, const PassOptions &Opts) override {
    if (K.Fuse.active())
      return false;
    std::string Why;
    Fusion F = sweepOf(K, &Why);
    // Only kernels that look like a sweep are worth a remark.
    if (F.State.empty() && Why.empty())
      return false;
    if (F.State.empty())
      return notFused(K, Why);
    F.Tile = tileFor();
    if (std::string Obstacle = fusionObstacle(K, F); !Obstacle.empty())
      return notFused(K, Obstacle);
    // Depth: the deepest (up to 4) whose halo leaves at least 56 of the 64
    // columns a block computes, i.e. 2 * depth * radius <= 8, and at least
    // 2. Measured (docs/passes/fuse-sweeps.md#measurements): radius 1 was
    // fastest at depth 4 (Jacobi 0.115 ms per sweep against 0.143 at 2),
    // radius 2 at depth 2 (0.317 against 0.366 at 4). Shallower when the
    // tile's two levels would not fit in shared memory.
    const int R1 = stateRadius(K, F.State, 1);
    F.Depth = std::clamp(R1 ? 4 / R1 : MaxDepth, 2, MaxDepth);
    while (F.Depth > 1 && (fusedSmemBytes(K, F, F.Depth) > MaxSmemPerBlock ||
                           outputColumns(K, F, F.Depth) < 16))
      --F.Depth;
    if (F.Depth < 2)
      return notFused(K, "the tile with a two-sweep halo needs more than " +
                             std::to_string(MaxSmemPerBlock / 1024) +
                             " KB of shared memory");
    // 64 rows instead of 32 where the two levels still fit in 40 KB (five
    // blocks per SM): less of each level is halo. Measured (H200, depth 4
    // unless said): Laplace f32 -9%, the radius-2 f32 kernel -11% (depth
    // 2); the f64 and int64 kernels, at 72 KB, lost 3% to 19%.
    Fusion Tall = F;
    Tall.Tile[0] = 64;
    if (fusedSmemBytes(K, Tall, Tall.Depth) <= TallTileSmem)
      F = Tall;
    // Rows a thread computes together (docs/passes/fuse-sweeps.md#jam):
    // the kernel is bound by instruction issue, and a group of consecutive
    // rows loads each element of the level once for all of them.
    F.Jam = std::min(FusedJam, Opts.MaxJam);
    K.Fuse = F;
    K.Remarks.push_back(
        {name(), K.Loc,
         "ping-pong " + F.State + " -> " + F.Next + ": " + K.Name + "_sweeps" +
             (K.hasReductions() ? " and " + K.Name + "_until run " : " runs ") +
             std::to_string(F.Depth) + " sweeps per launch on tiles of " +
             std::to_string(F.Tile[0]) + "x" +
             std::to_string(outputColumns(K, F, F.Depth)) + " points (" +
             std::to_string(F.Tile[1]) + " columns less the halo; " +
             std::to_string(fusedSmemBytes(K, F, F.Depth)) +
             " bytes of shared memory per block), the halo recomputed: " +
             "about 1/" + std::to_string(F.Depth) +
             " of the unfused DRAM traffic per sweep; depth " +
             std::to_string(F.Depth) + ": the deepest whose halo leaves " +
             "56 of 64 columns (radius " + std::to_string(R1) + ")" +
             (F.Jam > 1 ? "; each thread computes " + std::to_string(F.Jam) +
                              " rows of a step together"
                        : "")});
    return true;
  }

private:
  bool notFused(Kernel &K, const std::string &Why) {
    std::string Loop;
    if (!sweepOf(K).State.empty() && !K.hasHistograms())
      Loop = "; " + K.Name + "_sweeps runs one sweep per launch";
    K.Remarks.push_back({name(), K.Loc, "not fused: " + Why + Loop});
    return false;
  }

  /// 32 output rows per block (64 where they fit, run()), and levels 64
  /// columns wide: one thread per column (64 x 4 threads), so that a
  /// thread's column and its tests are the same at every level; 64 - 2 *
  /// depth * radius of them are output.
  static std::array<int, 3> tileFor() { return {32, 64, 0}; }
};

} // namespace

Fusion sweepOf(const Kernel &K, std::string *Why) {
  Fusion F;
  const Param *Next = nullptr;
  int Outs = 0;
  for (const Param &P : K.Params)
    if (P.Kind == ParamKind::Out) {
      Next = &P;
      ++Outs;
    }
  if (Outs != 1)
    return F;
  std::string Tie;
  F.State = findState(K, *Next, Tie);
  if (!F.State.empty())
    F.Next = Next->Name;
  if (Why)
    *Why = Tie;
  return F;
}

int stateRadius(const Kernel &K, const std::string &State, int D) {
  const GridFootprint *G = K.Foot.find(State);
  return G ? std::max(-G->Lo[D], G->Hi[D]) : 0;
}

long fusedSmemBytes(const Kernel &K, const Fusion &F, int Depth) {
  const Param *P = K.findParam(F.Next);
  const long Rows = F.Tile[0] + 2L * Depth * stateRadius(K, F.State, 0);
  return 2 * Rows * F.Tile[1] * (P ? byteSize(P->Elem) : 8);
}

int outputColumns(const Kernel &K, const Fusion &F, int Depth) {
  return F.Tile[1] - 2 * Depth * stateRadius(K, F.State, 1);
}

std::string fusionObstacle(const Kernel &K, const Fusion &F) {
  if (K.Rank != 2)
    return "rank " + std::to_string(K.Rank) +
           ": fused sweeps are lowered for rank 2 only so far";
  if (K.hasHistograms())
    return "a histogram would count every sweep's points again";
  if (K.hasBoundary())
    return "boundary rules are not lowered in fused tiles yet";
  if (!K.Merged.empty())
    return "merged grids (merge-arrays) are not lowered in fused tiles";
  if (!K.Cached.empty())
    return "smem-cache already stages the grids";
  const Param *State = K.findParam(F.State), *Next = K.findParam(F.Next);
  if (!State || State->Kind != ParamKind::In)
    return "the state '" + F.State + "' is not an In grid";
  if (!Next || Next->Kind != ParamKind::Out)
    return "the next state '" + F.Next + "' is not an Out grid";
  if (State->Elem != Next->Elem || State->Rank != Next->Rank)
    return "'" + F.State + "' and '" + F.Next + "' differ in type";
  for (const Param &P : K.Params) {
    if (P.Kind == ParamKind::InOut)
      return "InOut grid '" + P.Name + "' would be updated once per sweep";
    if (P.Kind == ParamKind::Out && P.Name != F.Next)
      return "a second Out grid '" + P.Name + "'";
  }
  if (topLevelStores(K, F.Next) != 1)
    return "'" + F.Next +
           "' is not written exactly once at every point "
           "(outside any if): its unwritten points would differ";
  for (int D = 0; D < K.Rank; ++D) {
    if (stateRadius(K, F.State, D) > MaxRadius)
      return "'" + F.State + "' is read more than " +
             std::to_string(MaxRadius) + " points away";
  }
  // 4 rows of Tile[1] threads per block; at the deepest launch
  // (LaunchOptions::SweepDepth 4) some columns must be left to output.
  if (F.Tile[0] < 1 || F.Tile[0] > 1024 || F.Tile[1] > 256 ||
      outputColumns(K, F, MaxDepth) < 1)
    return "tile of " + std::to_string(F.Tile[0]) + " rows by " +
           std::to_string(F.Tile[1]) + " columns";
  if (F.Depth > MaxDepth)
    return "depth " + std::to_string(F.Depth) + " beyond the deepest (" +
           std::to_string(MaxDepth) + ")";
  if (F.Jam < 1 || F.Jam > 8)
    return "jam " + std::to_string(F.Jam) + " is outside 1 to 8";
  return "";
}

std::unique_ptr<Pass> createFuseSweepsPass() {
  return std::make_unique<FuseSweepsPass>();
}

} // namespace stencilc
