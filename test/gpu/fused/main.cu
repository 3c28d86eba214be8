// main.cu - fused sweeps on the GPU (issue 14): NAME_sweeps and NAME_until
// of every kernel in fused.spec.cpp against the loop of its one-sweep
// launcher, bit for bit: three rank-2 kernels and two rank-3 ones (relax3;
// relax3c, whose carried coefficients are merge-arrays records),
// a rank-2 one fused once its stores in branches are sunk (clip2s), and two
// sweeps fuse-sweeps does not fuse (clip2, rank-1 smooth1), whose
// NAME_sweeps may run persistent launches, through one harness templated
// on the rank.
//
//   fused --check   sizes odd, smaller than a tile and not multiples of it;
//                   0 to 9 sweeps at every depth (1 to 4); the stop rule
//                   falling on each sweep of a launch, caps that are not
//                   multiples of the depth; the two grids start with
//                   different rings, so a sweep reading the wrong buffer's
//                   ring shows. Grids: every point; Sums: 1e-12 (f64) or
//                   1e-6 (f32 into f64) relative, Min/Max and ints exact.
//                   NAME_until with a stencil::StopRule (evaluated on the
//                   device) against the loop stopped by the same rule on
//                   the host, at each position of a launch and beyond the
//                   launches queued ahead. And a CUDA graph of async::
//                   launches, replayed; the
//                   final state of 6 sweeps of helmholtz and relax3
//                   against the CPU reference.
//   fused --check --quick   a few cases of each kind (compute-sanitizer)
//   fused --check-tuned   NAME_sweeps and NAME_until with STENCIL_TUNE=1 and
//                   a fresh cache, twice (tuning, then the cache's depths),
//                   against the loop bit for bit; a cache entry per kernel
//                   and extents class; a tuning launch without the device
//                   memory for its snapshot runs untuned and caches nothing.
//   fused --bench   BENCH lines at 5120 x 5000 (f64: helmholtz, heatc with
//                   rules, heatu without), 8192^2 (f32: wide, mirc with rules),
//                   4096^2 (int64) and 512 x 256 x 256 (relax3, f32): ms
//                   per sweep of the one-sweep loop
//                   (NAME.loop) and of NAME_sweeps at each depth
//                   (NAME.depthK; NAME.depthK.noscratch without the
//                   scratch grid, the last launch a single sweep), 20
//                   sweeps per call, median of --reps;
//                   first, at launch-bound sizes, NAME_sweeps as a launch
//                   per sweep and as persistent launches (NAME.small.*),
//                   and NAME_until with a rule tested on the host after
//                   every sweep or on the device (NAME.small.until.*).
#include "fused.spec.cpp" // the kernels, for the CPU reference
#include "fused_gen.h"    // namespace gpu: the generated host API

#include "../../../examples/common/harness.hpp"

#include <stencil/detail/tune_cache.hpp>
#include <stencil/detail/tuning.hpp>

#include <unistd.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <map>
#include <memory>
#include <random>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

