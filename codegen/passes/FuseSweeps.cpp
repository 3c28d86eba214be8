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
/// Rank 3 (planStream): planes per chunk at most (the launcher halves it
/// while the grid has fewer blocks than fit on the GPU), output rows per
/// block, and the levels' width in columns (one thread per column; 64 where
/// the state's radius along the columns is above 2).
constexpr int StreamChunk = 32, StreamRows = 4, StreamWidth = 32;
/// Shared memory a rank-3 block may take at the deepest launch.
constexpr long MaxStreamSmem = 200 * 1024;
/// ... and with the carried grids' buffers (carriesAt): two blocks per SM.
constexpr long MaxCarrySmem = 100 * 1024;

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

/// Whether every path through B stores Grid at least once: a top-level
/// store, or an if whose branches both do (the DSL has no early return).
bool storesOnEveryPath(const Block &B, const std::string &Grid) {
  for (const StmtPtr &S : B) {
    if (S->Kind == StmtKind::Store && S->Name == Grid)
      return true;
    if (S->Kind == StmtKind::If && storesOnEveryPath(S->Then, Grid) &&
        storesOnEveryPath(S->Else, Grid))
      return true;
  }
  return false;
}

/// Each store to Grid in B becomes an assignment to the local Value.
void storesToAssignments(Block &B, const std::string &Grid,
                         const std::string &Value) {
  for (StmtPtr &S : B) {
    if (S->Kind == StmtKind::Store && S->Name == Grid)
      S = Stmt::assign(Value, S->Value, S->Loc);
    else if (S->Kind == StmtKind::If) {
      storesToAssignments(S->Then, Grid, Value);
      storesToAssignments(S->Else, Grid, Value);
    }
  }
}

/// A local name that no declaration of K and no parameter takes.
std::string freshLocal(const Kernel &K, const std::string &Base) {
  std::vector<std::string> Taken;
  forEachStmt(K.Body, [&](const Stmt &S) {
    if (S.Kind == StmtKind::Declare)
      Taken.push_back(S.Name);
  });
  for (const Param &P : K.Params)
    Taken.push_back(P.Name);
  std::string Name = Base;
  for (int I = 1; std::find(Taken.begin(), Taken.end(), Name) != Taken.end();
       ++I)
    Name = Base + std::to_string(I);
  return Name;
}

/// Where every path through the body stores Grid (the next state), in
/// branches or more than once: the stores become assignments to a local,
/// declared first, and one store of it ends the body. An Out grid is never
/// read, so the point's value is the last one a path stores, as before; the
/// one-sweep kernel and the fused steps compute it from the same
/// statements. Returns the body as it was (empty when nothing changed).
Block sinkStores(Kernel &K, const std::string &Grid) {
  if (topLevelStores(K, Grid) == 1 || !storesOnEveryPath(K.Body, Grid))
    return {};
  const Param *P = K.findParam(Grid);
  Block Before = cloneBlock(K.Body);
  const std::string Value = freshLocal(K, Grid + "_next");
  const Expr Zero = isFloat(P->Elem) ? Constant::makeFloat(0, P->Elem)
                                     : Constant::makeInt(0, P->Elem);
  storesToAssignments(K.Body, Grid, Value);
  K.Body.insert(K.Body.begin(), Stmt::declare(Value, P->Elem, Zero, K.Loc));
  K.Body.push_back(
      Stmt::store(Grid, Var::make(Value, VarScope::Local, P->Elem), K.Loc));
  return Before;
}

/// The start of the remark both ranks' plans give: "ping-pong u -> v:
/// k_sweeps [and k_until] run/runs D sweeps per launch on tiles of ".
std::string launchersRun(const Kernel &K, const Fusion &F) {
  return "ping-pong " + F.State + " -> " + F.Next + ": " + K.Name + "_sweeps" +
         (K.hasReductions() ? " and " + K.Name + "_until run " : " runs ") +
         std::to_string(F.Depth) + " sweeps per launch on tiles of ";
}

