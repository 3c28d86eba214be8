// harness.hpp - what every example's main.cu shares: option parsing, the
// comparison of GPU results against the CPU reference (--check), event
// timing, and the machine-readable BENCH line that bench/run parses.
//
// Compiled by nvcc as part of main.cu. Without __CUDACC__ (a host-only build
// against test/gpu/mock, to exercise main.cu without a GPU) the timer falls
// back to std::chrono.
#ifndef STENCIL_EXAMPLES_HARNESS_HPP
#define STENCIL_EXAMPLES_HARNESS_HPP

#include <stencil/grid.hpp>

#include <algorithm>
#include <array>
#include <chrono>
#include <cerrno>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <optional>
#include <random>
#include <string>
#include <type_traits>
#include <vector>

#ifdef __CUDACC__
#include <cuda_runtime.h>
#endif

namespace example {

//===----------------------------------------------------------------------===//
// Options: --name VALUE, --name=VALUE, and flags.
//===----------------------------------------------------------------------===//

class Options {
public:
  Options(const char *Program, const char *Usage)
      : Program(Program), Usage(Usage) {}

  void add(const char *Name, int64_t &V, const char *Help) {
    addValue(Name, Kind::Int, &V, Help);
  }
  void add(const char *Name, int &V, const char *Help) {
    addValue(Name, Kind::Int32, &V, Help);
  }
  void add(const char *Name, double &V, const char *Help) {
    addValue(Name, Kind::Real, &V, Help);
  }
  void add(const char *Name, std::string &V, const char *Help) {
    addValue(Name, Kind::Text, &V, Help);
  }
  void flag(const char *Name, bool &V, const char *Help) {
    addValue(Name, Kind::Flag, &V, Help);
  }

  /// Parses argv; prints usage and exits 2 on an unknown option or a bad
  /// value, 0 on --help.
  void parse(int Argc, char **Argv) {
    for (int I = 1; I < Argc; ++I) {
      std::string Arg = Argv[I];
      if (Arg == "--help" || Arg == "-h") {
        printUsage(stdout);
        std::exit(0);
      }
      std::string Value;
      bool HasValue = false;
      size_t Eq = Arg.find('=');
      if (Eq != std::string::npos) {
        Value = Arg.substr(Eq + 1);
        Arg = Arg.substr(0, Eq);
        HasValue = true;
      }
      Entry *E = find(Arg);
      if (!E)
        fail("unknown option '" + Arg + "'");
      if (E->K == Kind::Flag) {
        if (HasValue)
          fail("option '" + Arg + "' takes no value");
        *static_cast<bool *>(E->Target) = true;
        continue;
      }
      if (!HasValue) {
        if (I + 1 >= Argc)
          fail("option '" + Arg + "' needs a value");
        Value = Argv[++I];
      }
      store(*E, Value);
    }
  }

  [[noreturn]] void fail(const std::string &Message) const {
    std::fprintf(stderr, "%s: %s\n", Program, Message.c_str());
    printUsage(stderr);
    std::exit(2);
  }

private:
  enum class Kind { Int, Int32, Real, Text, Flag };
  struct Entry {
    std::string Name;
    Kind K;
    void *Target;
    std::string Help;
  };

  void addValue(const char *Name, Kind K, void *Target, const char *Help) {
    Entries.push_back({Name, K, Target, Help});
  }
  Entry *find(const std::string &Name) {
    for (Entry &E : Entries)
      if (E.Name == Name)
        return &E;
    return nullptr;
  }
  void store(const Entry &E, const std::string &Value) {
    char *End = nullptr;
    errno = 0;
    switch (E.K) {
    case Kind::Int:
    case Kind::Int32: {
      long long V = std::strtoll(Value.c_str(), &End, 10);
      if (Value.empty() || *End || errno)
        fail("option '" + E.Name + "' needs an integer, got '" + Value + "'");
      if (E.K == Kind::Int)
        *static_cast<int64_t *>(E.Target) = V;
      else
        *static_cast<int *>(E.Target) = static_cast<int>(V);
      return;
    }
    case Kind::Real: {
      double V = std::strtod(Value.c_str(), &End);
      if (Value.empty() || *End || errno)
        fail("option '" + E.Name + "' needs a number, got '" + Value + "'");
      *static_cast<double *>(E.Target) = V;
      return;
    }
    case Kind::Text:
      *static_cast<std::string *>(E.Target) = Value;
      return;
    case Kind::Flag:
      return;
    }
  }
  void printUsage(FILE *Out) const {
    std::fprintf(Out, "usage: %s %s\n", Program, Usage);
    for (const Entry &E : Entries)
      std::fprintf(Out, "  %-14s %s\n", E.Name.c_str(), E.Help.c_str());
  }