namespace {

/// --quick: a few cases of each kind (for compute-sanitizer).
bool Quick = false;

using example::randomGrid;

/// One kernel's launchers over (state, coefficient, next) of rank Rank: the
/// one-sweep launcher, NAME_sweeps and (with reductions) NAME_until, and how
/// two of its results compare.
template <class T, class C, class Result, int Rank> struct Kernel {
  const char *Name;
  std::function<Result(stencil::Grid<T, Rank> &, const stencil::Grid<C, Rank> &,
                       stencil::Grid<T, Rank> &)>
      One;
  std::function<std::vector<Result>(
      stencil::Grid<T, Rank> &, const stencil::Grid<C, Rank> &,
      stencil::Grid<T, Rank> &, int, const stencil::LaunchOptions &)>
      Sweeps;
  std::function<std::vector<Result>(stencil::Grid<T, Rank> &,
                                    const stencil::Grid<C, Rank> &,
                                    stencil::Grid<T, Rank> &, int,
                                    const std::function<bool(const Result &)> &,
                                    const stencil::LaunchOptions &)>
      Until;
  std::function<bool(const Result &, const Result &, std::string &)> Same;
  /// NAME_until with a stencil::StopRule (fused: evaluated on the device).
  std::function<std::vector<Result>(
      stencil::Grid<T, Rank> &, const stencil::Grid<C, Rank> &,
      stencil::Grid<T, Rank> &, int, const stencil::StopRule<Result> &,
      const stencil::LaunchOptions &)>
      RuleUntil;
  /// A rule that first holds at sweep At of the loop whose results are All
  /// (At 0: a rule that never holds).
  std::function<stencil::StopRule<Result>(const std::vector<Result> &, int)>
      RuleAt;
  /// A result as a rule reads it: the reductions in order, as doubles.
  std::function<void(const Result &, double *)> Values;
};

/// The extents of a Kernel's grids, in a non-deduced context: Extents<R> is
/// std::array<int64_t, R>, whose size_t parameter deduces no int Rank, so
/// functions taking a Kernel and extents take the rank from the Kernel.
template <int Rank> struct ExtentsOf {
  using Type = stencil::Extents<Rank>;
};

/// The result type of a kernel without reductions (life): its launchers
/// return nothing, so only the grids are compared (Kernel::Same is empty).
struct NoResult {};

/// The unfused loop of N sweeps: state and next as the loop leaves them.
template <class T, class C, class Result, int Rank>
std::vector<Result>
loop(const Kernel<T, C, Result, Rank> &K, stencil::Grid<T, Rank> &State,
     const stencil::Grid<C, Rank> &Coef, stencil::Grid<T, Rank> &Next, int N,
     const std::function<bool(const Result &)> &Stop) {
  std::vector<Result> R;
  for (int S = 0; S < N; ++S) {
    R.push_back(K.One(State, Coef, Next));
    using std::swap;
    swap(State, Next);
    if (Stop && Stop(R.back()))
      break;
  }
  return R;
}

template <class T, class C, class Result, int Rank>
void compare(example::Checker &Check, const std::string &What,
             const Kernel<T, C, Result, Rank> &K,
             stencil::Grid<T, Rank> &RefState, stencil::Grid<T, Rank> &RefNext,
             const std::vector<Result> &RefR, stencil::Grid<T, Rank> &State,
             stencil::Grid<T, Rank> &Next, const std::vector<Result> &Got) {
  const auto A = RefState.download(), B = State.download();
  const auto An = RefNext.download(), Bn = Next.download();
  int64_t Diff = 0;
  for (int64_t I = 0; I < A.size(); ++I)
    Diff += A.data()[I] != B.data()[I] || An.data()[I] != Bn.data()[I];
  std::string Detail = std::to_string(Diff) + " of " +
                       std::to_string(2 * A.size()) + " points differ";
  bool Ok = Diff == 0;
  // Without reductions (no Same) there are no results to compare.
  if (K.Same && RefR.size() != Got.size()) {
    Ok = false;
    Detail += "; " + std::to_string(Got.size()) + " results, the loop " +
              std::to_string(RefR.size());
  }
  for (size_t I = 0; K.Same && Ok && I < RefR.size(); ++I) {
    std::string Why;
    if (!K.Same(RefR[I], Got[I], Why)) {
      Ok = false;
      Detail += "; sweep " + std::to_string(I + 1) + ": " + Why;
    }
  }
  Check.holds(What.c_str(), Ok, Detail);
}

/// Launch options a check runs beside the default ones, named for its line.
struct OptionVariant {
  stencil::LaunchOptions Options;
  std::string Label;
};

/// At depth 0 (as compiled) persistent launches forced off and on; at every
/// fused depth (0 and 2 to 4) also no scratch grid (SweepScratch 0).
std::vector<OptionVariant> optionVariants(int Depth) {
  std::vector<OptionVariant> Variants(1);
  if (Depth == 0)
    for (int Persistent : {0, 1}) {
      Variants.push_back({});
      Variants.back().Options.PersistentSweeps = Persistent;
      Variants.back().Label = " persistent=" + std::to_string(Persistent);
    }
  if (Depth == 0 || Depth >= 2) {
    Variants.push_back({});
    Variants.back().Options.SweepScratch = 0;
    Variants.back().Label = " scratch=0";
  }
  return Variants;
}

template <class T, class C, class Result, int Rank>
void checkKernel(example::Checker &Check, const Kernel<T, C, Result, Rank> &K,
                 const typename ExtentsOf<Rank>::Type &E, uint64_t Seed) {
  const auto S0 = randomGrid<T, Rank>(E, Seed),
             N0 = randomGrid<T, Rank>(E, Seed + 1);
  const auto F = randomGrid<C, Rank>(E, Seed + 2);
  const stencil::Grid<C, Rank> Coef(F);
  const std::string Size = stencil::formatExtents<Rank>(E);
  // NAME_sweeps: 0 to 9 sweeps at every depth, and 33 and 70: more than
  // an unfused NAME_sweeps queues before it reads (SweepsInFlight, 32) and
  // a persistent launch runs (PersistentSweeps, 32), its last launch of one
  // sweep and of six.
  const std::vector<int> Counts =
      Quick ? std::vector<int>{3, 5, 33}
            : std::vector<int>{0, 1, 2, 3, 4, 5, 7, 9, 33, 70};
  // Depth -1: one-sweep launches (what STENCIL_TUNE may choose).
  const std::vector<int> Depths =
      Quick ? std::vector<int>{0, 4} : std::vector<int>{-1, 0, 1, 2, 3, 4};
  for (int N : Counts) {
    stencil::Grid<T, Rank> RS(S0), RN(N0);
    const std::vector<Result> RefR = loop(K, RS, Coef, RN, N, {});
    for (int Depth : Depths) {
      // As compiled (depth 0) also with persistent launches forced on and
      // off (LaunchOptions::PersistentSweeps; they apply where NAME_sweeps
      // runs one sweep per launch: not fused, or rank 3 too small to fuse),
      // and at every fused depth without the scratch grid (SweepScratch 0:
      // the last launch a single sweep; by default the last launch writes
      // the last two sweeps from it, sweeps.hpp's sweepPlan).
      for (const OptionVariant &V : optionVariants(Depth)) {
        stencil::Grid<T, Rank> GS(S0), GN(N0);
        stencil::LaunchOptions O = V.Options;
        O.SweepDepth = Depth;
        const std::vector<Result> Got = K.Sweeps(GS, Coef, GN, N, O);
        compare(Check,
                std::string(K.Name) + "_sweeps " + Size + " n=" +
                    std::to_string(N) + " depth=" + std::to_string(Depth) +
                    V.Label,
                K, RS, RN, RefR, GS, GN, Got);
      }
    }
  }
  if (!K.Until)
    return;
  // NAME_until: the stop on each sweep of a launch, and caps (8 at depth
  // 2 and 3 also puts sweeps 7 and 8 in the launch from the scratch grid:
  // [2, 2, 2, 2] and [3, 3, 2]), with and without the scratch grid.
  for (int Cap : Quick ? std::vector<int>{5} : std::vector<int>{0, 1, 5, 8}) {
    for (int StopAt : Quick ? std::vector<int>{2, 100}
                            : std::vector<int>{1, 2, 3, 4, 5, 6, 7, 8, 100}) {
      for (int Depth :
           Quick ? std::vector<int>{3} : std::vector<int>{2, 3, 4}) {
        for (int Scratch : Quick ? std::vector<int>{-1} : std::vector<int>{-1, 0}) {
          int Calls = 0;
          auto Stop = [&](const Result &) { return ++Calls == StopAt; };
          stencil::Grid<T, Rank> RS(S0), RN(N0), GS(S0), GN(N0);
          const std::vector<Result> RefR =
              loop<T, C, Result>(K, RS, Coef, RN, Cap, Stop);
          Calls = 0;
          stencil::LaunchOptions O;
          O.SweepDepth = Depth;
          O.SweepScratch = Scratch;
          const std::vector<Result> Got = K.Until(GS, Coef, GN, Cap, Stop, O);
          compare(Check,
                  std::string(K.Name) + "_until " + Size + " cap=" +
                      std::to_string(Cap) + " stop=" + std::to_string(StopAt) +
                      " depth=" + std::to_string(Depth) +
                      (Scratch < 0 ? "" : " scratch=0"),
                  K, RS, RN, RefR, GS, GN, Got);
        }
        if (Cap == 8 && StopAt == 100)
          break; // one uncapped depth is enough
      }
    }
  }
}

/// NAME_until with a stencil::StopRule against the loop stopped by the same
/// rule evaluated on the host (StopRule::holds): rules that first hold at
/// each sweep of a launch, at sweeps beyond the launches a fused NAME_until
/// queues ahead (StopLaunchesAhead), and never; caps not multiples of the
/// depth; depth 0 as compiled (rank 3: small grids run the loop). Each rule
/// is first checked to stop the loop where it is meant to, so that every
/// position is covered. Ats: the positions to try (an empty domain's results
/// are identities, which only some rules tell apart).
template <class T, class C, class Result, int Rank>
void checkRules(example::Checker &Check, const Kernel<T, C, Result, Rank> &K,
                const typename ExtentsOf<Rank>::Type &E, uint64_t Seed,
                const std::vector<int> &Ats) {
  const auto S0 = randomGrid<T, Rank>(E, Seed),
             N0 = randomGrid<T, Rank>(E, Seed + 1);
  const stencil::Grid<C, Rank> Coef(randomGrid<C, Rank>(E, Seed + 2));
  const std::string Size = stencil::formatExtents<Rank>(E);
  const int Longest = 45; // past a persistent launch's 32 sweeps
  stencil::Grid<T, Rank> AS(S0), AN(N0);
  const std::vector<Result> All = loop(K, AS, Coef, AN, Longest, {});
  for (int Cap :
       Quick ? std::vector<int>{13} : std::vector<int>{1, 5, 8, 30, 45})
    for (int At : Ats) {
      if (At > Cap)
        continue; // as never
      const stencil::StopRule<Result> Rule = K.RuleAt(All, At);
      auto OnHost = [&](const Result &R) {
        double V[8];
        K.Values(R, V);
        return Rule.holds(V);
      };
      stencil::Grid<T, Rank> RS(S0), RN(N0);
      const std::vector<Result> RefR =
          loop<T, C, Result>(K, RS, Coef, RN, Cap, OnHost);
      const std::string What = std::string(K.Name) + "_until(rule) " + Size +
                               " cap=" + std::to_string(Cap) +
                               " stop=" + std::to_string(At);
      // Within the first launches every rule stops where it is meant to.
      // Later, a state that settles (or cycles, on a few points) may repeat
      // sweep At's values earlier, and the rule holds there first: still a
      // stop to compare, at the sweep the name gives.
      const size_t Meant = At == 0 ? size_t(Cap) : size_t(At);
      const bool Early = At >= 1 && At <= 6;
      Check.holds((What + ": the rule stops the loop " +
                   (Early ? "there" : "there or before"))
                      .c_str(),
                  Early ? RefR.size() == Meant : RefR.size() <= Meant,
                  std::to_string(RefR.size()) + " sweeps, meant " +
                      std::to_string(Meant));
      for (int Depth :
           Quick ? std::vector<int>{0, 3} : std::vector<int>{0, 2, 3, 4})
        // As compiled also with persistent launches forced off (the rule
        // then tested on the host where NAME_until runs one sweep per
        // launch) and on (every kernel, fused rank 2 included).
        for (const OptionVariant &V : optionVariants(Depth)) {
          stencil::Grid<T, Rank> GS(S0), GN(N0);
          stencil::LaunchOptions O = V.Options;
          O.SweepDepth = Depth;
          const std::vector<Result> Got =
              K.RuleUntil(GS, Coef, GN, Cap, Rule, O);
          compare(Check,
                  What + " (stops at " + std::to_string(RefR.size()) +
                      ") depth=" + std::to_string(Depth) + V.Label,
                  K, RS, RN, RefR, GS, GN, Got);
        }
    }
}

bool near(double A, double B, double Tol, const char *What, std::string &Why) {
  const double D = example::relativeDifference(A, B);
  if (D <= Tol)
    return true;
  char S[160];
  std::snprintf(S, sizeof S, "%s %.17g vs %.17g (rel %.2e)", What, A, B, D);
  Why = S;
  return false;
}
bool same(double A, double B, const char *What, std::string &Why) {
  if (A == B || (A != A && B != B))
    return true;
  char S[160];
  std::snprintf(S, sizeof S, "%s %.9g vs %.9g", What, A, B);
  Why = S;
  return false;
}

const double Ax = 0.21, Ay = 0.17, Bc = -1.9, Omega = 0.8;

Kernel<double, double, gpu::helmholtz_result, 2> helmholtzKernel() {
  using G = stencil::Grid<double, 2>;
  using R = gpu::helmholtz_result;
  Kernel<double, double, R, 2> K;
  K.Name = "helmholtz";
  K.One = [](G &S, const G &F, G &N) {
    return gpu::helmholtz(S, F, N, Ax, Ay, Bc, Omega);
  };
  K.Sweeps = [](G &S, const G &F, G &N, int Count,
                const stencil::LaunchOptions &O) {
    return gpu::helmholtz_sweeps(S, F, N, Ax, Ay, Bc, Omega, Count, O);
  };
  K.Until = [](G &S, const G &F, G &N, int Cap,
               const std::function<bool(const R &)> &Stop,
               const stencil::LaunchOptions &O) {
    return gpu::helmholtz_until(S, F, N, Ax, Ay, Bc, Omega, Cap, Stop, O);
  };
  K.Same = [](const R &A, const R &B, std::string &Why) {
    return near(A.error, B.error, 1e-12, "error", Why);
  };
  K.RuleUntil = [](G &S, const G &F, G &N, int Cap,
                   const stencil::StopRule<R> &Stop,
                   const stencil::LaunchOptions &O) {
    return gpu::helmholtz_until(S, F, N, Ax, Ay, Bc, Omega, Cap, Stop, O);
  };
  // sqrt(error) within 1e-11 of sweep At's (the fused sums differ by the
  // order of additions only, about 1e-15); never: a sum of squares below -1.
  K.RuleAt = [](const std::vector<R> &All,
                int At) -> stencil::StopRule<R> {
    namespace S = gpu::helmholtz_stop;
    if (At == 0)
      return S::error < -1.0;
    const double X = std::sqrt(All[size_t(At) - 1].error);
    return abs(sqrt(S::error) - X) <= 1e-11 * X;
  };
  K.Values = [](const R &Res, double *V) { V[0] = Res.error; };
  return K;
}

Kernel<float, float, gpu::wide_result, 2> wideKernel() {
  using G = stencil::Grid<float, 2>;
  using R = gpu::wide_result;
  Kernel<float, float, R, 2> K;
  K.Name = "wide";
  K.One = [](G &S, const G &F, G &N) { return gpu::wide(S, F, N, 0.3f); };
  K.Sweeps = [](G &S, const G &F, G &N, int Count,
                const stencil::LaunchOptions &O) {
    return gpu::wide_sweeps(S, F, N, 0.3f, Count, O);
  };
  K.Until = [](G &S, const G &F, G &N, int Cap,
               const std::function<bool(const R &)> &Stop,
               const stencil::LaunchOptions &O) {
    return gpu::wide_until(S, F, N, 0.3f, Cap, Stop, O);
  };
  K.Same = [](const R &A, const R &B, std::string &Why) {
    return near(A.total, B.total, 1e-6, "total", Why) &&
           same(A.top, B.top, "top", Why) &&
           same(A.bottom, B.bottom, "bottom", Why);
  };
  K.RuleUntil = [](G &S, const G &F, G &N, int Cap,
                   const stencil::StopRule<R> &Stop,
                   const stencil::LaunchOptions &O) {
    return gpu::wide_until(S, F, N, 0.3f, Cap, Stop, O);
  };
  // Max and Min are exact: sweep At's top and bottom, both; never: a total
  // that is not itself (a NaN).
  K.RuleAt = [](const std::vector<R> &All,
                int At) -> stencil::StopRule<R> {
    namespace S = gpu::wide_stop;
    if (At == 0)
      return S::total != S::total;
    const R &X = All[size_t(At) - 1];
    return S::top == double(X.top) && S::bottom == double(X.bottom);
  };
  K.Values = [](const R &Res, double *V) {
    V[0] = Res.total;
    V[1] = Res.top;
    V[2] = Res.bottom;
  };
  return K;
}

Kernel<int64_t, int64_t, NoResult, 2> lifeKernel() {
  using G = stencil::Grid<int64_t, 2>;
  Kernel<int64_t, int64_t, NoResult, 2> K;
  K.Name = "life";
  // life has one In grid: the coefficient argument is unused.
  K.One = [](G &S, const G &, G &N) {
    gpu::life(S, N);
    return NoResult{};
  };
  K.Sweeps = [](G &S, const G &, G &N, int Count,
                const stencil::LaunchOptions &O) {
    gpu::life_sweeps(S, N, Count, O);
    return std::vector<NoResult>();
  };
  return K;
}

const float W3 = 0.1f;

/// Rank 3: fused along dimension 0 (the streamed one) where fuse-sweeps
/// lowers rank 3, else the same launchers as loops of one-sweep launches.
Kernel<float, float, gpu::relax3_result, 3> relax3Kernel() {
  using G = stencil::Grid<float, 3>;
  using R = gpu::relax3_result;
  Kernel<float, float, R, 3> K;
  K.Name = "relax3";
  K.One = [](G &S, const G &F, G &N) { return gpu::relax3(S, F, N, W3); };
  K.Sweeps = [](G &S, const G &F, G &N, int Count,
                const stencil::LaunchOptions &O) {
    return gpu::relax3_sweeps(S, F, N, W3, Count, O);
  };
  K.Until = [](G &S, const G &F, G &N, int Cap,
               const std::function<bool(const R &)> &Stop,
               const stencil::LaunchOptions &O) {
    return gpu::relax3_until(S, F, N, W3, Cap, Stop, O);
  };
  // change: f32 terms summed in f64 in another order, returned as f32.
  K.Same = [](const R &A, const R &B, std::string &Why) {
    return near(A.change, B.change, 1e-6, "change", Why) &&
           same(A.top, B.top, "top", Why);
  };
  K.RuleUntil = [](G &S, const G &F, G &N, int Cap,
                   const stencil::StopRule<R> &Stop,
                   const stencil::LaunchOptions &O) {
    return gpu::relax3_until(S, F, N, W3, Cap, Stop, O);
  };
  // Sweep At's top (exact) and a change within 1e-5 of its own; never: a
  // sum of squares below -1.
  K.RuleAt = [](const std::vector<R> &All,
                int At) -> stencil::StopRule<R> {
    namespace S = gpu::relax3_stop;
    if (At == 0)
      return S::change < -1.0;
    const R &X = All[size_t(At) - 1];
    const double Lo = X.change * (1 - 1e-5), Hi = X.change * (1 + 1e-5);
    return S::top == double(X.top) && S::change > Lo && !(S::change > Hi);
  };
  K.Values = [](const R &Res, double *V) {
    V[0] = Res.change;
    V[1] = Res.top;
  };
  return K;
}

/// relax3c's coefficients b and c (a is the harness's one): random grids
/// of F's extents, made once per extents, so that every launch of one check
/// (fused and one-sweep) reads the same three, each unlike the others (a
/// fused kernel that read one record field for another would show).
const stencil::Grid<double, 3> &relax3cCoefficient(
    const stencil::Grid<double, 3> &F, int Which) {
  static std::map<std::pair<stencil::Extents<3>, int>,
                  std::unique_ptr<stencil::Grid<double, 3>>>
      Made;
  std::unique_ptr<stencil::Grid<double, 3>> &G = Made[{F.extents(), Which}];
  if (!G)
    G = std::make_unique<stencil::Grid<double, 3>>(
        randomGrid<double, 3>(F.extents(), 60 + uint64_t(Which)));
  return *G;
}

/// Rank 3, f64, three coefficients: a and b merged into a record of one
/// double2, read and carried by the fused kernel as that vector, c one
/// value at a time (FusedStream.cpp, carriedValues).
Kernel<double, double, gpu::relax3c_result, 3> relax3cKernel() {
  using G = stencil::Grid<double, 3>;
  using R = gpu::relax3c_result;
  Kernel<double, double, R, 3> K;
  K.Name = "relax3c";
  K.One = [](G &S, const G &F, G &N) {
    return gpu::relax3c(S, F, relax3cCoefficient(F, 1),
                        relax3cCoefficient(F, 2), N);
  };
  K.Sweeps = [](G &S, const G &F, G &N, int Count,
                const stencil::LaunchOptions &O) {
    return gpu::relax3c_sweeps(S, F, relax3cCoefficient(F, 1),
                               relax3cCoefficient(F, 2), N, Count, O);
  };
  K.Until = [](G &S, const G &F, G &N, int Cap,
               const std::function<bool(const R &)> &Stop,
               const stencil::LaunchOptions &O) {
    return gpu::relax3c_until(S, F, relax3cCoefficient(F, 1),
                              relax3cCoefficient(F, 2), N, Cap, Stop, O);
  };
  K.Same = [](const R &A, const R &B, std::string &Why) {
    return near(A.change, B.change, 1e-12, "change", Why);
  };
  return K;
}

/// relax3c against the CPU reference, 6 sweeps (f64 without contraction:
/// the grids bit for bit, the sums by the order of additions).
void checkRelax3cAgainstCpu(example::Checker &Check,
                            const stencil::Extents<3> &E) {
  auto S = randomGrid<double, 3>(E, 57), N = randomGrid<double, 3>(E, 58);
  const auto A = randomGrid<double, 3>(E, 59);
  const stencil::Grid<double, 3> GA(A);
  const auto B = relax3cCoefficient(GA, 1).download(),
             C = relax3cCoefficient(GA, 2).download();
  stencil::Grid<double, 3> GS(S), GN(N);
  std::vector<double> Ref, Got;
  for (int I = 0; I < 6; ++I) {
    double Change = 0.0;
    stencil::reference(relax3c, S, A, B, C, N, Change);
    Ref.push_back(Change);
    std::swap(S, N);
  }
  for (const auto &R : gpu::relax3c_sweeps(GS, GA, relax3cCoefficient(GA, 1),
                                           relax3cCoefficient(GA, 2), GN, 6))
    Got.push_back(R.change);
  Check.field("relax3c cpu state", S, GS.download(), 0.0);
  Check.field("relax3c cpu next", N, GN.download(), 0.0);
  Check.series("relax3c cpu sums", Ref, Got, 1e-12);
}

/// K's name and launchers (One, Sweeps, Until, RuleUntil) for the rank-2
/// kernel NAME with one In grid besides the state, G and R its grid and
/// result types: the part the builders below share.
#define SWEEP_LAUNCHERS(K, NAME)                                               \
  K.Name = #NAME;                                                              \
  K.One = [](G &S, const G &F, G &N) { return gpu::NAME(S, F, N); };           \
  K.Sweeps = [](G &S, const G &F, G &N, int Count,                             \
                const stencil::LaunchOptions &O) {                             \
    return gpu::NAME##_sweeps(S, F, N, Count, O);                              \
  };                                                                           \
  K.Until = [](G &S, const G &F, G &N, int Cap,                                \
               const std::function<bool(const R &)> &Stop,                     \
               const stencil::LaunchOptions &O) {                              \
    return gpu::NAME##_until(S, F, N, Cap, Stop, O);                           \
  };                                                                           \
  K.RuleUntil = [](G &S, const G &F, G &N, int Cap,                            \
                   const stencil::StopRule<R> &Stop,                           \
                   const stencil::LaunchOptions &O) {                          \
    return gpu::NAME##_until(S, F, N, Cap, Stop, O);                           \
  }

/// clip2 (not fused: an if writes the next state on some paths: the loop of
/// one-sweep launches, or persistent launches; vectors with a skew per row
/// length) and clip2s (both branches write it: fused once the stores are
/// sunk): the same signature and results, one builder.
#define CLIP_KERNEL(NAME)                                                      \
  Kernel<float, float, gpu::NAME##_result, 2> NAME##Kernel() { \
  using G = stencil::Grid<float, 2>; \
  using R = gpu::NAME##_result; \
  Kernel<float, float, R, 2> K; \
  SWEEP_LAUNCHERS(K, NAME); \
  K.Same = [](const R &A, const R &B, std::string &Why) { \
    return same(A.top, B.top, "top", Why) && \
           near(A.total, B.total, 1e-6, "total", Why); \
  }; \
  /* Sweep At's top (exact) and a total within 1e-5 of its own (the order \
     of additions differs); never: a total that is not itself. */ \
  K.RuleAt = [](const std::vector<R> &All, int At) -> stencil::StopRule<R> { \
    namespace S = gpu::NAME##_stop; \
    if (At == 0) \
      return S::total != S::total; \
    const R &X = All[size_t(At) - 1]; \
    return S::top == double(X.top) && \
           abs(S::total - double(X.total)) <= 1e-5 * std::fabs(X.total); \
  }; \
  K.Values = [](const R &Res, double *V) { \
    V[0] = Res.top; \
    V[1] = Res.total; \
  }; \
  return K; \
}
CLIP_KERNEL(clip2)
CLIP_KERNEL(clip2s)
#undef CLIP_KERNEL

