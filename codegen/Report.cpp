//===- Report.cpp ---------------------------------------------------------===//
#include "codegen/Report.h"

#include "codegen/Occupancy.h"
#include "runtime/include/stencil/histogram_model.hpp"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <regex>
#include <set>
#include <sstream>
#include <tuple>

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

static int threadsPerBlock(const Kernel &K) {
  return K.Sched.Block[0] * K.Sched.Block[1] * K.Sched.Block[2];
}

int reductionScratchBytes(const Kernel &K) {
  const int Slot = reductionSlotBytes(K);
  if (!Slot)
    return 0;
  return K.Reductions == ReductionLowering::WarpShuffleAtomic
             ? 32 * Slot
             : threadsPerBlock(K) * Slot;
}

//===----------------------------------------------------------------------===//
// ptxas -v
//===----------------------------------------------------------------------===//

std::vector<PtxasFunction> parsePtxasLog(const std::string &Log) {
  // ptxas info    : Compiling entry function '_Z...' for 'sm_90'
  // ptxas info    : Function properties for _Z...
  //     0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
  // ptxas info    : Used 30 registers, used 1 barriers, 2048 bytes smem, ...
  static const std::regex Entry("Compiling entry function '([^']+)' for '([^']+)'");
  static const std::regex Frame(
      "([0-9]+) bytes stack frame, ([0-9]+) bytes spill stores, ([0-9]+) bytes spill loads");
  static const std::regex Used("Used ([0-9]+) registers");
  static const std::regex Smem("([0-9]+) bytes smem");
  std::vector<PtxasFunction> Out;
  std::istringstream In(Log);
  std::string Line;
  std::smatch Match;
  while (std::getline(In, Line)) {
    if (std::regex_search(Line, Match, Entry)) {
      Out.push_back({Match[1], Match[2]});
      continue;
    }
    if (Out.empty())
      continue;
    PtxasFunction &F = Out.back();
    if (std::regex_search(Line, Match, Frame)) {
      F.StackBytes = std::stoi(Match[1]);
      F.SpillStoreBytes = std::stoi(Match[2]);
      F.SpillLoadBytes = std::stoi(Match[3]);
    } else if (std::regex_search(Line, Match, Used)) {
      F.Registers = std::stoi(Match[1]);
      if (std::regex_search(Line, Match, Smem))
        F.StaticSharedBytes = std::stoi(Match[1]);
    }
  }
  return Out;
}

/// Reads <length><identifier> at Pos; empty when there is none.
static std::string sourceName(const std::string &S, size_t &Pos) {
  size_t Digits = Pos;
  while (Digits < S.size() && std::isdigit(static_cast<unsigned char>(S[Digits])))
    ++Digits;
  if (Digits == Pos)
    return "";
  size_t Len = std::stoul(S.substr(Pos, Digits - Pos));
  if (Digits + Len > S.size())
    return "";
  Pos = Digits + Len;
  return S.substr(Digits, Len);
}

std::optional<MangledFunction> parseMangledFunction(const std::string &S) {
  if (S.compare(0, 2, "_Z") != 0)
    return std::nullopt;
  size_t Pos = 2;
  if (Pos < S.size() && S[Pos] == 'L') // internal linkage
    ++Pos;
  MangledFunction F;
  if (Pos < S.size() && S[Pos] == 'N') {
    // Nested name: N [CV-qualifiers] <source-name>+ [template-args] E; the
    // last source name is the function's.
    ++Pos;
    while (Pos < S.size() && (S[Pos] == 'K' || S[Pos] == 'V' || S[Pos] == 'r'))
      ++Pos;
    for (std::string Part; !(Part = sourceName(S, Pos)).empty();)
      F.Name = Part;
  } else {
    F.Name = sourceName(S, Pos);
  }
  if (F.Name.empty())
    return std::nullopt;
  // One integer template argument: I Li<digits> E (n for a minus sign).
  if (S.compare(Pos, 3, "ILi") == 0) {
    size_t End = S.find('E', Pos + 3);
    std::string Digits = S.substr(Pos + 3, End == std::string::npos ? 0 : End - Pos - 3);
    bool Negative = !Digits.empty() && Digits[0] == 'n';
    if (Negative)
      Digits.erase(0, 1);
    if (!Digits.empty() && Digits.size() < 10 &&
        std::all_of(Digits.begin(), Digits.end(),
                    [](char C) { return std::isdigit(static_cast<unsigned char>(C)); }) &&
        End + 1 < S.size() && S[End + 1] == 'E')
      F.IntArgument = (Negative ? -1 : 1) * std::stoi(Digits);
  }
  // One builtin type argument: I <type> E (int64_t is long on LP64 Linux).
  if (S.size() >= Pos + 3 && S[Pos] == 'I' && S[Pos + 2] == 'E') {
    switch (S[Pos + 1]) {
    case 'i': F.TypeArgument = "int"; break;
    case 'l':
    case 'x': F.TypeArgument = "int64_t"; break;
    default: break;
    }
  }
  return F;
}

