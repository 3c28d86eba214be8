// suite.hpp - what every kernel of the suite shares: deterministic inputs,
// the CPU reference (serial at small sizes, in parallel slabs at bench sizes),
// the comparison against it, timing and the BENCH line.
//
// A case (kernels/NAME.cu) describes one kernel of a spec: its sizes, its
// grids and reductions, and two generic lambdas, one that runs the CPU
// reference and one that launches the generated host API:
//
//   SUITE_CASE(heat3d) {
//     suite::Kernel<3> C(S, {13, 17, 19}, {512, 512, 512});
//     auto u = C.in<double>(suite::uniform(-1, 1));
//     auto v = C.out<double>();
//     auto change = C.sum<double>();
//     C.run([&](auto &A) { A.run(heat3d, A[u], A[v], A[change], 0.1); },
//           [&](auto &A) { A.got(change, gpu::heat3d(A[u], A[v], 0.1,
//           A.opts).change); });
//   }
//
// The harness does the rest, by mode (main.cu):
//   describe  the footprint (from a serial reference run at the small size),
//             points and compulsory bytes of each size;
//   cpu       the reference serially and in parallel slabs at the small size:
//             both must agree (this is what CI runs without a GPU);
//   check     the GPU (one launch from the initial state) against the
//             reference: fields, Min/Max, integer sums and histogram bins bit
//             for bit; floating sums within a summation-order tolerance;
//   bench     CUDA events around each host-API call after warm-up; the median.
// Compulsory bytes: every In grid read once over its extents, every Out grid
// written once over the domain, InOut read and written over the domain,
// every histogram's bins read and written once.
//
// Built by nvcc for the GPU; without __CUDACC__ (a host-only g++ build with
// bench/suite/host/ on the include path) the device lambdas are never
// instantiated and only describe and cpu run.
#ifndef STENCIL_BENCH_SUITE_HPP
#define STENCIL_BENCH_SUITE_HPP

#include <stencil/stencil.hpp>

#include "../../examples/common/harness.hpp"

#ifdef __CUDACC__
#include <cuda_runtime.h>
#include <stencil/runtime.hpp>
#endif

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <exception>
#include <limits>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <type_traits>
#include <vector>

