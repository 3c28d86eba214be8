// main.cu - the Himeno benchmark (RIKEN) on the GPU through the host API
// stencilc generated from himeno.spec.cpp, or on the CPU through the spec.
//
//   himeno [--size XS|S|M|L|XL] [--iters N] [--cpu | --check | --bench [--reps R]]
//          [--block BXxBYxBZ] [--ppt N] [--persistent 0|1]
//
// --check runs the CPU reference and the GPU for --iters sweeps (default 10)
// and compares p on every point (rel 1e-5) and gosa after every sweep against
// the float64-accumulated reference (rel 1e-4). Half-way it changes one
// coefficient array (bnd) on both sides: a GPU that kept a stale packed copy
// of the coefficients (merge-arrays) fails the comparison.
// --bench prints BENCH lines (examples/common/harness.hpp) per size: per host
// call (the sweep and its gosa read back), and per sweep of the pipelined
// loop that the GPU run uses (each sweep queued through gpu::async before the
// previous gosa is read).
#include "himeno.spec.cpp" // the kernel, for the CPU reference
#include "himeno_gen.h"    // namespace gpu: the generated host API

#include "../common/harness.hpp"

#include <chrono>
#include <array>
#include <cstdio>
#include <memory>
#include <cstring>
#include <string>
#include <utility>
#include <vector>

