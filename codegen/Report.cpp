//===- Report.cpp ---------------------------------------------------------===//
#include "codegen/Report.h"

#include <set>
#include <sstream>

namespace stencilc {

using namespace ir;

static int sizeOf(Type T) {
  switch (T) {
  case Type::Bool: return 1;
  case Type::Int32:
  case Type::Float32: return 4;
  case Type::Int64:
  case Type::Float64: return 8;
  }
  return 0;
}

int bytesPerPoint(const Kernel &K) {
  std::set<std::string> Read;
  for (const GridFootprint &G : K.Foot.Grids)
    Read.insert(G.Grid);
  int Bytes = 0;
  for (const Param &P : K.Params) {
    if (!isGrid(P.Kind))
      continue;
    if (Read.count(P.Name))
      Bytes += sizeOf(P.Elem);
    if (P.Kind != ParamKind::In)
      Bytes += sizeOf(P.Elem);
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
           ", grid = domain / block");
  for (const Param &P : K.Params) {
    if (isReduction(P.Kind))
      Line(P.Loc, "reduction",
           std::string(paramKindName(P.Kind)) + " '" + P.Name + "' (" +
               typeName(P.Elem) + ", accumulated in " +
               typeName(P.Accum == Type::Float32 && P.Kind == ParamKind::Sum
                            ? Type::Float64
                            : P.Accum) +
               " on the device): " + loweringName(K.Reductions));
    if (P.Kind == ParamKind::Histogram)
      Line(P.Loc, "histogram",
           "'" + P.Name + "': " + loweringName(K.Histograms) +
               (K.Histograms == HistogramLowering::Auto
                    ? " (per launch, LaunchOptions::HistogramLowering forces one)"
                    : ""));
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