/// heatc, mirc and rowc (boundary rules on the state: fused tiles that map its
/// reads, docs/passes/fuse-sweeps.md#boundary-rules): the same results, a
/// change (Sum, within its order of additions) and a peak (Max or Min, exact), of
/// element type T; one builder.
#define RULED_KERNEL(NAME, T)                                                  \
  Kernel<T, T, gpu::NAME##_result, 2> NAME##Kernel() {                         \
    using G = stencil::Grid<T, 2>;                                             \
    using R = gpu::NAME##_result;                                              \
    Kernel<T, T, R, 2> K;                                                      \
    SWEEP_LAUNCHERS(K, NAME);                                                  \
    K.Same = [](const R &A, const R &B, std::string &Why) {                    \
      return same(A.peak, B.peak, "peak", Why) &&                              \
             near(A.change, B.change, 1e-9, "change", Why);                    \
    };                                                                         \
    /* Sweep At's peak (exact) and a change within 1e-7 of its own; never:   \
       a sum of squares below -1. */                                           \
    K.RuleAt = [](const std::vector<R> &All,                                   \
                  int At) -> stencil::StopRule<R> {                            \
      namespace S = gpu::NAME##_stop;                                          \
      if (At == 0)                                                             \
        return S::change < -1.0;                                               \
      const R &X = All[size_t(At) - 1];                                        \
      return S::peak == double(X.peak) &&                                      \
             abs(S::change - double(X.change)) <= 1e-7 * double(X.change);     \
    };                                                                         \
    K.Values = [](const R &Res, double *V) {                                   \
      V[0] = Res.change;                                                       \
      V[1] = Res.peak;                                                         \
    };                                                                         \
    return K;                                                                  \
  }
