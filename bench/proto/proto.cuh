// proto.cuh - what every hand-written prototype in bench/proto shares: a
// check on every CUDA call, and the median time of a launch over repeats
// after warm-up, taken with CUDA events. Header-only; the prototypes are
// built alone (nvcc -arch=sm_90 -O3 -std=c++17 -Iruntime/include -Idsl
// bench/proto/NAME.cu), never by the build.
#ifndef STENCIL_BENCH_PROTO_CUH
#define STENCIL_BENCH_PROTO_CUH

#include <cuda_runtime.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <vector>

#define CHECK(x)                                                               \
  do {                                                                         \
    cudaError_t e_ = (x);                                                      \
    if (e_ != cudaSuccess) {                                                   \
      std::fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #x,          \
                   cudaGetErrorString(e_));                                    \
      std::exit(1);                                                            \
    }                                                                          \
  } while (0)

namespace proto {

/// The middle element (the upper one of an even count).
inline double median(std::vector<double> V) {
  std::sort(V.begin(), V.end());
  return V[V.size() / 2];
}

/// Median milliseconds of Reps launches, each timed alone with CUDA events
/// after Warmup untimed ones; every launch's errors are checked.
template <class F> double medianMs(F &&Launch, int Reps, int Warmup = 3) {
  cudaEvent_t A, B;
  CHECK(cudaEventCreate(&A));
  CHECK(cudaEventCreate(&B));
  for (int I = 0; I < Warmup; ++I)
    Launch();
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  std::vector<double> Ms;
  for (int I = 0; I < Reps; ++I) {
    CHECK(cudaEventRecord(A));
    Launch();
    CHECK(cudaEventRecord(B));
    CHECK(cudaEventSynchronize(B));
    CHECK(cudaGetLastError());
    float T = 0;
    CHECK(cudaEventElapsedTime(&T, A, B));
    Ms.push_back(T);
  }
  CHECK(cudaEventDestroy(A));
  CHECK(cudaEventDestroy(B));
  return median(Ms);
}

} // namespace proto

#endif // STENCIL_BENCH_PROTO_CUH
