// copybw.cu - device-to-device copy bandwidth, the floor every stencil is
// measured against in bench/run.
//
//   copybw [--mib 2048] [--reps 20] [--warmup 3]
//
// Copies one buffer of --mib MiB into another, with cudaMemcpy (D2D) and with
// a grid-stride kernel moving 16-byte words. Each copy reads and writes the
// buffer once, so it moves 2 x size bytes. Prints the device, then one BENCH
// line per method: the median of --reps copies after --warmup, each timed
// alone with CUDA events.
#include <cuda_runtime.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

namespace {

void check(cudaError_t E, const char *What) {
  if (E == cudaSuccess)
    return;
  std::fprintf(stderr, "copybw: %s: %s\n", What, cudaGetErrorString(E));
  std::exit(1);
}

__global__ void copyKernel(const uint4 *__restrict__ In,
                           uint4 *__restrict__ Out, size_t Words) {
  size_t Stride = size_t(gridDim.x) * blockDim.x;
  for (size_t I = size_t(blockIdx.x) * blockDim.x + threadIdx.x; I < Words;
       I += Stride)
    Out[I] = In[I];
}

__global__ void fillKernel(uint4 *Out, size_t Words) {
  size_t Stride = size_t(gridDim.x) * blockDim.x;
  for (size_t I = size_t(blockIdx.x) * blockDim.x + threadIdx.x; I < Words;
       I += Stride)
    Out[I] = make_uint4(unsigned(I), unsigned(I >> 32), 0x9e3779b9u, 1u);
}

double median(std::vector<double> V) {
  std::sort(V.begin(), V.end());
  size_t N = V.size();
  return N % 2 ? V[N / 2] : 0.5 * (V[N / 2 - 1] + V[N / 2]);
}

template <class F>
void measure(const char *Name, size_t Bytes, int Warmup, int Reps, F &&Copy) {
  cudaEvent_t Start, Stop;
  check(cudaEventCreate(&Start), "cudaEventCreate");
  check(cudaEventCreate(&Stop), "cudaEventCreate");
  for (int I = 0; I < Warmup; ++I)
    Copy();
  check(cudaDeviceSynchronize(), "warm-up");
  std::vector<double> Ms;
  for (int I = 0; I < Reps; ++I) {
    check(cudaEventRecord(Start), "cudaEventRecord");
    Copy();
    check(cudaEventRecord(Stop), "cudaEventRecord");
    check(cudaEventSynchronize(Stop), "cudaEventSynchronize");
    float T = 0.0f;
    check(cudaEventElapsedTime(&T, Start, Stop), "cudaEventElapsedTime");
    Ms.push_back(T);
  }
  check(cudaGetLastError(), Name);
  double Med = median(Ms);
  double Moved = 2.0 * double(Bytes); // read once + written once
  std::printf("BENCH name=%s points=%zu bytes_per_point=2 ms=%.6f min_ms=%.6f "
              "max_ms=%.6f reps=%d GBps=%.2f\n",
              Name, Bytes, Med, *std::min_element(Ms.begin(), Ms.end()),
              *std::max_element(Ms.begin(), Ms.end()), Reps,
              Moved / (Med * 1e6));
  cudaEventDestroy(Start);
  cudaEventDestroy(Stop);
}

} // namespace

int main(int Argc, char **Argv) {
  size_t MiB = 2048;
  int Reps = 20, Warmup = 3;
  for (int I = 1; I < Argc; ++I) {
    std::string A = Argv[I];
    if (A == "--mib" && I + 1 < Argc)
      MiB = std::strtoull(Argv[++I], nullptr, 10);
    else if (A == "--reps" && I + 1 < Argc)
      Reps = std::atoi(Argv[++I]);
    else if (A == "--warmup" && I + 1 < Argc)
      Warmup = std::atoi(Argv[++I]);
    else {
      std::fprintf(stderr,
                   "usage: copybw [--mib 2048] [--reps 20] [--warmup 3]\n");
      return 2;
    }
  }
  if (MiB == 0 || Reps < 1 || Warmup < 0) {
    std::fprintf(stderr, "copybw: --mib and --reps must be positive\n");
    return 2;
  }

  int Device = 0;
  check(cudaGetDevice(&Device), "cudaGetDevice");
  cudaDeviceProp Prop;
  check(cudaGetDeviceProperties(&Prop, Device), "cudaGetDeviceProperties");
  int MemClockKHz = 0, BusBits = 0;
  cudaDeviceGetAttribute(&MemClockKHz, cudaDevAttrMemoryClockRate, Device);
  cudaDeviceGetAttribute(&BusBits, cudaDevAttrGlobalMemoryBusWidth, Device);
  // Double data rate: two transfers per clock.
  double PeakGBps = 2.0 * MemClockKHz * 1e3 * (BusBits / 8.0) / 1e9;
  std::printf("DEVICE name=\"%s\" sm=%d%d sms=%d mem_GiB=%.1f peak_GBps=%.0f\n",
              Prop.name, Prop.major, Prop.minor, Prop.multiProcessorCount,
              Prop.totalGlobalMem / double(1 << 30), PeakGBps);

  size_t Bytes = MiB << 20;
  size_t Words = Bytes / sizeof(uint4);
  uint4 *In = nullptr, *Out = nullptr;
  check(cudaMalloc(&In, Bytes), "cudaMalloc");
  check(cudaMalloc(&Out, Bytes), "cudaMalloc");
  fillKernel<<<4 * Prop.multiProcessorCount, 256>>>(In, Words);
  check(cudaMemset(Out, 0, Bytes), "cudaMemset");
  check(cudaDeviceSynchronize(), "fill");

  measure("copybw.memcpy", Bytes, Warmup, Reps, [&] {
    check(cudaMemcpyAsync(Out, In, Bytes, cudaMemcpyDeviceToDevice),
          "cudaMemcpyAsync");
  });
  // Enough blocks to fill every SM several times over; the loop covers the
  // rest.
  int Blocks = 8 * Prop.multiProcessorCount;
  measure("copybw.kernel", Bytes, Warmup, Reps,
          [&] { copyKernel<<<Blocks, 512>>>(In, Out, Words); });

  // Spot-check that the kernel copied (the last copy ran the kernel).
  uint4 Probe[2];
  check(
      cudaMemcpy(Probe, Out + Words - 2, sizeof Probe, cudaMemcpyDeviceToHost),
      "read-back");
  size_t Last = Words - 1;
  if (Probe[1].x != unsigned(Last) || Probe[1].z != 0x9e3779b9u) {
    std::fprintf(stderr, "copybw: copy produced wrong data\n");
    return 1;
  }
  cudaFree(In);
  cudaFree(Out);
  return 0;
}
