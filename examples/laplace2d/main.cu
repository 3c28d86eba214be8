// main.cu - the Laplace Jacobi solver of the OpenACC tutorial (WORKLOADS.md
// section 2), on the GPU through the host API stencilc generated from
// laplace2d.spec.cpp, or on the CPU through the same spec.
//
//   laplace2d [--n 4096] [--m N] [--tol 1e-6] [--iters 1000]
//             [--precision f32|f64] [--sync] [--cpu | --check | --bench [--reps
//             20]]
//             [--block BXxBY] [--ppt N] [--persistent 0|1]
//             [--fused [--sweep-depth K]]
//
// A is n x n (m rows of n when --m is given, i contiguous): 1 on the first
// column (A[j][0] = 1), 0 elsewhere. Each iteration writes the interior of
// Anew from A and the two swap; their boundaries are equal and never written,
// which is the tutorial's copy back A = Anew on the interior. --check runs the
// CPU reference and the GPU, compares A on every point, every iteration's
// error and the iteration count, prints PASS or FAIL and exits 1 on FAIL.
// The GPU loop queues iteration k + 1 (gpu::async) before it reads the error
// of iteration k; --sync reads each error first. --bench times the step per
// call, and per iteration of whole solves in both modes. --fused solves
// through laplace_step_*_until (fuse-sweeps): several iterations per launch,
// the stop at the same iteration, the same grids and errors.
#include "laplace2d.spec.cpp" // the kernels, for the CPU reference
#include "laplace2d_gen.h"    // namespace gpu: the generated host API

#include "../common/harness.hpp"

#include <cstdio>
#include <memory>
#include <exception>
#include <string>
#include <utility>
#include <vector>

