// main.cu - the histogram of the reduction-with-atomics paper (WORKLOADS.md
// section 4) through the host API stencilc generated from histogram.spec.cpp:
// n doubles uniform in [0,1) (fixed seed) into 1, 10, ..., max-bins bins,
// int and double counters, with each histogram lowering forced and with the
// launcher's own choice (auto).
//
//   histogram [--n 10000000] [--max-bins 10000000] [--check | --bench [--reps
//   20]]
//
// Launch shapes: "default" (the compiled block; privatised launches take a
// persistent grid) and "paper": blocks of 128 threads and ceil(n / 2^20)
// points per thread, about 2^20 threads as in the paper (1,000,064 for 10^7).
//
// --check compares, for every lowering and shape, every bin against the CPU
// reference (stencil::reference over the same spec): int and int64 counts
// exactly, double counts of 1.0 exactly, float weights (small integers)
// exactly. The histograms start from a non-zero pattern, since launches add
// to them. Also: all samples equal (one hot bin, every other bin empty), the
// kernel with a scalar reduction beside two histograms, and a bin outside
// the buffer, which every lowering must report as stencil::Error.
//
// --bench prints BENCH lines per counter type x lowering x shape x bins: the
// kernel alone (from the runtime's launch timer) and, as `.call`, the whole
// host API call (argument checks, fault read-back); plus CUB's
// DeviceHistogram::HistogramEven (int counters) as the peer.
#include "histogram.spec.cpp" // the kernels, for the CPU reference
#include "histogram_gen.h"    // namespace gpu: the generated host API

#include "../common/harness.hpp"

#include <cub/cub.cuh>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <random>
#include <string>
#include <vector>

