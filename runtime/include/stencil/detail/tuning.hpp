// stencil/detail/tuning.hpp - autotuning of launch shapes (issue 16;
// docs/runtime.md#autotuning). Every generated launcher asks tunedOptions for
// the options of its launch:
// - options that set a shape (Block, PointsPerThread, Persistent or a
//   schedule Variant) are used as given: the user's choice, and the
//   autotuner's own trial launches;
// - with STENCIL_TUNE=0, or no cache file and STENCIL_TUNE unset, the
//   compiled shape (one getenv per launcher, then a flag);
// - with a cache entry for this kernel (its IR hash), device and extents
//   class, that entry's shape;
// - with STENCIL_TUNE=1 and no entry: every candidate of tuneCandidates is
//   launched (one warm-up and five timed launches each, events around each),
//   the fastest median is kept when it beats the launch as compiled by 3%
//   (pickTuned; else the compiled shape) and again when the two are timed
//   alternately, five launches each (confirmsTuned: the first round times
//   the compiled launch first, so a slow start counts against it alone),
//   written to the cache file, and used.
//   The grids the launch writes and reads back (InOut grids, histogram bins)
//   are saved before the trials and restored after each one and at the end, so
//   the tuned launch starts from the caller's state: a tuning run's outputs are
//   those of an untuned one. Progress goes to stderr.
// - a multi-sweep launcher (NAME_sweeps, NAME_until: CompiledShape's
//   SweepDepth set) tunes its depth the same way, under the kernel name
//   NAME_sweeps: Trial runs TrialSweeps sweeps from the state saved in
//   Outputs (both grids of the ping-pong); an explicit SweepDepth is used as
//   given;
// - STENCIL_VARIANT=N runs schedule variant N wherever a kernel has one and
//   the options name no variant (at their shape, if they give one), before
//   the cache or tuning (for tests).
//
// Internal: for the code stencilc generates, not for programs.
#ifndef STENCIL_DETAIL_TUNING_HPP
#define STENCIL_DETAIL_TUNING_HPP

#include <stencil/detail/tune_cache.hpp>
#include <stencil/error.hpp>
#include <stencil/launch_options.hpp>

#include <cuda_runtime.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

namespace stencil {
namespace detail {

/// The device memory a launch modifies, saved once and restored on demand.
class OutputSnapshot {
public:
  explicit OutputSnapshot(std::vector<std::pair<void *, size_t>> Buffers)
      : Live(std::move(Buffers)) {}
  ~OutputSnapshot() {
    for (void *P : Saved)
      cudaFree(P);
  }
  OutputSnapshot(const OutputSnapshot &) = delete;
  OutputSnapshot &operator=(const OutputSnapshot &) = delete;
  /// Copies every buffer; false, with nothing held and no CUDA error left
  /// pending, when the copies do not fit in device memory (the caller then
  /// launches untuned: tuning must not make a launch that fits fail).
  bool save(const char *Kernel) {
    for (const auto &[Ptr, Bytes] : Live) {
      void *Copy = nullptr;
      if (cudaMalloc(&Copy, Bytes) != cudaSuccess) {
        (void)cudaGetLastError(); // not sticky: clear it
        for (void *P : Saved)
          cudaFree(P);
        Saved.clear();
        return false;
      }
      Saved.push_back(Copy);
      STENCIL_CUDA_CHECK(cudaMemcpy(Copy, Ptr, Bytes, cudaMemcpyDeviceToDevice),
                         Kernel);
    }
    return true;
  }
  /// The bytes save() copies.
  size_t bytes() const {
    size_t All = 0;
    for (const auto &B : Live)
      All += B.second;
    return All;
  }
  void restore(const char *Kernel) const {
    for (size_t I = 0; I < Saved.size(); ++I)
      STENCIL_CUDA_CHECK(cudaMemcpy(Live[I].first, Saved[I], Live[I].second,
                                    cudaMemcpyDeviceToDevice),
                         Kernel);
  }

private:
  std::vector<std::pair<void *, size_t>> Live;
  std::vector<void *> Saved;
};

/// The process's view of the cache file, read once.
struct TuneProcess {
  std::mutex Lock;
  std::once_flag Once;
  int Mode = 0; ///< 0: off, 1: read the cache, 2: read and tune
  /// STENCIL_VARIANT=N (N >= 1): every launch that names no variant, of a
  /// kernel compiled with at least N schedule variants, runs variant N,
  /// untuned: for testing the variants (test/gpu/exactness, the suite's
  /// checks). 0: unset.
  int ForcedVariant = 0;
  std::string Path;
  TuneCache Cache;
  /// Decided shapes by kernel, extents class and device ordinal (a launch
  /// after the first looks here, without the cache or the device's name).
  std::map<std::string, TuneShape> Decided;
  std::map<int, std::string> DeviceNames;