RULED_KERNEL(heatc, double)
RULED_KERNEL(mirc, float)
RULED_KERNEL(rowc, double)
RULED_KERNEL(heatu, double) // heatc without rules, for --bench
#undef RULED_KERNEL
#undef SWEEP_LAUNCHERS

/// Rank 1: the loop of one-sweep launches, or persistent launches.
Kernel<double, double, gpu::smooth1_result, 1> smooth1Kernel() {
  using G = stencil::Grid<double, 1>;
  using R = gpu::smooth1_result;
  Kernel<double, double, R, 1> K;
  K.Name = "smooth1";
  K.One = [](G &S, const G &F, G &N) { return gpu::smooth1(S, F, N); };
  K.Sweeps = [](G &S, const G &F, G &N, int Count,
                const stencil::LaunchOptions &O) {
    return gpu::smooth1_sweeps(S, F, N, Count, O);
  };
  K.Until = [](G &S, const G &F, G &N, int Cap,
               const std::function<bool(const R &)> &Stop,
               const stencil::LaunchOptions &O) {
    return gpu::smooth1_until(S, F, N, Cap, Stop, O);
  };
  K.Same = [](const R &A, const R &B, std::string &Why) {
    return near(A.change, B.change, 1e-12, "change", Why) &&
           same(A.low, B.low, "low", Why);
  };
  K.RuleUntil = [](G &S, const G &F, G &N, int Cap,
                   const stencil::StopRule<R> &Stop,
                   const stencil::LaunchOptions &O) {
    return gpu::smooth1_until(S, F, N, Cap, Stop, O);
  };
  // Sweep At's low (exact) and a change within 1e-9 of its own; never: a
  // sum of squares below -1.
  K.RuleAt = [](const std::vector<R> &All, int At) -> stencil::StopRule<R> {
    namespace S = gpu::smooth1_stop;
    if (At == 0)
      return S::change < -1.0;
    const R &X = All[size_t(At) - 1];
    return S::low == X.low && abs(S::change - X.change) <= 1e-9 * X.change;
  };
  K.Values = [](const R &Res, double *V) {
    V[0] = Res.change;
    V[1] = Res.low;
  };
  return K;
}