namespace {

/// --block / --ppt / --persistent: the launch shape, instead of the compiled
/// one.
stencil::LaunchOptions Launch;
/// Their parser; --shapes (--bench) adds BENCH lines NAME@SHAPE, one per shape.
std::unique_ptr<example::LaunchFlags<stencil::LaunchOptions>> Flags;

struct Problem {
  int64_t N = 4096; ///< columns (i, contiguous)
  int64_t M = 0;    ///< rows (j); 0 means N
  double Tol = 1e-6;
  int Iters = 1000;
  stencil::Extents<2> extents() const { return {M, N}; }
};

/// The step kernel of each precision, on the CPU and through the host API.
template <class T> struct Step;
template <> struct Step<float> {
  static constexpr const char *Name = "f32";
  static float onCpu(const stencil::HostGrid<float, 2> &A,
                     stencil::HostGrid<float, 2> &Anew) {
    float Error = 0.0f;
    stencil::reference(laplace_step_f32, A, Anew, Error);
    return Error;
  }
  static float onGpu(const stencil::Grid<float, 2> &A,
                     stencil::Grid<float, 2> &Anew) {
    return gpu::laplace_step_f32(A, Anew, Launch).error;
  }
  static auto onGpuAsync(const stencil::Grid<float, 2> &A,
                         stencil::Grid<float, 2> &Anew) {
    return gpu::async::laplace_step_f32(A, Anew, Launch);
  }
  /// laplace_step_f32_until (fuse-sweeps): the loop of at most Max steps,
  /// stopped after the first whose error meets Stop.
  template <class Stop>
  static auto until(stencil::Grid<float, 2> &A, stencil::Grid<float, 2> &Anew,
                    int Max, Stop &&S, const stencil::LaunchOptions &O) {
    return gpu::laplace_step_f32_until(A, Anew, Max, S, O);
  }
  /// The CPU loop's test as a rule the device evaluates: not (error > tol).
  static auto done(double Tol) {
    namespace S = gpu::laplace_step_f32_stop;
    return !(S::error > Tol);
  }
  // Single precision: 1e-12 would demand bit-equal results; allow a few dozen
  // ulps for an emitter that orders or contracts the additions differently.
  static constexpr double FieldTolerance = 1e-5, ErrorTolerance = 1e-5;
};
template <> struct Step<double> {
  static constexpr const char *Name = "f64";
  static double onCpu(const stencil::HostGrid<double, 2> &A,
                      stencil::HostGrid<double, 2> &Anew) {
    double Error = 0.0;
    stencil::reference(laplace_step_f64, A, Anew, Error);
    return Error;
  }
  static double onGpu(const stencil::Grid<double, 2> &A,
                      stencil::Grid<double, 2> &Anew) {
    return gpu::laplace_step_f64(A, Anew, Launch).error;
  }
  static auto onGpuAsync(const stencil::Grid<double, 2> &A,
                         stencil::Grid<double, 2> &Anew) {
    return gpu::async::laplace_step_f64(A, Anew, Launch);
  }
  /// laplace_step_f64_until (fuse-sweeps): the loop of at most Max steps,
  /// stopped after the first whose error meets Stop.
  template <class Stop>
  static auto until(stencil::Grid<double, 2> &A, stencil::Grid<double, 2> &Anew,
                    int Max, Stop &&S, const stencil::LaunchOptions &O) {
    return gpu::laplace_step_f64_until(A, Anew, Max, S, O);
  }
  /// The CPU loop's test as a rule the device evaluates: not (error > tol).
  static auto done(double Tol) {
    namespace S = gpu::laplace_step_f64_stop;
    return !(S::error > Tol);
  }
  static constexpr double FieldTolerance = 1e-12, ErrorTolerance = 1e-10;
};

template <class T> stencil::HostGrid<T, 2> initialGrid(const Problem &P) {
  stencil::HostGrid<T, 2> A(P.extents(), T(0));
  for (int64_t J = 0; J < P.M; ++J)
    A(J, 0) = T(1);
  return A;
}

struct Outcome {
  int Iterations = 0;
  std::vector<double> Errors; ///< max |Anew - A| of each iteration
  double MsPerIteration = 0.0;
};

/// Pipelined (default): the GPU loop queues iteration k + 1 through gpu::async
/// before it reads the error of iteration k (example::pipelinedLoop). --sync:
/// one iteration at a time.
bool Pipelined = true;

/// What the tutorial prints: the error every 100 iterations...
void progress(const char *Where, int Iter, double Error) {
  if (Iter % 100 == 0)
    std::printf("[%s] %5d, %0.6f\n", Where, Iter, Error);
}

/// ...and at the end.
void summary(const char *Where, const Outcome &R, const char *How) {
  std::printf("[%s] iterations: %d, error: %.9e\n", Where, R.Iterations,
              R.Errors.empty() ? 1.0 : R.Errors.back());
  if (R.MsPerIteration > 0.0)
    std::printf("[%s] Time: %.4f ms per iteration (%d after the first, CUDA "
                "events, including the error read-back; %s)\n",
                Where, R.MsPerIteration, R.Iterations - 1, How);
}

/// The tutorial's loop on the CPU: Sweep(A, Anew) returns the error, then A
/// and Anew swap.
template <class G, class F>
Outcome iterate(const Problem &P, G &A, G &Anew, F &&Sweep) {
  Outcome R;
  double Error = 1.0;
  int Iter = 0;
  while (Error > P.Tol && Iter < P.Iters) {
    Error = static_cast<double>(Sweep(A, Anew));
    using std::swap;
    swap(A, Anew);
    R.Errors.push_back(Error);
    progress("cpu", Iter, Error);
    ++Iter;
  }
  R.Iterations = Iter;
  summary("cpu", R, "");
  return R;
}

template <class T>
Outcome solveOnCpu(const Problem &P, stencil::HostGrid<T, 2> &Result) {
  stencil::HostGrid<T, 2> A = initialGrid<T>(P), Anew = A;
  Outcome R = iterate(P, A, Anew, Step<T>::onCpu);
  Result = std::move(A);
  return R;
}

/// --fused: the same loop through laplace_step_*_until (fuse-sweeps,
/// docs/passes/fuse-sweeps.md): several iterations per launch, the stop at
/// the same iteration, the same grids and errors. SweepDepth 0: as compiled.
bool Fused = false;
int SweepDepth = 0;
/// --bench only: the fused solve tested on the host per launch (a host
/// function) instead of by the rule on the device (Step<T>::done).
bool FusedHostStop = false;

template <class T>
Outcome solveFused(const Problem &P, stencil::HostGrid<T, 2> *Result);

template <class T>
Outcome solveOnGpu(const Problem &P, stencil::HostGrid<T, 2> *Result) {
  if (Fused)
    return solveFused<T>(P, Result);
  stencil::HostGrid<T, 2> Initial = initialGrid<T>(P);
  stencil::Grid<T, 2> A(Initial), Anew(Initial);
  auto step = [&] {
    auto Pending = Step<T>::onGpuAsync(A, Anew);
    using std::swap;
    swap(A, Anew); // A is the newest iterate
    return Pending;
  };
  Outcome R;
  example::Timer Clock;
  // The CPU loop tests the error, 1 at first, before each iteration.
  R.Iterations = example::pipelinedLoop(
      1.0 > P.Tol ? P.Iters : 0, Pipelined, step,
      [&](const auto &Step, int Iter) {
        const double Error = static_cast<double>(Step.error);
        R.Errors.push_back(Error);
        progress("gpu", Iter, Error);
        return Error > P.Tol;
      },
      [&] {
        using std::swap;
        swap(A, Anew); // A is the last visited iterate again
      },
      [&](int Iter) {
        if (Iter == 1)
          Clock.start();
      });
  if (R.Iterations >= 2)
    R.MsPerIteration = Clock.stop() / (R.Iterations - 1);
  summary("gpu", R, Pipelined ? "pipelined" : "one iteration at a time");
  if (Result)
    *Result = A.download();
  return R;
}

template <class T>
Outcome solveFused(const Problem &P, stencil::HostGrid<T, 2> *Result) {
  stencil::HostGrid<T, 2> Initial = initialGrid<T>(P);
  stencil::Grid<T, 2> A(Initial), Anew(Initial);
  stencil::LaunchOptions O = Launch;
  O.SweepDepth = SweepDepth;
  Outcome R;
  example::Timer Clock;
  Clock.start();
  // The CPU loop tests the error, 1 at first, before each iteration; A is
  // the newest iterate afterwards.
  const int Cap = 1.0 > P.Tol ? P.Iters : 0;
  const auto Steps =
      FusedHostStop ? Step<T>::until(
                          A, Anew, Cap,
                          [&](const auto &S) {
                            return !(static_cast<double>(S.error) > P.Tol);
                          },
                          O)
                    : Step<T>::until(A, Anew, Cap, Step<T>::done(P.Tol), O);
  const double Ms = Clock.stop();
  for (const auto &S : Steps) {
    R.Errors.push_back(static_cast<double>(S.error));
    progress("gpu", R.Iterations++, R.Errors.back());
  }
  if (R.Iterations > 0)
    R.MsPerIteration = Ms / R.Iterations;
  summary("gpu", R, "fused");
  if (Result)
    *Result = A.download();
  return R;
}

template <class T> int check(const Problem &P) {
  stencil::HostGrid<T, 2> CpuA, GpuA;
  Outcome Cpu = solveOnCpu<T>(P, CpuA);
  Outcome Gpu = solveOnGpu<T>(P, &GpuA);
  example::Checker C(std::string("laplace2d ") + Step<T>::Name + " " +
                     std::to_string(P.N) + "x" + std::to_string(P.M) +
                     " iterations=" + std::to_string(Cpu.Iterations));
  C.exact("iterations", Cpu.Iterations, Gpu.Iterations);
  C.series("error", Cpu.Errors, Gpu.Errors, Step<T>::ErrorTolerance);
  C.field("A", CpuA, GpuA, Step<T>::FieldTolerance);
  return C.finish();
}

/// The step alone: median of Reps calls after warm-up. It reads A and writes
/// Anew: two words per interior point.
template <class T> void bench(const Problem &P, int Reps) {
  stencil::HostGrid<T, 2> Initial = initialGrid<T>(P);
  stencil::Grid<T, 2> A(Initial), Anew(Initial);
  double Sink = 0.0;
  auto Ms = example::timeRepeats(5, Reps, [&] {
    Sink += Step<T>::onGpu(A, Anew);
    using std::swap;
    swap(A, Anew);
  });
  example::printBench(std::string("laplace2d.step_") + Step<T>::Name,
                      (P.N - 2) * (P.M - 2), 2 * int(sizeof(T)), Ms);
  // The solver's own loop (--iters at most): time per iteration, pipelined
  // and one at a time, over Reps whole solves.
  const auto Solver = example::timeSolves(Reps, Pipelined, [&] {
    return solveOnGpu<T>(P, nullptr).MsPerIteration;
  });
  const int64_t Interior = (P.N - 2) * (P.M - 2);
  for (int Mode = 0; Mode < 2; ++Mode)
    if (!Solver[Mode].empty())
      example::printBench(std::string("laplace2d.solver_") + Step<T>::Name +
                              (Mode ? "_sync" : ""),
                          Interior, 2 * int(sizeof(T)), Solver[Mode]);
  // The same solve through laplace_step_*_until, as compiled and at each
  // depth: ms per iteration of the whole solve.
  const bool WasFused = Fused;
  const int WasDepth = SweepDepth;
  Fused = true;
  example::benchSweepDepths(std::string("laplace2d.solver_") + Step<T>::Name +
                                "_fused",
                            Interior, 2 * int(sizeof(T)), Reps, [&](int Depth) {
                              SweepDepth = Depth;
                              return solveOnGpu<T>(P, nullptr).MsPerIteration;
                            });
  // The same solve, tested on the host per launch: what the rule saves.
  SweepDepth = 0;
  FusedHostStop = true;
  example::benchSolve(std::string("laplace2d.solver_") + Step<T>::Name +
                          "_fused_hoststop",
                      Interior, 2 * int(sizeof(T)), Reps,
                      [&] { return solveOnGpu<T>(P, nullptr).MsPerIteration; });
  FusedHostStop = false;
  Fused = WasFused;
  SweepDepth = WasDepth;
  if (!(Sink >= 0.0))
    std::printf("warning: unexpected reduction during the benchmark\n");
}

template <class T>
int run(const Problem &P, bool Cpu, bool Check, bool Bench, int Reps) {
  if (Check)
    return check<T>(P);
  if (Bench) {
    bench<T>(P, Reps);
    return 0;
  }
  if (Cpu) {
    stencil::HostGrid<T, 2> A;
    solveOnCpu<T>(P, A);
  } else {
    solveOnGpu<T>(P, nullptr);
  }
  return 0;
}

} // namespace

