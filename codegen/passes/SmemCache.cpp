//===- SmemCache.cpp ------------------------------------------------------===//
#include "codegen/passes/SmemCache.h"

#include <string>

namespace stencilc {

using namespace ir;

namespace {

/// Static shared memory a block may hold without opting in to more.
constexpr int StaticSharedBytes = 48 * 1024;

std::string triple(const std::array<int, 3> &A, int Rank) {
  std::string S;
  for (int D = 0; D < Rank; ++D)
    S += (D ? "x" : "") + std::to_string(A[D]);
  return S;
}

/// The reason K cannot be cached at all, or empty.
std::string refusal(const Kernel &K) {
  if (K.Rank != 2)
    return "rank " + std::to_string(K.Rank) +
           " kernels are not supported yet "
           "(only rank 2)";
  if (K.hasHistograms())
    return "histogram kernels are not supported";
  return "";
}

bool isMerged(const Kernel &K, const std::string &Grid) {
  for (const MergeGroup &M : K.Merged)
    for (const std::string &G : M.Grids)
      if (G == Grid)
        return true;
  return false;
}

class SmemCachePass : public Pass {
public:
  SmemCachePass() : Pass(PassID::SmemCache) {}

  bool run(Kernel &K, const PassOptions &Opts) override {
    if (!Opts.SmemCacheForced.count(K.Name))
      return false;
    auto Remark = [&](const std::string &M) {
      K.Remarks.push_back({name(), K.Loc, M});
    };
    std::string Why = refusal(K);
    if (!Why.empty()) {
      Remark("not cached: " + Why);
      return false; // only a remark: the kernel is unchanged
    }
    // Tile: the block shape, x along the contiguous dimension. tile's wide
    // flat blocks (64x4, 128x2) load 1.55-2x their points with a one-point
    // halo; unless the shape came from --tile, keep the thread count and
    // make x one warp (32x8: 1.33x).
    std::string Reshaped;
    std::array<int, 3> Block = K.Sched.Block;
    const int Threads = Block[0] * Block[1];
    if (!K.Sched.FromUser && Block[0] > 32 && Threads % 32 == 0) {
      Reshaped = "; block reshaped from " + std::to_string(Block[0]) + "x" +
                 std::to_string(Block[1]) + " to 32x" +
                 std::to_string(Threads / 32) + " (a smaller halo)";
      Block = {32, Threads / 32, 1};
    }
    std::array<int, 3> Tile{Block[1], Block[0], 0};
    std::vector<CachedGrid> Cached;
    int Bytes = 0;
    std::string Names;
    for (const GridFootprint &G : K.Foot.Grids) {
      const Param *P = K.findParam(G.Grid);
      if (!P || P->Kind != ParamKind::In || G.Offsets.size() < 2)
        continue;
      if (isMerged(K, G.Grid)) {
        Remark("not cached: " + G.Grid + " is merged by merge-arrays");
        continue;
      }
      CachedGrid C;
      C.Grid = G.Grid;
      C.Tile = Tile;
      for (int D = 0; D < K.Rank; ++D) {
        C.HaloLo[D] = -G.Lo[D];
        C.HaloHi[D] = G.Hi[D];
      }
      int Points = 1;
      for (int D = 0; D < K.Rank; ++D)
        Points *= Tile[D] + C.HaloLo[D] + C.HaloHi[D];
      Bytes += Points * byteSize(P->Elem);
      Names += (Names.empty() ? "" : ", ") + G.Grid + " (halo lo " +
               triple(C.HaloLo, K.Rank) + " hi " + triple(C.HaloHi, K.Rank) +
               ")";
      Cached.push_back(C);
    }
    if (Cached.empty()) {
      Remark("not cached: no input grid is read at more than one offset");
      return false;
    }
    if (Bytes > StaticSharedBytes) {
      Remark("not cached: tile " + triple(Tile, K.Rank) + " needs " +
             std::to_string(Bytes) + " bytes of shared memory, more than " +
             std::to_string(StaticSharedBytes));
      return false;
    }
    std::string Dropped;
    if (K.Sched.StreamDim >= 0)
      Dropped = "; streamed dimension " + std::to_string(K.Sched.StreamDim) +
                " dropped (one point per thread per tile)";
    K.Sched.Block = Block;
    K.Sched.StreamDim = -1;
    K.Sched.PointsPerThread = 1;
    K.Sched.Jam = 1;
    K.Sched.Vec = 1;
    K.Sched.Zigzag = false;
    K.Sched.Prefetch = false;
    K.Sched.Ring = false;
    K.Cached = std::move(Cached);
    Remark("cached in shared memory: " + Names + ", tile " +
           triple(Tile, K.Rank) + ", " + std::to_string(Bytes) +
           " bytes per block" + Reshaped + Dropped);
    return true;
  }
};

} // namespace

std::unique_ptr<Pass> createSmemCachePass() {
  return std::make_unique<SmemCachePass>();
}

} // namespace stencilc
