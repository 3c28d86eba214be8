// stencil/detail/tune_cache.hpp - the autotuner's candidate schedules and its
// cache file (issue 16; docs/runtime.md#autotuning). Plain C++, no CUDA: the
// unit tests compile it on the host (test/unit/TuneCacheTest.cpp).
//
// A launcher run with STENCIL_TUNE=1 times a bounded set of launch shapes
// (tuneCandidates) on its first launch for an extents class and a device,
// keeps the fastest, and writes it to the cache; later runs read it without
// tuning. The cache is a text file, one entry per line:
//
//   stencilc-tune 3
//   HASH KERNEL DEVICE CLASS BXxBYxBZ PPT PERSISTENT VARIANT DEPTH MS
//
// VARIANT is the schedule variant the launch uses (stencilc
// --tune-variants=N compiles N of them beside the kernel's own schedule;
// 0: its own). DEPTH is a multi-sweep launcher's (NAME_sweeps, KERNEL
// "NAME_sweeps"): LaunchOptions::SweepDepth, 0 for one-sweep kernels. A
// version-1 file (no VARIANT or DEPTH column) is read as variant 0, depth
// 0; a version-2 file (no DEPTH) as depth 0.
// HASH is the kernel's IR hash (stencilc emits it), DEVICE the device name
// with spaces as '_', CLASS the extents class (extentsClass). A line that
// does not parse, or a file with another header, is ignored with a warning;
// an entry whose kernel name matches but whose hash does not (the spec
// changed) is stale and ignored with a warning; entries of other devices are
// kept but never used on this one.
//
// Internal: for the code stencilc generates; programs set STENCIL_TUNE and
// STENCIL_TUNE_CACHE (docs/runtime.md#autotuning).
#ifndef STENCIL_DETAIL_TUNE_CACHE_HPP
#define STENCIL_DETAIL_TUNE_CACHE_HPP

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <sys/stat.h>

