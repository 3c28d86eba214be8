//===- Report.cpp ---------------------------------------------------------===//
#include "codegen/Report.h"

#include "codegen/Occupancy.h"
#include "codegen/report/CostModel.h"
#include "codegen/report/PtxasLog.h"
#include "runtime/include/stencil/histogram_model.hpp"

#include <algorithm>
#include <cstdio>
#include <sstream>
#include <tuple>

namespace stencilc {

using namespace ir;

namespace {

std::string box(const std::array<int, 3> &A, int Rank) {
  std::string S = "(";
  for (int D = 0; D < Rank; ++D)
    S += (D ? ", " : "") + std::to_string(A[D]);
  return S + ")";
}

std::string bytes(int N) {
  if (N >= 1024 && N % 1024 == 0)
    return std::to_string(N / 1024) + " KB";
  return std::to_string(N) + " B";
}

std::string percent(double F) {
  char Buf[16];
  std::snprintf(Buf, sizeof Buf, "%.3g%%", F * 100); // 62.5%, 100%
  return Buf;
}

struct Entry {
  SourceLoc Loc;
  std::string Topic;
  std::string Message;
};

class KernelReport {
public:
  KernelReport(const std::string &File, const Kernel &K) : File(File), K(K) {}

  void build(const std::vector<PtxasFunction> *Ptxas, const std::string &Arch) {
    launch();
    for (const Remark &R : K.Remarks)
      add(R.Loc, R.Pass, R.Message);
    reductions();
    // Stable: lines at one location keep the order they were added in
    // (launch first, then pipeline order).
    std::stable_sort(Entries.begin(), Entries.end(),
                     [](const Entry &A, const Entry &B) {
                       return std::tie(A.Loc.Line, A.Loc.Col) <
                              std::tie(B.Loc.Line, B.Loc.Col);
                     });
    add(K.Loc, "memory",
        "estimated " + std::to_string(bytesPerPoint(K)) +
            " bytes per point when each grid is read once");
    if (Ptxas)
      ptxas(*Ptxas, Arch);
  }

  void print(std::ostringstream &OS) const {
    for (const Entry &E : Entries)
      OS << File << ":" << E.Loc.Line << ":" << E.Loc.Col << ": remark: kernel "
         << K.Name << ": " << E.Topic << ": " << E.Message << "\n";
  }

private:
  void add(SourceLoc L, const std::string &Topic, const std::string &Message) {
    Entries.push_back({L.valid() ? L : K.Loc, Topic, Message});
  }

  /// Which lowering the boundary rules got (docs/passes/boundary.md).
  void boundary() {
    std::string Grids;
    for (const Param &P : K.Params) {
      if (P.Boundary.empty())
        continue;
      Grids += (Grids.empty() ? "" : "; ") + P.Name + " (";
      for (size_t D = 0; D < P.Boundary.size(); ++D) {
        Grids +=
            (D ? ", " : "") + std::string(edgeRuleName(P.Boundary[D].Rule));
        if (P.Boundary[D].Rule == EdgeRule::Constant)
          Grids += " " + std::to_string(P.Boundary[D].Value);
      }
      Grids += ")";
    }
    add(K.Loc, "boundary",
        "rules " + Grids +
            ": split launch, the kernel above over the "
            "interior (skips " +
            box(K.Foot.Lo, K.Rank) + " points at the low end, " +
            box(K.Foot.Hi, K.Rank) +
            " at the high end; branch-free, unchanged) "
            "then " +
            K.Name +
            "_shell_kernel over the rest, one point per thread, "
            "ruled reads through the index mapping (no padded copy: nothing to "
            "allocate or fill, and the shell's few points cost one small "
            "launch)");
  }

  void launch() {
    const Schedule &S = K.Sched;
    // With boundary rules the domain skips only what unruled reads need.
    const bool Rules = K.hasBoundary();
    const std::array<int, 3> &Lo = Rules ? K.Foot.DomainLo : K.Foot.Lo;
    const std::array<int, 3> &Hi = Rules ? K.Foot.DomainHi : K.Foot.Hi;
    bool Interior = false;
    for (int D = 0; D < K.Rank; ++D)
      Interior |= Lo[D] || Hi[D];
    std::string Domain = Interior ? "the interior (skips " + box(Lo, K.Rank) +
                                        " points at the low end, " +
                                        box(Hi, K.Rank) + " at the high end)"
                                  : "every point";
    add(K.Loc, "launch",
        "rank " + std::to_string(K.Rank) + ", domain " + Domain + ", block " +
            std::to_string(S.Block[0]) + "x" + std::to_string(S.Block[1]) +
            "x" + std::to_string(S.Block[2]) + " (" +
            std::to_string(threadsPerBlock(K)) + " threads" +
            (S.FromUser ? ", from --tile" : "") + ")" +
            (S.StreamDim >= 0 ? ", " + std::to_string(S.PointsPerThread) +
                                    " points per thread along dimension " +
                                    std::to_string(S.StreamDim)
                              : std::string()) +
            (S.Persistent ? ", grid = SMs x resident blocks (persistent)"
                          : ", grid = domain / block") +
            (K.hasHistograms()
                 ? ", 64-bit indices"
                 : ", 32-bit indices while every linear index fits"));
    for (const MergeGroup &G : K.Merged) {
      std::string Fields;
      for (const std::string &F : G.Grids)
        Fields += (Fields.empty() ? "" : ", ") + F;
      add(K.Loc, "memory",
          "'" + G.Name + "' holds {" + Fields + "} as one array of records: " +
              "a second copy of those grids in device memory, packed by the "
              "launcher");
    }
    if (Rules)
      boundary();
    std::string Applied;
    for (const std::string &P : K.PassesApplied)
      Applied += (Applied.empty() ? "" : ", ") + P;
    add(K.Loc, "pipeline",
        Applied.empty() ? "no pass changed this kernel"
                        : "changed by " + Applied);
  }