  const char *Program;
  const char *Usage;
  std::vector<Entry> Entries;
};

/// Parses a block shape BX[xBY[xBZ]] (threads, innermost dimension first)
/// for --block; false when malformed.
inline bool parseBlockShape(const std::string &Text, int (&Block)[3]) {
  Block[0] = Block[1] = Block[2] = 1;
  size_t Start = 0;
  for (int D = 0; D < 3; ++D) {
    size_t End = Text.find('x', Start);
    std::string Part = Text.substr(
        Start, End == std::string::npos ? std::string::npos : End - Start);
    char *Stop = nullptr;
    long V = std::strtol(Part.c_str(), &Stop, 10);
    if (Part.empty() || *Stop || V < 1 || V > 1024)
      return false;
    Block[D] = static_cast<int>(V);
    if (End == std::string::npos)
      return Block[0] * Block[1] * Block[2] <= 1024;
    Start = End + 1;
  }
  return false;
}

/// One launch shape of a --shapes list: BXxBY[xBZ][:PPT].
struct LaunchShape {
  std::string Text;
  int Block[3] = {0, 0, 0};
  int PointsPerThread = 0; ///< 0: as compiled
};

/// Parses a comma-separated list of BXxBY[xBZ][:PPT]; false when malformed.
inline bool parseShapeList(const std::string &Text,
                           std::vector<LaunchShape> &Out) {
  size_t Start = 0;
  while (Start <= Text.size()) {
    size_t End = Text.find(',', Start);
    std::string Item = Text.substr(
        Start, End == std::string::npos ? std::string::npos : End - Start);
    LaunchShape S;
    S.Text = Item;
    size_t Colon = Item.find(':');
    if (Colon != std::string::npos) {
      char *Stop = nullptr;
      long V = std::strtol(Item.c_str() + Colon + 1, &Stop, 10);
      if (*Stop || V < 1)
        return false;
      S.PointsPerThread = static_cast<int>(V);
      Item = Item.substr(0, Colon);
    }
    if (!parseBlockShape(Item, S.Block))
      return false;
    Out.push_back(S);
    if (End == std::string::npos)
      break;
    Start = End + 1;
  }
  return true;
}

/// --block, --ppt, --persistent and --zigzag (the shape of every launch,
/// instead of the compiled one) and optionally --shapes (--bench: more shapes
/// to time), bound to an example's stencil::LaunchOptions. Construct before
/// Options::parse, call apply() after it.
template <class LaunchOptions> class LaunchFlags {
public:
  LaunchFlags(Options &O, LaunchOptions &L, bool WithShapes) : O(O), L(L) {
    O.add("--block", Block,
          "threads per block BXxBY[xBZ] of every launch (as compiled)");
    O.add("--ppt", L.PointsPerThread,
          "points per thread of every launch (as compiled)");
    O.add("--persistent", L.Persistent,
          "1: only the blocks resident at once, 0: one block per tile (as "
          "compiled)");
    O.add("--zigzag", L.Zigzag,
          "streamed kernels: 1: every other chunk backwards, 0: all "
          "forwards (the launcher decides)");
    if (WithShapes)
      O.add("--shapes", ShapeList,
            "--bench: also time these BXxBY[xBZ][:PPT],... shapes");
  }
  void apply() {
    if (!ShapeList.empty() && !parseShapeList(ShapeList, Shapes))
      O.fail("--shapes needs BXxBY[xBZ][:PPT],..., got '" + ShapeList + "'");
    int Shape[3];
    if (Block.empty())
      return;
    if (!parseBlockShape(Block, Shape))
      O.fail("--block needs BXxBY[xBZ] with at most 1024 threads, got '" +
             Block + "'");
    for (int D = 0; D < 3; ++D)
      L.Block[D] = Shape[D];
  }
  /// Sets L to Shape's block and points per thread.
  void use(const LaunchShape &Shape) {
    for (int D = 0; D < 3; ++D)
      L.Block[D] = Shape.Block[D];
    L.PointsPerThread = Shape.PointsPerThread;
  }
  std::vector<LaunchShape> Shapes;

private:
  Options &O;
  LaunchOptions &L;
  std::string Block, ShapeList;
};

//===----------------------------------------------------------------------===//
// Comparison against the CPU reference.
//===----------------------------------------------------------------------===//

/// |a - b| / max(|a|, |b|, floor); 0 when equal, infinity when either is
/// NaN. Fields pass the smallest normal number of their type as the floor:
/// subnormal values carry fewer significant bits, so two orders of the same
/// additions may differ there by more than any relative tolerance.
/// A grid of test data, never zero everywhere: uniform in [-1, 1) for
/// floating-point T, integers in [-1000, 1000] otherwise; the same for the
/// same Seed.
template <class T, int R>
stencil::HostGrid<T, R> randomGrid(const stencil::Extents<R> &E,
                                   uint64_t Seed) {
  stencil::HostGrid<T, R> G(E);
  std::mt19937_64 Rng(Seed);
  for (int64_t I = 0; I < G.size(); ++I) {
    if constexpr (std::is_floating_point<T>::value)
      G.data()[I] =
          static_cast<T>(std::uniform_real_distribution<double>(-1, 1)(Rng));
    else
      G.data()[I] = static_cast<T>(int64_t(Rng() % 2001) - 1000);
  }
  return G;
}

inline double relativeDifference(double A, double B, double Floor = 0.0) {
  if (std::isnan(A) || std::isnan(B))
    return INFINITY;
  if (A == B)
    return 0.0;
  return std::fabs(A - B) / std::max({std::fabs(A), std::fabs(B), Floor});
}

/// Collects the outcome of every comparison of one --check run and prints
/// one line per comparison, then the verdict.
class Checker {
public:
  explicit Checker(std::string Name) : Name(std::move(Name)) {}

