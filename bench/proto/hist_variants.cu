// hist_variants.cu - hand-written histogram lowerings that decide the
// cost model of issue 4 (which lowering stencilc's launcher picks per bin
// count). 10^7 doubles uniform in [0,1), bins 1..10^7, int and double
// counters; CUB's DeviceHistogram::HistogramEven as the peer (int).
//
//   nvcc -arch=sm_90 -O3 -std=c++17 hist_variants.cu -o hist_variants
#include <cub/cub.cuh>

#include "proto.cuh"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <vector>

__device__ inline int binOf(double x, int nb) {
  return min(int(x * nb), nb - 1);
}

template <class T>
__global__ void plainAtomic(const double *__restrict__ x, long long n, T *h,
                            int nb) {
  for (long long t = blockIdx.x * (long long)blockDim.x + threadIdx.x; t < n;
       t += (long long)gridDim.x * blockDim.x)
    atomicAdd(&h[binOf(x[t], nb)], T(1));
}

// Lanes with the same bin elect the lowest as leader; it adds the group's sum.
template <class T>
__device__ inline void warpAggregatedAdd(T *h, int bin, T v) {
  unsigned active = __activemask();
  unsigned peers = __match_any_sync(active, bin);
  int lane = threadIdx.x & 31;
  int leader = __ffs(peers) - 1;
  T sum = 0;
  for (unsigned m = peers; m; m &= m - 1)
    sum += __shfl_sync(peers, v, __ffs(m) - 1);
  if (lane == leader)
    atomicAdd(&h[bin], sum);
}

template <class T>
__global__ void warpAggregated(const double *__restrict__ x, long long n, T *h,
                               int nb) {
  long long stride = (long long)gridDim.x * blockDim.x;
  for (long long t = blockIdx.x * (long long)blockDim.x + threadIdx.x; t < n;
       t += stride)
    warpAggregatedAdd(h, binOf(x[t], nb), T(1));
}

// Count-only variant: the value is uniform (1), so the sum is popc(peers).
template <class T>
__global__ void warpAggregatedPopc(const double *__restrict__ x, long long n,
                                   T *h, int nb) {
  long long stride = (long long)gridDim.x * blockDim.x;
  for (long long t = blockIdx.x * (long long)blockDim.x + threadIdx.x; t < n;
       t += stride) {
    int bin = binOf(x[t], nb);
    unsigned peers = __match_any_sync(__activemask(), bin);
    if ((threadIdx.x & 31) == __ffs(peers) - 1)
      atomicAdd(&h[bin], T(__popc(peers)));
  }
}

template <class T, bool Aggregate>
__global__ void sharedPrivatized(const double *__restrict__ x, long long n,
                                 T *h, int nb) {
  extern __shared__ unsigned char raw[];
  T *local = reinterpret_cast<T *>(raw);
  for (int b = threadIdx.x; b < nb; b += blockDim.x)
    local[b] = 0;
  __syncthreads();
  long long stride = (long long)gridDim.x * blockDim.x;
  for (long long t = blockIdx.x * (long long)blockDim.x + threadIdx.x; t < n;
       t += stride) {
    int bin = binOf(x[t], nb);
    if (Aggregate) {
      unsigned peers = __match_any_sync(__activemask(), bin);
      if ((threadIdx.x & 31) == __ffs(peers) - 1)
        atomicAdd(&local[bin], T(__popc(peers)));
    } else {
      atomicAdd(&local[bin], T(1));
    }
  }
  __syncthreads();
  for (int b = threadIdx.x; b < nb; b += blockDim.x)
    if (local[b] != T(0))
      atomicAdd(&h[b], local[b]);
}

