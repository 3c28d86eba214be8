// main.cu - the Himeno benchmark (RIKEN) on the GPU through the host API
// stencilc generated from himeno.spec.cpp, or on the CPU through the spec.
// Sizes, initial state and sweep are the original's (himenoBMTxpa.c, the
// dynamic-allocation version; WORKLOADS.md section 3): arrays of
// mimax x mjmax x mkmax points, boundaries included (XS 32x32x64 ...
// XL 512x512x1024), the sweep over the interior 1 <= i < mimax-1.
//
//   himeno [--size XS|S|M|L|XL] [--iters N] [--cpu | --check | --bench [--reps
//   R]]
//          [--block BXxBYxBZ] [--ppt N] [--persistent 0|1]
//          [--fused [--sweep-depth K]]
//
// Every mode reports gosa after exactly --iters sweeps from the initial state
// (the GPU run's warm-up sweep is undone: p is uploaded again before the
// counted sweeps).
// --cpu runs the original's jacobi() as RIKEN wrote it (gosa summed in a
// float, sequentially in loop order i, j, k: the value the original prints),
// the same loop with gosa summed in double (the float64 reference), and the
// spec through stencil::reference, which must give the original's p on every
// point. At the published runs (XS 3 sweeps, S 200) it checks the float sum
// against RIKEN's published gosa (rel 1e-3) and exits 1 if it differs.
// --check runs the GPU for --iters sweeps (default 10) one sweep at a time
// beside the spec's CPU reference and the original's loop: p on every point
// (rel 1e-5 against the spec's reference, which must equal the original's
// exactly) and gosa after every sweep against the float64-accumulated
// reference (rel 1e-6; the GPU sums in double). Half-way it changes one
// coefficient array (bnd) on all sides: a GPU that kept a stale packed copy
// of the coefficients (merge-arrays) fails the comparison. Then it runs the
// GPU path of the plain run (warm-up sweep, reset, --iters pipelined sweeps)
// and checks its gosa and p against an unperturbed float64 reference run and
// against the same sweeps issued one at a time (exact).
// --bench prints BENCH lines (examples/common/harness.hpp) per size: per host
// call (the sweep and its gosa read back), per sweep of the pipelined
// loop that the GPU run uses (each sweep queued through gpu::async before the
// previous gosa is read), and per sweep of the same batches through
// gpu::jacobi_sweeps (.fused; --sweep-depth K: .fused_depthK).
// --fused runs the counted sweeps through gpu::jacobi_sweeps (fuse-sweeps:
// several sweeps per launch; --sweep-depth K of them). With --check it
// compares jacobi_sweeps and jacobi_until with the loop of one-sweep launches
// from the same state: p and wrk2 bit for bit, every sweep's gosa within one
// float ulp (FusedGosaTolerance), the stop of jacobi_until at every position
// of the first launches.
#include "himeno.spec.cpp" // the kernel, for the CPU reference
#include "himeno_gen.h"    // namespace gpu: the generated host API

#include "../common/harness.hpp"

#include <algorithm>
#include <chrono>
#include <array>
#include <cmath>
#include <cstdio>
#include <memory>
#include <cstring>
#include <functional>
#include <limits>
#include <string>
#include <utility>
#include <vector>