  /// Compares every point (boundary included). A reference that is zero
  /// everywhere fails: such a comparison would prove nothing.
  template <class T, int R>
  void field(const char *What, const stencil::HostGrid<T, R> &Reference,
             const stencil::HostGrid<T, R> &Got, double Tolerance) {
    if (Reference.extents() != Got.extents()) {
      report(
          What, false,
          "extents differ: " + stencil::formatExtents<R>(Reference.extents()) +
              " vs " + stencil::formatExtents<R>(Got.extents()));
      return;
    }
    double Worst = 0.0, Largest = 0.0;
    int64_t WorstAt = 0, Differing = 0;
    for (int64_t I = 0; I < Reference.size(); ++I) {
      double A = static_cast<double>(Reference.data()[I]);
      double B = static_cast<double>(Got.data()[I]);
      Largest = std::max(Largest, std::fabs(A));
      double D = relativeDifference(A, B, std::numeric_limits<T>::min());
      if (A != B)
        ++Differing;
      if (D > Worst || (std::isinf(D) && !std::isinf(Worst))) {
        Worst = D;
        WorstAt = I;
      }
    }
    char Detail[256];
    std::snprintf(Detail, sizeof Detail,
                  "max rel diff %.3e (tol %.0e) at linear %lld (ref %.17g, got "
                  "%.17g), %lld of %lld points differ, max |ref| %.3e",
                  Worst, Tolerance, static_cast<long long>(WorstAt),
                  static_cast<double>(Reference.data()[WorstAt]),
                  static_cast<double>(Got.data()[WorstAt]),
                  static_cast<long long>(Differing),
                  static_cast<long long>(Reference.size()), Largest);
    bool Ok = Worst <= Tolerance && Largest > 0.0;
    std::string Text = Detail;
    if (Largest == 0.0)
      Text += " (reference is all zeros: nothing was tested)";
    report(What, Ok, Text);
  }

  void scalar(const char *What, double Reference, double Got,
              double Tolerance) {
    double D = relativeDifference(Reference, Got);
    char Detail[160];
    std::snprintf(Detail, sizeof Detail,
                  "ref %.17g got %.17g rel diff %.3e (tol %.0e)", Reference,
                  Got, D, Tolerance);
    report(What, D <= Tolerance, Detail);
  }

