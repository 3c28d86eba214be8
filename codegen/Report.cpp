//===- Report.cpp ---------------------------------------------------------===//
#include "codegen/Report.h"

#include <set>
#include <sstream>

namespace stencilc {

using namespace ir;

int bytesPerPoint(const Kernel &K) {
  std::set<std::string> Read;
  for (const GridFootprint &G : K.Foot.Grids)
    Read.insert(G.Grid);
  int Bytes = 0;
  for (const Param &P : K.Params) {
    if (!isGrid(P.Kind))
      continue;
    if (Read.count(P.Name))
      Bytes += byteSize(P.Elem);
    if (P.Kind != ParamKind::In)
      Bytes += byteSize(P.Elem);
  }
  return Bytes;
}

static std::string where(const std::string &File, SourceLoc L) {
  return File + ":" + std::to_string(L.Line) + ":" + std::to_string(L.Col);
}

static std::string box(const std::array<int, 3> &A, int Rank) {
  std::string S = "(";
  for (int D = 0; D < Rank; ++D)
    S += (D ? ", " : "") + std::to_string(A[D]);
  return S + ")";
}

static void reportKernel(std::ostringstream &OS, const std::string &File,
                         const Kernel &K) {
  auto Line = [&](SourceLoc L, const std::string &Tag, const std::string &M) {
    OS << where(File, L.valid() ? L : K.Loc) << ": remark: " << K.Name
       << ": [" << Tag << "] " << M << "\n";
  };
  for (const Remark &R : K.Remarks)
    Line(R.Loc, R.Pass, R.Message);

  const Schedule &S = K.Sched;
  Line(K.Loc, "launch",
       "rank " + std::to_string(K.Rank) + ", domain interior lo " +
           box(K.Foot.Lo, K.Rank) + " hi " + box(K.Foot.Hi, K.Rank) +
           ", block " + std::to_string(S.Block[0]) + "x" +
           std::to_string(S.Block[1]) + "x" + std::to_string(S.Block[2]) +
           (S.StreamDim >= 0 ? ", " + std::to_string(S.PointsPerThread) +
                                   " points per thread along dimension " +
                                   std::to_string(S.StreamDim)
                             : std::string()) +
           (S.Persistent ? ", grid = SMs x resident blocks (persistent)"
                         : ", grid = domain / block") +
           ", 32-bit indices while every linear index fits");
  for (const MergeGroup &G : K.Merged) {
    std::string Fields;
    for (const std::string &F : G.Grids)
      Fields += (Fields.empty() ? "" : ", ") + F;
    Line(K.Loc, "memory",
         "'" + G.Name + "' holds {" + Fields + "} as one array of records: " +
             "a second copy of those grids in device memory, packed by the "
             "launcher");
  }
  bool HasHistogram = false;
  for (const Param &P : K.Params)
    HasHistogram |= P.Kind == ParamKind::Histogram;
  const std::string Handover =
      HasHistogram ? "; accumulators set and read back by the launcher"
                   : "; blocks add to 128 slots, a finalize kernel hands the "
                     "totals to pinned host memory and resets the slots";
  for (const Param &P : K.Params) {
    if (isReduction(P.Kind))
      Line(P.Loc, "reduction",
           std::string(paramKindName(P.Kind)) + " '" + P.Name + "' (" +
               typeName(P.Elem) + ", accumulated in " +
               typeName(P.Accum == Type::Float32 && P.Kind == ParamKind::Sum
                            ? Type::Float64
                            : P.Accum) +
               " on the device): " + loweringName(K.Reductions) + Handover);
    if (P.Kind == ParamKind::Histogram)
      Line(P.Loc, "histogram",
           "'" + P.Name + "': " + loweringName(K.Histograms));
  }
  Line(K.Loc, "memory",
       "estimated " + std::to_string(bytesPerPoint(K)) +
           " bytes per point when each grid is read once");
}

std::string reportModule(const Module &M) {
  std::ostringstream OS;
  for (const Kernel &K : M.Kernels)
    reportKernel(OS, M.SourceFile, K);
  return OS.str();
}

} // namespace stencilc
