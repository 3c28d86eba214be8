//===- Verifier.cpp -------------------------------------------------------===//
#include "codegen/Verifier.h"
#include "codegen/passes/FuseSweeps.h"

#include "codegen/IRVisitor.h"
#include "codegen/Pass.h"
#include "codegen/Ring.h"
#include "codegen/ValueRange.h"

#include <map>
#include <set>

namespace stencilc::ir {

using stencilc::lookupPass;

namespace {

class KernelVerifier {
public:
  explicit KernelVerifier(const Kernel &K) : K(K) {}

  std::vector<std::string> run() {
    checkParams();
    for (const Uniform &U : K.Uniforms)
      checkUniform(U);
    checkBlock(K.Body);
    checkSchedule();
    checkMerged();
    checkCached();
    checkFusion();
    checkLowerings();
    checkPassesApplied();
    return Errors;
  }

private:
  void fail(const std::string &Msg) {
    Errors.push_back("kernel '" + K.Name + "': " + Msg);
  }

  void checkParams() {
    std::set<std::string> Names;
    if (K.Rank < 1 || K.Rank > 3)
      fail("rank " + std::to_string(K.Rank) + " is not 1..3");
    for (const Param &P : K.Params) {
      if (!Names.insert(P.Name).second)
        fail("parameter '" + P.Name + "' declared twice");
      if (isGrid(P.Kind) && P.Rank != K.Rank)
        fail("grid '" + P.Name + "' has rank " + std::to_string(P.Rank) +
             ", kernel has rank " + std::to_string(K.Rank));
      if (P.Kind == ParamKind::Histogram && !isInteger(P.Elem) &&
          !isFloat(P.Elem))
        fail("histogram '" + P.Name + "' has a bool element type");
      checkNarrow(P);
      checkBoundary(P);
    }
  }

  /// `narrow N` (lower-histograms): an int64, float or double histogram to
  /// which no point adds more than N in magnitude, and only integers, by
  /// ValueRange (a smaller N would let a block's 32-bit counters wrap).
  void checkNarrow(const Param &P) {
    if (P.NarrowBound == 0)
      return;
    if (P.Kind != ParamKind::Histogram || !narrowCounterType(P.Elem)) {
      fail("'" + P.Name +
           "': narrow counters apply to i64, f32 and f64 histograms only");
      return;
    }
    const int64_t Bound = histogramNarrowBound(K, P.Name);
    if (Bound == 0 || Bound > P.NarrowBound || P.NarrowBound > 0x7fffffff)
      fail("histogram '" + P.Name + "': narrow " +
           std::to_string(P.NarrowBound) + ", but a point may add " +
           (Bound ? "up to " + std::to_string(Bound)
                  : "2^31 or more, or a value that is not an integer"));
  }

  /// Boundary rules (docs/dsl.md#boundary-conditions): In grids only, one
  /// per dimension, constants the element type holds; not in kernels with
  /// histograms (not lowered yet).
  void checkBoundary(const Param &P) {
    if (P.Boundary.empty())
      return;
    if (P.Kind != ParamKind::In)
      fail("boundary rule on " + std::string(paramKindName(P.Kind)) +
           " grid '" + P.Name + "' (only In grids have rules)");
    if (static_cast<int>(P.Boundary.size()) != P.Rank)
      fail("grid '" + P.Name + "' of rank " + std::to_string(P.Rank) + " has " +
           std::to_string(P.Boundary.size()) + " boundary rules");
    for (const EdgeBoundary &B : P.Boundary)
      if (B.Rule == EdgeRule::Constant && !representsExactly(P.Elem, B.Value))
        fail("boundary constant " + std::to_string(B.Value) + " of grid '" +
             P.Name + "' is not a value of type " + typeName(P.Elem));
    if (K.hasHistograms())
      fail("boundary rule on grid '" + P.Name +
           "' in a kernel with histograms (not supported yet)");
  }