namespace stencil {
namespace detail {

/// One launch shape: what LaunchOptions::Block, PointsPerThread,
/// Persistent and Variant set. The default, none of them set, is "as
/// compiled": the launcher's own choices, which for some kernels differ from
/// the same shape given explicitly (a rank-1 histogram kernel's privatised
/// launch takes the histogram model's block only when the options give
/// none). A variant (stencilc --tune-variants) is launched as compiled: its
/// Block, PointsPerThread and Persistent are unset.
struct TuneShape {
  std::array<int, 3> Block{0, 0, 0};
  int PointsPerThread = 0;
  int Persistent = -1;
  int Variant = 0; ///< 0: the kernel's own schedule; N: its N-th variant
  /// NAME_sweeps: LaunchOptions::SweepDepth (-1: a one-sweep launch per
  /// sweep; 1 to MaxTunedSweepDepth: sweeps per fused launch; 0: as
  /// compiled).
  int SweepDepth = 0;
  /// No block, points per thread or persistence given: the variant's (or
  /// the depth's) launch as compiled.
  bool unshaped() const {
    return Block == std::array<int, 3>{0, 0, 0} && PointsPerThread == 0 &&
           Persistent == -1;
  }
  bool compiled() const {
    return unshaped() && Variant == 0 && SweepDepth == 0;
  }
  bool operator==(const TuneShape &O) const {
    return Block == O.Block && PointsPerThread == O.PointsPerThread &&
           Persistent == O.Persistent && Variant == O.Variant &&
           SweepDepth == O.SweepDepth;
  }
};

/// The deepest fusion a multi-sweep launcher takes (stencil::detail::
/// MaxSweepDepth of sweeps.hpp, which needs CUDA; a unit test keeps the two
/// equal).
constexpr int MaxTunedSweepDepth = 4;

/// The sweeps of one trial when STENCIL_TUNE times a multi-sweep launcher's
/// depths (tuning.hpp): launches of every depth from 1 to 4 with nothing
/// left over (sweeps.hpp's sweepPlan, the last launch writing the last two
/// sweeps from its scratch grid; 13, with a single last sweep, before
/// session 44).
constexpr int TrialSweeps = 12;

/// What the compiled schedule is, as the launcher knows it.
struct CompiledShape {
  int Rank = 1;
  std::array<int, 3> Block{256, 1, 1};
  int PointsPerThread = 1;
  bool Streamed = false; ///< points per thread walk a streamed dimension
  bool Persistent = false;
  int LaunchBound = 256; ///< __launch_bounds__: no block may be larger
  int Variants = 0; ///< schedule variants compiled beside it (--tune-variants)
  /// A multi-sweep launcher (NAME_sweeps): its compiled fusion depth, and
  /// the candidates are depths, not shapes. 0: a one-sweep launcher.
  int SweepDepth = 0;
};

inline int64_t roundUpToPowerOfTwo(int64_t N) {
  int64_t P = 1;
  while (P < N)
    P *= 2;
  return P;
}

/// The extents class: each extent rounded up to a power of two, so that one
/// tuning serves sizes of the same order (8192 and 8000 share a class);
/// then, for a kernel with histograms, each histogram's size in bytes
/// rounded up the same way ("h" before each): its bins choose the
/// histogram's lowering at run time and with it the best shape (one
/// radial histogram kernel, H200: 0.48 ms at 10^4 bins with its own
/// shape, 2.26 ms with the shape tuned at 100 bins when they shared a class).
template <int R>
std::string extentsClass(const std::array<int64_t, R> &Extents,
                         const std::vector<size_t> &HistogramBytes = {}) {
  std::string S;
  for (int D = 0; D < R; ++D)
    S += (D ? "x" : "") + std::to_string(roundUpToPowerOfTwo(Extents[D]));
  for (size_t Bytes : HistogramBytes)
    S += "h" + std::to_string(roundUpToPowerOfTwo(int64_t(Bytes)));
  return S;
}

/// How much faster than the compiled shape a candidate must time to replace
/// it: the timings of a few launches scatter by a few percent, and a shape
/// that only won the draw made key_hist 8% and relax3d 5% slower than
/// untuned in the suite run it was tuned in (H200, 2026-11-26T122717Z).
constexpr double TuneMargin = 0.97;

/// Whether a candidate timed at CandidateMs replaces the compiled launch
/// timed at CompiledMs: faster by TuneMargin.
inline bool confirmsTuned(double CompiledMs, double CandidateMs) {
  return CandidateMs <= CompiledMs * TuneMargin;
}

/// The candidate to keep, given each one's median time in candidate order
/// (as compiled first; a negative time: not launchable): the fastest when
/// it beats the compiled launch by TuneMargin, else the compiled one. -1
/// when none could be launched.
inline int pickTuned(const std::vector<double> &Ms) {
  int Best = -1;
  for (size_t I = 0; I < Ms.size(); ++I)
    if (Ms[I] >= 0 && (Best < 0 || Ms[I] < Ms[size_t(Best)]))
      Best = int(I);
  if (Best > 0 && !Ms.empty() && Ms[0] >= 0 &&
      !confirmsTuned(Ms[0], Ms[size_t(Best)]))
    return 0;
  return Best;
}

/// The candidates, at most 24 shapes and the variants: the launch as
/// compiled (TuneShape{}) first, then each schedule variant as compiled
/// (stencilc --tune-variants: another jam, register bound or vector width,
/// code the shapes cannot reach), the compiled shape given explicitly, and
/// blocks of 128, 256
/// and 512 threads (x along the contiguous dimension, rows of at least 32
/// threads) within the launch bound, points per thread 1, 2, 4, 8 and 16
/// (chunks of a streamed dimension, or grid-stride points), persistent or
/// not. Each differs from the compiled shape in one or two of the three.
///
/// A multi-sweep launcher's candidates (C.SweepDepth > 0) are its depths:
/// as compiled (which may run one-sweep or persistent launches on a small
/// grid), a one-sweep launch per sweep (-1), then 1 to MaxTunedSweepDepth
/// sweeps per fused launch.
inline std::vector<TuneShape> tuneCandidates(const CompiledShape &C) {
  std::vector<TuneShape> Out;
  if (C.SweepDepth > 0) {
    Out.push_back(TuneShape{});
    for (int D = -1; D <= MaxTunedSweepDepth; ++D) {
      if (D == 0)
        continue;
      TuneShape S;
      S.SweepDepth = D;
      Out.push_back(S);
    }
    return Out;
  }
  const size_t Max = 24 + size_t(std::max(C.Variants, 0));
  auto Add = [&](std::array<int, 3> B, int P, int Pers) {
    if (int64_t(B[0]) * B[1] * B[2] > C.LaunchBound || Out.size() >= Max)
      return;
    TuneShape S{B, P, Pers};
    if (std::find(Out.begin(), Out.end(), S) == Out.end())
      Out.push_back(S);
  };
  Out.push_back(TuneShape{});
  for (int V = 1; V <= C.Variants; ++V) {
    TuneShape S;
    S.Variant = V;
    Out.push_back(S);
  }
  const int Pers = C.Persistent ? 1 : 0;
  Add(C.Block, C.PointsPerThread, Pers);
  std::vector<std::array<int, 3>> Blocks;
  for (int Threads : {128, 256, 512}) {
    if (C.Rank == 1) {
      Blocks.push_back({Threads, 1, 1});
      continue;
    }
    for (int X : {32, 64, 128, 256})
      if (X <= Threads)
        Blocks.push_back({X, Threads / X, 1});
  }
  for (int P : {1, 2, 4, 8, 16})
    Add(C.Block, P, Pers);
  Add(C.Block, C.PointsPerThread, 1 - Pers);
  for (int P : {1, 4, 16})
    Add(C.Block, P, 1 - Pers);
  for (const auto &B : Blocks)
    Add(B, C.PointsPerThread, Pers);
  for (const auto &B : Blocks)
    Add(B, C.Streamed ? 2 * C.PointsPerThread : 4, Pers);
  return Out;
}

struct TuneEntry {
  uint64_t Hash = 0;
  std::string Kernel, Device, Class;
  TuneShape Shape;
  double Ms = 0;
};

inline std::string deviceKey(std::string Name) {
  std::replace(Name.begin(), Name.end(), ' ', '_');
  return Name.empty() ? "unknown" : Name;
}

/// The cache file's path: $STENCIL_TUNE_CACHE, else
/// $XDG_CACHE_HOME/stencilc/tune.txt, else $HOME/.cache/stencilc/tune.txt.
inline std::string tuneCachePath() {
  if (const char *P = std::getenv("STENCIL_TUNE_CACHE"); P && *P)
    return P;
  if (const char *X = std::getenv("XDG_CACHE_HOME"); X && *X)
    return std::string(X) + "/stencilc/tune.txt";
  if (const char *H = std::getenv("HOME"); H && *H)
    return std::string(H) + "/.cache/stencilc/tune.txt";
  return "stencilc-tune.txt";
}

/// The most schedule variants stencilc compiles beside a kernel
/// (--tune-variants=N, N at most this).
constexpr int MaxVariants = 4;

class TuneCache {
public:
  static constexpr const char *Header = "stencilc-tune 3";
  /// The first version's header: its lines have no VARIANT or DEPTH column.
  static constexpr const char *HeaderV1 = "stencilc-tune 1";
  /// The second version's: no DEPTH column.
  static constexpr const char *HeaderV2 = "stencilc-tune 2";