namespace {

/// --block / --ppt / --persistent: the launch shape, instead of the compiled
/// one.
stencil::LaunchOptions Launch;
/// Their parser; --shapes (--bench) adds BENCH lines NAME@SHAPE, one per shape.
std::unique_ptr<example::LaunchFlags<stencil::LaunchOptions>> Flags;

struct Size {
  const char *Name;
  int64_t I, J, K; ///< mimax, mjmax, mkmax: every point, boundaries included
};
constexpr Size Sizes[] = {{"XS", 32, 32, 64},
                          {"S", 64, 64, 128},
                          {"M", 128, 128, 256},
                          {"L", 256, 256, 512},
                          {"XL", 512, 512, 1024}};
/// Larger than one GPU holds (with merge-arrays' records): for --gpus and
/// --mpi, not in --bench all.
constexpr Size BigSizes[] = {{"XXL", 1024, 1024, 2048}};

/// What the original prints (gosa summed in a float, of the last sweep) for
/// the runs RIKEN published (WORKLOADS.md section 3).
struct Published {
  const char *Size;
  int Iters;
  double Gosa;
};
constexpr Published PublishedRuns[] = {{"XS", 3, 6.227474e-03},
                                       {"S", 200, 1.688606e-03}};
constexpr double PublishedTolerance = 1e-3;
/// The GPU (double sum, rounded to float in the result) against the float64
/// reference.
constexpr double GosaTolerance = 1e-6;
/// jacobi_sweeps' gosa against the loop's, sweep by sweep. Both sum the same
/// float terms in double and differ only in the order of the additions
/// (fuse-sweeps' tiles own other points than the one-sweep blocks), a
/// relative 1e-13 or so at these sizes; but jacobi_result::gosa is that sum
/// rounded to float, and two doubles either side of a float's rounding
/// boundary round to adjacent floats. Adjacent floats differ by less than
/// FLT_EPSILON relative, so this is one float ulp: a tolerance like 1e-10
/// would demand equal floats, which holds nearly always, not always.
constexpr double FusedGosaTolerance = std::numeric_limits<float>::epsilon();

/// --fused: the counted sweeps through gpu::jacobi_sweeps (fuse-sweeps,
/// docs/passes/fuse-sweeps.md), several per launch. SweepDepth (--sweep-depth,
/// also for --bench's fused row): sweeps per launch, 0 as compiled.
bool Fused = false;
int SweepDepth = 0;
/// The deepest LaunchOptions::SweepDepth.
constexpr int MaxSweepDepth = 4;

const Size *findSize(const std::string &Name) {
  for (const Size &S : Sizes)
    if (Name == S.Name)
      return &S;
  for (const Size &S : BigSizes)
    if (Name == S.Name)
      return &S;
  return nullptr;
}

using Field = stencil::HostGrid<float, 3>;
constexpr int NumCoefficients = 12;
/// Coef's order: a0 a1 a2 a3 b0 b1 b2 c0 c1 c2 wrk1 bnd (the kernel's).
enum { A0, A1, A2, A3, B0, B1, B2, C0, C1, C2, Wrk1, Bnd };

/// The benchmark's initial state (himenoBMTxpa.c, initmt): a0..a2 = 1,
/// a3 = 1/6, b = 0, c = 1, wrk1 = 0, bnd = 1 and
/// p[i][j][k] = (float)(i*i) / (float)((mimax-1)*(mimax-1)) on every point.
struct State {
  std::array<Field, NumCoefficients> Coef;
  Field P;
  explicit State(const Size &S) {
    stencil::Extents<3> E{S.I, S.J, S.K};
    const float Values[NumCoefficients] = {1, 1, 1, 1.0f / 6.0f, 0, 0,
                                           0, 1, 1, 1,           0, 1};
    for (int C = 0; C < NumCoefficients; ++C)
      Coef[C] = Field(E, Values[C]);
    P = Field(E);
    for (int64_t I = 0; I < S.I; ++I) {
      // In float, as the C: both operands are exact (i*i < 2^24).
      const float V =
          static_cast<float>(I * I) / static_cast<float>((S.I - 1) * (S.I - 1));
      for (int64_t J = 0; J < S.J; ++J)
        for (int64_t K = 0; K < S.K; ++K)
          P(I, J, K) = V;
    }
  }
};

/// The mid-run change of --check: bnd = 0.5 on the lower half of i.
void perturb(Field &Bnd) {
  for (int64_t I = 0; I < Bnd.extent(0) / 2; ++I)
    for (int64_t J = 0; J < Bnd.extent(1); ++J)
      for (int64_t K = 0; K < Bnd.extent(2); ++K)
        Bnd(I, J, K) = 0.5f;
}

constexpr float Omega = 0.8f;

/// gosa of one sweep of the original's loop, summed two ways in the same
/// order (i, j, k): in a float, as the C, and in double.
struct OriginalGosa {
  float Float;
  double Double;
};

/// One sweep of jacobi() as himenoBMTxpa.c writes it, the expressions in the
/// C's order and in float; then p = wrk2 on the interior. The spec computes
/// the same p (the --cpu and --check modes compare them exactly).
OriginalGosa originalSweep(const std::array<Field, NumCoefficients> &C,
                           Field &P, Field &Wrk2) {
  const Field &a0 = C[A0], &a1 = C[A1], &a2 = C[A2], &a3 = C[A3], &b0 = C[B0],
              &b1 = C[B1], &b2 = C[B2], &c0 = C[C0], &c1 = C[C1], &c2 = C[C2],
              &wrk1 = C[Wrk1], &bnd = C[Bnd];
  const Field &p = P;
  const int64_t Imax = P.extent(0) - 1, Jmax = P.extent(1) - 1,
                Kmax = P.extent(2) - 1;
  float Gosa = 0.0f;
  double Gosa64 = 0.0;
  for (int64_t i = 1; i < Imax; ++i)
    for (int64_t j = 1; j < Jmax; ++j)
      for (int64_t k = 1; k < Kmax; ++k) {
        float s0 = a0(i, j, k) * p(i + 1, j, k) + a1(i, j, k) * p(i, j + 1, k) +
                   a2(i, j, k) * p(i, j, k + 1) +
                   b0(i, j, k) * (p(i + 1, j + 1, k) - p(i + 1, j - 1, k) -
                                  p(i - 1, j + 1, k) + p(i - 1, j - 1, k)) +
                   b1(i, j, k) * (p(i, j + 1, k + 1) - p(i, j - 1, k + 1) -
                                  p(i, j + 1, k - 1) + p(i, j - 1, k - 1)) +
                   b2(i, j, k) * (p(i + 1, j, k + 1) - p(i - 1, j, k + 1) -
                                  p(i + 1, j, k - 1) + p(i - 1, j, k - 1)) +
                   c0(i, j, k) * p(i - 1, j, k) + c1(i, j, k) * p(i, j - 1, k) +
                   c2(i, j, k) * p(i, j, k - 1) + wrk1(i, j, k);
        float ss = (s0 * a3(i, j, k) - p(i, j, k)) * bnd(i, j, k);
        const float Sq = ss * ss;
        Gosa += Sq;
        Gosa64 += static_cast<double>(Sq);
        Wrk2(i, j, k) = p(i, j, k) + Omega * ss;
      }
  for (int64_t i = 1; i < Imax; ++i)
    for (int64_t j = 1; j < Jmax; ++j)
      for (int64_t k = 1; k < Kmax; ++k)
        P(i, j, k) = Wrk2(i, j, k);
  return {Gosa, Gosa64};
}

/// Iters sweeps of the original's loop on P (bnd perturbed half-way when
/// Perturb); the gosa of every sweep.
std::vector<OriginalGosa> runOriginal(State &S, int Iters, bool Perturb) {
  Field Wrk2(S.P.extents(), 0.0f); // wrk2 = 0, as initmt sets it
  std::vector<OriginalGosa> Gosa;
  for (int N = 0; N < Iters; ++N) {
    if (Perturb && N == Iters / 2)
      perturb(S.Coef[Bnd]);
    Gosa.push_back(originalSweep(S.Coef, S.P, Wrk2));
  }
  return Gosa;
}

/// One sweep of the spec on the CPU (stencil::reference): wrk2 on the
/// interior, then p and wrk2 swap (the boundaries agree). Returns gosa, summed
/// in double (Sum<float, double>) and returned as float.
double specSweep(std::array<Field, NumCoefficients> &C, Field &P, Field &Wrk2) {
  float G = 0.0f;
  stencil::reference(jacobi, P, C[A0], C[A1], C[A2], C[A3], C[B0], C[B1], C[B2],
                     C[C0], C[C1], C[C2], C[Wrk1], C[Bnd], Wrk2, G, Omega);
  std::swap(P, Wrk2);
  return G;
}

/// The launch options of the fused launchers: every launch's (--block, ...)
/// and --sweep-depth.
stencil::LaunchOptions fusedLaunch() {
  stencil::LaunchOptions O = Launch;
  O.SweepDepth = SweepDepth;
  return O;
}

/// Each sweep's gosa of a multi-sweep launcher's results.
std::vector<double> gosaOf(const std::vector<gpu::jacobi_result> &Results) {
  std::vector<double> Gosa;
  for (const gpu::jacobi_result &R : Results)
    Gosa.push_back(R.gosa);
  return Gosa;
}

struct Device {
  std::vector<stencil::Grid<float, 3>> Coef;
  stencil::Grid<float, 3> P, Wrk2;
  explicit Device(const State &S) : P(S.P), Wrk2(S.P) {
    for (const Field &F : S.Coef)
      Coef.emplace_back(F);
  }
  /// p = wrk2 = P0: back to the initial state (the coefficients stay, and
  /// with them merge-arrays' packed copy).
  void reset(const Field &P0) {
    P.upload(P0);
    Wrk2.upload(P0);
  }
  /// p = P0, wrk2 = W0: their rings (the points no sweep writes) may differ,
  /// which the multi-sweep launchers must keep as the loop does.
  void reset(const Field &P0, const Field &W0) {
    P.upload(P0);
    Wrk2.upload(W0);
  }
  /// p = wrk2 = P0 from a device copy (--bench: between timed calls, without
  /// the host transfer).
  void reset(const stencil::Grid<float, 3> &P0) {
    P.copyFrom(P0);
    Wrk2.copyFrom(P0);
  }
  /// One sweep queued on the stream; p = wrk2 for the next one (the sweep
  /// writes the interior, the boundaries agree).
  stencil::Pending<gpu::jacobi_result> sweepAsync() {
    auto &C = Coef;
    auto G = gpu::async::jacobi(P, C[A0], C[A1], C[A2], C[A3], C[B0], C[B1],
                                C[B2], C[C0], C[C1], C[C2], C[Wrk1], C[Bnd],
                                Wrk2, Omega, Launch);
    using std::swap;
    swap(P, Wrk2);
    return G;
  }
  double sweep() { return sweepAsync().get().gosa; }
  /// N sweep() calls, one at a time (each gosa read before the next launch):
  /// the loop the multi-sweep launchers stand for. Each sweep's gosa.
  std::vector<double> loop(int N) {
    std::vector<double> Gosa;
    for (int I = 0; I < N; ++I)
      Gosa.push_back(sweep());
    return Gosa;
  }
  /// The same N sweeps through gpu::jacobi_sweeps (fuse-sweeps: several per
  /// launch, fusedLaunch()); P and Wrk2 as loop(N) leaves them (the grids may
  /// have traded places). Each sweep's gosa.
  std::vector<double> sweeps(int N) {
    auto &C = Coef;
    return gosaOf(gpu::jacobi_sweeps(P, C[A0], C[A1], C[A2], C[A3], C[B0],
                                     C[B1], C[B2], C[C0], C[C1], C[C2], C[Wrk1],
                                     C[Bnd], Wrk2, Omega, N, fusedLaunch()));
  }
  /// Through gpu::jacobi_until: at most Max sweeps, stopped after the first
  /// whose result makes Stop true. Each run sweep's gosa.
  std::vector<double>
  until(int Max, const std::function<bool(const gpu::jacobi_result &)> &Stop) {
    auto &C = Coef;
    return gosaOf(gpu::jacobi_until(P, C[A0], C[A1], C[A2], C[A3], C[B0], C[B1],
                                    C[B2], C[C0], C[C1], C[C2], C[Wrk1], C[Bnd],
                                    Wrk2, Omega, Max, Stop, fusedLaunch()));
  }
  /// Iters sweeps, each queued before the previous gosa is read (the GPU
  /// never waits for the host); returns the last gosa.
  double sweepPipelined(int Iters) {
    double Gosa = 0.0;
    example::pipelinedLoop(
        Iters, /*Pipelined=*/true, [&] { return sweepAsync(); },
        [&](const gpu::jacobi_result &R, int) {
          Gosa = R.gosa;
          return true;
        },
        [] {}, [](int) {});
    return Gosa;
  }
};

/// The plain GPU run: one warm-up sweep (with merge-arrays, the one packing
/// of the coefficients), p reset to the initial state, then Iters sweeps
/// pipelined and timed. gosa is the last of those Iters sweeps.
struct GpuRun {
  double Gosa, Ms;
};
GpuRun runGpuPipelined(Device &D, const Field &P0, int Iters) {
  D.sweep();
  D.reset(P0);
  example::Timer T;
  T.start();
  const double G = D.sweepPipelined(Iters);
  return {G, T.stop()};
}

/// --fused: the plain run's path through jacobi_sweeps. The warm-up's 5
/// sweeps are, at any depth K, a launch of K sweeps and the single last one
/// (and merge-arrays' one packing); p reset, then Iters sweeps in one call,
/// timed. gosa is the last sweep's.
constexpr int FusedWarmup = MaxSweepDepth + 1;
GpuRun runGpuFused(Device &D, const Field &P0, int Iters) {
  D.sweeps(std::min(Iters, FusedWarmup));
  D.reset(P0);
  example::Timer T;
  T.start();
  const std::vector<double> G = D.sweeps(Iters);
  return {G.back(), T.stop()};
}

int check(const Size &Z, int Iters) {
  example::Checker C(std::string("himeno ") + Z.Name +
                     " iters=" + std::to_string(Iters));
  {
    // One sweep at a time on the GPU, the spec's CPU reference and the
    // original's loop, side by side; bnd changes half-way on all three.
    State S(Z);
    Device D(S);
    Field SpecP = S.P, SpecWrk2 = S.P;
    Field OrigP = S.P, OrigWrk2(S.P.extents(), 0.0f);
    std::vector<double> GpuGosa, SpecGosa, Float64Gosa;
    for (int N = 0; N < Iters; ++N) {
      if (N == Iters / 2) {
        perturb(S.Coef[Bnd]);
        D.Coef[Bnd].upload(S.Coef[Bnd]);
      }
      GpuGosa.push_back(D.sweep());
      SpecGosa.push_back(specSweep(S.Coef, SpecP, SpecWrk2));
      Float64Gosa.push_back(originalSweep(S.Coef, OrigP, OrigWrk2).Double);
    }
    C.series("gosa", Float64Gosa, GpuGosa, GosaTolerance);
    C.series("gosa_spec_cpu", Float64Gosa, SpecGosa, GosaTolerance);
    C.field("p_spec_vs_original", OrigP, SpecP, 0.0);
    C.field("p", SpecP, D.P.download(), 1e-5);
  }
  {
    // The plain run's path (warm-up, reset, pipelined): gosa after exactly
    // Iters sweeps from the initial state; then the same sweeps one at a time
    // on the same grids, which must give the same bits.
    State S(Z);
    Device D(S);
    const double Pipelined = runGpuPipelined(D, S.P, Iters).Gosa;
    const Field PipelinedP = D.P.download();
    D.reset(S.P);
    double OneGosa = 0.0;
    for (int N = 0; N < Iters; ++N)
      OneGosa = D.sweep();
    C.scalar("gosa_pipelined", OneGosa, Pipelined, 0.0);
    C.field("p_pipelined", D.P.download(), PipelinedP, 0.0);
    const double Float64 =
        runOriginal(S, Iters, /*Perturb=*/false).back().Double;
    C.scalar("gosa_run_vs_float64", Float64, Pipelined, GosaTolerance);
    C.field("p_run", S.P, PipelinedP, 1e-5);
  }
  return C.finish();
}

/// What the grids hold after some sweeps: each sweep's gosa, p, wrk2.
struct Sweeps {
  std::vector<double> Gosa;
  Field P, Wrk2;
};
Sweeps snapshot(const Device &D, std::vector<double> Gosa) {
  return {std::move(Gosa), D.P.download(), D.Wrk2.download()};
}

/// --check --fused: jacobi_sweeps and jacobi_until against the loop of
/// one-sweep launches (Device::loop) on the same grids from the same state.
/// The fused state is the loop's bit for bit (docs/passes/fuse-sweeps.md):
/// p the newest sweep, wrk2 the one before, each with the ring the loop
/// leaves it; every sweep's gosa within FusedGosaTolerance.
int checkFused(const Size &Z, int Iters) {
  example::Checker C(
      std::string("himeno ") + Z.Name + " iters=" + std::to_string(Iters) +
      " fused depth=" + (SweepDepth ? std::to_string(SweepDepth) : "compiled"));
  State S(Z);
  Device D(S);
  const Field Bnd0 = S.Coef[Bnd];
  Field Perturbed = Bnd0;
  perturb(Perturbed);
  auto compare = [&](const std::string &What, const Sweeps &Loop,
                     const Sweeps &Got) {
    C.series((What + "_gosa").c_str(), Loop.Gosa, Got.Gosa, FusedGosaTolerance);
    C.field((What + "_p").c_str(), Loop.P, Got.P, 0.0);
    C.field((What + "_wrk2").c_str(), Loop.Wrk2, Got.Wrk2, 0.0);
  };
  auto append = [](std::vector<double> A, const std::vector<double> &B) {
    A.insert(A.end(), B.begin(), B.end());
    return A;
  };
  const int Half = Iters / 2;
  {
    // Iters sweeps in two calls, bnd changed between them, as check() changes
    // it: a fused launch that kept a stale packed copy of the coefficients
    // (merge-arrays) differs from the loop after the change.
    D.reset(S.P);
    D.Coef[Bnd].upload(Bnd0);
    std::vector<double> G = D.loop(Half);
    D.Coef[Bnd].upload(Perturbed);
    const Sweeps Loop = snapshot(D, append(G, D.loop(Iters - Half)));
    D.reset(S.P);
    D.Coef[Bnd].upload(Bnd0);
    G = D.sweeps(Half);
    D.Coef[Bnd].upload(Perturbed);
    const Sweeps Got = snapshot(D, append(G, D.sweeps(Iters - Half)));
    compare("sweeps", Loop, Got);
    // And against the original's loop on the CPU (bnd changed at the same
    // sweep), as check() compares the one-sweep launches.
    State Orig(Z);
    std::vector<double> Float64;
    for (const OriginalGosa &O : runOriginal(Orig, Iters, /*Perturb=*/true))
      Float64.push_back(O.Double);
    C.series("sweeps_gosa_vs_float64", Float64, Got.Gosa, GosaTolerance);
    C.field("sweeps_p_vs_original", Orig.P, Got.P, 1e-5);
    D.Coef[Bnd].upload(Bnd0);
  }
  {
    // wrk2 starting with a ring unlike p's: each buffer keeps its own ring,
    // and sweep t reads p's when t is odd, wrk2's when it is even.
    const Field Other(S.P.extents(), 0.5f);
    D.reset(S.P, Other);
    const Sweeps Loop = snapshot(D, D.loop(Iters));
    D.reset(S.P, Other);
    const Sweeps Got = snapshot(D, D.sweeps(Iters));
    compare("rings", Loop, Got);
  }
  // jacobi_until stopped at each of sweeps 1 to 9 (as far as Iters goes):
  // every position of its first two launches at any depth, where a stop
  // inside a launch replays it up to the stop; then at the cap (max_sweeps,
  // the stop never true). The stop counts its calls: one per sweep run, in
  // order, up to the one that stops.
  for (int StopAt = 1; StopAt <= std::min(Iters, 2 * MaxSweepDepth + 1);
       ++StopAt) {
    D.reset(S.P);
    const Sweeps Loop = snapshot(D, D.loop(StopAt));
    D.reset(S.P);
    int Calls = 0;
    const Sweeps Got =
        snapshot(D, D.until(Iters, [&](const gpu::jacobi_result &) {
          return ++Calls == StopAt;
        }));
    compare("until_stop" + std::to_string(StopAt), Loop, Got);
  }
  D.reset(S.P);
  const Sweeps Loop = snapshot(D, D.loop(Iters));
  D.reset(S.P);
  const Sweeps Got = snapshot(
      D, D.until(Iters, [](const gpu::jacobi_result &) { return false; }));
  compare("until_cap", Loop, Got);
  return C.finish();
}

int64_t interiorPoints(const Size &Z) {
  return (Z.I - 2) * (Z.J - 2) * (Z.K - 2);
}

void printResult(const Size &Z, int Iters, double Ms, double Gosa,
                 const char *Where) {
  // 34 flop per interior point, (mimax-2)(mjmax-2)(mkmax-2) points a sweep.
  double Mflops = 34.0 * double(interiorPoints(Z)) * Iters / (Ms * 1e-3) / 1e6;
  std::printf("himeno %s (%lldx%lldx%lld, interior %lldx%lldx%lld): %d "
              "iterations, %s\n",
              Z.Name, (long long)Z.I, (long long)Z.J, (long long)Z.K,
              (long long)(Z.I - 2), (long long)(Z.J - 2), (long long)(Z.K - 2),
              Iters, Where);
  std::printf(
      "  gosa: %.10e\n  time per iteration: %.4f ms\n  MFLOPS measured: %.1f\n",
      Gosa, Ms / Iters, Mflops);
}

int runGpu(const Size &Z, int Iters) {
  State S(Z);
  Device D(S);
  const GpuRun R =
      Fused ? runGpuFused(D, S.P, Iters) : runGpuPipelined(D, S.P, Iters);
  printResult(Z, Iters, R.Ms, R.Gosa,
              Fused ? "GPU, jacobi_sweeps (gosa summed in double)"
                    : "GPU (gosa summed in double)");
  return 0;
}

/// The original's loop (timed: it is the benchmark's CPU run), its float sum
/// checked against the published value where there is one, and the spec's
/// reference, which must give the same p.
int runCpuOnly(const Size &Z, int Iters) {
  State Orig(Z);
  // Host clock: the work is on the CPU, and a machine without a GPU has no
  // CUDA events to time it with.
  auto Begin = std::chrono::steady_clock::now();
  std::vector<OriginalGosa> G = runOriginal(Orig, Iters, false);
  double Ms = std::chrono::duration<double, std::milli>(
                  std::chrono::steady_clock::now() - Begin)
                  .count();
  const OriginalGosa Last = G.back();
  printResult(
      Z, Iters, Ms, Last.Float,
      "CPU, himenoBMTxpa.c's loop (gosa summed in a float, in loop order)");
  int Status = 0;
  std::printf(
      "  gosa (float64 sum, same loop): %.10e (float sum rel diff %.3e)\n",
      Last.Double, example::relativeDifference(Last.Double, Last.Float));
  for (const Published &R : PublishedRuns)
    if (Z.Name == std::string(R.Size) && Iters == R.Iters) {
      const double D = example::relativeDifference(R.Gosa, Last.Float);
      const bool Ok = D <= PublishedTolerance;
      std::printf("  published gosa (himenoBMTxpa.c, %s, %d sweeps): %.6e, rel "
                  "diff %.3e "
                  "(tol %.0e): %s\n",
                  R.Size, R.Iters, R.Gosa, D, PublishedTolerance,
                  Ok ? "ok" : "MISMATCH");
      Status |= Ok ? 0 : 1;
    }
  // The spec, through stencil::reference, from the same initial state.
  State Spec(Z);
  Field Wrk2 = Spec.P;
  double SpecGosa = 0.0;
  Begin = std::chrono::steady_clock::now();
  for (int N = 0; N < Iters; ++N)
    SpecGosa = specSweep(Spec.Coef, Spec.P, Wrk2);
  const double SpecMs = std::chrono::duration<double, std::milli>(
                            std::chrono::steady_clock::now() - Begin)
                            .count();
  int64_t Differ = 0;
  for (int64_t I = 0; I < Spec.P.size(); ++I)
    Differ += Spec.P.data()[I] != Orig.P.data()[I];
  const double SpecD = example::relativeDifference(Last.Double, SpecGosa);
  const bool SpecOk = Differ == 0 && SpecD <= GosaTolerance;
  std::printf("  spec (stencil::reference, %.4f ms per iteration): gosa %.10e "
              "(float64 sum, "
              "rel diff %.3e), p differs from the original's at %lld of %lld "
              "points: %s\n",
              SpecMs / Iters, SpecGosa, SpecD, (long long)Differ,
              (long long)Spec.P.size(), SpecOk ? "ok" : "MISMATCH");
  Status |= SpecOk ? 0 : 1;
  return Status;
}

/// Sweeps per timed batch of the pipelined loop (--bench).
constexpr int PipelineBatch = 10;

/// The pipelined loop's time per sweep: Batch(PipelineBatch) timed Reps
/// times by TimerT (after one untimed batch), each over PipelineBatch.
template <class TimerT = example::Timer, class F>
std::vector<double> pipelinedMs(int Reps, F &&Batch) {
  std::vector<double> Ms =
      example::timeRepeats<TimerT>(1, Reps, [&] { Batch(PipelineBatch); });
  for (double &M : Ms)
    M /= PipelineBatch;
  return Ms;
}

/// jacobi_sweeps' time per sweep: Batch(PipelineBatch) timed Reps times
/// (after one untimed call) as pipelinedMs times the pipelined loop, Reset()
/// before each call and outside the clock.
template <class ResetF, class BatchF>
std::vector<double> fusedMs(int Reps, ResetF &&Reset, BatchF &&Batch) {
  example::Timer T;
  std::vector<double> Ms;
  for (int I = -1; I < Reps; ++I) {
    Reset();
    T.start();
    Batch(PipelineBatch);
    const double M = T.stop();
    if (I >= 0)
      Ms.push_back(M / PipelineBatch);
  }
  return Ms;
}

void bench(const Size &Z, int Reps) {
  State S(Z);
  Device D(S);
  auto Ms = example::timeRepeats(3, Reps, [&] { D.sweep(); });
  // 12 coefficient arrays + p read once, wrk2 written once: 14 words.
  example::printBench(std::string("himeno.") + Z.Name, interiorPoints(Z), 56,
                      Ms);
  // The benchmark's loop as runGpu runs it: each sweep queued before the
  // previous gosa is read; per sweep, over batches of PipelineBatch sweeps.
  Ms = pipelinedMs(Reps, [&](int N) { D.sweepPipelined(N); });
  example::printBench(std::string("himeno.") + Z.Name + ".pipelined",
                      interiorPoints(Z), 56, Ms);
  // The same batches through jacobi_sweeps (fuse-sweeps: several sweeps per
  // launch, every gosa read back before it returns), each from the initial
  // state: p reset outside the clock, from a device copy. The same points
  // and bytes as the pipelined row (the compulsory traffic of a sweep), so
  // the two rows' ratios to the floor compare.
  const stencil::Grid<float, 3> P0(S.P);
  Ms = fusedMs(Reps, [&] { D.reset(P0); }, [&](int N) { D.sweeps(N); });
  example::printBench(
      std::string("himeno.") + Z.Name + ".fused" +
          (SweepDepth ? "_depth" + std::to_string(SweepDepth) : ""),
      interiorPoints(Z), 56, Ms);
  const stencil::LaunchOptions Compiled = Launch;
  for (const example::LaunchShape &Shape : Flags->Shapes) {
    Flags->use(Shape);
    Ms = example::timeRepeats(3, Reps, [&] { D.sweep(); });
    example::printBench(std::string("himeno.") + Z.Name + "@" + Shape.Text,
                        interiorPoints(Z), 56, Ms);
  }
  Launch = Compiled;
}

} // namespace