namespace {

using stencil::HistogramLowering;

const HistogramLowering Lowerings[] = {
    HistogramLowering::Auto, HistogramLowering::PlainAtomic,
    HistogramLowering::WarpAggregated, HistogramLowering::SharedPrivatized,
    HistogramLowering::SharedWarpAggregated};

struct Shape {
  const char *Name;
  stencil::LaunchOptions Options;
};

std::vector<Shape> shapes(int64_t N) {
  stencil::LaunchOptions Paper;
  Paper.Block = {128, 1, 1};
  Paper.PointsPerThread = int((N + (int64_t(1) << 20) - 1) >> 20);
  return {{"default", {}}, {"paper", Paper}};
}

/// The bench adds blocks of 256 and 1024 threads (the default privatised
/// block is stencil::detail::histogramPrivatizedBlockThreads).
std::vector<Shape> benchShapes(int64_t N) {
  std::vector<Shape> V = shapes(N);
  for (int Threads : {256, 1024}) {
    stencil::LaunchOptions O;
    O.Block = {Threads, 1, 1};
    V.push_back({Threads == 256 ? "block256" : "block1024", O});
  }
  return V;
}

stencil::LaunchOptions with(stencil::LaunchOptions O, HistogramLowering L) {
  O.HistogramLowering = L;
  return O;
}

/// The counting kernel of each counter type, on the CPU and the GPU.
template <class T> struct Count;
template <> struct Count<int> {
  static constexpr const char *Name = "int";
  static constexpr const char *Kernel = "histogram_int";
  static void cpu(const stencil::HostGrid<double, 1> &X,
                  stencil::HostGrid<int, 1> &H, int Bins) {
    stencil::reference(histogram_int, X, H, Bins);
  }
  static void gpu(const stencil::Grid<double, 1> &X, stencil::Grid<int, 1> &H,
                  int Bins, const stencil::LaunchOptions &O) {
    gpu::histogram_int(X, H, Bins, O);
  }
};
template <> struct Count<double> {
  static constexpr const char *Name = "double";
  static constexpr const char *Kernel = "histogram_double";
  static void cpu(const stencil::HostGrid<double, 1> &X,
                  stencil::HostGrid<double, 1> &H, int Bins) {
    stencil::reference(histogram_double, X, H, Bins);
  }
  static void gpu(const stencil::Grid<double, 1> &X,
                  stencil::Grid<double, 1> &H, int Bins,
                  const stencil::LaunchOptions &O) {
    gpu::histogram_double(X, H, Bins, O);
  }
};

stencil::HostGrid<double, 1> uniformSamples(int64_t N) {
  stencil::HostGrid<double, 1> X(stencil::Extents<1>{N});
  std::mt19937_64 Rng(42);
  std::uniform_real_distribution<double> U(0.0, 1.0);
  for (int64_t I = 0; I < N; ++I)
    X.data()[I] = U(Rng);
  return X;
}

/// Launches add to the histogram: start from a non-zero pattern.
template <class T> stencil::HostGrid<T, 1> startPattern(int64_t Bins) {
  stencil::HostGrid<T, 1> H(stencil::Extents<1>{Bins});
  for (int64_t B = 0; B < Bins; ++B)
    H.data()[B] = T(B % 3 + 1);
  return H;
}

std::vector<int64_t> binCounts(int64_t MaxBins) {
  std::vector<int64_t> V;
  for (int64_t B = 1; B <= MaxBins; B *= 10)
    V.push_back(B);
  return V;
}

std::string label(const char *What, HistogramLowering L, const char *Shape,
                  int64_t Bins) {
  return std::string(What) + " " + stencil::histogramLoweringName(L) + " " +
         Shape + " bins=" + std::to_string(Bins);
}

/// Whether lowering L can run these histograms here: a forced shared
/// lowering whose bins do not fit throws before launching.
bool fits(HistogramLowering L, int64_t Bytes) {
  if (!stencil::isSharedHistogramLowering(L))
    return true;
  return Bytes <= stencil::detail::deviceProps().SharedPerBlockOptin -
                      stencil::histogramSharedReserve;
}

template <class T>
void checkCounts(example::Checker &C, const stencil::HostGrid<double, 1> &X,
                 const char *Data, const std::vector<int64_t> &BinList) {
  stencil::Grid<double, 1> DeviceX(X);
  for (int64_t Bins : BinList) {
    stencil::HostGrid<T, 1> Reference = startPattern<T>(Bins);
    Count<T>::cpu(X, Reference, int(Bins));
    for (const Shape &S : shapes(X.size()))
      for (HistogramLowering L : Lowerings) {
        if (!fits(L, Bins * int64_t(sizeof(T))))
          continue;
        stencil::Grid<T, 1> H(startPattern<T>(Bins));
        Count<T>::gpu(DeviceX, H, int(Bins), with(S.Options, L));
        std::string What =
            label((std::string(Data) + " " + Count<T>::Name).c_str(), L, S.Name,
                  Bins);
        C.field(What.c_str(), Reference, H.download(), 0.0);
      }
  }
}

/// Every lowering reports a bin outside the buffer as an error naming the
/// histogram: above it (nbins larger than the histogram), and below 0 (one
/// negative sample, bin -50: the bounds are one unsigned compare,
/// stencil::detail::binInRange).
void checkFaults(example::Checker &C, const stencil::HostGrid<double, 1> &X) {
  stencil::HostGrid<double, 1> Negative(X);
  Negative.data()[Negative.size() / 2] = -0.5;
  const stencil::Grid<double, 1> DeviceX(X), DeviceNegative(Negative);
  struct Case {
    const char *Name;
    const stencil::Grid<double, 1> &Samples;
    int Bins;
    const char *Expected;
  };
  for (const Case &K : {Case{"fault ", DeviceX, 1000, "histogram 'bins': bin "},
                        Case{"fault negative ", DeviceNegative, 100,
                             "histogram 'bins': bin -50 "}})
    for (HistogramLowering L : Lowerings) {
      stencil::Grid<int, 1> H(startPattern<int>(100));
      std::string Message = "no error";
      try {
        gpu::histogram_int(K.Samples, H, K.Bins, with({}, L));
      } catch (const stencil::Error &E) {
        Message = E.what();
      }
      bool Ok = Message.find(K.Expected) != std::string::npos &&
                Message.find("outside [0, 100)") != std::string::npos;
      std::string What =
          K.Name + std::string(stencil::histogramLoweringName(L));
      C.exact(What.c_str(), 1, Ok ? 1 : 0);
      if (!Ok)
        std::printf("    got: %s\n", Message.c_str());
    }
}

/// int64 counts, float weights and a Sum<double> in one kernel.
void checkMixed(example::Checker &C, const stencil::HostGrid<double, 1> &X) {
  stencil::Grid<double, 1> DeviceX(X);
  for (int64_t Bins :
       {int64_t(1), int64_t(10), int64_t(1000), int64_t(100000)}) {
    stencil::HostGrid<int64_t, 1> Counts = startPattern<int64_t>(Bins);
    stencil::HostGrid<float, 1> Weights = startPattern<float>(Bins);
    double Total = 0.0;
    stencil::reference(histogram_mixed, X, Counts, Weights, Total, int(Bins));
    for (HistogramLowering L : Lowerings) {
      if (!fits(L, stencil::histogramSharedBytes({Bins, 8, false}) +
                       stencil::histogramSharedBytes({Bins, 4, true})))
        continue;
      stencil::Grid<int64_t, 1> GpuCounts(startPattern<int64_t>(Bins));
      stencil::Grid<float, 1> GpuWeights(startPattern<float>(Bins));
      double GpuTotal = gpu::histogram_mixed(DeviceX, GpuCounts, GpuWeights,
                                             int(Bins), with({}, L))
                            .total;
      std::string What = label("mixed", L, "default", Bins);
      C.field((What + " counts").c_str(), Counts, GpuCounts.download(), 0.0);
      C.field((What + " weights").c_str(), Weights, GpuWeights.download(), 0.0);
      C.scalar((What + " total").c_str(), Total, GpuTotal, 1e-12);
    }
  }
}

/// radial: 2-D samples uniform in [-1, 1)^2, binned by radius / sqrt(2). The
/// division by the scalar rmax is hoisted; every count must equal the CPU's.
void checkRadial(example::Checker &C, int64_t N) {
  stencil::HostGrid<double, 1> X(stencil::Extents<1>{N}),
      Y(stencil::Extents<1>{N});
  std::mt19937_64 Rng(2026);
  std::uniform_real_distribution<double> U(-1.0, 1.0);
  for (int64_t I = 0; I < N; ++I) {
    X.data()[I] = U(Rng);
    Y.data()[I] = U(Rng);
  }
  const double RMax = std::sqrt(2.0);
  stencil::Grid<double, 1> DeviceX(X), DeviceY(Y);
  for (int Bins : {100, 5000, 3000000}) {
    stencil::HostGrid<int, 1> Reference = startPattern<int>(Bins);
    stencil::reference(radial, X, Y, Reference, RMax, Bins);
    stencil::Grid<int, 1> H(startPattern<int>(Bins));
    gpu::radial(DeviceX, DeviceY, H, RMax, Bins);
    C.field(("radial bins=" + std::to_string(Bins)).c_str(), Reference,
            H.download(), 0.0);
  }
}

int check(int64_t N, int64_t MaxBins) {
  example::Checker C("histogram n=" + std::to_string(N) + " bins 1.." +
                     std::to_string(MaxBins));
  stencil::HostGrid<double, 1> X = uniformSamples(N);
  std::vector<int64_t> All = binCounts(MaxBins);
  checkCounts<int>(C, X, "uniform", All);
  checkCounts<double>(C, X, "uniform", All);
  // One hot bin: every sample in bin nbins/2, every other bin empty.
  stencil::HostGrid<double, 1> Same(stencil::Extents<1>{N}, 0.5);
  std::vector<int64_t> Hot = {1, 10, 1000, 100000};
  checkCounts<int>(C, Same, "hot", Hot);
  checkCounts<double>(C, Same, "hot", Hot);
  checkMixed(C, X);
  checkRadial(C, N);
  checkFaults(C, X);
  return C.finish();
}

/// Median kernel time of Reps launches from the runtime's launch timer
/// (STENCIL_PROFILE=1), and the median time of the whole call.
template <class F>
void benchOne(const std::string &Name, const char *Kernel, int64_t N, int Reps,
              F &&Call) {
  stencil::detail::KernelProfile &P =
      stencil::detail::Profiler::instance().entry(Kernel);
  std::vector<double> KernelMs;
  auto CallMs = example::timeRepeats(3, Reps, [&] {
    double Before = P.TotalMs;
    Call();
    KernelMs.push_back(P.TotalMs - Before);
  });
  KernelMs.erase(KernelMs.begin(), KernelMs.begin() + 3); // the warm-up calls
  example::printBench(Name, N, 8, KernelMs);
  example::printBench(Name + ".call", N, 8, CallMs);
}

template <class T>
void benchCounts(const stencil::Grid<double, 1> &X, int64_t MaxBins, int Reps) {
  for (int64_t Bins : binCounts(MaxBins))
    for (const Shape &S : benchShapes(X.size()))
      for (HistogramLowering L : Lowerings) {
        if (!fits(L, Bins * int64_t(sizeof(T))))
          continue;
        stencil::Grid<T, 1> H(startPattern<T>(Bins));
        std::string Name = std::string("histogram.") + Count<T>::Name + "." +
                           stencil::histogramLoweringName(L) + "." + S.Name +
                           ".b" + std::to_string(Bins);
        stencil::LaunchOptions O = with(S.Options, L);
        benchOne(Name, Count<T>::Kernel, X.size(), Reps,
                 [&] { Count<T>::gpu(X, H, int(Bins), O); });
      }
}

void cubCheck(cudaError_t E, const char *What) {
  if (E == cudaSuccess)
    return;
  std::fprintf(stderr, "%s: %s\n", What, cudaGetErrorString(E));
  std::exit(3);
}

/// CUB's even-width histogram of the same samples into int counters. Bins
/// are [k/B, (k+1)/B): the same bins as the spec's for x in [0,1).
/// Stops at 10^6 bins: at 10^7 HistogramEven faults with an illegal address
/// on H100 (CUDA 12, seen in bench/proto and here).
void benchCub(const stencil::Grid<double, 1> &X, int64_t MaxBins, int Reps) {
  for (int64_t Bins : binCounts(std::min<int64_t>(MaxBins, 1000000))) {
    stencil::Grid<int, 1> H(stencil::Extents<1>{Bins});
    size_t TempBytes = 0;
    const int Levels = int(Bins + 1);
    cubCheck(cub::DeviceHistogram::HistogramEven(nullptr, TempBytes, X.data(),
                                                 H.data(), Levels, 0.0, 1.0,
                                                 int(X.size())),
             "HistogramEven (size)");
    void *Temp = nullptr;
    cubCheck(cudaMalloc(&Temp, TempBytes), "cudaMalloc");
    auto Ms = example::timeRepeats(3, Reps, [&] {
      cubCheck(cub::DeviceHistogram::HistogramEven(Temp, TempBytes, X.data(),
                                                   H.data(), Levels, 0.0, 1.0,
                                                   int(X.size())),
               "HistogramEven");
    });
    cubCheck(cudaGetLastError(), "HistogramEven");
    // Sanity: every sample counted once.
    stencil::HostGrid<int, 1> Back = H.download();
    long long Total = 0;
    for (int64_t B = 0; B < Bins; ++B)
      Total += Back.data()[B];
    if (Total != X.size())
      std::printf("cub bins=%lld: total %lld != %lld\n", (long long)Bins, Total,
                  (long long)X.size());
    example::printBench("histogram.int.cub.b" + std::to_string(Bins), X.size(),
                        8, Ms);
    cubCheck(cudaFree(Temp), "cudaFree");
  }
}

/// The CPU reference at every bin count: each counter type must count every
/// sample once (the reference is what --check compares the GPU against).
int cpuOnly(int64_t N, int64_t MaxBins) {
  stencil::HostGrid<double, 1> X = uniformSamples(N);
  for (int64_t Bins : binCounts(MaxBins)) {
    stencil::HostGrid<int, 1> Counts(stencil::Extents<1>{Bins});
    stencil::HostGrid<double, 1> Weights(stencil::Extents<1>{Bins});
    Count<int>::cpu(X, Counts, int(Bins));
    Count<double>::cpu(X, Weights, int(Bins));
    long long Total = 0;
    double WeightTotal = 0;
    for (int64_t B = 0; B < Bins; ++B) {
      Total += Counts.data()[B];
      WeightTotal += Weights.data()[B];
    }
    std::printf("[cpu] bins %9lld: %lld samples counted (int), %.0f (double)\n",
                (long long)Bins, Total, WeightTotal);
    if (Total != N || WeightTotal != double(N))
      return 1;
  }
  return 0;
}

} // namespace