  /// Reads Text (a cache file's contents); what cannot be trusted is
  /// dropped with a line in Warnings.
  void parse(const std::string &Text, std::vector<std::string> &Warnings) {
    std::istringstream In(Text);
    std::string Line;
    int N = 0;
    int Version = 3;
    while (std::getline(In, Line)) {
      ++N;
      if (N == 1) {
        Version = Line == HeaderV1 ? 1 : Line == HeaderV2 ? 2 : 3;
        if (Line != Header && Version == 3) {
          Warnings.push_back("not a stencilc tuning cache (first line '" +
                             Line.substr(0, 40) + "'): ignored");
          return;
        }
        continue;
      }
      if (Line.empty())
        continue;
      TuneEntry E;
      if (!parseEntry(Line, E, Version)) {
        Warnings.push_back("line " + std::to_string(N) +
                           " does not parse: ignored");
        continue;
      }
      Entries.push_back(E);
    }
  }

  /// The entry for this kernel, device and class; Warnings gets a line for
  /// a stale entry (same kernel, device and class, another hash).
  const TuneEntry *find(uint64_t Hash, const std::string &Kernel,
                        const std::string &Device, const std::string &Class,
                        std::vector<std::string> &Warnings) const {
    const TuneEntry *Found = nullptr;
    for (const TuneEntry &E : Entries) {
      if (E.Kernel != Kernel || E.Device != Device || E.Class != Class)
        continue;
      if (E.Hash == Hash)
        Found = &E;
      else
        Warnings.push_back("entry for " + Kernel +
                           " is for another version of the kernel (hash " +
                           std::to_string(E.Hash) + "): ignored");
    }
    return Found;
  }