namespace {

/// --block / --ppt / --persistent: the launch shape, instead of the compiled one.
stencil::LaunchOptions Launch;
/// Their parser; --shapes (--bench) adds BENCH lines NAME@SHAPE, one per shape.
std::unique_ptr<example::LaunchFlags<stencil::LaunchOptions>> Flags;

struct Size {
  const char *Name;
  int64_t I, J, K; ///< mimax, mjmax, mkmax
};
constexpr Size Sizes[] = {{"XS", 33, 33, 65},     {"S", 65, 65, 129},
                          {"M", 129, 129, 257},   {"L", 257, 257, 513},
                          {"XL", 513, 513, 1025}};

const Size *findSize(const std::string &Name) {
  for (const Size &S : Sizes)
    if (Name == S.Name)
      return &S;
  return nullptr;
}

using Field = stencil::HostGrid<float, 3>;
constexpr int NumCoefficients = 12;

/// The benchmark's initial state: a0..a2 = 1, a3 = 1/6, b = 0, c = 1, bnd = 1,
/// wrk1 = 0, p(i,j,k) = i^2 / (imax-1)^2 with imax = mimax - 1.
struct State {
  std::array<Field, NumCoefficients> Coef;
  Field P;
  explicit State(const Size &S) {
    stencil::Extents<3> E{S.I, S.J, S.K};
    const float Values[NumCoefficients] = {1, 1, 1, 1.0f / 6.0f, 0, 0, 0, 1, 1, 1, 0, 1};
    for (int C = 0; C < NumCoefficients; ++C)
      Coef[C] = Field(E, Values[C]);
    P = Field(E);
    const double Imax = double(S.I - 1);
    for (int64_t I = 0; I < S.I; ++I) {
      float V = float(double(I * I) / ((Imax - 1) * (Imax - 1)));
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

std::vector<double> runCpu(State &S, int Iters, bool Perturb) {
  Field Wrk2 = S.P;
  std::vector<double> Gosa;
  auto &C = S.Coef;
  for (int N = 0; N < Iters; ++N) {
    if (Perturb && N == Iters / 2)
      perturb(C[11]);
    float G = 0.0f; // the reference accumulates in double, returns the value type
    stencil::reference(jacobi, S.P, C[0], C[1], C[2], C[3], C[4], C[5], C[6], C[7],
                       C[8], C[9], C[10], C[11], Wrk2, G, Omega);
    std::swap(S.P, Wrk2);
    Gosa.push_back(G);
  }
  return Gosa;
}

struct Device {
  std::vector<stencil::Grid<float, 3>> Coef;
  stencil::Grid<float, 3> P, Wrk2;
  explicit Device(const State &S) : P(S.P), Wrk2(S.P) {
    for (const Field &F : S.Coef)
      Coef.emplace_back(F);
  }
  /// One sweep queued on the stream; p = wrk2 for the next one (the sweep
  /// writes the interior, the boundaries agree).
  stencil::Pending<gpu::jacobi_result> sweepAsync() {
    auto &C = Coef;
    auto G = gpu::async::jacobi(P, C[0], C[1], C[2], C[3], C[4], C[5], C[6], C[7], C[8],
                                C[9], C[10], C[11], Wrk2, Omega, Launch);
    using std::swap;
    swap(P, Wrk2);
    return G;
  }
  double sweep() { return sweepAsync().get().gosa; }
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

int check(const Size &Z, int Iters) {
  State Cpu(Z), GpuInit(Z);
  Device D(GpuInit);
  std::vector<double> GpuGosa;
  for (int N = 0; N < Iters; ++N) {
    if (N == Iters / 2) {
      perturb(GpuInit.Coef[11]);
      D.Coef[11].upload(GpuInit.Coef[11]);
    }
    GpuGosa.push_back(D.sweep());
  }
  std::vector<double> CpuGosa = runCpu(Cpu, Iters, /*Perturb=*/true);
  example::Checker C(std::string("himeno ") + Z.Name + " iters=" + std::to_string(Iters));
  C.series("gosa", CpuGosa, GpuGosa, 1e-4);
  C.field("p", Cpu.P, D.P.download(), 1e-5);
  // The pipelined loop (runGpu, --bench) computes exactly what one sweep at
  // a time does.
  State OneInit(Z), PipeInit(Z);
  Device One(OneInit), Pipe(PipeInit);
  double OneGosa = 0.0;
  for (int N = 0; N < Iters; ++N)
    OneGosa = One.sweep();
  C.scalar("gosa_pipelined", OneGosa, Pipe.sweepPipelined(Iters), 0.0);
  C.field("p_pipelined", One.P.download(), Pipe.P.download(), 0.0);
  return C.finish();
}

int64_t interiorPoints(const Size &Z) { return (Z.I - 2) * (Z.J - 2) * (Z.K - 2); }

void printResult(const Size &Z, int Iters, double Ms, double Gosa) {
  double Mflops = 34.0 * double(interiorPoints(Z)) * Iters / (Ms * 1e-3) / 1e6;
  std::printf("himeno %s (%lldx%lldx%lld): %d iterations\n", Z.Name, (long long)Z.I,
              (long long)Z.J, (long long)Z.K, Iters);
  std::printf("  gosa: %.10e\n  time per iteration: %.4f ms\n  MFLOPS measured: %.1f\n",
              Gosa, Ms / Iters, Mflops);
}

int runGpu(const Size &Z, int Iters) {
  State S(Z);
  Device D(S);
  D.sweep(); // warm-up (and, with merge-arrays, the one packing of coefficients)
  example::Timer T;
  T.start();
  const double G = D.sweepPipelined(Iters);
  printResult(Z, Iters, T.stop(), G);
  return 0;
}

int runCpuOnly(const Size &Z, int Iters) {
  State S(Z);
  // Host clock: the work is on the CPU, and a machine without a GPU has no
  // CUDA events to time it with.
  auto Begin = std::chrono::steady_clock::now();
  std::vector<double> G = runCpu(S, Iters, false);
  double Ms = std::chrono::duration<double, std::milli>(
                  std::chrono::steady_clock::now() - Begin)
                  .count();
  printResult(Z, Iters, Ms, G.back());
  return 0;
}


void bench(const Size &Z, int Reps) {
  State S(Z);
  Device D(S);
  auto Ms = example::timeRepeats(3, Reps, [&] { D.sweep(); });
  // 12 coefficient arrays + p read once, wrk2 written once: 14 words.
  example::printBench(std::string("himeno.") + Z.Name, interiorPoints(Z), 56, Ms);
  // The benchmark's loop as runGpu runs it: each sweep queued before the
  // previous gosa is read; per sweep, over batches of PipelineBatch sweeps.
  constexpr int PipelineBatch = 10;
  Ms = example::timeRepeats(1, Reps, [&] { D.sweepPipelined(PipelineBatch); });
  for (double &M : Ms)
    M /= PipelineBatch;
  example::printBench(std::string("himeno.") + Z.Name + ".pipelined", interiorPoints(Z), 56,
                      Ms);
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

int main(int Argc, char **Argv) {
  std::string SizeName = "M";
  int Iters = 0, Reps = 20;
  bool Cpu = false, Check = false, Bench = false;
  example::Options O("himeno", "[--size XS|S|M|L|XL|all] [--iters N] [--cpu|--check|--bench]");
  O.add("--size", SizeName, "XS, S, M, L or XL (default M; --bench also takes 'all')");
  O.add("--iters", Iters, "sweeps (default 10 for --check, 100 otherwise)");
  O.add("--reps", Reps, "timed repeats for --bench (default 20)");
  O.flag("--cpu", Cpu, "run the CPU reference only");
  O.flag("--check", Check, "compare GPU against the CPU reference");
  O.flag("--bench", Bench, "print BENCH lines");
  Flags = std::make_unique<example::LaunchFlags<stencil::LaunchOptions>>(O, Launch, true);
  O.parse(Argc, Argv);
  Flags->apply();
  if (int(Cpu) + int(Check) + int(Bench) > 1)
    O.fail("--cpu, --check and --bench exclude each other");
  try {
    if (Bench && SizeName == "all") {
      for (const Size &Z : Sizes)
        bench(Z, Reps);
      return 0;
    }
    const Size *Z = findSize(SizeName);
    if (!Z)
      O.fail("unknown size '" + SizeName + "'");
    if (Bench) {
      bench(*Z, Reps);
      return 0;
    }
    if (Check)
      return check(*Z, Iters ? Iters : 10);
    if (Cpu)
      return runCpuOnly(*Z, Iters ? Iters : 100);
    return runGpu(*Z, Iters ? Iters : 100);
  } catch (const std::exception &E) {
    std::fprintf(stderr, "himeno: error: %s\n", E.what());
    return 3;
  }
}