  void checkUniform(const Uniform &U) {
    if (U.Value && U.Value->Ty != U.Ty)
      fail("uniform '" + U.Name + "' declared " + typeName(U.Ty) +
           " but its value is " + typeName(U.Value->Ty));
    forEachSubExpr(U.Value, [&](const Expr &E) {
      const Var *V = as<Var>(E);
      bool Ok = E->Kind == ExprKind::Constant ||
                (V && V->Scope != VarScope::Local) ||
                E->Kind == ExprKind::Unary || E->Kind == ExprKind::Binary ||
                E->Kind == ExprKind::Cast || E->Kind == ExprKind::Call ||
                E->Kind == ExprKind::Select;
      if (!Ok)
        fail("uniform '" + U.Name + "' depends on the point");
    });
    Locals[U.Name] = U.Ty;
    UniformNames.insert(U.Name);
  }

  void checkExpr(const Expr &Root) {
    forEachSubExpr(Root, [&](const Expr &E) {
      if (const Var *V = as<Var>(E))
        return checkVar(*V);
      if (const GridRead *G = as<GridRead>(E))
        return checkRead(*G);
      if (const Index *I = as<Index>(E))
        if (I->Dim >= K.Rank)
          fail("index(" + std::to_string(I->Dim) + ") in a kernel of rank " +
               std::to_string(K.Rank));
    });
  }

  void checkVar(const Var &V) {
    if (V.Scope == VarScope::Param) {
      const Param *P = K.findParam(V.Name);
      if (!P || P->Kind != ParamKind::Scalar)
        return fail("'" + V.Name + "' is not a scalar parameter");
      if (P->Elem != V.Ty)
        fail("scalar '" + V.Name + "' used as " + typeName(V.Ty));
      return;
    }
    if (V.Scope == VarScope::Uniform && !UniformNames.count(V.Name))
      return fail("uniform '%" + V.Name + "' is not declared");
    auto It = Locals.find(V.Name);
    if (It == Locals.end())
      return fail("local '%" + V.Name + "' used before its declaration");
    if (It->second != V.Ty)
      fail("local '%" + V.Name + "' used as " + typeName(V.Ty));
  }

  void checkRead(const GridRead &G) {
    const Param *P = K.findParam(G.Grid);
    if (!P || (P->Kind != ParamKind::In && P->Kind != ParamKind::InOut))
      return fail("read of '" + G.Grid + "', which is not an In/InOut grid");
    if (static_cast<int>(G.Offsets.size()) != K.Rank)
      fail("read of '" + G.Grid + "' with " + std::to_string(G.Offsets.size()) +
           " offsets in a kernel of rank " + std::to_string(K.Rank));
    if (P->Kind == ParamKind::InOut && !G.isCentre())
      fail("InOut grid '" + G.Grid + "' read away from the centre");
    if (P->Elem != G.Ty)
      fail("read of '" + G.Grid + "' typed " + typeName(G.Ty));
  }

  void checkTarget(const Stmt &S, std::initializer_list<ParamKind> Kinds,
                   const char *What) {
    const Param *P = K.findParam(S.Name);
    bool Ok = false;
    for (ParamKind PK : Kinds)
      Ok |= P && P->Kind == PK;
    if (!Ok)
      fail(std::string(What) + " to '" + S.Name +
           "', which is not a valid target");
  }

  void checkBlock(const Block &B) {
    for (const StmtPtr &S : B)
      checkStmt(*S);
  }

  void checkStmt(const Stmt &S) {
    checkExpr(S.Cond);
    checkExpr(S.Index);
    checkExpr(S.Value);
    switch (S.Kind) {
    case StmtKind::Declare:
      if (Locals.count(S.Name))
        fail("local '%" + S.Name + "' declared twice");
      if (S.Value && S.Value->Ty != S.Ty)
        fail("local '%" + S.Name + "' initialised with a " +
             typeName(S.Value->Ty));
      Locals[S.Name] = S.Ty;
      break;
    case StmtKind::Assign: {
      auto It = Locals.find(S.Name);
      if (It == Locals.end() || UniformNames.count(S.Name))
        fail("assignment to undeclared local '%" + S.Name + "'");
      else if (S.Value->Ty != It->second)
        fail("assignment of a " + std::string(typeName(S.Value->Ty)) +
             " to '%" + S.Name + "'");
      break;
    }
    case StmtKind::Store:
      checkTarget(S, {ParamKind::Out, ParamKind::InOut}, "store");
      break;
    case StmtKind::Reduce:
      checkTarget(S, {ParamKind::Sum, ParamKind::Max, ParamKind::Min},
                  "reduction");
      break;
    case StmtKind::HistAdd:
      checkTarget(S, {ParamKind::Histogram}, "histogram update");
      break;
    case StmtKind::If:
      checkBlock(S.Then);
      checkBlock(S.Else);
      break;
    }
  }