  void reductions() {
    const std::string Handover =
        K.hasHistograms() ? "; accumulators set and read back by the launcher"
        : !lastBlockMayCombine(K)
            ? "; blocks add to 128 slots, a finalize kernel hands the "
              "totals to pinned host memory and resets the slots"
            : "; blocks add to 128 slots; the last block to finish (grids "
              "of at most two waves) or a finalize kernel hands the totals "
              "to pinned host memory and resets the slots";
    for (const Param &P : K.Params) {
      if (isReduction(P.Kind))
        add(P.Loc, "reduction",
            std::string(paramKindName(P.Kind)) + " '" + P.Name + "' (" +
                typeName(P.Elem) + ", accumulated in " +
                typeName(deviceAccumType(P)) +
                " on the device): " + loweringName(K.Reductions) + Handover);
      if (P.Kind == ParamKind::Histogram)
        add(P.Loc, "histogram",
            "'" + P.Name + "': " +
                (K.Histograms == HistogramLowering::Auto
                     ? std::string(
                           "lowering chosen at each launch from the "
                           "bin count (stencil/histogram_model.hpp); "
                           "LaunchOptions::HistogramLowering forces one")
                     : loweringName(K.Histograms)));
    }
  }

  void ptxas(const std::vector<PtxasFunction> &Functions,
             const std::string &Arch) {
    std::vector<const PtxasFunction *> Mine;
    for (const PtxasFunction &F : Functions)
      if (mangledNameIs(F.MangledName, K.Name + "_kernel"))
        Mine.push_back(&F);
    if (Mine.empty()) {
      add(K.Loc, "ptxas",
          "ptxas compiled no __global__ function for this kernel");
      return;
    }
    for (const PtxasFunction *F : Mine)
      add(K.Loc, "ptxas",
          (Mine.size() > 1 ? instance(*F) + ": " : std::string()) +
              resources(*F) + "; " + occupancy(*F, Arch));
  }

  /// Which of several functions emitted for the kernel F is: histogram
  /// kernels are templates over their lowering (stencil::HistogramLowering).
  std::string instance(const PtxasFunction &F) const {
    std::optional<MangledFunction> M = parseMangledFunction(F.MangledName);
    if (!M || M->TemplateArguments.empty())
      return F.MangledName;
    if (K.hasHistograms() && M->IntArgument && *M->IntArgument >= 0 &&
        *M->IntArgument <= 4)
      return M->Name + "<" +
             stencil::histogramLoweringName(
                 static_cast<stencil::HistogramLowering>(*M->IntArgument)) +
             ">";
    // Stencil kernels: <Index[, Vec][, LastBlock]>.
    std::string Arguments;
    for (const std::string &A : M->TemplateArguments)
      Arguments += (Arguments.empty() ? "" : ", ") + A;
    return M->Name + "<" + Arguments + ">";
  }

  std::string resources(const PtxasFunction &F) const {
    std::string S = std::to_string(F.Registers) + " registers, ";
    int Dynamic = reductionScratchBytes(K);
    S += "shared memory " + bytes(F.StaticSharedBytes) + " static + " +
         bytes(Dynamic) + " dynamic";
    if (privatisesBins(F))
      S += " (+ the private bins, sized at launch)";
    S += ", " + bytes(F.StackBytes) + " stack";
    if (F.SpillStoreBytes || F.SpillLoadBytes)
      S += ", spills: " + bytes(F.SpillStoreBytes) + " stored, " +
           bytes(F.SpillLoadBytes) + " loaded";
    else
      S += ", no spills";
    return S;
  }

  std::string occupancy(const PtxasFunction &F, const std::string &Arch) const {
    std::optional<SmLimits> L = smLimits(Arch);
    if (!L)
      return "occupancy unknown: stencilc knows the limits of sm_90 only";
    int Threads = threadsPerBlock(K);
    Occupancy O =
        theoreticalOccupancy(*L, Threads, F.Registers,
                             F.StaticSharedBytes + reductionScratchBytes(K));
    if (!O.BlocksPerSm)
      return "a block of " + std::to_string(Threads) +
             " threads does not fit on an " + Arch + " SM";
    return "theoretical occupancy on " + Arch + " " + percent(O.Fraction) +
           " (" + std::to_string(O.BlocksPerSm) + " blocks of " +
           std::to_string(Threads) + " threads, " +
           std::to_string(O.WarpsPerSm) + " of " +
           std::to_string(L->MaxThreadsPerSm / 32) +
           " warps per SM, limited by " + limiterName(O.Limiter) + ")";
  }

  /// Whether F may keep histogram bins in dynamic shared memory: a shared
  /// lowering's instance, or a histogram kernel of unknown lowering.
  bool privatisesBins(const PtxasFunction &F) const {
    if (!K.hasHistograms())
      return false;
    std::optional<MangledFunction> M = parseMangledFunction(F.MangledName);
    if (!M || !M->IntArgument)
      return true;
    auto L = static_cast<stencil::HistogramLowering>(*M->IntArgument);
    return L == stencil::HistogramLowering::SharedPrivatized ||
           L == stencil::HistogramLowering::SharedWarpAggregated;
  }

  const std::string &File;
  const Kernel &K;
  std::vector<Entry> Entries;
};

} // namespace

std::string reportModule(const Module &M,
                         const std::vector<PtxasFunction> *Ptxas,
                         const std::string &Arch) {
  std::ostringstream OS;
  for (const Kernel &K : M.Kernels) {
    KernelReport R(M.SourceFile, K);
    R.build(Ptxas, Arch);
    R.print(OS);
  }
  return OS.str();
}

} // namespace stencilc
