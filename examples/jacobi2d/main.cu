// main.cu - the Helmholtz Jacobi solver of the PGI Accelerator tutorial
// (WORKLOADS.md section 1), on the GPU through the host API stencilc
// generated from jacobi2d.spec.cpp, or on the CPU through the same spec.
//
//   jacobi2d [--n 5120] [--m 5000] [--alpha 1] [--relax 0.5] [--tol 1e-13]
//            [--maxit 100] [--sync] [--cpu | --check | --bench [--reps 20]]
//            [--block BXxBY] [--ppt N] [--persistent 0|1]
//            [--fused [--sweep-depth K]]
//
// --check runs the CPU reference and the GPU at the given size and compares
// every point of f and u, every iteration's residual, the iteration count
// and the solution error; it prints PASS or FAIL and exits 1 on FAIL.
// --bench prints BENCH lines (see examples/common/harness.hpp) for each
// kernel: the median of --reps calls after warm-up; and the time per sweep
// of --reps whole solves, pipelined and --sync.
// --fused solves through helmholtz_sweep_until (fuse-sweeps): several sweeps
// per launch, the stop at the same sweep, the same fields and residuals.
// The GPU solver queues each sweep before reading the previous residual
// (gpu::async, stencil::Pending); --sync waits for each residual first.
//
// Grids are Extents{m, n}: y (j) is index 0, x (i, contiguous) is index 1.
#include "jacobi2d.spec.cpp" // the kernels, for the CPU reference
#include "jacobi2d_gen.h"    // namespace gpu: the generated host API

#include "../common/harness.hpp"

#include <cmath>
#include <cstdio>
#include <memory>
#include <exception>
#include <string>
#include <utility>
#include <vector>

namespace {

/// --block / --ppt / --persistent: the launch shape of every kernel, instead of
/// the compiled one.
stencil::LaunchOptions Launch;
/// Their parser; --shapes (--bench) adds BENCH lines NAME@SHAPE, one per shape.
std::unique_ptr<example::LaunchFlags<stencil::LaunchOptions>> Flags;

struct Problem {
  int64_t N = 5120; ///< points along x (contiguous)
  int64_t M = 5000; ///< points along y
  double Alpha = 1.0;
  double Relax = 0.5;
  double Tol = 1e-13;
  int MaxIt = 100;