/// The final state of 6 sweeps of helmholtz against the CPU reference's
/// loop, so that the one-sweep launcher is not the only judge.
void checkAgainstCpu(example::Checker &Check, const stencil::Extents<2> &E) {
  auto S = randomGrid<double, 2>(E, 7), N = randomGrid<double, 2>(E, 8);
  const auto F = randomGrid<double, 2>(E, 9);
  stencil::Grid<double, 2> GS(S), GN(N);
  const stencil::Grid<double, 2> GF(F);
  std::vector<double> Ref, Got;
  for (int I = 0; I < 6; ++I) {
    double Sum = 0.0;
    stencil::reference(helmholtz, S, F, N, Sum, Ax, Ay, Bc, Omega);
    Ref.push_back(Sum);
    std::swap(S, N);
  }
  for (const auto &R : gpu::helmholtz_sweeps(GS, GF, GN, Ax, Ay, Bc, Omega, 6))
    Got.push_back(R.error);
  Check.field("helmholtz cpu state", S, GS.download(), 0.0);
  Check.field("helmholtz cpu next", N, GN.download(), 0.0);
  Check.series("helmholtz cpu sums", Ref, Got, 1e-12);
}

/// The same for relax3: the CPU reference's float arithmetic is the GPU's
/// (no contraction), so the grids are compared bit for bit; the sums of f32
/// terms in f64 differ only by the order of additions.
void checkRelax3AgainstCpu(example::Checker &Check,
                           const stencil::Extents<3> &E) {
  auto S = randomGrid<float, 3>(E, 17), N = randomGrid<float, 3>(E, 18);
  const auto F = randomGrid<float, 3>(E, 19);
  stencil::Grid<float, 3> GS(S), GN(N);
  const stencil::Grid<float, 3> GF(F);
  std::vector<double> RefChange, RefTop, GotChange, GotTop;
  for (int I = 0; I < 6; ++I) {
    float Change = 0.0f, Top = 0.0f;
    stencil::reference(relax3, S, F, N, Change, Top, W3);
    RefChange.push_back(Change);
    RefTop.push_back(Top);
    std::swap(S, N);
  }
  for (const auto &R : gpu::relax3_sweeps(GS, GF, GN, W3, 6)) {
    GotChange.push_back(R.change);
    GotTop.push_back(R.top);
  }
  Check.field("relax3 cpu state", S, GS.download(), 0.0);
  Check.field("relax3 cpu next", N, GN.download(), 0.0);
  Check.series("relax3 cpu sums", RefChange, GotChange, 1e-6);
  Check.series("relax3 cpu tops", RefTop, GotTop, 0.0);
}

/// A program's own CUDA graph of async:: launches: six helmholtz sweeps
/// captured from a stream, the graph replayed twice, against twelve sweeps
/// of the one-sweep loop. Each replay must mark its results' ring entries
/// again (ResultRing records its events as graph nodes while the stream is
/// captured), so get() after a replay reads that replay's totals.
void checkGraphCapture(example::Checker &Check) {
  using G = stencil::Grid<double, 2>;
  const stencil::Extents<2> E{67, 41};
  const auto S0 = randomGrid<double, 2>(E, 41),
             N0 = randomGrid<double, 2>(E, 42);
  const G F(randomGrid<double, 2>(E, 43));
  G RS(S0), RN(N0), GS(S0), GN(N0);
  cudaStream_t Stream;
  STENCIL_CUDA_CHECK(cudaStreamCreateWithFlags(&Stream, cudaStreamNonBlocking),
                     "fused");
  stencil::LaunchOptions O;
  O.Stream = Stream;
  std::vector<stencil::Pending<gpu::helmholtz_result>> Captured;
  cudaGraph_t Graph;
  cudaGraphExec_t Exec;
  STENCIL_CUDA_CHECK(
      cudaStreamBeginCapture(Stream, cudaStreamCaptureModeThreadLocal),
      "fused");
  for (int I = 0; I < 6; ++I) {
    Captured.push_back(gpu::async::helmholtz(GS, F, GN, Ax, Ay, Bc, Omega, O));
    std::swap(GS, GN);
  }
  STENCIL_CUDA_CHECK(cudaStreamEndCapture(Stream, &Graph), "fused");
  STENCIL_CUDA_CHECK(cudaGraphInstantiate(&Exec, Graph, 0), "fused");
  for (int Replay = 0; Replay < 2; ++Replay) {
    std::vector<gpu::helmholtz_result> Got;
    STENCIL_CUDA_CHECK(cudaGraphLaunch(Exec, Stream), "fused");
    for (auto &P : Captured)
      Got.push_back(P.get());
    const std::vector<gpu::helmholtz_result> Ref =
        loop(helmholtzKernel(), RS, F, RN, 6, {});
    // Six sweeps leave the grids in the roles they started in.
    compare(Check,
            "helmholtz graph of 6 async launches, replay " +
                std::to_string(Replay + 1),
            helmholtzKernel(), RS, RN, Ref, GS, GN, Got);
  }
  STENCIL_CUDA_CHECK(cudaGraphExecDestroy(Exec), "fused");
  STENCIL_CUDA_CHECK(cudaGraphDestroy(Graph), "fused");
  STENCIL_CUDA_CHECK(cudaStreamDestroy(Stream), "fused");
}