  /// Every point bit for bit (field() compares values: -0.0 == +0.0); any
  /// two NaNs agree (the GPU's and the CPU's differ in payload). Points where
  /// Skip(linear index) holds are left out and counted.
  template <class T, int R, class SkipFn = bool (*)(int64_t)>
  void bits(
      const char *What, const stencil::HostGrid<T, R> &Reference,
      const stencil::HostGrid<T, R> &Got,
      SkipFn Skip = [](int64_t) { return false; }) {
    if (Reference.extents() != Got.extents()) {
      report(What, false, "extents differ");
      return;
    }
    int64_t Differ = 0, First = -1, Skipped = 0;
    for (int64_t I = 0; I < Reference.size(); ++I) {
      if (Skip(I)) {
        ++Skipped;
        continue;
      }
      const T A = Reference.data()[I], B = Got.data()[I];
      const bool Same = std::memcmp(&A, &B, sizeof(T)) == 0 ||
                        (std::isnan(double(A)) && std::isnan(double(B)));
      if (!Same && Differ++ == 0)
        First = I;
    }
    char Detail[240];
    int N = std::snprintf(
        Detail, sizeof Detail, "%lld of %lld points differ (%lld left out)",
        (long long)Differ, (long long)(Reference.size() - Skipped),
        (long long)Skipped);
    if (First >= 0)
      std::snprintf(Detail + N, sizeof Detail - size_t(N),
                    "; first at linear %lld: ref %a got %a", (long long)First,
                    double(Reference.data()[First]), double(Got.data()[First]));
    report(What, Differ == 0, Detail);
  }

  void exact(const char *What, long long Reference, long long Got) {
    report(What, Reference == Got,
           "ref " + std::to_string(Reference) + " got " + std::to_string(Got));
  }

  /// A sequence of reductions, one per iteration: all must agree.
  void series(const char *What, const std::vector<double> &Reference,
              const std::vector<double> &Got, double Tolerance) {
    if (Reference.size() != Got.size()) {
      report(What, false,
             "lengths differ: " + std::to_string(Reference.size()) + " vs " +
                 std::to_string(Got.size()));
      return;
    }
    double Worst = 0.0;
    size_t WorstAt = 0;
    for (size_t I = 0; I < Reference.size(); ++I) {
      double D = relativeDifference(Reference[I], Got[I]);
      if (D > Worst || (std::isinf(D) && !std::isinf(Worst))) {
        Worst = D;
        WorstAt = I;
      }
    }
    char Detail[200];
    std::snprintf(Detail, sizeof Detail,
                  "%zu values, max rel diff %.3e (tol %.0e) at iteration %zu",
                  Reference.size(), Worst, Tolerance, WorstAt + 1);
    report(What, Worst <= Tolerance && !Reference.empty(), Detail);
  }

  /// A property checked by the caller (Ok), with what was seen (Detail).
  void holds(const char *What, bool Ok, const std::string &Detail) {
    report(What, Ok, Detail);
  }

  /// Prints the verdict; returns the process exit status.
  int finish() const {
    std::printf("%s: %s (%d comparisons, %d failed)\n",
                Failures ? "FAIL" : "PASS", Name.c_str(), Count, Failures);
    return Failures ? 1 : 0;
  }

private:
  void report(const char *What, bool Ok, const std::string &Detail) {
    ++Count;
    Failures += Ok ? 0 : 1;
    std::printf("  check %-22s %s  %s\n", What, Ok ? "ok  " : "FAIL",
                Detail.c_str());
  }