  double dx() const { return 2.0 / double(N - 1); }
  double dy() const { return 2.0 / double(M - 1); }
  double ax() const { return 1.0 / (dx() * dx()); }
  double ay() const { return 1.0 / (dy() * dy()); }
  double b() const {
    return -2.0 / (dx() * dx()) - 2.0 / (dy() * dy()) - Alpha;
  }
  stencil::Extents<2> extents() const { return {M, N}; }
  double points() const { return double(N) * double(M); }
};

struct Outcome {
  int Sweeps = 0;
  std::vector<double> Residuals; ///< sqrt(sum resid^2) / (n m) after each sweep
  double SolutionError = 0.0;
  double MsPerSweep = 0.0; ///< GPU only; 0 when fewer than two sweeps ran
  stencil::HostGrid<double, 2> F, U;
};

/// The tutorial's loop on the CPU reference. u and uold swap roles each sweep;
/// both start as initialise's u so that the boundary, which the sweep never
/// writes, is valid in both.
Outcome solveOnCpu(const Problem &P) {
  Outcome R;
  stencil::HostGrid<double, 2> F(P.extents()), U(P.extents()),
      UOld(P.extents());
  stencil::reference(initialize, F, U, P.dx(), P.dy(), P.Alpha);
  UOld = U;
  double Error = 1.0;
  for (int K = 1; K <= P.MaxIt && Error > P.Tol; ++K) {
    std::swap(U, UOld);
    double Sum = 0.0;
    stencil::reference(helmholtz_sweep, UOld, F, U, Sum, P.ax(), P.ay(), P.b(),
                       P.Relax);
    Error = std::sqrt(Sum) / P.points();
    R.Residuals.push_back(Error);
    ++R.Sweeps;
  }
  double Sum = 0.0;
  stencil::reference(error_check, U, Sum, P.dx(), P.dy());
  R.SolutionError = std::sqrt(Sum) / P.points();
  R.F = std::move(F);
  R.U = std::move(U);
  return R;
}

/// Pipelined (default): sweep K + 1 is queued through gpu::async before the
/// residual of sweep K is read, so the GPU never idles while the host waits
/// for a residual and launches the next sweep. Sound for Jacobi: sweep K + 1
/// reads u_K and writes the buffer of u_(K-1), so when sweep K turns out to
/// be the last one, u_K is intact and the queued sweep is dropped. --sync:
/// one sweep at a time, each residual read before the next launch.
bool Pipelined = true;

/// Copies From into To (both hold u after initialize); the whole grid,
/// boundary included.
void copyInto(stencil::Grid<double, 2> &To,
              const stencil::Grid<double, 2> &From) {
  To.copyFrom(From);
}
void copyInto(stencil::DistGrid<double, 2> &To,
              const stencil::DistGrid<double, 2> &From) {
  To.scatter(From.gather());
}
/// The whole grid on the host.
stencil::HostGrid<double, 2> fetch(const stencil::Grid<double, 2> &G) {
  return G.download();
}
stencil::HostGrid<double, 2> fetch(const stencil::DistGrid<double, 2> &G) {
  return G.gather();
}

/// The same loop through the generated host API, over one grid each
/// (stencil::Grid) or distributed grids (stencil::DistGrid: the launchers of
/// stencilc --distributed, whose gpu::async overloads return a
/// stencil::DistPending); the arrays stay on the device(s) throughout.
/// Times the sweeps after the first (the warm-up), the dropped speculative
/// sweep, if any, included.
template <class Field>
Outcome solveFields(const Problem &P, Field &F, Field &U, Field &UOld,
                    bool KeepFields) {
  Outcome R;
  gpu::initialize(F, U, P.dx(), P.dy(), P.Alpha, Launch);
  copyInto(UOld, U);
  const double Ax = P.ax(), Ay = P.ay(), B = P.b();
  auto sweep = [&] {
    using std::swap;
    swap(U, UOld);
    return gpu::async::helmholtz_sweep(UOld, F, U, Ax, Ay, B, P.Relax, Launch);
  };
  example::Timer Clock;
  // The CPU loop tests the residual, 1 at first, before each sweep.
  example::pipelinedLoop(
      1.0 > P.Tol ? P.MaxIt : 0, Pipelined, sweep,
      [&](const gpu::helmholtz_sweep_result &Sweep, int) {
        const double Error = std::sqrt(Sweep.error) / P.points();
        R.Residuals.push_back(Error);
        ++R.Sweeps;
        return Error > P.Tol;
      },
      [&] {
        using std::swap;
        swap(U, UOld); // U is u_K again
      },
      [&](int K) {
        if (K == 1)
          Clock.start();
      });
  if (R.Sweeps >= 2)
    R.MsPerSweep = Clock.stop() / (R.Sweeps - 1);
  R.SolutionError =
      std::sqrt(gpu::error_check(U, P.dx(), P.dy(), Launch).error) / P.points();
  if (KeepFields) {
    R.F = fetch(F);
    R.U = fetch(U);
  }
  return R;
}

/// --fused: the same loop through helmholtz_sweep_until, the multi-sweep
/// launcher of fuse-sweeps (docs/passes/fuse-sweeps.md): several sweeps per
/// launch, stopped at the first sweep whose residual meets the tolerance,
/// the fields and every residual the loop's. SweepDepth: 0 as compiled.
bool Fused = false;
int SweepDepth = 0;
/// How the fused solve stops: a stencil::StopRule the device evaluates
/// after each sweep (Rule, the default), a host function that reads each
/// launch's residuals before the next launch is queued (Host), or no test at
/// all through helmholtz_sweep_sweeps (None: each launch's residuals read 32
/// sweeps later). The seed's tol is not met in its 100 sweeps, so all three
/// run them all: --bench times what each way of testing costs.
enum class FusedStop { Rule, Host, None };
FusedStop FusedStopTest = FusedStop::Rule;

Outcome solveFused(const Problem &P, bool KeepFields) {
  Outcome R;
  stencil::Grid<double, 2> F(P.extents()), U(P.extents()), UOld(P.extents());
  gpu::initialize(F, U, P.dx(), P.dy(), P.Alpha, Launch);
  UOld.copyFrom(U);
  stencil::LaunchOptions O = Launch;
  O.SweepDepth = SweepDepth;
  example::Timer Clock;
  Clock.start();
  // The CPU loop tests the residual, 1 at first, before each sweep; U holds
  // the newest iterate afterwards, UOld the one before, as in solveFields.
  const int Cap = 1.0 > P.Tol ? P.MaxIt : 0;
  // The CPU loop's test, `error > tol` continues, written as the rule that
  // stops: not (sqrt(error) / points > tol), so that a NaN stops both.
  namespace S = gpu::helmholtz_sweep_stop;
  const stencil::StopRule<gpu::helmholtz_sweep_result> Done =
      !(sqrt(S::error) / double(P.points()) > P.Tol);
  std::vector<gpu::helmholtz_sweep_result> Sweeps;
  switch (FusedStopTest) {
  case FusedStop::Rule:
    Sweeps = gpu::helmholtz_sweep_until(U, F, UOld, P.ax(), P.ay(), P.b(),
                                        P.Relax, Cap, Done, O);
    break;
  case FusedStop::Host:
    Sweeps = gpu::helmholtz_sweep_until(
        U, F, UOld, P.ax(), P.ay(), P.b(), P.Relax, Cap,
        [&](const gpu::helmholtz_sweep_result &R) {
          return !(std::sqrt(R.error) / P.points() > P.Tol);
        },
        O);
    break;
  case FusedStop::None:
    Sweeps = gpu::helmholtz_sweep_sweeps(U, F, UOld, P.ax(), P.ay(), P.b(),
                                         P.Relax, Cap, O);
    break;
  }
  const double Ms = Clock.stop();
  for (const gpu::helmholtz_sweep_result &S : Sweeps)
    R.Residuals.push_back(std::sqrt(S.error) / P.points());
  R.Sweeps = int(Sweeps.size());
  if (R.Sweeps > 0)
    R.MsPerSweep = Ms / R.Sweeps;
  R.SolutionError =
      std::sqrt(gpu::error_check(U, P.dx(), P.dy(), Launch).error) / P.points();
  if (KeepFields) {
    R.F = F.download();
    R.U = U.download();
  }
  return R;
}

Outcome solveOnGpu(const Problem &P, bool KeepFields) {
  if (Fused)
    return solveFused(P, KeepFields);
  stencil::Grid<double, 2> F(P.extents()), U(P.extents()), UOld(P.extents());
  return solveFields(P, F, U, UOld, KeepFields);
}

/// Over distributed grids (--gpus; docs/distributed.md): the domain in slabs
/// of rows on Devices. index(d) reads global coordinates, so initialize and
/// error_check are the one-GPU kernels.
Outcome solveDistributed(const Problem &P, const std::vector<int> &Devices,
                         bool KeepFields) {
  const stencil::Decomposition<2> D(P.extents(), Devices);
  const stencil::Halo H = gpu::helmholtz_sweep_halo;
  stencil::DistGrid<double, 2> F(D, H), U(D, H), UOld(D, H);
  return solveFields(P, F, U, UOld, KeepFields);
}

void printOutcome(const char *Where, const Outcome &R) {
  std::printf("[%s] Total Number of Iterations: %d\n", Where, R.Sweeps);
  std::printf("[%s] Residual: %.15E\n", Where,
              R.Residuals.empty() ? 0.0 : R.Residuals.back());
  std::printf("[%s] Solution Error: %.15E\n", Where, R.SolutionError);
  if (R.MsPerSweep > 0.0)
    std::printf("[%s] Time: %.4f ms per sweep (%d sweeps after the first, CUDA "
                "events, including the residual read-back; %s)\n",
                Where, R.MsPerSweep, R.Sweeps - 1,
                Pipelined ? "pipelined" : "one sweep at a time");
}

/// stencil::Pending through error_check: ResultRingSize + 1 launches queued
/// at once; the newest equals the plain launcher's result, and the oldest,
/// whose place the newest reused, refuses to be read instead of returning
/// another launch's total.
void checkPendingResults(const Problem &P, example::Checker &C) {
  stencil::Grid<double, 2> F(P.extents()), U(P.extents());
  gpu::initialize(F, U, P.dx(), P.dy(), P.Alpha, Launch);
  const double Sync = gpu::error_check(U, P.dx(), P.dy(), Launch).error;
  std::vector<stencil::Pending<gpu::error_check_result>> Queued;
  for (int I = 0; I <= stencil::detail::ResultRingSize; ++I)
    Queued.push_back(gpu::async::error_check(U, P.dx(), P.dy(), Launch));
  C.scalar("pending_newest", Sync, Queued.back().get().error, 1e-12);
  C.holds("pending_ready_after_get", Queued.back().ready(),
          "ready() is false after get()");
  std::string Refusal;
  try {
    (void)Queued.front().get();
  } catch (const stencil::Error &E) {
    Refusal = E.what();
  }
  C.holds("pending_stale_refused",
          Refusal.find("later launches") != std::string::npos,
          Refusal.empty() ? "the stale result was returned" : Refusal);
}

/// A grid passed as both the input and the output of one launch is refused
/// before anything runs: the error names both parameters, and neither grid
/// changes (issue 10; docs/runtime.md#aliasing).
void checkAliasRefused(const Problem &P, example::Checker &C) {
  stencil::Grid<double, 2> F(P.extents()), U(P.extents());
  gpu::initialize(F, U, P.dx(), P.dy(), P.Alpha, Launch);
  const stencil::HostGrid<double, 2> FBefore = F.download();
  std::string Refusal;
  try {
    (void)gpu::helmholtz_sweep(F, F, F, P.ax(), P.ay(), P.b(), P.Relax, Launch);
  } catch (const stencil::Error &E) {
    Refusal = E.what();
  }
  C.holds("alias_refused",
          Refusal.find("'uold' (read) and 'u' (written) are the same grid") !=
              std::string::npos,
          Refusal.empty() ? "sweep(f, f, f) ran" : Refusal);
  C.field("alias_f_untouched", FBefore, F.download(), 0.0);
}

/// --check --gpus: the distributed solve against the CPU reference (fields
/// bit for bit, residuals as the one-GPU check) and the one-GPU solve (the
/// same bits; residuals within the reassociation of their sums).
int checkDistributed(const Problem &P, const std::vector<int> &Devices) {
  Outcome Cpu = solveOnCpu(P);
  Outcome One = solveOnGpu(P, /*KeepFields=*/true);
  Outcome Dist = solveDistributed(P, Devices, /*KeepFields=*/true);
  printOutcome("cpu", Cpu);
  printOutcome("distributed", Dist);
  example::Checker C("jacobi2d " + std::to_string(P.N) + "x" +
                     std::to_string(P.M) + " on " +
                     std::to_string(Devices.size()) +
                     " pieces, sweeps=" + std::to_string(Cpu.Sweeps));
  C.exact("iterations", Cpu.Sweeps, Dist.Sweeps);
  C.series("residual", Cpu.Residuals, Dist.Residuals, 1e-10);
  C.series("residual_vs_one_gpu", One.Residuals, Dist.Residuals, 1e-12);
  C.scalar("solution_error", Cpu.SolutionError, Dist.SolutionError, 1e-10);
  C.field("f", Cpu.F, Dist.F, 0.0);
  C.field("u", Cpu.U, Dist.U, 0.0);
  C.field("u_vs_one_gpu", One.U, Dist.U, 0.0);
  return C.finish();
}

/// --bench --gpus: the solver's sweep on one GPU and on the pieces, in the
/// same run, pipelined and one sweep at a time.
void benchDistributed(const Problem &P, const std::vector<int> &Devices,
                      int Reps) {
  const int64_t Interior = (P.N - 2) * (P.M - 2);
  const bool Was = Pipelined;
  for (const bool Mode : {true, false}) {
    Pipelined = Mode;
    std::vector<double> One, Dist;
    for (int I = 0; I < Reps; ++I) {
      One.push_back(solveOnGpu(P, false).MsPerSweep);
      Dist.push_back(solveDistributed(P, Devices, false).MsPerSweep);
    }
    const std::string Base =
        std::string("jacobi2d.solver_sweep") + (Mode ? "" : "_sync");
    example::printBench(Base, Interior, 24, One);
    const std::string Name = Base + ".gpus" + std::to_string(Devices.size());
    example::printBench(Name, Interior, 24, Dist);
    std::printf("SCALING name=%s pieces=%zu one_gpu_ms=%.4f ms=%.4f "
                "speedup=%.3f\n",
                Name.c_str(), Devices.size(), example::median(One),
                example::median(Dist),
                example::median(One) / example::median(Dist));
  }
  Pipelined = Was;
}

int check(const Problem &P) {
  Outcome Cpu = solveOnCpu(P);
  Outcome Gpu = solveOnGpu(P, /*KeepFields=*/true);
  printOutcome("cpu", Cpu);
  printOutcome("gpu", Gpu);
  example::Checker C("jacobi2d " + std::to_string(P.N) + "x" +
                     std::to_string(P.M) +
                     " sweeps=" + std::to_string(Cpu.Sweeps));
  C.exact("iterations", Cpu.Sweeps, Gpu.Sweeps);
  C.series("residual", Cpu.Residuals, Gpu.Residuals, 1e-10);
  C.scalar("solution_error", Cpu.SolutionError, Gpu.SolutionError, 1e-10);
  // Fields are bit-identical to the reference (exact by default, issue 10).
  C.field("f", Cpu.F, Gpu.F, 0.0);
  C.field("u", Cpu.U, Gpu.U, 0.0);
  checkPendingResults(P, C);
  checkAliasRefused(P, C);
  return C.finish();
}

/// Each kernel alone, the median of Reps calls after warm-up. bytes_per_point
/// counts each grid once: initialize writes f and u (16 B), the sweep reads
/// uold and f and writes u (24 B), error_check reads u (8 B).
void bench(const Problem &P, int Reps) {
  stencil::Grid<double, 2> F(P.extents()), U(P.extents()), UOld(P.extents());
  const int64_t All = P.N * P.M, Interior = (P.N - 2) * (P.M - 2);
  auto Init = example::timeRepeats(
      3, Reps, [&] { gpu::initialize(F, U, P.dx(), P.dy(), P.Alpha, Launch); });
  UOld.copyFrom(U);
  double Sink = 0.0;
  auto sweep = [&] {
    using std::swap;
    swap(U, UOld);
    Sink +=
        gpu::helmholtz_sweep(UOld, F, U, P.ax(), P.ay(), P.b(), P.Relax, Launch)
            .error;
  };
  auto check = [&] {
    Sink += gpu::error_check(U, P.dx(), P.dy(), Launch).error;
  };
  auto Sweep = example::timeRepeats(5, Reps, sweep);
  auto Check = example::timeRepeats(3, Reps, check);
  // The solver's own loop (P.MaxIt sweeps): time per sweep, pipelined (the
  // next sweep queued before a residual is read) and one at a time.
  const auto Solver = example::timeSolves(Reps, Pipelined, [&] {
    return solveOnGpu(P, /*KeepFields=*/false).MsPerSweep;
  });
  example::printBench("jacobi2d.initialize", All, 16, Init);
  example::printBench("jacobi2d.sweep", Interior, 24, Sweep);
  example::printBench("jacobi2d.error_check", All, 8, Check);
  if (!Solver[0].empty()) {
    example::printBench("jacobi2d.solver_sweep", Interior, 24, Solver[0]);
    example::printBench("jacobi2d.solver_sweep_sync", Interior, 24, Solver[1]);
  }
  // The same solve through helmholtz_sweep_until (fuse-sweeps), as compiled
  // and at each depth: ms per sweep of the whole solve, setup included.
  const bool WasFused = Fused;
  const int WasDepth = SweepDepth;
  Fused = true;
  example::benchSweepDepths("jacobi2d.solver_sweep_fused", Interior, 24, Reps,
                            [&](int Depth) {
                              SweepDepth = Depth;
                              return solveOnGpu(P, false).MsPerSweep;
                            });
  // The same solve with the stop tested on the host per launch, and
  // without a test (the seed's tol is not met in its 100 sweeps, so all run
  // them all): what each way of testing costs.
  SweepDepth = 0;
  FusedStopTest = FusedStop::Host;
  example::benchSolve("jacobi2d.solver_sweep_fused_hoststop", Interior, 24,
                      Reps, [&] { return solveOnGpu(P, false).MsPerSweep; });
  FusedStopTest = FusedStop::None;
  example::benchSolve("jacobi2d.solver_sweep_fused_nostop", Interior, 24, Reps,
                      [&] { return solveOnGpu(P, false).MsPerSweep; });
  FusedStopTest = FusedStop::Rule;
  Fused = WasFused;
  SweepDepth = WasDepth;
  const stencil::LaunchOptions Compiled = Launch;
  for (const example::LaunchShape &Shape : Flags->Shapes) {
    Flags->use(Shape);
    example::printBench("jacobi2d.sweep@" + Shape.Text, Interior, 24,
                        example::timeRepeats(5, Reps, sweep));
    example::printBench("jacobi2d.error_check@" + Shape.Text, All, 8,
                        example::timeRepeats(3, Reps, check));
  }
  Launch = Compiled;
  if (!std::isfinite(Sink))
    std::printf("warning: non-finite reduction during the benchmark\n");
}

} // namespace