#include "multi.hpp" // --gpus, --mpi: distributed grids

namespace {

/// himeno --gpus / --mpi.
int runDistributed(example::Options &O, const std::string &SizeName,
                   const std::string &Gpus, bool Mpi, bool Cpu, bool Check,
                   bool Bench, bool Weak, bool Verify, int Iters, int Reps,
                   int *Argc, char ***Argv) {
  if (!Gpus.empty() && Mpi)
    O.fail("--gpus and --mpi exclude each other");
  if (Cpu)
    O.fail("--cpu runs on the CPU; --gpus and --mpi do not apply");
  if (Weak && Check)
    O.fail("--weak applies to the plain run and --bench");
  multi::Placement Where;
  if (Mpi) {
#ifdef HIMENO_MPI
    try {
      Where.Comm = stencil::MpiCommunicator::create(Argc, Argv);
    } catch (const std::exception &E) {
      std::fprintf(stderr, "himeno: error: %s\n", E.what());
      return 3;
    }
#else
    (void)Argc;
    (void)Argv;
    O.fail("--mpi: this himeno was built without MPI (build it with "
           "-DHIMENO_MPI, linking -lmpi -lnccl: scripts/gpu-roundtrip)");
#endif
  } else {
    Where.Devices = example::parseDevices(Gpus);
    if (Where.Devices.empty())
      O.fail(
          "--gpus needs a count (1 to 64) or a list of device numbers, got '" +
          Gpus + "'");
  }
  try {
    const Size *Z = findSize(SizeName);
    if (!Z)
      O.fail("unknown size '" + SizeName + "'");
    if (Bench) {
      multi::bench(Where, *Z, Weak, Reps);
      return 0;
    }
    if (Check)
      return multi::check(Where, *Z, Iters ? Iters : 10);
    const stencil::Extents<3> E{Weak ? Z->I * Where.pieces() : Z->I, Z->J,
                                Z->K};
    return multi::run(Where, E, Z->Name, Iters ? Iters : 100, Verify);
  } catch (const std::exception &E) {
    std::fprintf(stderr, "himeno: error: %s\n", E.what());
#ifdef HIMENO_MPI
    if (Where.Comm) // the other ranks may be waiting in a collective
      MPI_Abort(MPI_COMM_WORLD, 3);
#endif
    return 3;
  }
}

} // namespace