  //===--- decisions: what the passes recorded, as the emitter needs it ---===//

  std::string dims(const std::array<int, 3> &A, int N) const {
    std::string S;
    for (int D = 0; D < N; ++D)
      S += (D ? "x" : "") + std::to_string(A[D]);
    return S;
  }

  /// CUDA's limits (every architecture stencilc targets): 1024 threads per
  /// block, at most 64 along z.
  void checkSchedule() {
    const Schedule &S = K.Sched;
    long Threads = 1;
    for (int D = 0; D < 3; ++D) {
      if (S.Block[D] < 1)
        return fail("schedule: block " + dims(S.Block, 3) +
                    " has a dimension below 1");
      Threads *= S.Block[D];
    }
    if (Threads > 1024)
      fail("schedule: block " + dims(S.Block, 3) + " has " +
           std::to_string(Threads) + " threads, more than 1024");
    if (S.Block[2] > 64)
      fail("schedule: block z " + std::to_string(S.Block[2]) +
           " is more than 64");
    if (S.PointsPerThread < 1)
      fail("schedule: points per thread " + std::to_string(S.PointsPerThread) +
           " is below 1");
    if (S.StreamDim < -1 || S.StreamDim >= K.Rank)
      fail("schedule: streamed dimension " + std::to_string(S.StreamDim) +
           " in a kernel of rank " + std::to_string(K.Rank));
    if (S.MinBlocks < 0 || long(S.MinBlocks) * Threads > 2048)
      fail("schedule: " + std::to_string(S.MinBlocks) + " blocks of " +
           std::to_string(Threads) +
           " threads per SM: more than an SM holds (2048)");
    checkJam();
    checkVec();
    checkZigzag();
    checkPrefetch();
    checkRing();
  }

  /// Vectors as KernelBody lowers them: plain arrays of numbers (no records,
  /// tiles or boundary shells), one lane per point, each grid's vector at
  /// most 16 bytes (one aligned load). Histograms take one update per lane.
  void checkVec() {
    const Schedule &S = K.Sched;
    if (S.Vec == 1)
      return;
    const std::string Where =
        "schedule: vector " + std::to_string(S.Vec) + ": ";
    if (S.Vec != 2 && S.Vec != 4)
      return fail(Where + "the width must be 2 or 4");
    if (S.Jam > 1 && S.StreamDim < 0)
      fail(Where + "a jam with vectors needs a streamed dimension");
    checkPlainArrays(Where);
    if (K.hasBoundary())
      fail(Where + "kernels with boundary rules are not vectorised");
    for (const Param &P : K.Params) {
      if (!isGrid(P.Kind))
        continue;
      if (P.Elem == Type::Bool)
        fail(Where + "grid '" + P.Name + "' is bool (no vector type)");
      else if (S.Vec * byteSize(P.Elem) > 16)
        fail(Where + "grid '" + P.Name + "' needs " +
             std::to_string(S.Vec * byteSize(P.Elem)) +
             "-byte vectors, more than 16");
    }
  }

  /// Zig-zag chunks reverse the walk along the streamed dimension: there
  /// must be one, and no shared-memory tile (its register stream walks
  /// forwards) or histogram (its launcher picks its own grid).
  void checkZigzag() {
    if (!K.Sched.Zigzag)
      return;
    if (K.Sched.StreamDim < 0)
      fail("schedule: zigzag needs a streamed dimension");
    if (!K.Cached.empty())
      fail("schedule: zigzag: shared-memory tiles walk one point per thread");
    if (K.hasHistograms())
      fail("schedule: zigzag: histogram kernels walk their chunks forwards");
  }

