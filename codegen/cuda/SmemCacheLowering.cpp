//===- SmemCacheLowering.cpp - CUDA for the grids smem-cache staged ------===//
#include "codegen/cuda/SmemCacheLowering.h"

namespace stencilc {

using namespace ir;

namespace {
std::string indent(int Depth) { return std::string(2 * Depth, ' '); }
std::string str(int V) { return std::to_string(V); }
std::string arrayName(const CachedGrid &C) { return C.Grid + "_smem_"; }
std::string baseName(const CachedGrid &C) { return C.Grid + "_smem_at_"; }
} // namespace

const CachedGrid *SmemCacheLowering::find(const std::string &Grid) const {
  for (const CachedGrid &C : K.Cached)
    if (C.Grid == Grid)
      return &C;
  return nullptr;
}

/// Points of the staged region along D: the tile plus both halos.
int SmemCacheLowering::width(const CachedGrid &C, int D) const {
  return C.Tile[D] + C.HaloLo[D] + C.HaloHi[D];
}

std::string SmemCacheLowering::blockThreads() const {
  return str(K.Cached.front().Tile[0] * K.Cached.front().Tile[1]);
}

std::string SmemCacheLowering::read(const GridRead &G) const {
  const CachedGrid *C = find(G.Grid);
  if (!C)
    return "";
  int Offset = G.Offsets[0] * width(*C, 1) + G.Offsets[1];
  std::string S = arrayName(*C) + "[" + baseName(*C);
  if (Offset)
    S += (Offset < 0 ? " - " : " + ") + str(Offset < 0 ? -Offset : Offset);
  return S + "]";
}

std::vector<std::string> SmemCacheLowering::kernelParams() const {
  if (!active())
    return {};
  return {"int64_t cache_extent0_", "int64_t cache_extent1_"};
}

std::vector<std::string> SmemCacheLowering::launchArgs() const {
  if (!active())
    return {};
  return {"extents_[0]", "extents_[1]"};
}

std::string SmemCacheLowering::beginTiles() const {
  const std::array<int, 3> &Tile = K.Cached.front().Tile;
  const std::string Rows = str(Tile[0]), Cols = str(Tile[1]);
  std::string S;
  S += "  // smem-cache: the domain is walked in " + Rows + "x" + Cols +
       " tiles by block-uniform loops,\n  // so every thread reaches every "
       "__syncthreads.\n";
  S += "  const Index cache_stride_ = Index(dom_.Stride[0]);\n";
  for (const CachedGrid &C : K.Cached) {
    const std::string W = str(width(C, 1));
    S += "  __shared__ " +
         std::string(cudaTypeName(K.findParam(C.Grid)->Elem)) + " " +
         arrayName(C) + "[" + str(width(C, 0)) + " * " + W + "];\n";
    S += "  const int " + baseName(C) + " = (int(threadIdx.y) + " +
         str(C.HaloLo[0]) + ") * " + W + " + int(threadIdx.x) + " +
         str(C.HaloLo[1]) + ";\n";
  }
  S += "  for (Index t0_ = Index(dom_.Lo[0]) + Index(blockIdx.y) * " + Rows +
       "; t0_ < Index(dom_.Hi[0]); t0_ += Index(gridDim.y) * " + Rows + ") {\n";
  S += "    for (Index t1_ = Index(dom_.Lo[1]) + Index(blockIdx.x) * " + Cols +
       "; t1_ < Index(dom_.Hi[1]); t1_ += Index(gridDim.x) * " + Cols + ") {\n";
  for (const CachedGrid &C : K.Cached) {
    const std::string W = str(width(C, 1));
    const std::string N = str(width(C, 0) * width(C, 1));
    S += "      // " + C.Grid +
         ": tile plus halo, bounds-checked against the "
         "grid's extents.\n";
    S += "      for (int s_ = int(threadIdx.y) * " + Cols +
         " + int(threadIdx.x); s_ < " + N + "; s_ += " + blockThreads() +
         ") {\n";
    S += "        const Index r_ = t0_ - " + str(C.HaloLo[0]) +
         " + Index(s_ / " + W + ");\n";
    S += "        const Index c_ = t1_ - " + str(C.HaloLo[1]) +
         " + Index(s_ % " + W + ");\n";
    S += "        if (r_ >= 0 && r_ < Index(cache_extent0_) && c_ >= 0 && c_ < "
         "Index(cache_extent1_))\n";
    S += "          " + arrayName(C) + "[s_] = " + C.Grid +
         "[r_ * cache_stride_ + c_];\n";
    S += "      }\n";
  }
  S += "      __syncthreads();\n";
  S += "      const Index i0_ = t0_ + Index(threadIdx.y);\n";
  S += "      const Index i1_ = t1_ + Index(threadIdx.x);\n";
  S += "      if (i0_ < Index(dom_.Hi[0]) && i1_ < Index(dom_.Hi[1])) {\n";
  return S;
}

std::string SmemCacheLowering::endTiles() const {
  return indent(3) + "}\n" + indent(3) +
         "__syncthreads(); // the next tile overwrites the shared arrays\n" +
         indent(2) + "}\n" + indent(1) + "}\n";
}

std::string SmemCacheLowering::launcherCheck() const {
  if (!active())
    return "";
  const std::array<int, 3> &Tile = K.Cached.front().Tile;
  return "  if (block_.x != " + str(Tile[1]) +
         " || block_.y != " + str(Tile[0]) +
         ")\n    throw stencil::Error(kernel_name_, \"smem-cache compiled a " +
         str(Tile[1]) + "x" + str(Tile[0]) +
         " tile; a launch cannot change the block shape\");\n";
}

} // namespace stencilc