int main(int Argc, char **Argv) {
  Problem P;
  bool Cpu = false, Check = false, Bench = false;
  int Reps = 20;
  std::string Gpus;
  example::Options O("jacobi2d", "[options]");
  O.add("--n", P.N, "points along x, the contiguous direction (5120)");
  O.add("--m", P.M, "points along y (5000)");
  O.add("--alpha", P.Alpha, "Helmholtz constant (1)");
  O.add("--relax", P.Relax, "relaxation factor omega (0.5)");
  O.add("--tol", P.Tol, "stop when the residual is at most this (1e-13)");
  O.add("--maxit", P.MaxIt, "at most this many sweeps (100)");
  O.flag("--cpu", Cpu, "run the CPU reference instead of the GPU");
  O.flag("--check", Check, "run both, compare, print PASS/FAIL");
  O.flag("--bench", Bench, "time each kernel, print BENCH lines");
  O.flag("--fused", Fused,
         "solve through helmholtz_sweep_until (fuse-sweeps: several sweeps "
         "per launch, the same fields and residuals)");
  O.add("--sweep-depth", SweepDepth,
        "with --fused: sweeps per launch, 1 to 4 (0: as compiled)");
  O.add("--reps", Reps, "timed repeats per kernel in --bench (20)");
  O.add("--gpus", Gpus,
        "distributed grids: N slabs on devices 0..N-1, or on the listed "
        "devices (one may repeat); with --check, --bench or alone");
  bool Sync = false;
  O.flag("--sync", Sync,
         "one sweep at a time: read each residual before the next launch");
  Flags = std::make_unique<example::LaunchFlags<stencil::LaunchOptions>>(
      O, Launch, true);
  O.parse(Argc, Argv);
  Flags->apply();
  Pipelined = !Sync;
  if (P.N < 3 || P.M < 3)
    O.fail("the grid needs at least 3x3 points");
  if (Cpu + Check + Bench > 1)
    O.fail("--cpu, --check and --bench exclude each other");
  if (Reps < 1)
    O.fail("--reps must be positive");
  if (Fused && Cpu)
    O.fail("--fused is a GPU solve; --cpu does not apply");
  if (SweepDepth < 0 || SweepDepth > 4)
    O.fail("--sweep-depth must be 0 (as compiled) to 4");
  std::vector<int> Devices;
  if (!Gpus.empty()) {
    Devices = example::parseDevices(Gpus);
    if (Devices.empty())
      O.fail("--gpus needs a count (1 to 64) or a list of device numbers, "
             "got '" +
             Gpus + "'");
    if (Cpu)
      O.fail("--cpu runs on the CPU; --gpus does not apply");
    if (Fused)
      O.fail("--fused runs on one GPU; --gpus does not apply");
    if (int64_t(Devices.size()) > P.M)
      O.fail("more pieces than rows (--m)");
  }

  std::printf(
      "jacobi2d: n=%lld m=%lld alpha=%g relax=%g tol=%g maxit=%d (%s)\n",
      static_cast<long long>(P.N), static_cast<long long>(P.M), P.Alpha,
      P.Relax, P.Tol, P.MaxIt,
      Cpu     ? "cpu reference"
      : Check ? "check"
      : Bench ? "bench"
              : "gpu");
  try {
    if (!Devices.empty()) {
      if (Check)
        return checkDistributed(P, Devices);
      if (Bench) {
        benchDistributed(P, Devices, Reps);
        return 0;
      }
      printOutcome("distributed", solveDistributed(P, Devices, false));
      return 0;
    }
    if (Check)
      return check(P);
    if (Bench) {
      bench(P, Reps);
      return 0;
    }
    if (Cpu)
      printOutcome("cpu", solveOnCpu(P));
    else
      printOutcome("gpu", solveOnGpu(P, /*KeepFields=*/false));
    return 0;
  } catch (const std::exception &E) {
    std::fprintf(stderr, "jacobi2d: error: %s\n", E.what());
    return 1;
  }
}