template <class T>
void runType(const char *tname, const double *dx, long long n, int sms) {
  const int maxBins = 10000000;
  T *h;
  CHECK(cudaMalloc(&h, maxBins * sizeof(T)));
  int optin;
  CHECK(cudaDeviceGetAttribute(&optin, cudaDevAttrMaxSharedMemoryPerBlockOptin,
                               0));
  CHECK(cudaFuncSetAttribute(sharedPrivatized<T, false>,
                             cudaFuncAttributeMaxDynamicSharedMemorySize,
                             optin));
  CHECK(cudaFuncSetAttribute(sharedPrivatized<T, true>,
                             cudaFuncAttributeMaxDynamicSharedMemorySize,
                             optin));
  for (int nb = 1; nb <= maxBins; nb *= 10) {
    auto clear = [&] { CHECK(cudaMemsetAsync(h, 0, nb * sizeof(T))); };
    std::printf("%s bins %8d:", tname, nb);
    float ms;
    ms = medianMs([&] {
      clear();
      plainAtomic<<<8192, 128>>>(dx, n, h, nb);
    });
    std::printf("  plain(8192x128) %7.3f", ms);
    ms = medianMs([&] {
      clear();
      plainAtomic<<<sms * 16, 256>>>(dx, n, h, nb);
    });
    std::printf("  plain(persist) %7.3f", ms);
    ms = medianMs([&] {
      clear();
      warpAggregated<<<8192, 128>>>(dx, n, h, nb);
    });
    std::printf("  warpagg %7.3f", ms);
    ms = medianMs([&] {
      clear();
      warpAggregatedPopc<<<8192, 128>>>(dx, n, h, nb);
    });
    std::printf("  warpagg-popc %7.3f", ms);
    size_t bytes = (size_t)nb * sizeof(T);
    if (bytes <= (size_t)optin) {
      int perSM = std::max(
          1, std::min(8, int(200 * 1024 / std::max<size_t>(bytes, 1))));
      ms = medianMs([&] {
        clear();
        sharedPrivatized<T, false><<<sms * perSM, 512, bytes>>>(dx, n, h, nb);
      });
      std::printf("  shared %7.3f", ms);
      ms = medianMs([&] {
        clear();
        sharedPrivatized<T, true><<<sms * perSM, 512, bytes>>>(dx, n, h, nb);
      });
      std::printf("  shared+warpagg %7.3f", ms);
    }
    // Sanity: total count must be n.
    std::vector<T> back(nb);
    CHECK(cudaMemcpy(back.data(), h, nb * sizeof(T), cudaMemcpyDeviceToHost));
    double total = 0;
    for (T v : back)
      total += double(v);
    std::printf("  [total %s]\n", total == double(n) ? "ok" : "WRONG");
  }
  CHECK(cudaFree(h));
}

/// The settings these measurements were taken with: 11 repeats after 1 warm-up.
template <class F> double medianMs(F &&Launch) {
  return proto::medianMs(Launch, 11, 1);
}

int main() {
  const long long n = 10000000;
  std::vector<double> x(n);
  std::mt19937_64 rng(42);
  std::uniform_real_distribution<double> u(0.0, 1.0);
  for (auto &v : x)
    v = u(rng);
  double *dx;
  CHECK(cudaMalloc(&dx, n * 8));
  CHECK(cudaMemcpy(dx, x.data(), n * 8, cudaMemcpyHostToDevice));
  int sms;
  CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
  runType<int>("int   ", dx, n, sms);
  runType<double>("double", dx, n, sms);

  // CUB HistogramEven, int counters.
  int *hi;
  CHECK(cudaMalloc(&hi, 10000000 * sizeof(int)));
  for (int nb = 1; nb <= 10000000; nb *= 10) {
    size_t tempBytes = 0;
    CHECK(cub::DeviceHistogram::HistogramEven(nullptr, tempBytes, dx, hi,
                                              nb + 1, 0.0, 1.0, (int)n));
    void *temp;
    CHECK(cudaMalloc(&temp, tempBytes));
    float ms = medianMs([&] {
      CHECK(cub::DeviceHistogram::HistogramEven(temp, tempBytes, dx, hi, nb + 1,
                                                0.0, 1.0, (int)n));
    });
    std::printf("cub int bins %8d: %7.3f ms\n", nb, ms);
    CHECK(cudaFree(temp));
  }
  return 0;
}