/// The end of both ranks' remarks: the depth is compiled, and the tuner
/// may choose another per extents class and device.
std::string tuneNote() {
  return "; STENCIL_TUNE=1 also times depths 1 to " + std::to_string(MaxDepth) +
         " and one-sweep launches, per extents class and device "
         "(docs/runtime.md#autotuning)";
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

/// The remark's clause for a sweep with boundary rules (boundaryObstacle
/// allowed them): how the tiles at the grid's edge read.
std::string rulesNote(const Kernel &K, const Fusion &F) {
  if (!K.hasBoundary())
    return "";
  const Param *State = K.findParam(F.State);
  std::string Rules;
  for (int D = 0; D < K.Rank; ++D)
    Rules += std::string(D ? ", " : "") + edgeRuleName(State->ruleOf(D));
  return "; boundary rules: tiles at the grid's edge load '" + F.State +
         "' through its rules (" + Rules +
         ") and fill each step's points outside the grid from the step's own "
         "(no shell launch)";
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
    // Stores of the next state in branches, one on every path: one store
    // at the end, kept only where the kernel then fuses.
    Block Unsunk = sinkStores(K, F.Next);
    const bool Fused = plan(K, F, Opts);
    if (!Unsunk.empty() && !Fused)
      K.Body = std::move(Unsunk);
    else if (!Unsunk.empty())
      K.Remarks.push_back(
          {name(), K.Loc,
           "'" + F.Next +
               "' is stored in branches or more than once, and on every path: "
               "the stores became "
               "assignments to a local and one store of it ends the body, "
               "in the one-sweep kernel and the fused steps alike"});
    return Fused;
  }

private:
  /// Plans K's fusion as the sweep F; false (and a remark) where it does
  /// not fuse.
  bool plan(Kernel &K, Fusion F, const PassOptions &Opts) {
    if (K.Rank == 3)
      return planStream(K, F, Opts);
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
         launchersRun(K, F) + std::to_string(F.Tile[0]) + "x" +
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
                        : "") +
             rulesNote(K, F) + persistentNote(K, F) + tuneNote()});
    return true;
  }

  /// Rank 3: blocks own a tile of Tile[1] rows by Tile[2] less the halo
  /// columns and stream a chunk of up to Tile[0] planes along dimension 0,
  /// each level a ring of 2 * R0 + 1 planes in shared memory
  /// (FusedStream.cpp). Depth 2: the variable-coefficient case
  /// (Himeno) reads twelve coefficient grids per point, and a second step
  /// re-reads each coefficient plane one plane after the first step did,
  /// from L2; a deeper launch adds a level of planes and a wider halo.
  bool planStream(Kernel &K, Fusion F, const PassOptions &Opts) {
    (void)Opts;
    // Small tiles, many blocks: the kernel waits on memory (each plane's
    // loads, then a barrier), so blocks resident per SM matter more than
    // halo. Measured on Himeno (H100, ms per sweep, XL / M): 8 x 64
    // threads' tiles 5.15 / 0.111, 4 x 64 at 51 registers 4.38 / 0.087, 4
    // x 32 at 48 registers 4.31 / 0.085; chunks of 32 planes 4.28 at XL,
    // of 128 4.97, of 256 5.85 (docs/passes/fuse-sweeps.md).
    F.Tile = {StreamChunk, StreamRows,
              stateRadius(K, F.State, 2) > 2 ? 2 * StreamWidth : StreamWidth};
    F.Depth = 2;
    if (std::string Obstacle = fusionObstacle(K, F); !Obstacle.empty())
      return notFused(K, Obstacle);
    K.Fuse = F;
    K.Remarks.push_back(
        {name(), K.Loc,
         launchersRun(K, F) + std::to_string(F.Tile[1]) + "x" +
             std::to_string(outputColumns(K, F, F.Depth)) +
             " points streamed along dimension 0 in chunks of up to " +
             std::to_string(F.Tile[0]) + " planes (" +
             std::to_string(fusedSmemBytes(K, F, F.Depth)) +
             " bytes of shared memory per block: " + std::to_string(F.Depth) +
             " levels of " +
             std::to_string(2 * stateRadius(K, F.State, 0) + 1) + " planes" +
             (carriesAt(K, F, F.Depth) ? " and the carried grids' planes"
                                       : "") +
             "), the halo recomputed: about 1/" + std::to_string(F.Depth) +
             " of the unfused DRAM traffic per sweep; " + carriedNote(K, F) +
             "; grids too small to fill the GPU with chunks of 16 planes run "
             "the one-sweep loop" +
             persistentNote(K, F) + tuneNote()});
    return true;
  }

  static std::string carriedNote(const Kernel &K, const Fusion &F) {
    const std::vector<std::string> Carried = carriedGrids(K, F);
    if (Carried.empty() || !carriesAt(K, F, F.Depth))
      return "the other grids are read from global memory at each step";
    std::string Names;
    for (const std::string &G : Carried)
      Names += (Names.empty() ? "" : ", ") + G;
    std::string Records;
    for (const MergeGroup *M : carriedRecords(K, F)) {
      const int Vectors = mergedRecordFields(int(M->Grids.size()), M->Elem) *
                          int(byteSize(M->Elem)) / 16;
      Records += (Records.empty() ? " from the records of " : ", ") +
                 ("'" + M->Name + "' (") + std::to_string(Vectors) +
                 " x 16-byte loads a point)";
    }
    return std::to_string(Carried.size()) + " grids read only at the centre {" +
           Names + "} read once per launch" + Records +
           ", each step handing them to the next in shared memory";
  }

  bool notFused(Kernel &K, const std::string &Why) {
    std::string Loop;
    if (const Fusion S = sweepOf(K); !S.State.empty() && !K.hasHistograms())
      Loop = "; " + K.Name + "_sweeps runs one sweep per launch" +
             persistentNote(K, S);
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

bool persistentSweeps(const Kernel &K, const Fusion &Sweep) {
  if (Sweep.State.empty() || K.hasHistograms() || K.hasBoundary())
    return false;
  for (const MergeGroup &M : K.Merged)
    for (const std::string &G : M.Grids)
      if (G == Sweep.State || G == Sweep.Next)
        return false; // records are packed once per launch
  return true;
}

std::string persistentNote(const Kernel &K, const Fusion &Sweep) {
  if (!persistentSweeps(K, Sweep))
    return "";
  const std::string Launchers =
      K.Name + "_sweeps" +
      (K.hasReductions() ? " (and " + K.Name + "_until with a stop rule)"
                         : std::string());
  if (Sweep.active() && K.Rank == 2)
    return "; where the fused launches would fill less than half the GPU "
           "and the grids fit in L2, " +
           Launchers + " runs persistent launches of up to 32 sweeps";
  return "; where the grids fit in L2, " + Launchers +
         " runs persistent launches of up to 32 sweeps, a grid barrier "
         "between sweeps";
}

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

/// Rank 3: the levels' bytes (Depth rings of 2 * R0 + 1 planes) and the
/// carried grids' (two planes per step that hands them on, each the next
/// step's rows).
static long levelBytes(const Kernel &K, const Fusion &F, int Depth, long Elem) {
  const long Rows = F.Tile[1] + 2L * Depth * stateRadius(K, F.State, 1);
  return Depth * (2L * stateRadius(K, F.State, 0) + 1) * Rows * F.Tile[2] *
         Elem;
}
static long carryBytes(const Kernel &K, const Fusion &F, int Depth, long Elem) {
  const long Rows = F.Tile[1] + 2L * (Depth - 2) * stateRadius(K, F.State, 1);
  return (Depth - 1) * 2L * long(carriedGrids(K, F).size()) * Rows * F.Tile[2] *
         Elem;
}

std::vector<std::string> carriedGrids(const Kernel &K, const Fusion &F) {
  std::vector<std::string> Grids;
  const Param *State = K.findParam(F.State);
  if (K.Rank != 3 || !State || stateRadius(K, F.State, 0) != 1)
    return Grids;
  for (const Param &P : K.Params) {
    if (P.Kind != ParamKind::In || P.Name == F.State || P.Elem != State->Elem)
      continue;
    const GridFootprint *G = K.Foot.find(P.Name);
    if (G && G->Offsets.size() == 1 &&
        G->Offsets[0] == std::vector<int>(size_t(K.Rank), 0))
      Grids.push_back(P.Name);
  }
  return Grids;
}

std::vector<const MergeGroup *> carriedRecords(const Kernel &K,
                                               const Fusion &F) {
  const std::vector<std::string> Carried = carriedGrids(K, F);
  auto carried = [&](const std::string &G) {
    return std::find(Carried.begin(), Carried.end(), G) != Carried.end();
  };
  std::vector<const MergeGroup *> Groups;
  for (const MergeGroup &M : K.Merged) {
    if (std::none_of(M.Grids.begin(), M.Grids.end(), carried))
      continue;
    // Every field carried, no padding field, and each plane of the carry a
    // whole number of 16-byte vectors (the levels' width times the
    // element's size).
    if (!std::all_of(M.Grids.begin(), M.Grids.end(), carried) ||
        mergedRecordFields(int(M.Grids.size()), M.Elem) !=
            int(M.Grids.size()) ||
        F.Tile[2] * byteSize(M.Elem) % 16 != 0)
      return {};
    Groups.push_back(&M);
  }
  return Groups;
}

bool carriesAt(const Kernel &K, const Fusion &F, int Depth) {
  const Param *P = K.findParam(F.Next);
  const long Elem = P ? byteSize(P->Elem) : 8;
  return Depth >= 2 && !carriedGrids(K, F).empty() &&
         levelBytes(K, F, Depth, Elem) + carryBytes(K, F, Depth, Elem) <=
             MaxCarrySmem;
}

long fusedSmemBytes(const Kernel &K, const Fusion &F, int Depth) {
  const Param *P = K.findParam(F.Next);
  const long Elem = P ? byteSize(P->Elem) : 8;
  if (K.Rank == 3)
    return levelBytes(K, F, Depth, Elem) +
           (carriesAt(K, F, Depth) ? carryBytes(K, F, Depth, Elem) : 0);
  const long Rows = F.Tile[0] + 2L * Depth * stateRadius(K, F.State, 0);
  return 2 * Rows * F.Tile[1] * Elem;
}

int outputColumns(const Kernel &K, const Fusion &F, int Depth) {
  const int Last = K.Rank - 1;
  return F.Tile[Last] - 2 * Depth * stateRadius(K, F.State, Last);
}

/// Boundary rules in fused tiles (docs/passes/fuse-sweeps.md#boundary-rules):
/// rank 2, rules on the state alone and none periodic (a tile maps its
/// level-0 loads through them and fills each level's halo outside the grid
/// from that level's own points, which lie in the tile; a periodic halo
/// would come from the grid's other side), and the domain every point: a
/// read without a rule at an offset (the state's along a dimension it has no
/// rule for, or another grid's) would leave a ring that no tile computes.
static std::string boundaryObstacle(const Kernel &K, const Fusion &F) {
  if (!K.hasBoundary())
    return "";
  if (K.Rank != 2)
    return "boundary rules are lowered in rank-2 fused tiles only";
  for (const Param &P : K.Params)
    if (P.Kind == ParamKind::In && P.Name != F.State && !P.Boundary.empty())
      return "'" + P.Name +
             "' has boundary rules: fused tiles map the state's reads only";
  const Param *State = K.findParam(F.State);
  for (int D = 0; D < K.Rank; ++D)
    if (State->ruleOf(D) == EdgeRule::Periodic)
      return "'" + F.State + "' is periodic along dimension " +
             std::to_string(D) +
             ": a tile's halo would come from the grid's other side";
  for (int D = 0; D < K.Rank; ++D)
    if (K.Foot.DomainLo[D] || K.Foot.DomainHi[D])
      return "a read without a rule at an offset along dimension " +
             std::to_string(D) +
             " leaves a ring: fused tiles with boundary rules cover the grid";
  return "";
}

std::string fusionObstacle(const Kernel &K, const Fusion &F) {
  if (K.Rank != 2 && K.Rank != 3)
    return "rank " + std::to_string(K.Rank) +
           ": fused sweeps are lowered for ranks 2 and 3 only";
  if (K.hasHistograms())
    return "a histogram would count every sweep's points again";
  if (!K.Cached.empty())
    return "smem-cache already stages the grids";
  const Param *State = K.findParam(F.State), *Next = K.findParam(F.Next);
  if (!State || State->Kind != ParamKind::In)
    return "the state '" + F.State + "' is not an In grid";
  if (!Next || Next->Kind != ParamKind::Out)
    return "the next state '" + F.Next + "' is not an Out grid";
  if (State->Elem != Next->Elem || State->Rank != Next->Rank)
    return "'" + F.State + "' and '" + F.Next + "' differ in type";
  if (std::string Why = boundaryObstacle(K, F); !Why.empty())
    return Why;
  for (const Param &P : K.Params) {
    if (P.Kind == ParamKind::InOut)
      return "InOut grid '" + P.Name + "' would be updated once per sweep";
    if (P.Kind == ParamKind::Out && P.Name != F.Next)
      return "a second Out grid '" + P.Name + "'";
  }
  if (topLevelStores(K, F.Next) != 1)
    return "'" + F.Next +
           "' is not written at every point (a path through the body "
           "stores none): its unwritten points would differ";
  for (int D = 0; D < K.Rank; ++D) {
    if (stateRadius(K, F.State, D) > MaxRadius)
      return "'" + F.State + "' is read more than " +
             std::to_string(MaxRadius) + " points away";
  }
  // Rank 3: chunks of Tile[0] planes (halved down to 8 by the launcher),
  // Tile[1] output rows, 4 rows of Tile[2] threads; the deepest launch's
  // levels must fit in shared memory.
  if (K.Rank == 3 &&
      (F.Tile[0] < 8 || F.Tile[0] > 1024 || F.Tile[1] < 1 || F.Tile[1] > 1024 ||
       F.Tile[2] > 256 || outputColumns(K, F, MaxDepth) < 1))
    return "tile of " + std::to_string(F.Tile[0]) + " planes, " +
           std::to_string(F.Tile[1]) + " rows by " + std::to_string(F.Tile[2]) +
           " columns";
  if (K.Rank == 3 && fusedSmemBytes(K, F, MaxDepth) > MaxStreamSmem)
    return "the deepest launch's levels need " +
           std::to_string(fusedSmemBytes(K, F, MaxDepth)) +
           " bytes of shared memory per block, more than " +
           std::to_string(MaxStreamSmem);
  // 4 rows of Tile[1] threads per block; at the deepest launch
  // (LaunchOptions::SweepDepth 4) some columns must be left to output.
  if (K.Rank == 2 && (F.Tile[0] < 1 || F.Tile[0] > 1024 || F.Tile[1] > 256 ||
                      outputColumns(K, F, MaxDepth) < 1))
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