int check() {
  example::Checker Check("fused");
  const std::vector<stencil::Extents<2>> Sizes =
      Quick ? std::vector<stencil::Extents<2>>{{67, 41}, {70, 300}}
            : std::vector<stencil::Extents<2>>{{67, 41}, {3, 5},    {5, 3},
                                               {1, 7},   {33, 129}, {100, 70},
                                               {70, 300}};
  for (const stencil::Extents<2> &E : Sizes) {
    checkKernel(Check, helmholtzKernel(), E, 11);
    checkKernel(Check, wideKernel(), E, 21);
    checkKernel(Check, lifeKernel(), E, 31);
    checkKernel(Check, heatcKernel(), E, 41);
    checkKernel(Check, mircKernel(), E, 51);
    checkKernel(Check, rowcKernel(), E, 61);
  }
  // Stop rules (stencil::StopRule): positions in and beyond the launches
  // queued ahead; an empty interior's results are identities.
  const std::vector<int> Ats = Quick ? std::vector<int>{0, 11}
                                     : std::vector<int>{0, 1, 2, 3, 4, 5, 6,
                                                        13, 14, 25, 30};
  for (const stencil::Extents<2> &E :
       Quick ? std::vector<stencil::Extents<2>>{{67, 41}}
             : std::vector<stencil::Extents<2>>{
                   {67, 41}, {3, 5}, {33, 129}, {70, 300}}) {
    checkRules(Check, helmholtzKernel(), E, 11, Ats);
    checkRules(Check, wideKernel(), E, 21, Ats);
    checkRules(Check, heatcKernel(), E, 41, Ats);
  }
  checkRules(Check, helmholtzKernel(), {1, 7}, 11, {0, 1});
  checkAgainstCpu(Check, {67, 41});
  checkAgainstCpu(Check, {130, 260});
  checkGraphCapture(Check);
  // Errors a user can make: a negative count, a depth out of range.
  {
    stencil::Grid<double, 2> S(randomGrid<double, 2>({9, 9}, 1)),
        N(randomGrid<double, 2>({9, 9}, 2)),
        F(randomGrid<double, 2>({9, 9}, 3));
    std::string What;
    try {
      gpu::helmholtz_sweeps(S, F, N, Ax, Ay, Bc, Omega, -1);
    } catch (const stencil::Error &Err) {
      What = Err.what();
    }
    Check.holds("negative sweeps throws",
                What.find("0 or more") != std::string::npos, What);
    What.clear();
    try {
      stencil::LaunchOptions O;
      O.SweepDepth = 5;
      gpu::helmholtz_sweeps(S, F, N, Ax, Ay, Bc, Omega, 3, O);
    } catch (const stencil::Error &Err) {
      What = Err.what();
    }
    Check.holds("depth 5 throws",
                What.find("SweepDepth 5") != std::string::npos, What);
    What.clear();
    try {
      stencil::LaunchOptions O;
      O.SweepDepth = -2;
      gpu::helmholtz_sweeps(S, F, N, Ax, Ay, Bc, Omega, 3, O);
    } catch (const stencil::Error &Err) {
      What = Err.what();
    }
    Check.holds("depth -2 throws",
                What.find("SweepDepth -2") != std::string::npos, What);
  }
  // Rank 3, after every rank-2 check (whose output stays as it was): odd
  // sizes, sizes below any plausible tile, an empty interior (extent 1
  // along dimension 0), sizes no plausible tile divides, and the streamed
  // dimension 0 both shorter and longer than the others. {66, 18, 62}: an
  // interior of exactly 64 planes of 16 x 60 points (one chunk and one tile
  // of the first rank-3 lowering at its default depth, 2), {67, 19, 63} one
  // point more along each dimension.
  const std::vector<stencil::Extents<3>> Sizes3 =
      Quick ? std::vector<stencil::Extents<3>>{{9, 7, 5}, {37, 21, 70}}
            : std::vector<stencil::Extents<3>>{
                  {3, 4, 5},     {9, 7, 5},     {1, 6, 7},    {37, 21, 70},
                  {70, 33, 130}, {130, 19, 67}, {66, 18, 62}, {67, 19, 63}};
  for (const stencil::Extents<3> &E : Sizes3)
    checkKernel(Check, relax3Kernel(), E, 51);
  for (const stencil::Extents<3> &E :
       Quick ? std::vector<stencil::Extents<3>>{{37, 21, 70}}
             : std::vector<stencil::Extents<3>>{
                   {9, 7, 5}, {37, 21, 70}, {66, 18, 62}, {3, 4, 5}})
    checkRules(Check, relax3Kernel(), E, 51, Ats);
  checkRules(Check, relax3Kernel(), {1, 6, 7}, 51, {0});
  checkRelax3AgainstCpu(Check, {37, 21, 70});
  // relax3c: a record read and carried as a vector, a grid carried alone,
  // at the compiled depth and every other (odd sizes, one not a multiple
  // of the tile, one below it).
  for (const stencil::Extents<3> &E :
       Quick ? std::vector<stencil::Extents<3>>{{37, 21, 70}}
             : std::vector<stencil::Extents<3>>{
                   {9, 7, 5}, {37, 21, 70}, {67, 19, 63}})
    checkKernel(Check, relax3cKernel(), E, 55);
  checkRelax3cAgainstCpu(Check, {37, 21, 70});
  // clip2s: the next state stored in both branches of an if, fused once the
  // stores are sunk into one; at every depth, odd sizes, below a tile.
  for (const stencil::Extents<2> &E :
       Quick ? std::vector<stencil::Extents<2>>{{67, 41}}
             : std::vector<stencil::Extents<2>>{{67, 41}, {3, 5}, {70, 300}})
    checkKernel(Check, clip2sKernel(), E, 63);
  checkRules(Check, clip2sKernel(), {67, 41}, 63, Ats);
  // Sweeps that are not fused (persistent launches where forced or where
  // the grids fit in L2): rank 2 with vectors, rank 1.
  for (const stencil::Extents<2> &E :
       Quick ? std::vector<stencil::Extents<2>>{{67, 41}}
             : std::vector<stencil::Extents<2>>{
                   {67, 41}, {3, 5}, {1, 7}, {70, 300}, {513, 1030}})
    checkKernel(Check, clip2Kernel(), E, 61);
  for (const stencil::Extents<1> &E :
       Quick ? std::vector<stencil::Extents<1>>{{1001}}
             : std::vector<stencil::Extents<1>>{{4}, {5}, {1001}, {100003}})
    checkKernel(Check, smooth1Kernel(), E, 71);
  // Their NAME_until with a rule: persistent launches testing it on the
  // device after each sweep, the stop in the first and the second launch.
  const std::vector<int> AtsLong =
      Quick ? std::vector<int>{0, 11}
            : std::vector<int>{0, 1, 2, 3, 5, 13, 30, 31, 32, 33, 40};
  for (const stencil::Extents<2> &E :
       Quick ? std::vector<stencil::Extents<2>>{{67, 41}}
             : std::vector<stencil::Extents<2>>{{67, 41}, {513, 1030}})
    checkRules(Check, clip2Kernel(), E, 61, AtsLong);
  for (const stencil::Extents<1> &E :
       Quick ? std::vector<stencil::Extents<1>>{{1001}}
             : std::vector<stencil::Extents<1>>{{1001}, {100003}})
    checkRules(Check, smooth1Kernel(), E, 71, AtsLong);
  return Check.finish();
}