  /// Prefetches are issued per thread along the streamed dimension from
  /// the grids' own arrays: a streamed dimension, no shared-memory tiles, no
  /// merged records.
  void checkPrefetch() {
    if (!K.Sched.Prefetch)
      return;
    if (K.Sched.StreamDim < 0)
      fail("schedule: prefetch needs a streamed dimension");
    if (!K.Merged.empty())
      fail("schedule: prefetch: a grid merged into records has no array of "
           "its own to prefetch");
    if (!K.Cached.empty())
      fail("schedule: prefetch: shared-memory tiles stage their own reads");
  }

  /// A ring walks its chunk forwards one plane at a time, its lanes the
  /// points the plane is read by: a streamed body of the shape planRing
  /// takes, plain arrays, no jam, vectors or zig-zag chunks.
  void checkRing() {
    const Schedule &S = K.Sched;
    if (!S.Ring)
      return;
    const std::string Where = "schedule: ring: ";
    if (S.StreamDim < 0)
      return fail(Where + "needs a streamed dimension");
    if (S.Jam > 1 || S.Vec > 1)
      fail(Where + "its lanes are the ring's; no jam or vectors besides");
    if (S.Zigzag)
      fail(Where + "the ring walks its chunks forwards (no zigzag)");
    checkPlainArrays(Where);
    std::string Why;
    if (!planRing(K, S.StreamDim, &Why))
      fail(Where + "the body is no ring along dimension " +
           std::to_string(S.StreamDim) + ": " + Why);
  }

  /// Jammed and vector lanes read plain arrays: no merged records, no
  /// shared-memory tiles. (Histograms take one update per lane.)
  void checkPlainArrays(const std::string &Where) {
    if (!K.Merged.empty())
      fail(Where + "merged records are read one point at a time");
    if (!K.Cached.empty())
      fail(Where + "shared-memory tiles walk one point per thread");
  }

  /// Unroll-and-jam as KernelBody lowers it: along a streamed dimension, or
  /// (ranks 1 and 2, not streamed) points or rows a grid stride apart, in
  /// kernels whose grids are plain arrays (no records or tiles).
  void checkJam() {
    const Schedule &S = K.Sched;
    if (S.Jam == 1)
      return;
    const std::string Where = "schedule: jam " + std::to_string(S.Jam) + ": ";
    if (S.Jam < 1 || S.Jam > 16)
      fail(Where + "the factor must be 1 to 16");
    if (S.StreamDim < 0 && K.Rank > 2)
      fail(Where + "needs a streamed dimension (or rank 1 or 2)");
    checkPlainArrays(Where);
  }

  /// The grids a merge group interleaves: read-only, read only at the
  /// centre, of the group's type, in one group each, at most 32 fields
  /// (stencil::detail::RecordSources::MaxFields).
  void checkMerged() {
    std::set<std::string> Seen;
    for (const MergeGroup &G : K.Merged) {
      const std::string Where = "merge group '" + G.Name + "': ";
      if (K.findParam(G.Name) || !Seen.insert(G.Name).second)
        fail(Where + "its name is already taken");
      if (G.Grids.empty() || G.Grids.size() > 32)
        fail(Where + std::to_string(G.Grids.size()) +
             " grids (1 to 32 fit a record)");
      for (const std::string &Name : G.Grids) {
        const Param *P = K.findParam(Name);
        if (!P || P->Kind != ParamKind::In) {
          fail(Where + "'" + Name + "' is not an In grid");
          continue;
        }
        if (P->Elem != G.Elem)
          fail(Where + "'" + Name + "' is " + typeName(P->Elem) +
               ", the records hold " + typeName(G.Elem));
        if (!Seen.insert(Name).second)
          fail(Where + "'" + Name + "' is merged twice");
        const GridFootprint *F = K.Foot.find(Name);
        if (F && (F->Offsets.size() != 1 ||
                  F->Offsets[0] != std::vector<int>(K.Rank, 0)))
          fail(Where + "'" + Name + "' is read away from the centre");
      }
    }
  }