  static TuneProcess &get() {
    static TuneProcess P;
    return P;
  }
  /// Whether this thread is timing candidates: the launch as compiled is
  /// timed by calling the launcher without a shape, whose own tunedOptions
  /// then returns the options as given.
  static bool &inTrial() {
    thread_local bool InTrial = false;
    return InTrial;
  }
  void load() {
    const char *Env = std::getenv("STENCIL_TUNE");
    const std::string Tune = Env ? Env : "";
    Path = tuneCachePath();
    std::vector<std::string> Warnings;
    const bool Exists = Tune != "0" && Cache.load(Path, Warnings);
    for (const std::string &W : Warnings)
      std::fprintf(stderr, "stencil: tuning cache %s: %s\n", Path.c_str(),
                   W.c_str());
    Mode = Tune == "1" ? 2 : Exists ? 1 : 0;
    if (const char *V = std::getenv("STENCIL_VARIANT"); V && *V) {
      char *End = nullptr;
      const long N = std::strtol(V, &End, 10);
      if (*End || N < 0 || N > MaxVariants)
        std::fprintf(stderr,
                     "stencil: STENCIL_VARIANT=%s is not 0 to %d: ignored\n", V,
                     MaxVariants);
      else
        ForcedVariant = int(N);
    }
  }
};

inline std::string currentDeviceName(const char *Kernel) {
  int Device = 0;
  STENCIL_CUDA_CHECK(cudaGetDevice(&Device), Kernel);
  cudaDeviceProp Prop{};
  STENCIL_CUDA_CHECK(cudaGetDeviceProperties(&Prop, Device), Kernel);
  return deviceKey(Prop.name);
}

inline LaunchOptions withShape(LaunchOptions O, const TuneShape &S) {
  O.Block = S.Block;
  O.PointsPerThread = S.PointsPerThread;
  O.Persistent = S.Persistent;
  O.Variant = S.Variant;
  O.SweepDepth = S.SweepDepth;
  return O;
}

/// "128x2x1 ppt 8 persistent 0", "variant 2", "variant 1 128x2x1 ...",
/// "depth 2" or "one-sweep launches".
inline std::string describeShape(const TuneShape &S) {
  if (S.SweepDepth == -1)
    return "one-sweep launches";
  if (S.SweepDepth > 0)
    return "depth " + std::to_string(S.SweepDepth);
  std::string Out = S.Variant ? "variant " + std::to_string(S.Variant) : "";
  if (S.unshaped())
    return Out.empty() ? "as compiled" : Out;
  return Out + (Out.empty() ? "" : " ") + std::to_string(S.Block[0]) + "x" +
         std::to_string(S.Block[1]) + "x" + std::to_string(S.Block[2]) +
         " ppt " + std::to_string(S.PointsPerThread) + " persistent " +
         std::to_string(S.Persistent);
}

/// The options of one launch (see the top of this file). Trial(O) launches
/// the kernel with options O and waits for it; Outputs are the buffers the
/// launch modifies that it also reads or adds to.
template <int R, class TrialFn>
LaunchOptions tunedOptions(const char *Kernel, uint64_t Hash,
                           const Extents<R> &E, const CompiledShape &Compiled,
                           const LaunchOptions &Opts, TrialFn &&Trial,
                           std::vector<std::pair<void *, size_t>> Outputs = {},
                           const std::vector<size_t> &HistogramBytes = {}) {
  if (Opts.Variant < 0 || Opts.Variant > Compiled.Variants)
    throw Error(Kernel, "LaunchOptions::Variant " +
                            std::to_string(Opts.Variant) + ": the kernel has " +
                            std::to_string(Compiled.Variants) +
                            " schedule variants (stencilc --tune-variants=N "
                            "compiles them)");
  TuneProcess &P = TuneProcess::get();
  std::call_once(P.Once, [&P] { P.load(); });
  if (P.ForcedVariant > 0 && P.ForcedVariant <= Compiled.Variants &&
      Opts.Variant == 0) {
    LaunchOptions O = Opts; // at the options' shape, if they give one
    O.Variant = P.ForcedVariant;
    return O;
  }
  if (Opts.Block[0] > 0 || Opts.PointsPerThread > 0 || Opts.Persistent >= 0 ||
      Opts.Variant > 0 || (Compiled.SweepDepth > 0 && Opts.SweepDepth != 0))
    return Opts;   // an explicit shape: the caller's, or a trial's
  if (P.Mode == 0) // no cache and no tuning: one flag test per launch
    return Opts;
  if (TuneProcess::inTrial())
    return Opts; // the trial of the launch as compiled (P.Lock is held)
  std::lock_guard<std::mutex> Guard(P.Lock);
  std::array<int64_t, R> Ext{};
  for (int D = 0; D < R; ++D)
    Ext[D] = E[D];
  const std::string Class = extentsClass<R>(Ext, HistogramBytes);
  int Ordinal = 0;
  STENCIL_CUDA_CHECK(cudaGetDevice(&Ordinal), Kernel);
  const std::string Key =
      std::string(Kernel) + " " + Class + " " + std::to_string(Ordinal);
  if (auto It = P.Decided.find(Key); It != P.Decided.end())
    return It->second.compiled() ? Opts : withShape(Opts, It->second);
  std::string &Device = P.DeviceNames[Ordinal];
  if (Device.empty())
    Device = currentDeviceName(Kernel);
  std::vector<std::string> Warnings;
  const TuneEntry *Hit = P.Cache.find(Hash, Kernel, Device, Class, Warnings);
  for (const std::string &W : Warnings)
    std::fprintf(stderr, "stencil: tuning cache %s: %s\n", P.Path.c_str(),
                 W.c_str());
  if (Hit) {
    P.Decided[Key] = Hit->Shape;
    return withShape(Opts, Hit->Shape);
  }
  if (P.Mode != 2) {
    P.Decided[Key] = TuneShape{}; // the compiled shape, from now on
    return Opts;
  }

  const std::vector<TuneShape> Candidates = tuneCandidates(Compiled);
  std::fprintf(stderr,
               "stencil: tuning %s (extents class %s) on %s: %zu "
               "candidate shapes (%d schedule variants)\n",
               Kernel, Class.c_str(), Device.c_str(), Candidates.size(),
               Compiled.Variants);
  OutputSnapshot Snapshot(std::move(Outputs));
  if (!Snapshot.save(Kernel)) {
    std::fprintf(stderr,
                 "stencil: tuning %s skipped: its outputs' copy (%zu bytes) "
                 "does not fit in device memory; launching as compiled, "
                 "nothing cached\n",
                 Kernel, Snapshot.bytes());
    P.Decided[Key] = TuneShape{};
    return Opts;
  }
  cudaEvent_t Start, Stop;
  STENCIL_CUDA_CHECK(cudaEventCreate(&Start), Kernel);
  STENCIL_CUDA_CHECK(cudaEventCreate(&Stop), Kernel);
  /// Launches nested in a trial run as given (inTrial) until the scope ends,
  /// by return or by an exception.
  struct TrialScope {
    TrialScope() { TuneProcess::inTrial() = true; }
    ~TrialScope() { TuneProcess::inTrial() = false; }
  };
  /// One timed launch with options O, from the caller's outputs.
  auto timed = [&](const LaunchOptions &O) {
    Snapshot.restore(Kernel);
    STENCIL_CUDA_CHECK(cudaEventRecord(Start, Opts.Stream), Kernel);
    Trial(O);
    STENCIL_CUDA_CHECK(cudaEventRecord(Stop, Opts.Stream), Kernel);
    STENCIL_CUDA_CHECK(cudaEventSynchronize(Stop), Kernel);
    float Ms = 0;
    STENCIL_CUDA_CHECK(cudaEventElapsedTime(&Ms, Start, Stop), Kernel);
    return Ms;
  };
  /// The median of five timed launches.
  auto median = [](float(&Ms)[5]) {
    std::sort(Ms, Ms + 5);
    return Ms[2];
  };
  std::vector<double> Medians(Candidates.size(), -1.0);
  int Picked = -1;
  {
    TrialScope Trials;
    for (size_t C = 0; C < Candidates.size(); ++C) {
      const TuneShape &S = Candidates[C];
      const LaunchOptions O = withShape(Opts, S);
      float Times[5];
      try {
        Snapshot.restore(Kernel);
        Trial(O); // warm-up
        for (float &T : Times)
          T = timed(O);
      } catch (const Error &Err) {
        std::fprintf(stderr, "stencil:   %s: skipped (%s)\n",
                     describeShape(S).c_str(), Err.what());
        continue;
      }
      Medians[C] = median(Times);
      std::fprintf(stderr, "stencil:   %s: %.4f ms\n", describeShape(S).c_str(),
                   Medians[C]);
    }
    Picked = pickTuned(Medians);
    if (Picked > 0 && Medians[0] >= 0) {
      // The winner against the launch as compiled again, alternately.
      const LaunchOptions Compiled = withShape(Opts, Candidates[0]);
      const LaunchOptions Winner = withShape(Opts, Candidates[size_t(Picked)]);
      float CompiledMs[5] = {}, WinnerMs[5] = {};
      bool Launched = true;
      try {
        for (int I = 0; I < 5; ++I) {
          CompiledMs[I] = timed(Compiled);
          WinnerMs[I] = timed(Winner);
        }
      } catch (const Error &Err) {
        std::fprintf(stderr, "stencil:   alternately: %s\n", Err.what());
        Launched = false;
      }
      const float CompiledMedian = median(CompiledMs);
      const float WinnerMedian = median(WinnerMs);
      const bool Confirmed =
          Launched && confirmsTuned(CompiledMedian, WinnerMedian);
      std::fprintf(stderr,
                   "stencil:   alternately: as compiled %.4f ms, the winner "
                   "%.4f ms: %s\n",
                   CompiledMedian, WinnerMedian,
                   Confirmed ? "kept"
                             : "not 3% faster, the compiled shape kept");
      if (Confirmed)
        Medians[size_t(Picked)] = WinnerMedian;
      else
        Picked = 0;
    }
  }
  cudaEventDestroy(Start);
  cudaEventDestroy(Stop);
  Snapshot.restore(Kernel);
  if (Picked < 0)
    throw Error(Kernel, "tuning: no candidate shape could be launched");
  TuneEntry Best;
  Best.Shape = Candidates[size_t(Picked)];
  Best.Ms = Medians[size_t(Picked)];
  Best.Hash = Hash;
  Best.Kernel = Kernel;
  Best.Device = Device;
  Best.Class = Class;
  P.Cache.put(Best);
  P.Decided[Key] = Best.Shape;
  if (!P.Cache.save(P.Path))
    std::fprintf(stderr, "stencil: tuning cache %s: could not be written\n",
                 P.Path.c_str());
  std::fprintf(stderr, "stencil: tuned %s: %s (%.4f ms), saved to %s\n", Kernel,
               describeShape(Best.Shape).c_str(), Best.Ms, P.Path.c_str());
  return withShape(Opts, Best.Shape);
}

} // namespace detail
} // namespace stencil

#endif // STENCIL_DETAIL_TUNING_HPP