  /// Adds or replaces the entry of E's kernel, device and class.
  void put(const TuneEntry &E) {
    Entries.erase(std::remove_if(Entries.begin(), Entries.end(),
                                 [&](const TuneEntry &O) {
                                   return O.Kernel == E.Kernel &&
                                          O.Device == E.Device &&
                                          O.Class == E.Class;
                                 }),
                  Entries.end());
    Entries.push_back(E);
  }

  std::string format() const {
    std::ostringstream OS;
    OS << Header << "\n";
    for (const TuneEntry &E : Entries)
      OS << E.Hash << " " << E.Kernel << " " << E.Device << " " << E.Class
         << " " << E.Shape.Block[0] << "x" << E.Shape.Block[1] << "x"
         << E.Shape.Block[2] << " " << E.Shape.PointsPerThread << " "
         << E.Shape.Persistent << " " << E.Shape.Variant << " "
         << E.Shape.SweepDepth << " " << E.Ms << "\n";
    return OS.str();
  }

  bool load(const std::string &Path, std::vector<std::string> &Warnings) {
    std::ifstream F(Path);
    if (!F)
      return false;
    std::ostringstream S;
    S << F.rdbuf();
    parse(S.str(), Warnings);
    return true;
  }
  bool save(const std::string &Path) const {
    const size_t Slash = Path.find_last_of('/');
    if (Slash != std::string::npos && Slash > 0)
      makeDirectories(Path.substr(0, Slash));
    std::ofstream F(Path, std::ios::trunc);
    F << format();
    return bool(F);
  }

  const std::vector<TuneEntry> &entries() const { return Entries; }

private:
  /// A small integer column, all of it: not "0.25" read as 0 and ".25".
  static bool parseSmallInt(std::istringstream &In, int &Value) {
    std::string Text;
    if (!(In >> Text))
      return false;
    const bool Negative = Text.size() > 1 && Text[0] == '-';
    const std::string Digits = Negative ? Text.substr(1) : Text;
    if (Digits.empty() || Digits.size() > 2 ||
        Digits.find_first_not_of("0123456789") != std::string::npos)
      return false;
    Value = (Negative ? -1 : 1) * std::stoi(Digits);
    return true;
  }
  static bool parseEntry(const std::string &Line, TuneEntry &E, int Version) {
    std::istringstream In(Line);
    std::string Block;
    if (!(In >> E.Hash >> E.Kernel >> E.Device >> E.Class >> Block >>
          E.Shape.PointsPerThread >> E.Shape.Persistent))
      return false;
    if (Version >= 2 && !parseSmallInt(In, E.Shape.Variant))
      return false;
    if (Version >= 3 && !parseSmallInt(In, E.Shape.SweepDepth))
      return false;
    if (!(In >> E.Ms) || E.Shape.Variant < 0 || E.Shape.Variant > MaxVariants ||
        E.Shape.SweepDepth < -1 || E.Shape.SweepDepth > MaxTunedSweepDepth)
      return false;
    std::string Rest;
    if (In >> Rest)
      return false;
    char X1 = 0, X2 = 0;
    std::istringstream B(Block);
    if (!(B >> E.Shape.Block[0] >> X1 >> E.Shape.Block[1] >> X2 >>
          E.Shape.Block[2]) ||
        X1 != 'x' || X2 != 'x' || (B >> Rest))
      return false;
    if (E.Shape.unshaped()) // "0x0x0 0 -1": the launch (variant) as compiled
      return E.Ms > 0;
    const int64_t Threads =
        int64_t(E.Shape.Block[0]) * E.Shape.Block[1] * E.Shape.Block[2];
    return E.Shape.Block[0] > 0 && E.Shape.Block[1] > 0 &&
           E.Shape.Block[2] > 0 && Threads <= 1024 &&
           E.Shape.PointsPerThread >= 1 && E.Shape.PointsPerThread <= 1024 &&
           (E.Shape.Persistent == 0 || E.Shape.Persistent == 1) && E.Ms > 0;
  }
  static void makeDirectories(const std::string &Dir) {
    for (size_t I = 1; I <= Dir.size(); ++I)
      if (I == Dir.size() || Dir[I] == '/')
        ::mkdir(Dir.substr(0, I).c_str(), 0755); // existing ones are fine
  }

  std::vector<TuneEntry> Entries;
};

} // namespace detail
} // namespace stencil

#endif // STENCIL_DETAIL_TUNE_CACHE_HPP