  /// Cached grids as SmemCacheLowering lowers them: rank 2, one point per
  /// thread, a tile of the block's shape (rows x columns), and a halo that
  /// covers every offset the grid is read at.
  void checkCached() {
    std::set<std::string> Seen;
    for (const CachedGrid &C : K.Cached) {
      const std::string Where = "cached grid '" + C.Grid + "': ";
      const Param *P = K.findParam(C.Grid);
      if (!P || P->Kind != ParamKind::In) {
        fail(Where + "not an In grid");
        continue;
      }
      if (!Seen.insert(C.Grid).second)
        fail(Where + "cached twice");
      if (K.Rank != 2)
        fail(Where + "shared-memory tiles are lowered for rank 2 only");
      if (K.hasHistograms())
        fail(Where + "histogram kernels are not lowered tile by tile");
      if (K.Sched.StreamDim != -1 || K.Sched.PointsPerThread != 1)
        fail(Where + "a tiled kernel walks one point per thread, not a "
                     "streamed dimension");
      for (const MergeGroup &G : K.Merged)
        for (const std::string &M : G.Grids)
          if (M == C.Grid)
            fail(Where + "also merged into '" + G.Name + "'");
      if (C.Tile[0] != K.Sched.Block[1] || C.Tile[1] != K.Sched.Block[0])
        fail(Where + "tile " + dims(C.Tile, 2) + " is not the block " +
             dims(K.Sched.Block, 2) + " (rows x columns)");
      const GridFootprint *F = K.Foot.find(C.Grid);
      for (int D = 0; D < K.Rank && F; ++D)
        if (C.HaloLo[D] < -F->Lo[D] || C.HaloHi[D] < F->Hi[D] ||
            C.HaloLo[D] < 0 || C.HaloHi[D] < 0)
          fail(Where + "halo lo " + dims(C.HaloLo, K.Rank) + " hi " +
               dims(C.HaloHi, K.Rank) +
               " does not cover the reads along dimension " +
               std::to_string(D));
    }
  }

  /// A recorded fusion is one FusedSweeps.cpp can lower.
  void checkFusion() {
    if (!K.Fuse.active())
      return;
    if (std::string Why = fusionObstacle(K, K.Fuse); !Why.empty())
      fail("fuse " + K.Fuse.State + " -> " + K.Fuse.Next + ": " + Why);
  }

  /// A lowering other than the default is a decision about reductions or
  /// histograms, so the kernel must have some. (Every HistogramLowering value
  /// is one the generated launcher dispatches on.)
  void checkLowerings() {
    if (K.Reductions != ReductionLowering::BlockTreeAtomic &&
        !K.hasReductions())
      fail(std::string("reductions lowered as ") + loweringName(K.Reductions) +
           " in a kernel without reductions");
    if (K.Histograms != HistogramLowering::PlainAtomic && !K.hasHistograms())
      fail(std::string("histograms lowered as ") + loweringName(K.Histograms) +
           " in a kernel without histograms");
  }

  void checkPassesApplied() {
    std::set<std::string> Seen;
    for (const std::string &Name : K.PassesApplied) {
      if (!lookupPass(Name))
        fail("applied: '" + Name + "' is not a pass");
      else if (!Seen.insert(Name).second)
        fail("applied: '" + Name + "' listed twice");
    }
  }

  const Kernel &K;
  std::map<std::string, Type> Locals;
  std::set<std::string> UniformNames;
  std::vector<std::string> Errors;
};

} // namespace

std::string withoutKernelPrefix(const Kernel &K, const std::string &Message) {
  const std::string Prefix = "kernel '" + K.Name + "': ";
  return Message.rfind(Prefix, 0) == 0 ? Message.substr(Prefix.size())
                                       : Message;
}

std::vector<std::string> verifyKernel(const Kernel &K) {
  std::vector<std::string> Errors = KernelVerifier(K).run();
  // A schedule variant must be a schedule the kernel can take: the kernel
  // with it in place of its own, verified the same way.
  for (size_t V = 0; V < K.Variants.size(); ++V) {
    Kernel With = K.clone();
    With.Sched = K.Variants[V];
    With.Variants.clear();
    for (const std::string &E : KernelVerifier(With).run())
      Errors.push_back("kernel '" + K.Name + "': variant " +
                       std::to_string(V + 1) + ": " +
                       withoutKernelPrefix(K, E));
  }
  return Errors;
}

} // namespace stencilc::ir