/// One tuned NAME_sweeps (7 sweeps) and NAME_until (a host stop at sweep 4,
/// cap 9) against the loop, UntilFirst: which of the two tunes the extents
/// class (both share the kernel name NAME_sweeps in the cache).
template <class T, class C, class Result, int Rank>
void checkTunedKernel(example::Checker &Check,
                      const Kernel<T, C, Result, Rank> &K,
                      const typename ExtentsOf<Rank>::Type &E, uint64_t Seed,
                      bool UntilFirst, int Round) {
  const auto S0 = randomGrid<T, Rank>(E, Seed),
             N0 = randomGrid<T, Rank>(E, Seed + 1);
  const stencil::Grid<C, Rank> Coef(randomGrid<C, Rank>(E, Seed + 2));
  const std::string Where = std::string(K.Name) + " " +
                            stencil::formatExtents<Rank>(E) + " round " +
                            std::to_string(Round);
  auto Sweeps = [&] {
    stencil::Grid<T, Rank> RS(S0), RN(N0), GS(S0), GN(N0);
    const std::vector<Result> RefR = loop(K, RS, Coef, RN, 7, {});
    const std::vector<Result> Got = K.Sweeps(GS, Coef, GN, 7, {});
    compare(Check, Where + " tuned _sweeps n=7", K, RS, RN, RefR, GS, GN, Got);
  };
  auto Until = [&] {
    if (!K.Until)
      return;
    int Calls = 0;
    auto Stop = [&](const Result &) { return ++Calls == 4; };
    stencil::Grid<T, Rank> RS(S0), RN(N0), GS(S0), GN(N0);
    const std::vector<Result> RefR = loop<T, C, Result>(K, RS, Coef, RN, 9, Stop);
    Calls = 0;
    const std::vector<Result> Got = K.Until(GS, Coef, GN, 9, Stop, {});
    compare(Check, Where + " tuned _until cap=9 stop=4", K, RS, RN, RefR, GS,
            GN, Got);
  };
  if (UntilFirst) {
    Until();
    Sweeps();
  } else {
    Sweeps();
    Until();
  }
}

/// A tuning run whose snapshot of the outputs does not fit in device memory
/// (all but one grid's bytes and a margin held by the test): the launch runs
/// untuned, bit for bit the loop, and caches nothing for its extents class
/// (checkTuned counts the entries). Before it, OutputSnapshot alone: a copy
/// too large for any GPU fails cleanly, leaving no CUDA error.
void checkTunedWithoutRoom(example::Checker &Check) {
  {
    stencil::detail::OutputSnapshot Huge({{nullptr, size_t(1) << 60}});
    const bool Saved = Huge.save("snapshot");
    const cudaError_t After = cudaGetLastError();
    Check.holds("tuned.snapshot_too_large_fails", !Saved && After == cudaSuccess,
                std::string("save ") + (Saved ? "succeeded" : "failed") +
                    ", then " + cudaGetErrorString(After));
  }
  using G = stencil::Grid<double, 2>;
  const stencil::Extents<2> E{3001, 2999}; // class 4096x4096: not tuned yet
  const auto K = helmholtzKernel();
  const auto S0 = randomGrid<double, 2>(E, 81), N0 = randomGrid<double, 2>(E, 82);
  const G Coef(randomGrid<double, 2>(E, 83));
  G RS(S0), RN(N0), GS(S0), GN(N0);
  const std::vector<gpu::helmholtz_result> RefR = loop(K, RS, Coef, RN, 7, {});
  size_t Free = 0, Total = 0;
  STENCIL_CUDA_CHECK(cudaMemGetInfo(&Free, &Total), "cudaMemGetInfo");
  // The snapshot copies GS and GN: leave room for one and 48 MiB.
  const size_t Keep = GS.bytes() + (size_t(48) << 20);
  void *Hog = nullptr;
  if (Free > Keep)
    STENCIL_CUDA_CHECK(cudaMalloc(&Hog, Free - Keep), "the test's hold");
  const std::vector<gpu::helmholtz_result> Got = K.Sweeps(GS, Coef, GN, 7, {});
  if (Hog)
    STENCIL_CUDA_CHECK(cudaFree(Hog), "the test's hold");
  compare(Check, "helmholtz [3001x2999] tuned without room _sweeps n=7", K, RS,
          RN, RefR, GS, GN, Got);
}

/// fused --check-tuned: NAME_sweeps and NAME_until of every fused kernel
/// with STENCIL_TUNE=1 and a fresh cache file, twice: the first call for an
/// extents class times every depth (-1, as compiled, 1 to 4) from the
/// caller's grids, saved before and put back after each trial with their
/// handles; the second round uses the depths chosen. Every grid and result
/// must be the unfused loop's, bit for bit (sums as --check compares them),
/// and the cache must hold a NAME_sweeps entry for each fused kernel.
int checkTuned() {
  const std::string Cache =
      "/tmp/stencilc-fused-tune-" + std::to_string(::getpid()) + ".txt";
  std::remove(Cache.c_str());
  ::setenv("STENCIL_TUNE", "1", 1);
  ::setenv("STENCIL_TUNE_CACHE", Cache.c_str(), 1);
  example::Checker Check("fused tuned");
  for (int Round = 0; Round < 2; ++Round) {
    // Extents of different classes: the first tuned by NAME_sweeps, the
    // second by NAME_until.
    for (const auto &[E, UntilFirst] :
         std::vector<std::pair<stencil::Extents<2>, bool>>{
             {{67, 41}, false}, {{513, 1030}, true}}) {
      checkTunedKernel(Check, helmholtzKernel(), E, 11, UntilFirst, Round);
      checkTunedKernel(Check, wideKernel(), E, 21, UntilFirst, Round);
      checkTunedKernel(Check, lifeKernel(), E, 31, UntilFirst, Round);
    }
    for (const auto &[E, UntilFirst] :
         std::vector<std::pair<stencil::Extents<3>, bool>>{
             {{37, 21, 70}, false}, {{130, 67, 67}, true}})
      checkTunedKernel(Check, relax3Kernel(), E, 51, UntilFirst, Round);
  }
  checkTunedWithoutRoom(Check);
  stencil::detail::TuneCache File;
  std::vector<std::string> Warnings;
  const bool Read = File.load(Cache, Warnings);
  Check.holds("tuned.cache_written", Read && Warnings.empty(),
              Read ? std::to_string(File.entries().size()) + " entries"
                   : "no file " + Cache);
  for (const char *Kernel :
       {"helmholtz_sweeps", "wide_sweeps", "life_sweeps", "relax3_sweeps"}) {
    int Found = 0;
    std::string Depths;
    for (const stencil::detail::TuneEntry &E : File.entries())
      if (E.Kernel == Kernel) {
        ++Found;
        Depths += " " + E.Class + ":" + std::to_string(E.Shape.SweepDepth);
      }
    // One entry per extents class (two classes each; none for the class
    // checkTunedWithoutRoom launched without room to tune).
    Check.holds((std::string("tuned.cache_has_") + Kernel).c_str(), Found == 2,
                std::to_string(Found) + " entries (class:depth" + Depths + ")");
  }
  std::remove(Cache.c_str());
  return Check.finish();
}

