// main.cu - boundary rules on the GPU (issue 13): every kernel of
// boundary.spec.cpp against stencil::reference, bit for bit.
//
//   boundary --check            every rule, ranks 1-3, odd sizes and sizes
//                               smaller than the stencil's radius (down to one
//                               point), per-dimension rules, a region launch,
//                               reductions, merged and InOut grids in the
//                               shell, and the periodic glider
//   boundary --dump DIR         writes the correlation kernels' inputs and
//                               outputs (reference and GPU) for scipy_check.py
//   boundary --bench            BENCH lines: the periodic f64 5-point sweep at
//                               5120 x 5000 against the interior-only kernel
//                               of the same size, and their ratio (target
//                               <= 1.05); then the padded lowering (a halo
//                               filled by a kernel), checked bit for bit
//                               against the split one, and its ratios
#include "boundary.spec.cpp" // the kernels, for the CPU reference
#include "boundary_gen.h"    // namespace gpu: the generated host API

#include "../../../examples/common/harness.hpp"

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <random>
#include <string>
#include <vector>

namespace {

using example::randomGrid;

template <int R> std::string sizeName(const stencil::Extents<R> &E) {
  return stencil::formatExtents<R>(E);
}

/// One kernel In<T, R, Rule> a -> Out<T, R> u on the GPU and the CPU; the
/// output grids start at a sentinel so that a point neither side writes
/// compares equal and one side only writing it does not.
template <class T, int R, class Spec, class Gpu>
void checkOne(example::Checker &C, const char *Name, Spec *Kernel, Gpu Launch,
              const stencil::Extents<R> &E, uint64_t Seed) {
  const stencil::HostGrid<T, R> A = randomGrid<T, R>(E, Seed);
  stencil::HostGrid<T, R> Ref(E, T(-99)), Got(E, T(-99));
  stencil::reference(Kernel, A, Ref);
  const stencil::Grid<T, R> GA(A);
  stencil::Grid<T, R> GU(Got);
  Launch(GA, GU, stencil::LaunchOptions{});
  GU.download(Got);
  C.field((std::string(Name) + "." + sizeName<R>(E)).c_str(), Ref, Got, 0.0);
}

#define CHECK1(K) checkOne<double, 1>(C, #K, K, [](auto &A, auto &U, auto O) { gpu::K(A, U, O); }, E, Seed)
#define CHECK2(K) checkOne<float, 2>(C, #K, K, [](auto &A, auto &U, auto O) { gpu::K(A, U, O); }, E, Seed)
#define CHECK3(K) checkOne<int, 3>(C, #K, K, [](auto &A, auto &U, auto O) { gpu::K(A, U, O); }, E, Seed)

void checkRules(example::Checker &C) {
  uint64_t Seed = 1;
  for (int64_t N : {1, 2, 3, 5, 17, 1000003}) {
    const stencil::Extents<1> E{N};
    ++Seed;
    CHECK1(r1_periodic);
    CHECK1(r1_clamp);
    CHECK1(r1_reflect);
    CHECK1(r1_mirror);
    CHECK1(r1_constant);
  }
  for (stencil::Extents<2> E : {stencil::Extents<2>{1, 1}, {2, 3}, {3, 1}, {5, 4}, {37, 29},
                                {515, 257}, {1031, 2049}}) {
    ++Seed;
    CHECK2(r2_periodic);
    CHECK2(r2_clamp);
    CHECK2(r2_reflect);
    CHECK2(r2_mirror);
    CHECK2(r2_constant);
    CHECK2(r2_mixed);
  }
  for (stencil::Extents<3> E : {stencil::Extents<3>{1, 2, 3}, {3, 4, 5}, {2, 1, 7},
                                {17, 13, 11}, {65, 33, 67}}) {
    ++Seed;
    CHECK3(r3_periodic);
    CHECK3(r3_clamp);
    CHECK3(r3_reflect);
    CHECK3(r3_mirror);
    CHECK3(r3_constant);
    CHECK3(r3_mixed);
  }
  // Interior along dimension 1 (radius 1): the domain skips its ends; grids
  // of extent <= 2 there have an empty domain and both sides write nothing
  // (the sentinel would compare equal, so they are skipped).
  for (stencil::Extents<3> E : {stencil::Extents<3>{1, 3, 1}, {5, 4, 3}, {33, 17, 65}}) {
    ++Seed;
    checkOne<double, 3>(C, "r3_partial", r3_partial,
                        [](auto &A, auto &U, auto O) { gpu::r3_partial(A, U, O); }, E, Seed);
  }
}

/// A region launch with rules: reads leave the grid from inside the region
/// and follow the rules relative to the whole grid.
void checkRegion(example::Checker &C) {
  const stencil::Extents<2> E{41, 23};
  const stencil::HostGrid<float, 2> A = randomGrid<float, 2>(E, 77);
  stencil::HostGrid<float, 2> Ref(E, -99.0f), Got(E, -99.0f);
  const stencil::Region<2> Box{{0, 3}, {17, 23}};
  stencil::reference(Box, r2_mirror, A, Ref);
  const stencil::Grid<float, 2> GA(A);
  stencil::Grid<float, 2> GU(Got);
  gpu::r2_mirror(GA, GU, stencil::region(Box));
  GU.download(Got);
  C.field("r2_mirror.region", Ref, Got, 0.0);
}

/// Reductions from both kernels into one total, merged and InOut grids.
void checkReduce(example::Checker &C) {
  for (stencil::Extents<2> E : {stencil::Extents<2>{1, 1}, {3, 2}, {7, 5}, {301, 517}}) {
    const auto A = randomGrid<int64_t, 2>(E, 5), C0 = randomGrid<int64_t, 2>(E, 6),
               C1 = randomGrid<int64_t, 2>(E, 7), Q = randomGrid<int64_t, 2>(E, 8);
    stencil::HostGrid<int64_t, 2> RefQ = Q, GotQ = Q;
    int64_t S = 0, M = 0;
    stencil::reference(reduce, A, C0, C1, RefQ, S, M);
    const stencil::Grid<int64_t, 2> GA(A), G0(C0), G1(C1);
    stencil::Grid<int64_t, 2> GQ(GotQ);
    const gpu::reduce_result R = gpu::reduce(GA, G0, G1, GQ);
    GQ.download(GotQ);
    const std::string P = "reduce." + sizeName<2>(E);
    C.field((P + ".q").c_str(), RefQ, GotQ, 0.0);
    C.holds((P + ".sum").c_str(), R.s == S, std::to_string(S) + " vs " + std::to_string(R.s));
    C.holds((P + ".max").c_str(), R.m == M, std::to_string(M) + " vs " + std::to_string(R.m));
  }
}

/// A glider on an N x N torus is back where it started after 4N generations
/// (it moves one cell diagonally every 4); the reference agrees on the way.
void checkGlider(example::Checker &C, int N) {
  const stencil::Extents<2> E{N, N};
  stencil::HostGrid<int, 2> Start(E, 0);
  const int Cells[5][2] = {{0, 1}, {1, 2}, {2, 0}, {2, 1}, {2, 2}};
  for (const auto &Cell : Cells) // near the corner, so it crosses both edges
    Start(N - 2 + Cell[0] - N * (N - 2 + Cell[0] >= N), Cell[1]) = 1;
  stencil::Grid<int, 2> A(Start), B(E);
  stencil::HostGrid<int, 2> Ref = Start, RefNext(E);
  for (int G = 0; G < 4 * N; ++G) {
    gpu::life(A, B);
    std::swap(A, B);
    stencil::reference(life, Ref, RefNext);
    std::swap(Ref, RefNext);
  }
  stencil::HostGrid<int, 2> Got(E);
  A.download(Got);
  const std::string P = "glider." + std::to_string(N);
  C.field((P + ".reference").c_str(), Ref, Got, 0.0);
  C.field((P + ".returns").c_str(), Start, Got, 0.0);
  int Moved = 0; // after N generations (N not a multiple of 4) it is elsewhere
  stencil::Grid<int, 2> X(Start), Y(E);
  for (int G = 0; G < N; ++G) {
    gpu::life(X, Y);
    std::swap(X, Y);
  }
  stencil::HostGrid<int, 2> Mid(E);
  X.download(Mid);
  for (int64_t I = 0; I < Mid.size(); ++I)
    Moved += Mid.data()[I] != Start.data()[I];
  C.holds((P + ".moves").c_str(), N % 4 == 0 || Moved > 0,
          std::to_string(Moved) + " cells differ after N generations");
}

template <class T> void writeRaw(const std::string &Path, const std::vector<T> &V) {
  FILE *F = std::fopen(Path.c_str(), "wb");
  if (!F || std::fwrite(V.data(), sizeof(T), V.size(), F) != V.size())
    throw std::runtime_error("cannot write " + Path);
  std::fclose(F);
}

/// Inputs of small integers (exact sums) and each correlation's output, from
/// the reference and the GPU, as raw float64: DIR/corr.<rows>x<cols>.input,
/// DIR/corr.<rows>x<cols>.<mode>.{ref,gpu}.
int dump(const std::string &Dir) {
  example::Checker C("boundary.dump");
  for (stencil::Extents<2> E : {stencil::Extents<2>{7, 5}, {3, 2}, {1, 4}, {16, 33}}) {
    stencil::HostGrid<double, 2> A(E);
    std::mt19937_64 Rng(E[0] * 100 + E[1]);
    for (int64_t I = 0; I < A.size(); ++I)
      A.data()[I] = double(Rng() % 10);
    const std::string Base = Dir + "/corr." + std::to_string(E[0]) + "x" + std::to_string(E[1]);
    writeRaw(Base + ".input", A.vector());
    const stencil::Grid<double, 2> GA(A);
    auto One = [&](const char *Mode, auto *Kernel, auto Launch) {
      stencil::HostGrid<double, 2> Ref(E), Got(E);
      stencil::reference(Kernel, A, Ref);
      stencil::Grid<double, 2> GU(Got);
      Launch(GA, GU);
      GU.download(Got);
      writeRaw(Base + "." + Mode + ".ref", Ref.vector());
      writeRaw(Base + "." + Mode + ".gpu", Got.vector());
      C.field((std::string("corr.") + Mode + "." + sizeName<2>(E)).c_str(), Ref, Got, 0.0);
    };
    One("wrap", corr_wrap, [](auto &A, auto &U) { gpu::corr_wrap(A, U); });
    One("nearest", corr_nearest, [](auto &A, auto &U) { gpu::corr_nearest(A, U); });
    One("reflect", corr_reflect, [](auto &A, auto &U) { gpu::corr_reflect(A, U); });
    One("mirror", corr_mirror, [](auto &A, auto &U) { gpu::corr_mirror(A, U); });
    One("constant", corr_constant, [](auto &A, auto &U) { gpu::corr_constant(A, U); });
  }
  return C.finish();
}

/// The other lowering issue 13 names, written by hand to be measured: pad the
/// grid with a one-point halo that a kernel fills with the periodic copies,
/// then run the interior-only kernel on the padded grid. Rows first (the
/// periodic copies of rows 1 and R), then columns, so corners are right.
__global__ void fillPeriodicRows(double *P, int64_t Rows, int64_t Cols) {
  const int64_t W = Cols + 2;
  for (int64_t J = blockIdx.x * int64_t(blockDim.x) + threadIdx.x + 1; J <= Cols;
       J += int64_t(gridDim.x) * blockDim.x) {
    P[J] = P[Rows * W + J];
    P[(Rows + 1) * W + J] = P[W + J];
  }
}
__global__ void fillPeriodicColumns(double *P, int64_t Rows, int64_t Cols) {
  const int64_t W = Cols + 2;
  for (int64_t I = blockIdx.x * int64_t(blockDim.x) + threadIdx.x; I < Rows + 2;
       I += int64_t(gridDim.x) * blockDim.x) {
    P[I * W] = P[I * W + Cols];
    P[I * W + Cols + 1] = P[I * W + 1];
  }
}

/// Copies U into the middle of P (padded by 1), or only refreshes the halo
/// when Copy is false (a runtime whose grids carry their halo).
void padPeriodic(const stencil::Grid<double, 2> &U, stencil::Grid<double, 2> &P,
                 bool Copy) {
  const int64_t Rows = U.extents()[0], Cols = U.extents()[1];
  if (Copy)
    STENCIL_CUDA_CHECK(cudaMemcpy2DAsync(P.data() + (Cols + 2) + 1,
                                         (Cols + 2) * sizeof(double), U.data(),
                                         Cols * sizeof(double), Cols * sizeof(double),
                                         Rows, cudaMemcpyDeviceToDevice),
                       "pad copy");
  fillPeriodicRows<<<(Cols + 255) / 256, 256>>>(P.data(), Rows, Cols);
  STENCIL_CUDA_CHECK(cudaGetLastError(), "fillPeriodicRows");
  fillPeriodicColumns<<<(Rows + 2 + 255) / 256, 256>>>(P.data(), Rows, Cols);
  STENCIL_CUDA_CHECK(cudaGetLastError(), "fillPeriodicColumns");
}

/// The periodic sweep against the interior-only one at 5120 x 5000, each
/// timed alone, 20 warm-up and 200 timed launches; then the ratio. Also the
/// padded lowering (issue 13: measure both), checked against the split one
/// bit for bit first: copy + halo fill + interior sweep on the padded grid,
/// and halo fill + sweep alone (grids that carry their halo).
int bench() {
  const stencil::Extents<2> E{5120, 5000};
  const stencil::HostGrid<double, 2> U0 = randomGrid<double, 2>(E, 3);
  const stencil::Grid<double, 2> U(U0);
  stencil::Grid<double, 2> V(E);
  const int64_t Points = E[0] * E[1];
  const std::vector<double> Interior =
      example::timeRepeats(20, 200, [&] { gpu::sweep_interior(U, V, 0.1); });
  const std::vector<double> Periodic =
      example::timeRepeats(20, 200, [&] { gpu::sweep_periodic(U, V, 0.1); });
  example::printBench("boundary.sweep_interior.5120x5000", Points, 16, Interior);
  example::printBench("boundary.sweep_periodic.5120x5000", Points, 16, Periodic);
  const double Ratio = example::median(Periodic) / example::median(Interior);
  std::printf("boundary: periodic / interior-only = %.3f (target <= 1.05)\n", Ratio);

  const stencil::Extents<2> PE{E[0] + 2, E[1] + 2};
  stencil::Grid<double, 2> P(PE), PV(PE);
  gpu::sweep_periodic(U, V, 0.1);
  padPeriodic(U, P, true);
  gpu::sweep_interior(P, PV, 0.1);
  const stencil::HostGrid<double, 2> Split = V.download(), Padded = PV.download();
  int64_t Differ = 0;
  for (int64_t I = 0; I < E[0]; ++I)
    for (int64_t J = 0; J < E[1]; ++J)
      Differ += std::memcmp(&Split.data()[I * E[1] + J],
                            &Padded.data()[(I + 1) * PE[1] + J + 1], sizeof(double)) != 0;
  if (Differ) {
    std::printf("FAIL: boundary: the padded lowering differs from the split one at %lld points\n",
                static_cast<long long>(Differ));
    return 1;
  }
  const std::vector<double> PadCopy = example::timeRepeats(20, 200, [&] {
    padPeriodic(U, P, true);
    gpu::sweep_interior(P, PV, 0.1);
  });
  const std::vector<double> PadHalo = example::timeRepeats(20, 200, [&] {
    padPeriodic(U, P, false);
    gpu::sweep_interior(P, PV, 0.1);
  });
  example::printBench("boundary.sweep_padded_copy.5120x5000", Points, 16, PadCopy);
  example::printBench("boundary.sweep_padded_halo.5120x5000", Points, 16, PadHalo);
  std::printf("boundary: padded (copy + halo fill + sweep) / interior-only = %.3f; "
              "padded (halo fill + sweep, grids carrying halos) / interior-only = %.3f\n",
              example::median(PadCopy) / example::median(Interior),
              example::median(PadHalo) / example::median(Interior));
  return 0;
}

} // namespace

int main(int argc, char **argv) {
  const std::string Mode = argc >= 2 ? argv[1] : "";
  try {
    if (Mode == "--check" && argc == 2) {
      example::Checker C("boundary");
      checkRules(C);
      checkRegion(C);
      checkReduce(C);
      for (int N : {8, 13, 32})
        checkGlider(C, N);
      return C.finish();
    }
    if (Mode == "--dump" && argc == 3)
      return dump(argv[2]);
    if (Mode == "--bench" && argc == 2)
      return bench();
  } catch (const std::exception &E) {
    std::fprintf(stderr, "boundary: %s\n", E.what());
    return 1;
  }
  std::fprintf(stderr, "usage: boundary --check | --dump DIR | --bench\n");
  return 2;
}