  std::string Name;
  int Count = 0;
  int Failures = 0;
};

//===----------------------------------------------------------------------===//
// Timing.
//===----------------------------------------------------------------------===//

/// Times work by the host's clock: for work over several devices (or ranks)
/// that returns only once every device has finished it, where events of
/// one device's stream would miss the others.
class HostTimer {
public:
  void start() { Begin = std::chrono::steady_clock::now(); }
  double stop() {
    return std::chrono::duration<double, std::milli>(
               std::chrono::steady_clock::now() - Begin)
        .count();
  }

private:
  std::chrono::steady_clock::time_point Begin;
};

/// Times work on the default stream with CUDA events (the host's clock in
/// a host-only build). The generated functions that return reductions wait for
/// them, so an interval around such a call covers launch, kernel and the
/// read-back of the result: what a caller of the host API sees.
#ifdef __CUDACC__
class Timer {
public:
  Timer() {
    check(cudaEventCreate(&Start), "cudaEventCreate");
    check(cudaEventCreate(&Stop), "cudaEventCreate");
  }
  ~Timer() {
    cudaEventDestroy(Start);
    cudaEventDestroy(Stop);
  }
  void start() { check(cudaEventRecord(Start, 0), "cudaEventRecord"); }
  /// Milliseconds since start(), after the device has caught up.
  double stop() {
    check(cudaEventRecord(Stop, 0), "cudaEventRecord");
    check(cudaEventSynchronize(Stop), "cudaEventSynchronize");
    float Ms = 0.0f;
    check(cudaEventElapsedTime(&Ms, Start, Stop), "cudaEventElapsedTime");
    return Ms;
  }

private:
  static void check(cudaError_t E, const char *What) {
    if (E == cudaSuccess)
      return;
    std::fprintf(stderr, "%s: %s\n", What, cudaGetErrorString(E));
    std::exit(3);
  }
  cudaEvent_t Start, Stop;
};
#else
using Timer = HostTimer;
#endif

inline double median(std::vector<double> V) {
  if (V.empty())
    return 0.0;
  std::sort(V.begin(), V.end());
  size_t N = V.size();
  return N % 2 ? V[N / 2] : 0.5 * (V[N / 2 - 1] + V[N / 2]);
}

/// The loop of an iterative solver that reads a reduction of every iteration
/// to decide whether to go on. Launch() queues one iteration and returns its
/// pending result (a stencil::Pending, or anything with get()); Visit(result,
/// K) takes iteration K's (from 0) and returns whether to go on; Top(K) runs
/// just before iteration K is queued (e.g. to start a clock at K = 1 that
/// times every iteration but the first). Pipelined: iteration K + 1 is queued
/// before K's result is read, so the device never waits for the host; when
/// Visit stops the loop, the queued iteration is waited for and Drop() undoes
/// what Launch did to the host's view (a swap of the grids). Returns the
/// iterations visited.
template <class LaunchF, class VisitF, class DropF, class TopF>
int pipelinedLoop(int MaxIters, bool Pipelined, LaunchF &&Launch,
                  VisitF &&Visit, DropF &&Drop, TopF &&Top) {
  using PendingResult = decltype(Launch());
  auto queue = [&](int K) {
    Top(K);
    return Launch();
  };
  std::optional<PendingResult> Queued;
  int K = 0;
  while (K < MaxIters) {
    const PendingResult This = Queued ? *Queued : queue(K);
    Queued.reset();
    if (Pipelined && K + 1 < MaxIters)
      Queued =
          queue(K + 1); // speculative: dropped if This is the last iteration
    const bool More = Visit(This.get(), K);
    ++K;
    if (!More)
      break;
  }
  if (Queued) {
    (void)Queued->get(); // finished, so that a clock stopped next counts it
    Drop();
  }
  return K;
}

/// --gpus of the examples: "2" -> devices 0, 1; "0,0,1" -> those devices
/// (one may repeat: several pieces on one GPU). Empty on a bad list.
inline std::vector<int> parseDevices(const std::string &Text) {
  std::vector<int> D;
  if (Text.find(',') == std::string::npos) {
    char *End = nullptr;
    const long N = std::strtol(Text.c_str(), &End, 10);
    if (Text.empty() || *End || N < 1 || N > 64)
      return {};
    for (int I = 0; I < N; ++I)
      D.push_back(I);
    return D;
  }
  size_t At = 0;
  while (At <= Text.size()) {
    const size_t Comma = std::min(Text.find(',', At), Text.size());
    const std::string Item = Text.substr(At, Comma - At);
    char *End = nullptr;
    const long V = std::strtol(Item.c_str(), &End, 10);
    if (Item.empty() || *End || V < 0)
      return {};
    D.push_back(int(V));
    At = Comma + 1;
  }
  return D;
}

/// A solver's time per iteration over Reps whole solves, pipelined
/// (pipelinedLoop) and then one iteration at a time: Solve() runs one solve
/// in the mode Pipelined says and returns its ms per iteration (0 when it
/// timed none). Pipelined is restored after.
template <class F>
std::array<std::vector<double>, 2> timeSolves(int Reps, bool &Pipelined,
                                              F &&Solve) {
  const bool Was = Pipelined;
  std::array<std::vector<double>, 2> Ms; // [0] pipelined, [1] one at a time
  for (int Mode = 0; Mode < 2; ++Mode) {
    Pipelined = Mode == 0;
    for (int I = 0; I < Reps; ++I)
      if (const double PerIteration = Solve(); PerIteration > 0.0)
        Ms[Mode].push_back(PerIteration);
  }
  Pipelined = Was;
  return Ms;
}

/// Calls Body Warmup times untimed, then Repeats times, each timed alone
/// (by TimerT: Timer's events on the default stream, or HostTimer);
/// returns the times in milliseconds.
template <class TimerT = Timer, class F>
std::vector<double> timeRepeats(int Warmup, int Repeats, F &&Body) {
  TimerT T;
  for (int I = 0; I < Warmup; ++I)
    Body();
  std::vector<double> Ms;
  for (int I = 0; I < Repeats; ++I) {
    T.start();
    Body();
    Ms.push_back(T.stop());
  }
  return Ms;
}

/// The line bench/run parses: `BENCH name=... points=... bytes_per_point=...
/// ms=<median> min_ms=... max_ms=... reps=... GBps=...`. bytes_per_point is
/// the compulsory traffic (each grid read or written once), so GBps is the
/// effective bandwidth that bench/run sets against the copy bandwidth.
inline void printBench(const std::string &Name, int64_t Points,
                       int BytesPerPoint, const std::vector<double> &Ms) {
  double Median = median(Ms);
  double Min = Ms.empty() ? 0.0 : *std::min_element(Ms.begin(), Ms.end());
  double Max = Ms.empty() ? 0.0 : *std::max_element(Ms.begin(), Ms.end());
  double GBps =
      Median > 0.0 ? double(Points) * BytesPerPoint / (Median * 1e6) : 0.0;
  std::printf(
      "BENCH name=%s points=%lld bytes_per_point=%d ms=%.6f min_ms=%.6f "
      "max_ms=%.6f reps=%zu GBps=%.2f\n",
      Name.c_str(), static_cast<long long>(Points), BytesPerPoint, Median, Min,
      Max, Ms.size(), GBps);
  std::fflush(stdout);
}

/// BENCH lines Names[C]: solvers' ms per sweep, PerSweepMs(C) timing one solve
/// of case C, the median of Reps after one warm-up solve of each. The cases
/// are timed in rounds, one solve of each a round, each round starting one
/// case later, so that the GPU's drift over the minutes of a run falls on every
/// case alike: timed one case after the other, the same depth-4 launches read
/// 0.1133 ms a sweep as compiled and 0.1044 as depth 4 in one H200 run (session
/// 37's bench, the first row the slower) and 0.1054 against 0.1137 in an H100
/// run; in rounds 0.1041 and 0.1040 (H200, session 38).
template <class Solve>
void benchRounds(const std::vector<std::string> &Names, int64_t Points,
                 int BytesPerPoint, int Reps, Solve &&PerSweepMs) {
  const int Cases = int(Names.size());
  std::vector<std::vector<double>> Ms(Cases);
  for (int C = 0; C < Cases; ++C)
    (void)PerSweepMs(C); // warm-up
  for (int Round = 0; Round < Reps; ++Round)
    for (int I = 0; I < Cases; ++I) {
      const int C = (Round + I) % Cases;
      Ms[C].push_back(PerSweepMs(C));
    }
  for (int C = 0; C < Cases; ++C)
    printBench(Names[C], Points, BytesPerPoint, Ms[C]);
}

/// BENCH line NAME: a solver's ms per sweep, PerSweepMs() timing one solve,
/// the median of Reps after one warm-up solve.
template <class Solve>
void benchSolve(const std::string &Name, int64_t Points, int BytesPerPoint,
                int Reps, Solve &&PerSweepMs) {
  benchRounds({Name}, Points, BytesPerPoint, Reps,
              [&](int) { return PerSweepMs(); });
}

/// BENCH lines NAME (Depth 0: as compiled) and NAME_depthK for K = 1..4: a
/// fused solver's ms per sweep, PerSweepMs(Depth) timing one solve, the depths
/// in rounds (benchRounds).
template <class Solve>
void benchSweepDepths(const std::string &Name, int64_t Points,
                      int BytesPerPoint, int Reps, Solve &&PerSweepMs) {
  std::vector<std::string> Names{Name};
  for (int Depth = 1; Depth <= 4; ++Depth)
    Names.push_back(Name + "_depth" + std::to_string(Depth));
  benchRounds(Names, Points, BytesPerPoint, Reps, PerSweepMs);
}

} // namespace example

#endif // STENCIL_EXAMPLES_HARNESS_HPP