namespace suite {

using stencil::Extents;
using stencil::Region;
using stencil::volume;

//===----------------------------------------------------------------------===//
// The run: mode, size, options.
//===----------------------------------------------------------------------===//

enum class Mode { Describe, Cpu, Check, Bench };
enum class Size { Small, Bench, Launch };

inline const char *sizeName(Size Z) {
  return Z == Size::Small ? "small" : Z == Size::Bench ? "bench" : "launch";
}

/// The static footprint of a kernel: the most negative and most positive
/// offset per dimension, as the CPU reference's probe finds it.
struct Footprint {
  int Rank = 0;
  std::array<int, 3> Lo{0, 0, 0}, Hi{0, 0, 0};
};

/// One case as the registry keeps it.
struct CaseRecord;
struct Run;
using CaseBody = void (*)(Run &);

struct CaseRecord {
  std::string Name;
  CaseBody Body;
  std::optional<Footprint> Foot; ///< from a describe run at the small size
  bool HasLaunchSize = false;    ///< set by the describe run
};

inline std::vector<CaseRecord> &registry() {
  static std::vector<CaseRecord> Cases;
  return Cases;
}
inline bool registerCase(const char *Name, CaseBody Body) {
  registry().push_back({Name, Body, std::nullopt, false});
  return true;
}

/// What one call of a case body does.
struct Run {
  Mode M = Mode::Describe;
  Size Z = Size::Small;
  CaseRecord *Case = nullptr;
  int Threads = 1;
  int Warmup = 3;
  int Reps = 20;
  /// The launch shape of every GPU launch (LaunchOptions); 0 / -1: as
  /// compiled. Shape is its text for the BENCH line ("" when as compiled).
  int Block[3] = {0, 0, 0};
  int PointsPerThread = 0;
  int Persistent = -1;
  int Zigzag = -1;
  int Vectors = -1;
  int OneRow = -1;
  /// The small and bench sizes with their last extent RowTrim less and the
  /// one before it PlaneTrim less (rank 2 and 3): rows and planes of other
  /// skews (Small 41 - RowTrim), or not whole vectors at the bench size, as
  /// at a user's odd size.
  int RowTrim = 0, PlaneTrim = 0;
  /// --reassociated: a build of stencilc --reassociate, whose floating
  /// fields may differ from the reference by another summation order's
  /// rounding; they are compared within sumTolerance of the field's largest
  /// magnitude instead of bit for bit.
  bool Reassociated = false;
  std::string Shape;
  bool Skipped = false; ///< the case has no such size
  bool Ok = true;       ///< the checks passed
  std::string Line;     ///< describe: the case's line
};

#define SUITE_CASE(NAME)                                                       \
  static void suite_case_##NAME(suite::Run &S);                                \
  [[maybe_unused]] static const bool suite_registered_##NAME =                 \
      suite::registerCase(#NAME, suite_case_##NAME);                           \
  static void suite_case_##NAME(suite::Run &S)

//===----------------------------------------------------------------------===//
// Deterministic pseudo-random inputs.
//===----------------------------------------------------------------------===//

/// A distribution: reals in [Lo, Hi), integers in [Lo, Hi], or bits that are
/// 1 with probability Lo.
struct Gen {
  enum Kind { Real, Integer, Bit } K = Real;
  double Lo = 0.0, Hi = 1.0;
};
inline Gen uniform(double Lo, double Hi) { return {Gen::Real, Lo, Hi}; }
inline Gen integers(int64_t Lo, int64_t Hi) {
  return {Gen::Integer, double(Lo), double(Hi)};
}
inline Gen bits(double P) { return {Gen::Bit, P, 0.0}; }

/// splitmix64's finaliser.
inline uint64_t mix(uint64_t X) {
  X += 0x9e3779b97f4a7c15ull;
  X = (X ^ (X >> 30)) * 0xbf58476d1ce4e5b9ull;
  X = (X ^ (X >> 27)) * 0x94d049bb133111ebull;
  return X ^ (X >> 31);
}

/// Element I of stream Stream under G: the same on every run and machine.
template <class T> T draw(const Gen &G, uint64_t Stream, uint64_t I) {
  const uint64_t H = mix(mix(Stream * 0x100000001b3ull + 7) ^ I);
  const double U = double(H >> 11) * 0x1.0p-53;
  switch (G.K) {
  case Gen::Integer: {
    const int64_t Lo = int64_t(G.Lo), Span = int64_t(G.Hi) - Lo + 1;
    return static_cast<T>(Lo + int64_t(H % uint64_t(Span)));
  }
  case Gen::Bit:
    return static_cast<T>(U < G.Lo ? 1 : 0);
  case Gen::Real:
    break;
  }
  return static_cast<T>(G.Lo + (G.Hi - G.Lo) * U);
}

//===----------------------------------------------------------------------===//
// Threads.
//===----------------------------------------------------------------------===//

/// Calls Body(Item, Thread) for every Item in [0, N) on Threads threads;
/// rethrows the first exception.
template <class F> void parallelFor(int64_t N, int Threads, F &&Body) {
  Threads = int(std::max<int64_t>(1, std::min<int64_t>(Threads, N)));
  std::atomic<int64_t> Next{0};
  std::exception_ptr Failure;
  std::mutex Lock;
  auto Work = [&](int T) {
    try {
      for (int64_t I = Next++; I < N; I = Next++)
        Body(I, T);
    } catch (...) {
      std::lock_guard<std::mutex> G(Lock);
      if (!Failure)
        Failure = std::current_exception();
      Next = N;
    }
  };
  std::vector<std::thread> Pool;
  for (int T = 1; T < Threads; ++T)
    Pool.emplace_back(Work, T);
  Work(0);
  for (std::thread &P : Pool)
    P.join();
  if (Failure)
    std::rethrow_exception(Failure);
}

/// Fills Data[0, N) with draw<T>(G, Stream, i), in parallel.
template <class T>
void generate(T *Data, int64_t N, const Gen &G, uint64_t Stream, int Threads) {
  constexpr int64_t Block = 1 << 16;
  parallelFor((N + Block - 1) / Block, Threads, [&](int64_t B, int) {
    for (int64_t I = B * Block, E = std::min(N, I + Block); I < E; ++I)
      Data[I] = draw<T>(G, Stream, uint64_t(I));
  });
}

//===----------------------------------------------------------------------===//
// Comparison helpers.
//===----------------------------------------------------------------------===//

template <class T> bool sameBits(T A, T B) {
  return std::memcmp(&A, &B, sizeof(T)) == 0;
}

template <class T> std::string show(T V) {
  char Text[64];
  if constexpr (std::is_floating_point<T>::value)
    std::snprintf(Text, sizeof Text, "%.17g", double(V));
  else
    std::snprintf(Text, sizeof Text, "%lld", static_cast<long long>(V));
  return Text;
}

template <class T> const char *typeName() {
  if (std::is_same<T, float>::value)
    return "float";
  if (std::is_same<T, double>::value)
    return "double";
  if (std::is_same<T, int>::value)
    return "int";
  if (std::is_same<T, int64_t>::value)
    return "int64_t";
  return "?";
}

/// The relative tolerance of a sum accumulated in Acc, against a reference
/// summed in another order: each chunk of at most ChunkPoints (4096) points
/// is summed in Acc, the chunks in double. Float: 1e-4 (summation error of a
/// few thousand float terms of one sign); double: 1e-9. Integers: exact.
template <class Acc> double sumTolerance() {
  if (std::is_integral<Acc>::value)
    return 0.0;
  return std::is_same<Acc, float>::value ? 1e-4 : 1e-9;
}

#ifdef __CUDACC__
inline void cuda(cudaError_t E, const char *What) {
  if (E != cudaSuccess)
    throw std::runtime_error(std::string(What) + ": " + cudaGetErrorString(E));
}
/// In main.cu: median milliseconds of an empty kernel launch and of a
/// device-to-device copy moving Bytes (Bytes / 2 read, Bytes / 2 written);
/// between events, or (Host) by the host's clock up to the stream's end.
double emptyLaunchMs(int Warmup, int Reps, bool Host = false);
double copyMs(int64_t Bytes, int Warmup, int Reps, bool Host = false);
/// The opt-in shared memory per block of the current device.
int sharedMemoryOptin();
#endif

/// Points at or below this are a launch-bound size; at or above StreamBytes
/// a bandwidth-bound one (issue 16: >= 256 MB per call).
constexpr int64_t LaunchBytes = 16'000'000;
constexpr int64_t StreamBytes = 256'000'000;

/// Points per chunk of the parallel reference (and per float partial sum).
constexpr int64_t ChunkPoints = 4096;

template <int R> class Kernel;

//===----------------------------------------------------------------------===//
// Slots: one per grid, reduction or histogram of a kernel.
//===----------------------------------------------------------------------===//

template <int R> struct Slot {
  virtual ~Slot() = default;
  /// Host arrays at extents E from the slot's stream.
  virtual void generate(const Extents<R> &E, int Threads) = 0;
  /// Before a reference run over Chunks chunks on Threads threads.
  virtual void beginReference(int64_t Chunks, int Threads) {
    (void)Chunks, (void)Threads;
  }
  /// After it: the partial results combined.
  virtual void endReference() {}
  /// Keeps the reference's results as the ones to compare with (cpu mode:
  /// the serial run), so that the next reference run can be compared.
  virtual void keepAsGot() = 0;
  /// Compares the reference (Ref) with Got; Domain for the field checks.
  virtual void compare(example::Checker &C, const Region<R> &Domain) = 0;
  /// Compulsory bytes of one call.
  virtual int64_t bytes(const Extents<R> &E, int64_t DomainPoints) const = 0;
  /// Histogram bytes in shared memory, for the class of the size.
  virtual int64_t histogramSharedBytes() const { return 0; }
#ifdef __CUDACC__
  virtual void upload() {}
  virtual void download() {}
  virtual void release() {}
#endif
  std::string Label;
  uint64_t Stream = 0;
  bool Reassociated = false; ///< Run::Reassociated, for compare()
};

enum class Role { In, Out, InOut };

template <class T, int R> struct GridSlot final : Slot<R> {
  Role Kind;
  Gen G;
  stencil::HostGrid<T, R>
      Host; ///< inputs; the reference's result for Out/InOut
  stencil::HostGrid<T, R>
      Got; ///< the GPU's result (cpu mode: the serial run's)
#ifdef __CUDACC__
  std::unique_ptr<stencil::Grid<T, R>> Dev;
  void upload() override { Dev = std::make_unique<stencil::Grid<T, R>>(Host); }
  void download() override {
    if (Kind != Role::In)
      Dev->download(Got);
  }
  void release() override { Dev.reset(); }
#endif

  void generate(const Extents<R> &E, int Threads) override {
    Host = stencil::HostGrid<T, R>(E);
    suite::generate(Host.data(), Host.size(), G, this->Stream, Threads);
  }
  void keepAsGot() override {
    if (Kind != Role::In)
      Got = Host;
  }
  void compare(example::Checker &C, const Region<R> &Domain) override {
    if (Kind == Role::In)
      return;
    const std::string What = this->Label;
    if (Got.extents() != Host.extents()) {
      C.holds(What.c_str(), false, "no result to compare");
      return;
    }
    // Reassociated floating fields: within sumTolerance<T>() of the field's
    // largest magnitude (a sum's rounding error scales with its terms, not
    // with its value, which may cancel to nearly zero).
    double Allowed = 0.0;
    if (std::is_floating_point<T>::value && this->Reassociated) {
      double Largest = 0.0;
      for (int64_t I = 0; I < Host.size(); ++I)
        if (std::isfinite(double(Host.data()[I])))
          Largest = std::max(Largest, std::fabs(double(Host.data()[I])));
      Allowed = sumTolerance<T>() * Largest;
    }
    auto Agree = [&](T A, T B) {
      if (sameBits(A, B))
        return true;
      return Allowed > 0.0 && std::isfinite(double(A)) &&
             std::isfinite(double(B)) &&
             std::fabs(double(A) - double(B)) <= Allowed;
    };
    int64_t Differ = 0, First = -1;
    for (int64_t I = 0; I < Host.size(); ++I)
      if (!Agree(Host.data()[I], Got.data()[I])) {
        if (First < 0)
          First = I;
        ++Differ;
      }
    std::string Detail =
        std::to_string(Differ) + " of " + std::to_string(Host.size()) +
        (Allowed > 0.0 ? " points differ by more than " + show(T(Allowed))
                       : std::string(" points differ in their bits"));
    if (First >= 0)
      Detail += "; first at linear " + std::to_string(First) + ": ref " +
                show(Host.data()[First]) + ", got " + show(Got.data()[First]);
    C.holds(What.c_str(), Differ == 0, Detail);
    checkVaries(C, Domain);
  }
  /// A result that is constant over the domain, or equal to the initial
  /// contents, would prove little: the spec or its inputs are too simple.
  void checkVaries(example::Checker &C, const Region<R> &Domain) {
    std::array<int64_t, 3> Lo{0, 0, 0}, Hi{1, 1, 1};
    for (int D = 0; D < R; ++D)
      Lo[D] = Domain.Lo[D], Hi[D] = Domain.Hi[D];
    bool Varies = false, Changed = false;
    T First{};
    bool HaveFirst = false;
    const Extents<R> E = Host.extents();
    for (int64_t I = Lo[0]; I < Hi[0] && !(Varies && Changed); ++I)
      for (int64_t J = Lo[1]; J < Hi[1] && !(Varies && Changed); ++J)
        for (int64_t K = Lo[2]; K < Hi[2] && !(Varies && Changed); ++K) {
          int64_t L = R == 1   ? I
                      : R == 2 ? I * E[1] + J
                               : (I * E[1] + J) * E[2] + K;
          T V = Host.data()[L];
          if (!HaveFirst)
            First = V, HaveFirst = true;
          else if (!sameBits(V, First))
            Varies = true;
          if (!sameBits(V, draw<T>(G, this->Stream, uint64_t(L))))
            Changed = true;
        }
    C.holds((this->Label + ".nontrivial").c_str(), Varies && Changed,
            std::string(Varies ? "varies over the domain"
                               : "CONSTANT over the domain") +
                (Changed ? ", differs from the initial contents"
                         : ", EQUAL to the initial contents"));
  }
  int64_t bytes(const Extents<R> &E, int64_t DomainPoints) const override {
    const int64_t W = sizeof(T);
    switch (Kind) {
    case Role::In:
      return volume<R>(E) * W;
    case Role::Out:
      return DomainPoints * W;
    case Role::InOut:
      return 2 * DomainPoints * W;
    }
    return 0;
  }
};

enum class ReductionKind { Sum, Min, Max };

template <class T, class Acc, int R> struct ReductionSlot final : Slot<R> {
  ReductionKind Kind = ReductionKind::Sum;
  std::vector<T> Partial; ///< one per chunk of the reference run
  T Ref{}, Got{};

  void generate(const Extents<R> &, int) override {}
  void beginReference(int64_t Chunks, int) override {
    Partial.assign(size_t(Chunks), T{});
  }
  void endReference() override {
    if (Partial.empty())
      return;
    if (Kind == ReductionKind::Min) {
      Ref = *std::min_element(Partial.begin(), Partial.end());
    } else if (Kind == ReductionKind::Max) {
      Ref = *std::max_element(Partial.begin(), Partial.end());
    } else if constexpr (std::is_integral<T>::value) {
      int64_t Total = 0;
      for (T V : Partial)
        Total += int64_t(V);
      Ref = T(Total);
    } else {
      double Total = 0.0;
      for (T V : Partial)
        Total += double(V);
      Ref = T(Total);
    }
    Partial.clear();
  }
  void keepAsGot() override { Got = Ref; }
  void compare(example::Checker &C, const Region<R> &) override {
    const char *What = this->Label.c_str();
    if (Kind == ReductionKind::Sum && !std::is_integral<Acc>::value) {
      C.scalar(What, double(Ref), double(Got), sumTolerance<Acc>());
      return;
    }
    // The Min or Max of values a --reassociate build rounds differently.
    if (this->Reassociated && std::is_floating_point<T>::value) {
      C.scalar(What, double(Ref), double(Got), sumTolerance<T>());
      return;
    }
    C.holds(What, sameBits(Ref, Got),
            "ref " + show(Ref) + " got " + show(Got) + " (bit for bit)");
  }
  int64_t bytes(const Extents<R> &, int64_t) const override { return 0; }
};

template <class T, int R> struct HistogramSlot final : Slot<R> {
  int64_t Bins = 1;
  std::vector<T> Base;                   ///< the counts before the launch
  std::vector<T> Ref, Got;               ///< after it
  std::vector<std::vector<T>> PerThread; ///< the reference's own counts
#ifdef __CUDACC__
  std::unique_ptr<stencil::Grid<T, 1>> Dev;
  void upload() override {
    stencil::HostGrid<T, 1> H(Extents<1>{Bins});
    std::copy(Base.begin(), Base.end(), H.data());
    Dev = std::make_unique<stencil::Grid<T, 1>>(H);
  }
  void download() override {
    stencil::HostGrid<T, 1> H;
    Dev->download(H);
    Got.assign(H.data(), H.data() + H.size());
  }
  void release() override { Dev.reset(); }
#endif

  /// Small integer counts to start from: the launch adds to them.
  void generate(const Extents<R> &, int) override {
    Base.resize(size_t(Bins));
    suite::generate(Base.data(), Bins, integers(0, 3), this->Stream, 1);
  }
  void beginReference(int64_t, int Threads) override {
    PerThread.assign(size_t(Threads), std::vector<T>(size_t(Bins), T(0)));
  }
  void endReference() override {
    Ref = Base;
    for (const std::vector<T> &Counts : PerThread)
      for (int64_t B = 0; B < Bins; ++B)
        Ref[B] += Counts[B];
    PerThread.clear();
  }
  void keepAsGot() override { Got = Ref; }
  void compare(example::Checker &C, const Region<R> &) override {
    if (Got.size() != Ref.size()) {
      C.holds(this->Label.c_str(), false, "no result to compare");
      return;
    }
    int64_t Differ = 0, First = -1, Changed = 0;
    for (int64_t B = 0; B < Bins; ++B) {
      if (!sameBits(Ref[B], Got[B]) && Differ++ == 0)
        First = B;
      Changed += !sameBits(Ref[B], Base[B]);
    }
    std::string Detail =
        std::to_string(Differ) + " of " + std::to_string(Bins) + " bins differ";
    if (First >= 0)
      Detail += "; first bin " + std::to_string(First) + ": ref " +
                show(Ref[First]) + ", got " + show(Got[First]);
    C.holds(this->Label.c_str(), Differ == 0, Detail);
    C.holds((this->Label + ".nontrivial").c_str(),
            Changed >= std::min<int64_t>(2, Bins),
            std::to_string(Changed) + " bins counted into");
  }
  int64_t bytes(const Extents<R> &, int64_t) const override {
    return 2 * Bins * int64_t(sizeof(T));
  }
  int64_t histogramSharedBytes() const override {
    return (Bins * int64_t(sizeof(T)) + 7) / 8 * 8;
  }
};

/// Handles the case body keeps; the lambdas turn them into arguments.
template <class T, int R> struct GridRef {
  GridSlot<T, R> *S;
};
template <class T, class Acc, int R> struct ReductionRef {
  ReductionSlot<T, Acc, R> *S;
};
template <class T, int R> struct HistogramRef {
  HistogramSlot<T, R> *S;
};

/// The reference lambda's argument: host arrays, the partial result of the
/// current chunk, the current thread's histogram counts.
template <int R> struct HostArgs {
  const Region<R> *Box; ///< null: the whole default domain (serial)
  int64_t Chunk;
  int Thread;
  template <class T>
  stencil::HostGrid<T, R> &operator[](GridRef<T, R> G) const {
    return G.S->Host;
  }
  template <class T, class Acc> T &operator[](ReductionRef<T, Acc, R> G) const {
    return G.S->Partial[size_t(Chunk)];
  }
  template <class T> std::vector<T> &operator[](HistogramRef<T, R> G) const {
    return G.S->PerThread[size_t(Thread)];
  }
  /// stencil::reference over the chunk (or the whole domain).
  template <class K, class... A> void run(K Kern, A &&...Args) const {
    if (Box)
      stencil::reference(*Box, Kern, std::forward<A>(Args)...);
    else
      stencil::reference(Kern, std::forward<A>(Args)...);
  }
};

#ifdef __CUDACC__
/// The device lambda's argument: device grids, launch options, and got() to
/// hand back a reduction the launcher returned.
template <int R> struct DeviceArgs {
  stencil::LaunchOptions opts;
  template <class T> stencil::Grid<T, R> &operator[](GridRef<T, R> G) const {
    return *G.S->Dev;
  }
  template <class T>
  stencil::Grid<T, 1> &operator[](HistogramRef<T, R> G) const {
    return *G.S->Dev;
  }
  template <class T, class Acc, class V>
  void got(ReductionRef<T, Acc, R> G, V Value) const {
    G.S->Got = static_cast<T>(Value);
  }
};
#endif

inline uint64_t nameHash(const std::string &Name) {
  uint64_t H = 0xcbf29ce484222325ull; // FNV-1a
  for (unsigned char C : Name)
    H = (H ^ C) * 0x100000001b3ull;
  return H;
}

//===----------------------------------------------------------------------===//
// Kernel<R>: one kernel of a case at the run's size.
//===----------------------------------------------------------------------===//

template <int R> class Kernel {
public:
  /// Small: the odd size checked everywhere; Bench: the timed size (also
  /// checked); Launch: an optional launch-bound size (~1 MB).
  Kernel(Run &S, Extents<R> Small, Extents<R> Bench,
         std::optional<Extents<R>> Launch = std::nullopt)
      : S(S), Small(Small), Bench(Bench), Launch(Launch) {
    if (R > 1) {
      this->Small[R - 1] -= S.RowTrim;
      this->Bench[R - 1] -= S.RowTrim;
      this->Small[R - 2] -= S.PlaneTrim;
      this->Bench[R - 2] -= S.PlaneTrim;
    }
    E = S.Z == Size::Small   ? this->Small
        : S.Z == Size::Bench ? this->Bench
                             : Launch.value_or(Small);
  }

  /// The extents of this run (for scalars that depend on them).
  const Extents<R> &extents() const { return E; }

  template <class T> GridRef<T, R> in(const char *Name, Gen G) {
    return {addGrid<T>(Name, Role::In, G, "In")};
  }
  template <class T> GridRef<T, R> inout(const char *Name, Gen G) {
    return {addGrid<T>(Name, Role::InOut, G, "InOut")};
  }
  /// Out grids start from a pattern far from any result, on the CPU and the
  /// GPU alike: the points outside the domain must keep it.
  template <class T> GridRef<T, R> out(const char *Name) {
    Gen G =
        std::is_integral<T>::value ? integers(-99, -90) : uniform(-9.0, -8.0);
    return {addGrid<T>(Name, Role::Out, G, "Out")};
  }
  template <class T, class Acc = T>
  ReductionRef<T, Acc, R> sum(const char *Name) {
    return {addReduction<T, Acc>(Name, ReductionKind::Sum, "Sum")};
  }
  template <class T> ReductionRef<T, T, R> min(const char *Name) {
    return {addReduction<T, T>(Name, ReductionKind::Min, "Min")};
  }
  template <class T> ReductionRef<T, T, R> max(const char *Name) {
    return {addReduction<T, T>(Name, ReductionKind::Max, "Max")};
  }
  template <class T>
  HistogramRef<T, R> histogram(const char *Name, int64_t Bins) {
    auto H = std::make_unique<HistogramSlot<T, R>>();
    H->Bins = Bins;
    HistogramSlot<T, R> *P = H.get();
    add(std::move(H), Name, std::string("Histogram<") + typeName<T>() + ">");
    return {P};
  }

  /// Runs the case in the run's mode: Reference(HostArgs&) calls A.run(kernel,
  /// args...); Device(DeviceArgs&) calls the generated launcher once.
  template <class RefF, class DevF> void run(RefF &&Reference, DevF &&Device) {
    CaseRecord &Case = *S.Case;
    if (S.Z == Size::Launch && !Launch) {
      S.Skipped = true;
      return;
    }
    if (S.M == Mode::Describe) {
      describe(Reference);
      return;
    }
    if (!Case.Foot)
      throw std::logic_error("suite: " + Case.Name + ": footprint unknown");
    const Region<R> Domain = domainOf(E);
    if (S.M == Mode::Cpu) {
      cpu(Reference, Domain);
    } else if (S.M == Mode::Check) {
#ifdef __CUDACC__
      check(Reference, Device, Domain);
#else
      (void)Device;
      throw std::logic_error("suite: --check needs the CUDA build");
#endif
    } else {
#ifdef __CUDACC__
      bench(Device, Domain);
#else
      throw std::logic_error("suite: --bench needs the CUDA build");
#endif
    }
  }

private:
  template <class T>
  GridSlot<T, R> *addGrid(const char *Name, Role K, Gen G, const char *Kind) {
    auto Slot = std::make_unique<GridSlot<T, R>>();
    Slot->Kind = K;
    Slot->G = G;
    GridSlot<T, R> *P = Slot.get();
    add(std::move(Slot), Name,
        std::string(Kind) + "<" + typeName<T>() + "," + std::to_string(R) +
            ">");
    return P;
  }
  template <class T, class Acc>
  ReductionSlot<T, Acc, R> *addReduction(const char *Name, ReductionKind K,
                                         const char *Kind) {
    auto Slot = std::make_unique<ReductionSlot<T, Acc, R>>();
    Slot->Kind = K;
    ReductionSlot<T, Acc, R> *P = Slot.get();
    std::string Type = std::string(Kind) + "<" + typeName<T>();
    if (!std::is_same<T, Acc>::value)
      Type += std::string(",") + typeName<Acc>();
    add(std::move(Slot), Name, Type + ">");
    return P;
  }
  void add(std::unique_ptr<Slot<R>> Slot, const char *Name,
           const std::string &Type) {
    Slot->Label = std::string(Name) + ":" + Type;
    Slot->Stream = nameHash(S.Case->Name) + Slots.size();
    for (char &C : Slot->Label)
      if (C == ' ')
        C = '_';
    Slots.push_back(std::move(Slot));
  }

  Region<R> domainOf(const Extents<R> &X) const {
    const Footprint &F = *S.Case->Foot;
    Region<R> D;
    for (int I = 0; I < R; ++I) {
      D.Lo[I] = -F.Lo[I];
      D.Hi[I] = X[I] - F.Hi[I];
    }
    return D;
  }

  void generateAll() {
    for (auto &Slot : Slots)
      Slot->generate(E, S.Threads);
  }

  /// The reference over the default domain, serially (Domain null), or over
  /// Domain in chunks on S.Threads threads.
  template <class RefF>
  void reference(RefF &Reference, const Region<R> *Domain) {
    if (!Domain) {
      for (auto &Slot : Slots)
        Slot->beginReference(1, 1);
      HostArgs<R> A{nullptr, 0, 0};
      Reference(A);
    } else {
      const std::vector<Region<R>> Chunks = chunksOf(*Domain);
      for (auto &Slot : Slots)
        Slot->beginReference(int64_t(Chunks.size()), S.Threads);
      parallelFor(int64_t(Chunks.size()), S.Threads, [&](int64_t I, int T) {
        HostArgs<R> A{&Chunks[size_t(I)], I, T};
        Reference(A);
      });
    }
    for (auto &Slot : Slots)
      Slot->endReference();
  }

  /// Boxes of about ChunkPoints points covering D: segments of the
  /// contiguous dimension, or groups of whole lines along the one before.
  static std::vector<Region<R>> chunksOf(const Region<R> &D) {
    std::vector<Region<R>> Out;
    for (int I = 0; I < R; ++I)
      if (D.Hi[I] <= D.Lo[I])
        return Out;
    constexpr int Last = R - 1, Lines = R >= 2 ? R - 2 : 0;
    const int64_t Length = D.Hi[Last] - D.Lo[Last];
    const int64_t Segment = std::min(Length, ChunkPoints);
    const int64_t Group =
        R >= 2 ? std::max<int64_t>(1, ChunkPoints / Length) : 1;
    const int64_t OuterLo = R == 3 ? D.Lo[0] : 0,
                  OuterHi = R == 3 ? D.Hi[0] : 1;
    const int64_t LineLo = R >= 2 ? D.Lo[Lines] : 0,
                  LineHi = R >= 2 ? D.Hi[Lines] : 1;
    for (int64_t O = OuterLo; O < OuterHi; ++O)
      for (int64_t Y = LineLo; Y < LineHi; Y += Group)
        for (int64_t X = D.Lo[Last]; X < D.Hi[Last]; X += Segment) {
          Region<R> C = D;
          if constexpr (R == 3) {
            C.Lo[0] = O;
            C.Hi[0] = O + 1;
          }
          if constexpr (R >= 2) {
            C.Lo[Lines] = Y;
            C.Hi[Lines] = std::min(Y + Group, LineHi);
          }
          C.Lo[Last] = X;
          C.Hi[Last] = std::min(X + Segment, D.Hi[Last]);
          Out.push_back(C);
        }
    return Out;
  }

  int64_t bytesAt(const Extents<R> &X, int64_t Points) const {
    int64_t B = 0;
    for (const auto &Slot : Slots)
      B += Slot->bytes(X, Points);
    return B;
  }

  /// launch, stream, mid, or bigbins (histograms that do not fit in the
  /// shared memory of one block: reported apart, issue 16).
  std::string classOf(int64_t Bytes, int SharedOptin) const {
    int64_t Shared = 0;
    for (const auto &Slot : Slots)
      Shared += Slot->histogramSharedBytes();
    if (Shared > 0 && Shared > SharedOptin - 1024)
      return "bigbins";
    if (Bytes <= LaunchBytes)
      return "launch";
    return Bytes >= StreamBytes ? "stream" : "mid";
  }

  /// The footprint, from a serial reference run at the small size, and one
  /// line per size: extents, points, bytes per call and per point, class.
  template <class RefF> void describe(RefF &Reference) {
    E = Small;
    generateAll();
    reference(Reference, nullptr);
    const stencil::detail::Context &Probe = stencil::detail::context();
    Footprint F;
    F.Rank = Probe.Rank;
    for (int I = 0; I < 3; ++I)
      F.Lo[I] = Probe.ProbeLo[I], F.Hi[I] = Probe.ProbeHi[I];
    S.Case->Foot = F;
    S.Case->HasLaunchSize = Launch.has_value();
    std::string Grids;
    for (const auto &Slot : Slots)
      Grids += (Grids.empty() ? "" : " ") + Slot->Label;
    std::string Foot;
    for (int I = 0; I < R; ++I)
      Foot += (I ? "," : "") + std::to_string(F.Lo[I]) + ".." +
              std::to_string(F.Hi[I]);
    S.Line = S.Case->Name + "  rank " + std::to_string(R) + "  footprint " +
             Foot + "  " + Grids + "\n";
    std::vector<std::pair<const char *, Extents<R>>> Sizes{{"small", Small},
                                                           {"bench", Bench}};
    if (Launch)
      Sizes.push_back({"launch", *Launch});
    for (const auto &[Label, X] : Sizes) {
      const int64_t Points = domainOf(X).points();
      const int64_t Bytes = bytesAt(X, Points);
      char Text[256];
      std::snprintf(Text, sizeof Text,
                    "  %-6s %-16s points %-11lld bytes %-11lld (%.1f MB) B/pt "
                    "%.2f class %s\n",
                    Label, stencil::formatExtents<R>(X).c_str(),
                    static_cast<long long>(Points),
                    static_cast<long long>(Bytes), double(Bytes) / 1e6,
                    Points ? double(Bytes) / double(Points) : 0.0,
                    classOf(Bytes, 232448).c_str());
      S.Line += Text;
    }
  }

  /// The serial reference against the chunked parallel one (what a bench-
  /// size check relies on), at this size.
  template <class RefF> void cpu(RefF &Reference, const Region<R> &Domain) {
    generateAll();
    reference(Reference, nullptr);
    for (auto &Slot : Slots)
      Slot->keepAsGot();
    generateAll();
    reference(Reference, &Domain);
    example::Checker C("suite." + S.Case->Name + "." + sizeName(S.Z) + ".cpu");
    for (auto &Slot : Slots) {
      Slot->Reassociated = S.Reassociated;
      Slot->compare(C, Domain);
    }
    S.Ok = C.finish() == 0;
  }

#ifdef __CUDACC__
  DeviceArgs<R> deviceArgs() const {
    DeviceArgs<R> A;
    for (int D = 0; D < 3; ++D)
      A.opts.Block[D] = S.Block[D];
    A.opts.PointsPerThread = S.PointsPerThread;
    A.opts.Persistent = S.Persistent;
    A.opts.Zigzag = S.Zigzag;
    A.opts.Vectors = S.Vectors;
    A.opts.OneRow = S.OneRow;
    return A;
  }

  /// One launch on the GPU from the initial state against the reference
  /// (serial at the small size, in parallel chunks otherwise).
  template <class RefF, class DevF>
  void check(RefF &Reference, DevF &Device, const Region<R> &Domain) {
    using Clock = std::chrono::steady_clock;
    auto Seconds = [](Clock::time_point From) {
      return std::chrono::duration<double>(Clock::now() - From).count();
    };
    Clock::time_point Began = Clock::now();
    generateAll();
    const double Generated = Seconds(Began);
    Began = Clock::now();
    for (auto &Slot : Slots)
      Slot->upload();
    DeviceArgs<R> A = deviceArgs();
    Device(A);
    cuda(cudaDeviceSynchronize(), "cudaDeviceSynchronize after the launch");
    for (auto &Slot : Slots) {
      Slot->download();
      Slot->release();
    }
    const double OnGpu = Seconds(Began);
    Began = Clock::now();
    reference(Reference, S.Z == Size::Small ? nullptr : &Domain);
    const double OnCpu = Seconds(Began);
    std::printf(
        "  %s at %s: inputs %.2f s, GPU with transfers %.2f s, CPU "
        "reference %.2f s (%s)\n",
        S.Case->Name.c_str(), stencil::formatExtents<R>(E).c_str(), Generated,
        OnGpu, OnCpu,
        S.Z == Size::Small
            ? "serial"
            : ("parallel, " + std::to_string(S.Threads) + " threads").c_str());
    example::Checker C("suite." + S.Case->Name + "." + sizeName(S.Z));
    for (auto &Slot : Slots) {
      Slot->Reassociated = S.Reassociated;
      Slot->compare(C, Domain);
    }
    S.Ok = C.finish() == 0;
  }

  /// The median of S.Reps host-API calls after S.Warmup, each between two
  /// events on the default stream; one BENCH line. At a launch-bound size
  /// also by the host's clock (host_ms, host_empty_ms, host_copy_ms: from
  /// before the call to the stream's end): a launcher with reductions waits
  /// for its result inside the call, so the events' stop costs it a second
  /// round trip that a launcher without reductions does not pay.
  template <class DevF> void bench(DevF &Device, const Region<R> &Domain) {
    generateAll();
    for (auto &Slot : Slots)
      Slot->upload();
    DeviceArgs<R> A = deviceArgs();
    cudaEvent_t Start, Stop;
    cuda(cudaEventCreate(&Start), "cudaEventCreate");
    cuda(cudaEventCreate(&Stop), "cudaEventCreate");
    for (int I = 0; I < S.Warmup; ++I)
      Device(A);
    cuda(cudaDeviceSynchronize(), "warm-up");
    std::vector<double> Ms;
    for (int I = 0; I < S.Reps; ++I) {
      cuda(cudaEventRecord(Start, 0), "cudaEventRecord");
      Device(A);
      cuda(cudaEventRecord(Stop, 0), "cudaEventRecord");
      cuda(cudaEventSynchronize(Stop), "cudaEventSynchronize");
      float Elapsed = 0.0f;
      cuda(cudaEventElapsedTime(&Elapsed, Start, Stop), "cudaEventElapsedTime");
      Ms.push_back(Elapsed);
    }
    cuda(cudaGetLastError(), "after the timed calls");
    cudaEventDestroy(Start);
    cudaEventDestroy(Stop);
    const int64_t Points = Domain.points();
    const int64_t Bytes = bytesAt(E, Points);
    const std::string Class = classOf(Bytes, sharedMemoryOptin());
    double HostMedian = 0;
    if (Class == "launch")
      HostMedian =
          example::median(example::timeRepeats<example::HostTimer>(
              0, S.Reps, [&] {
                Device(A);
                cuda(cudaStreamSynchronize(0), "cudaStreamSynchronize");
              }));
    for (auto &Slot : Slots)
      Slot->release();

    const double Median = example::median(Ms);
    std::string Extra;
    if (!S.Shape.empty())
      Extra += " shape=" + S.Shape;
    if (Class == "launch") {
      char Text[192];
      std::snprintf(Text, sizeof Text,
                    " empty_ms=%.6f copy_ms=%.6f host_ms=%.6f "
                    "host_empty_ms=%.6f host_copy_ms=%.6f",
                    emptyLaunchMs(S.Warmup, S.Reps),
                    copyMs(Bytes, S.Warmup, S.Reps), HostMedian,
                    emptyLaunchMs(S.Warmup, S.Reps, true),
                    copyMs(Bytes, S.Warmup, S.Reps, true));
      Extra += Text;
    }
    std::printf(
        "BENCH name=suite.%s%s points=%lld bytes_per_point=%lld ms=%.6f "
        "min_ms=%.6f max_ms=%.6f reps=%zu GBps=%.2f bytes=%lld class=%s "
        "extents=%s%s\n",
        S.Case->Name.c_str(), S.Z == Size::Launch ? "@launch" : "",
        static_cast<long long>(Points),
        static_cast<long long>(std::llround(double(Bytes) / double(Points))),
        Median, *std::min_element(Ms.begin(), Ms.end()),
        *std::max_element(Ms.begin(), Ms.end()), Ms.size(),
        Median > 0 ? double(Bytes) / (Median * 1e6) : 0.0,
        static_cast<long long>(Bytes), Class.c_str(),
        stencil::formatExtents<R>(E).c_str(), Extra.c_str());
    std::fflush(stdout);
  }
#endif

  Run &S;
  Extents<R> Small, Bench;
  std::optional<Extents<R>> Launch;
  Extents<R> E;
  std::vector<std::unique_ptr<Slot<R>>> Slots;
};
} // namespace suite

#endif // STENCIL_BENCH_SUITE_HPP