bool mangledNameIs(const std::string &MangledName, const std::string &Name) {
  std::optional<MangledFunction> F = parseMangledFunction(MangledName);
  return F && F->Name == Name;
}

//===----------------------------------------------------------------------===//
// The report
//===----------------------------------------------------------------------===//

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
      OS << File << ":" << E.Loc.Line << ":" << E.Loc.Col
         << ": remark: kernel " << K.Name << ": " << E.Topic << ": "
         << E.Message << "\n";
  }

private:
  void add(SourceLoc L, const std::string &Topic, const std::string &Message) {
    Entries.push_back({L.valid() ? L : K.Loc, Topic, Message});
  }

  void launch() {
    const Schedule &S = K.Sched;
    bool Interior = false;
    for (int D = 0; D < K.Rank; ++D)
      Interior |= K.Foot.Lo[D] || K.Foot.Hi[D];
    std::string Domain =
        Interior ? "the interior (skips " + box(K.Foot.Lo, K.Rank) +
                       " points at the low end, " + box(K.Foot.Hi, K.Rank) +
                       " at the high end)"
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
            (K.hasHistograms() ? ", 64-bit indices"
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
                     : "; blocks add to 128 slots, a finalize kernel hands the "
                       "totals to pinned host memory and resets the slots";
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
                     ? std::string("lowering chosen at each launch from the "
                                   "bin count (stencil/histogram_model.hpp); "
                                   "LaunchOptions::HistogramLowering forces one")
                     : loweringName(K.Histograms)));
    }
  }

  void ptxas(const std::vector<PtxasFunction> &Functions, const std::string &Arch) {
    std::vector<const PtxasFunction *> Mine;
    for (const PtxasFunction &F : Functions)
      if (mangledNameIs(F.MangledName, K.Name + "_kernel"))
        Mine.push_back(&F);
    if (Mine.empty()) {
      add(K.Loc, "ptxas", "ptxas compiled no __global__ function for this kernel");
      return;
    }
    for (const PtxasFunction *F : Mine)
      add(K.Loc, "ptxas",
          (Mine.size() > 1 ? instance(*F) + ": " : std::string()) + resources(*F) +
              "; " + occupancy(*F, Arch));
  }

  /// Which of several functions emitted for the kernel F is: histogram
  /// kernels are templates over their lowering (stencil::HistogramLowering).
  std::string instance(const PtxasFunction &F) const {
    std::optional<MangledFunction> M = parseMangledFunction(F.MangledName);
    if (M && M->TypeArgument) // stencil kernels: a template on the index type
      return M->Name + "<" + *M->TypeArgument + ">";
    if (!M || !M->IntArgument)
      return F.MangledName;
    std::string Argument = std::to_string(*M->IntArgument);
    if (K.hasHistograms() && *M->IntArgument >= 0 && *M->IntArgument <= 4)
      Argument = stencil::histogramLoweringName(
          static_cast<stencil::HistogramLowering>(*M->IntArgument));
    return M->Name + "<" + Argument + ">";
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
    Occupancy O = theoreticalOccupancy(
        *L, Threads, F.Registers, F.StaticSharedBytes + reductionScratchBytes(K));
    if (!O.BlocksPerSm)
      return "a block of " + std::to_string(Threads) +
             " threads does not fit on an " + Arch + " SM";
    return "theoretical occupancy on " + Arch + " " + percent(O.Fraction) + " (" +
           std::to_string(O.BlocksPerSm) + " blocks of " + std::to_string(Threads) +
           " threads, " + std::to_string(O.WarpsPerSm) + " of " +
           std::to_string(L->MaxThreadsPerSm / 32) + " warps per SM, limited by " +
           limiterName(O.Limiter) + ")";
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

std::string reportModule(const Module &M, const std::vector<PtxasFunction> *Ptxas,
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