int main(int Argc, char **Argv) {
  Problem P;
  std::string Precision = "f32";
  bool Cpu = false, Check = false, Bench = false;
  int Reps = 20;
  example::Options O("laplace2d", "[options]");
  O.add("--n", P.N, "columns, the contiguous direction (4096)");
  O.add("--m", P.M, "rows (default: n)");
  O.add("--tol", P.Tol, "stop when the max change is at most this (1e-6)");
  O.add("--iters", P.Iters, "at most this many iterations (1000)");
  O.add("--precision", Precision, "f32 or f64 (f32)");
  O.flag("--cpu", Cpu, "run the CPU reference instead of the GPU");
  O.flag("--check", Check, "run both, compare, print PASS/FAIL");
  O.flag("--bench", Bench, "time the step, print a BENCH line");
  O.flag("--fused", Fused,
         "solve through laplace_step_*_until (fuse-sweeps: several "
         "iterations per launch, the same grids and errors)");
  O.add("--sweep-depth", SweepDepth,
        "with --fused: iterations per launch, 1 to 4 (0: as compiled)");
  O.add("--reps", Reps, "timed repeats in --bench (20)");
  bool Sync = false;
  O.flag("--sync", Sync,
         "one iteration at a time: read each error before the next launch");
  Flags = std::make_unique<example::LaunchFlags<stencil::LaunchOptions>>(
      O, Launch, false);
  O.parse(Argc, Argv);
  Flags->apply();
  Pipelined = !Sync;
  if (P.M == 0)
    P.M = P.N;
  if (P.N < 3 || P.M < 3)
    O.fail("the grid needs at least 3x3 points");
  if (Precision != "f32" && Precision != "f64")
    O.fail("--precision is f32 or f64, not '" + Precision + "'");
  if (Cpu + Check + Bench > 1)
    O.fail("--cpu, --check and --bench exclude each other");
  if (Reps < 1)
    O.fail("--reps must be positive");

  std::printf("laplace2d: %lld x %lld %s tol=%g iters=%d (%s)\n",
              static_cast<long long>(P.M), static_cast<long long>(P.N),
              Precision.c_str(), P.Tol, P.Iters,
              Cpu     ? "cpu reference"
              : Check ? "check"
              : Bench ? "bench"
                      : "gpu");
  try {
    if (Precision == "f32")
      return run<float>(P, Cpu, Check, Bench, Reps);
    return run<double>(P, Cpu, Check, Bench, Reps);
  } catch (const std::exception &E) {
    std::fprintf(stderr, "laplace2d: error: %s\n", E.what());
    return 1;
  }
}