/// ms per sweep of Body (Sweeps sweeps), median of Reps calls after two
/// warm-up calls, each from the same initial grids: a converged state (zero
/// residuals, an exact division's slow path) would time other work.
template <class T, int Rank, class F>
std::vector<double>
timeSweeps(stencil::Grid<T, Rank> &S, stencil::Grid<T, Rank> &N,
           const stencil::Grid<T, Rank> &S0, const stencil::Grid<T, Rank> &N0,
           int Sweeps, int Reps, F &&Body) {
  example::Timer Clock;
  std::vector<double> Ms;
  for (int I = -2; I < Reps; ++I) {
    S.copyFrom(S0);
    N.copyFrom(N0);
    Clock.start();
    Body();
    const double PerSweep = Clock.stop() / Sweeps;
    if (I >= 0)
      Ms.push_back(PerSweep);
  }
  return Ms;
}

template <class T, class C, class Result, int Rank>
void benchKernel(const Kernel<T, C, Result, Rank> &K,
                 const typename ExtentsOf<Rank>::Type &E, int BytesPerPoint,
                 int Reps) {
  const int Sweeps = 20;
  const stencil::Grid<T, Rank> S0(randomGrid<T, Rank>(E, 1)),
      N0(randomGrid<T, Rank>(E, 2));
  stencil::Grid<T, Rank> S(E), N(E);
  const stencil::Grid<C, Rank> F(randomGrid<C, Rank>(E, 3));
  // The interior at radius 1 (wide's radius 2 along dimension 1 counted as
  // 1, as before).
  int64_t Points = 1;
  for (int D = 0; D < Rank; ++D)
    Points *= E[D] - 2;
  example::printBench(std::string(K.Name) + ".loop", Points, BytesPerPoint,
                      timeSweeps(S, N, S0, N0, Sweeps, Reps, [&] {
                        loop<T, C, Result>(K, S, F, N, Sweeps, {});
                      }));
  // Each depth with the scratch grid (as by default: every launch that
  // deep, the last writing both buffers) and without it (the last launch a
  // single sweep: NAME.depthK.noscratch).
  for (int Depth = 1; Depth <= 4; ++Depth)
    for (int Scratch : {-1, 0}) {
      if (Depth == 1 && Scratch == 0)
        continue; // depth 1 never takes it
      stencil::LaunchOptions O;
      O.SweepDepth = Depth;
      O.SweepScratch = Scratch;
      example::printBench(std::string(K.Name) + ".depth" +
                              std::to_string(Depth) +
                              (Scratch ? "" : ".noscratch"),
                          Points, BytesPerPoint,
                          timeSweeps(S, N, S0, N0, Sweeps, Reps,
                                     [&] { K.Sweeps(S, F, N, Sweeps, O); }));
    }
}

/// Launch-bound sizes: ms per sweep of NAME_sweeps (64 sweeps per call) as
/// a launch per sweep (NAME.small.queued, PersistentSweeps = 0) and as
/// persistent launches (NAME.small.persistent, PersistentSweeps = 1).
template <class T, class C, class Result, int Rank>
void benchPersistent(const Kernel<T, C, Result, Rank> &K,
                     const typename ExtentsOf<Rank>::Type &E,
                     int BytesPerPoint, int Reps,
                     const char *Without = "queued") {
  const int Sweeps = 64;
  const stencil::Grid<T, Rank> S0(randomGrid<T, Rank>(E, 1)),
      N0(randomGrid<T, Rank>(E, 2));
  stencil::Grid<T, Rank> S(E), N(E);
  const stencil::Grid<C, Rank> F(randomGrid<C, Rank>(E, 3));
  int64_t Points = 1;
  for (int D = 0; D < Rank; ++D)
    Points *= E[D] - 2;
  for (int Persistent : {0, 1}) {
    stencil::LaunchOptions O;
    O.PersistentSweeps = Persistent;
    example::printBench(std::string(K.Name) + ".small." +
                            (Persistent ? "persistent" : Without),
                        Points, BytesPerPoint,
                        timeSweeps(S, N, S0, N0, Sweeps, Reps,
                                   [&] { K.Sweeps(S, F, N, Sweeps, O); }));
  }
  // NAME_until with a rule that never holds: the host's test after every
  // sweep (a launch per sweep) against the device's (persistent).
  if (!K.RuleUntil)
    return;
  const stencil::StopRule<Result> Never = K.RuleAt({}, 0);
  for (int Persistent : {0, 1}) {
    stencil::LaunchOptions O;
    O.PersistentSweeps = Persistent;
    example::printBench(
        std::string(K.Name) + ".small.until." +
            (Persistent ? "persistent" : Without),
        Points, BytesPerPoint, timeSweeps(S, N, S0, N0, Sweeps, Reps, [&] {
          K.RuleUntil(S, F, N, Sweeps, Never, O);
        }));
  }
}

int bench(int Reps) {
  benchPersistent(relax3Kernel(), {64, 64, 128}, 12, Reps);
  benchPersistent(relax3Kernel(), {32, 32, 64}, 12, Reps);
  benchPersistent(clip2Kernel(), {1024, 1024}, 12, Reps);
  benchPersistent(smooth1Kernel(), {1 << 20}, 24, Reps);
  // Fused rank 2 (persistent only where LaunchOptions::PersistentSweeps
  // asks): fused launches of four sweeps against persistent ones.
  benchPersistent(helmholtzKernel(), {256, 256}, 24, Reps, "fused");
  benchPersistent(helmholtzKernel(), {1024, 1024}, 24, Reps, "fused");
  benchPersistent(lifeKernel(), {1024, 1024}, 16, Reps, "fused");
  benchKernel(helmholtzKernel(), {5000, 5120}, 24, Reps);
  benchKernel(wideKernel(), {8192, 8192}, 12, Reps);
  benchKernel(lifeKernel(), {4096, 4096}, 16, Reps);
  // Boundary rules in fused tiles: heatc (Clamp, Reflect) against heatu,
  // the same sweep without rules; the loop is heatc's split launch.
  benchKernel(heatcKernel(), {5000, 5120}, 24, Reps);
  benchKernel(heatuKernel(), {5000, 5120}, 24, Reps);
  benchKernel(mircKernel(), {8192, 8192}, 12, Reps);
  // p read, c read, q written.
  benchKernel(relax3Kernel(), {512, 256, 256}, 12, Reps);
  return 0;
}

} // namespace

int main(int Argc, char **Argv) {
  bool Check = false, Bench = false, CheckTuned = false;
  int Reps = 10;
  example::Options Flags("fused", "fused --check | --bench [--reps N]");
  Flags.flag("--check", Check, "compare NAME_sweeps/NAME_until with the loop");
  Flags.flag("--quick", Quick, "with --check: a few cases of each kind");
  Flags.flag("--check-tuned", CheckTuned,
             "NAME_sweeps and NAME_until autotuned (STENCIL_TUNE=1), twice, "
             "against the loop");
  Flags.flag("--bench", Bench,
             "BENCH lines: ms per sweep, loop and each depth");
  Flags.add("--reps", Reps, "timed calls per BENCH line");
  Flags.parse(Argc, Argv);
  try {
    if (Bench)
      return bench(Reps);
    if (CheckTuned)
      return checkTuned();
    return check();
  } catch (const std::exception &E) {
    std::fprintf(stderr, "error: %s\n", E.what());
    return 2;
  }
}