int main(int Argc, char **Argv) {
  std::string SizeName = "M";
  int Iters = 0, Reps = 20;
  bool Cpu = false, Check = false, Bench = false, Mpi = false, Weak = false,
       Verify = false;
  std::string Gpus;
  example::Options O("himeno",
                     "[--size XS|S|M|L|XL|XXL|all] [--iters N] "
                     "[--cpu|--check|--bench] [--gpus N|D0,D1,... | --mpi] "
                     "[--weak] [--verify] [--fused] [--sweep-depth K]");
  O.add("--size", SizeName,
        "XS, S, M, L, XL or XXL (XXL: --gpus/--mpi only; default M; --bench "
        "also takes 'all')");
  O.add("--iters", Iters, "sweeps (default 10 for --check, 100 otherwise)");
  O.add("--reps", Reps, "timed repeats for --bench (default 20)");
  O.flag("--cpu", Cpu, "run the CPU reference only");
  O.flag("--check", Check, "compare GPU against the CPU reference");
  O.flag("--bench", Bench, "print BENCH lines");
  O.add("--gpus", Gpus,
        "distributed grids in one process: N pieces on devices 0..N-1, or "
        "on the listed devices (one may repeat)");
  O.flag("--mpi", Mpi,
         "distributed grids, one slab per MPI rank (mpirun -np N; needs a "
         "build with -DHIMENO_MPI)");
  O.flag("--weak", Weak,
         "with --gpus/--mpi: mimax times the pieces (weak scaling)");
  O.flag("--verify", Verify,
         "with --gpus/--mpi, the plain run: every sweep's gosa "
         "against the float64 reference");
  O.flag("--fused", Fused,
         "the plain run and --check through jacobi_sweeps/jacobi_until "
         "(fuse-sweeps: several sweeps per launch, the same p and gosa)");
  O.add("--sweep-depth", SweepDepth,
        "with --fused or --bench: sweeps per launch, 1 to 4 (0: as "
        "compiled; --bench names the row .fused_depthK)");
  Flags = std::make_unique<example::LaunchFlags<stencil::LaunchOptions>>(
      O, Launch, true);
  O.parse(Argc, Argv);
  Flags->apply();
  if (int(Cpu) + int(Check) + int(Bench) > 1)
    O.fail("--cpu, --check and --bench exclude each other");
  if (Iters < 0)
    O.fail("--iters must be 0 (the default) or more");
  if (Fused && Cpu)
    O.fail("--fused runs on the GPU; --cpu does not apply");
  if (Fused && Bench)
    O.fail("--bench times jacobi_sweeps anyway (the .fused rows); drop "
           "--fused");
  if ((Fused || SweepDepth) && (!Gpus.empty() || Mpi))
    O.fail("--fused and --sweep-depth run on one GPU; --gpus and --mpi do "
           "not apply");
  if (SweepDepth < 0 || SweepDepth > MaxSweepDepth)
    O.fail("--sweep-depth must be 0 (as compiled) to 4");
  if (SweepDepth && !Fused && !Bench)
    O.fail("--sweep-depth applies to --fused and --bench");
  if (!Gpus.empty() || Mpi)
    return runDistributed(O, SizeName, Gpus, Mpi, Cpu, Check, Bench, Weak,
                          Verify, Iters, Reps, &Argc, &Argv);
  if (Weak || Verify)
    O.fail("--weak and --verify need --gpus or --mpi");
  try {
    if (Bench && SizeName == "all") {
      for (const Size &Z : Sizes)
        bench(Z, Reps);
      return 0;
    }
    const Size *Z = findSize(SizeName);
    if (!Z)
      O.fail("unknown size '" + SizeName + "'");
    if (Z >= std::begin(BigSizes) && Z < std::end(BigSizes))
      O.fail("size " + SizeName +
             " does not fit on one GPU; use --gpus or --mpi");
    if (Bench) {
      bench(*Z, Reps);
      return 0;
    }
    if (Check)
      return Fused ? checkFused(*Z, Iters ? Iters : 10)
                   : check(*Z, Iters ? Iters : 10);
    if (Cpu)
      return runCpuOnly(*Z, Iters ? Iters : 100);
    return runGpu(*Z, Iters ? Iters : 100);
  } catch (const std::exception &E) {
    std::fprintf(stderr, "himeno: error: %s\n", E.what());
    return 3;
  }
}