int main(int Argc, char **Argv) {
  int64_t N = 10000000, MaxBins = 10000000;
  bool Cpu = false, Check = false, Bench = false;
  int Reps = 20;
  example::Options Opts(
      "histogram",
      "[--n N] [--max-bins B] [--cpu | --check | --bench [--reps R]]");
  Opts.add("--n", N, "samples (10^7)");
  Opts.add("--max-bins", MaxBins, "largest bin count of 1, 10, ... (10^7)");
  Opts.flag("--cpu", Cpu, "the CPU reference only (int and double counters)");
  Opts.flag("--check", Check,
            "compare every lowering against the CPU reference");
  Opts.flag("--bench", Bench,
            "print BENCH lines per lowering, bins and counter type");
  Opts.add("--reps", Reps, "timed repetitions per BENCH line (20)");
  Opts.parse(Argc, Argv);
  if (int(Cpu) + int(Check) + int(Bench) > 1)
    Opts.fail("--cpu, --check and --bench exclude each other");
  if (N < 1 || MaxBins < 1 || MaxBins > 0x7fffffff || Reps < 1)
    Opts.fail(
        "--n, --max-bins and --reps must be positive; --max-bins below 2^31");
  try {
    if (Cpu)
      return cpuOnly(N, MaxBins);
    if (Check)
      return check(N, MaxBins);
    if (Bench) {
      // Kernel-only times come from the runtime's launch timer.
      setenv("STENCIL_PROFILE", "1", 1);
      stencil::Grid<double, 1> X(uniformSamples(N));
      benchCounts<int>(X, MaxBins, Reps);
      benchCounts<double>(X, MaxBins, Reps);
      benchCub(X, MaxBins, Reps);
      return 0;
    }
    // Default: the auto lowering at every bin count, int counters.
    stencil::Grid<double, 1> X(uniformSamples(N));
    for (int64_t Bins : binCounts(MaxBins)) {
      stencil::Grid<int, 1> H(stencil::Extents<1>{Bins});
      H.fill(0);
      gpu::histogram_int(X, H, int(Bins));
      stencil::HostGrid<int, 1> Back = H.download();
      long long Total = 0;
      for (int64_t B = 0; B < Bins; ++B)
        Total += Back.data()[B];
      std::printf("bins %9lld: %lld samples counted\n", (long long)Bins, Total);
      if (Total != N)
        return 1;
    }
    return 0;
  } catch (const std::exception &E) {
    std::fprintf(stderr, "histogram: %s\n", E.what());
    return 1;
  }
}
