// himeno_variants.cu - hand-written Himeno sweeps that decide what the
// stencilc passes should generate (issue 3). Each variant is timed with CUDA
// events (median of repeats after warm-up) against the device-to-device copy
// bandwidth of the same run. Not part of the product: the measurements
// behind codegen/passes/{Tile,MergeArrays,SmemCache}.cpp live in
// bench/results/proto-*.txt.
//
//   nvcc -arch=sm_90 -O3 -std=c++17 himeno_variants.cu -o himeno_variants
//   ./himeno_variants [L|XL]
#include "proto.cuh"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

struct Dims {
  int ni, nj, nk;
};
__host__ __device__ inline long long at(const Dims &d, int i, int j, int k) {
  return ((long long)i * d.nj + j) * d.nk + k;
}

struct Arrays {
  const float *a0, *a1, *a2, *a3, *b0, *b1, *b2, *c0, *c1, *c2, *wrk1, *bnd;
};

#define STENCIL_BODY(P, A0, A1, A2, A3, B0, B1, B2, C0, C1, C2, W1, BND)       \
  float s0 = A0 * P(1, 0, 0) + A1 * P(0, 1, 0) + A2 * P(0, 0, 1) +             \
             B0 * (P(1, 1, 0) - P(1, -1, 0) - P(-1, 1, 0) + P(-1, -1, 0)) +    \
             B1 * (P(0, 1, 1) - P(0, -1, 1) - P(0, 1, -1) + P(0, -1, -1)) +    \
             B2 * (P(1, 0, 1) - P(-1, 0, 1) - P(1, 0, -1) + P(-1, 0, -1)) +    \
             C0 * P(-1, 0, 0) + C1 * P(0, -1, 0) + C2 * P(0, 0, -1) + W1;      \
  float ss = (s0 * A3 - P(0, 0, 0)) * BND;

__device__ inline void blockAddDouble(double v, double *out) {
  for (int o = 16; o > 0; o >>= 1)
    v += __shfl_down_sync(0xffffffffu, v, o);
  __shared__ double warpSums[32];
  int t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  int nt = blockDim.x * blockDim.y * blockDim.z;
  if ((t & 31) == 0)
    warpSums[t >> 5] = v;
  __syncthreads();
  if (t < 32) {
    v = t < (nt + 31) / 32 ? warpSums[t] : 0.0;
    for (int o = 16; o > 0; o >>= 1)
      v += __shfl_down_sync(0xffffffffu, v, o);
    if (t == 0)
      atomicAdd(out, v);
  }
}

// V0: one thread per point, 3-D blocks.
__global__ void v0_naive(Dims d, const float *__restrict__ p, Arrays A,
                         float *__restrict__ wrk2, float omega, double *gosa) {
  int k = blockIdx.x * blockDim.x + threadIdx.x + 1;
  int j = blockIdx.y * blockDim.y + threadIdx.y + 1;
  int i = blockIdx.z * blockDim.z + threadIdx.z + 1;
  double acc = 0;
  if (i < d.ni - 1 && j < d.nj - 1 && k < d.nk - 1) {
    long long c = at(d, i, j, k);
#define PN(di, dj, dk) p[at(d, i + di, j + dj, k + dk)]
    STENCIL_BODY(PN, A.a0[c], A.a1[c], A.a2[c], A.a3[c], A.b0[c], A.b1[c],
                 A.b2[c], A.c0[c], A.c1[c], A.c2[c], A.wrk1[c], A.bnd[c])
#undef PN
    acc = (double)ss * ss;
    wrk2[c] = p[c] + omega * ss;
  }
  blockAddDouble(acc, gosa);
}

// V1: 2-D block over (k, j); each thread walks `chunk` planes along i.
__global__ void v1_stream(Dims d, const float *__restrict__ p, Arrays A,
                          float *__restrict__ wrk2, float omega, double *gosa,
                          int chunk) {
  int k = blockIdx.x * blockDim.x + threadIdx.x + 1;
  int j = blockIdx.y * blockDim.y + threadIdx.y + 1;
  int i0 = blockIdx.z * chunk + 1;
  int i1 = min(i0 + chunk, d.ni - 1);
  double acc = 0;
  if (j < d.nj - 1 && k < d.nk - 1) {
    for (int i = i0; i < i1; ++i) {
      long long c = at(d, i, j, k);
#define PN(di, dj, dk) p[at(d, i + di, j + dj, k + dk)]
      STENCIL_BODY(PN, A.a0[c], A.a1[c], A.a2[c], A.a3[c], A.b0[c], A.b1[c],
                   A.b2[c], A.c0[c], A.c1[c], A.c2[c], A.wrk1[c], A.bnd[c])
#undef PN
      acc += (double)ss * ss;
      wrk2[c] = p[c] + omega * ss;
    }
  }
  blockAddDouble(acc, gosa);
}

// V2: merged coefficients: one record of 12 floats (3 float4) per point.
__global__ void v2_merged(Dims d, const float *__restrict__ p,
                          const float4 *__restrict__ rec,
                          float *__restrict__ wrk2, float omega, double *gosa,
                          int chunk) {
  int k = blockIdx.x * blockDim.x + threadIdx.x + 1;
  int j = blockIdx.y * blockDim.y + threadIdx.y + 1;
  int i0 = blockIdx.z * chunk + 1;
  int i1 = min(i0 + chunk, d.ni - 1);
  double acc = 0;
  if (j < d.nj - 1 && k < d.nk - 1) {
    for (int i = i0; i < i1; ++i) {
      long long c = at(d, i, j, k);
      float4 r0 = rec[3 * c], r1 = rec[3 * c + 1], r2 = rec[3 * c + 2];
#define PN(di, dj, dk) p[at(d, i + di, j + dj, k + dk)]
      STENCIL_BODY(PN, r0.x, r0.y, r0.z, r0.w, r1.x, r1.y, r1.z, r1.w, r2.x,
                   r2.y, r2.z, r2.w)
#undef PN
      acc += (double)ss * ss;
      wrk2[c] = p[c] + omega * ss;
    }
  }
  blockAddDouble(acc, gosa);
}

// V3: V1 with p's three planes (i-1, i, i+1) staged in shared memory with a
// one-point halo in j and k; the plane ring rotates as i advances.
template <int BX, int BY>
__global__ void v3_smem(Dims d, const float *__restrict__ p, Arrays A,
                        float *__restrict__ wrk2, float omega, double *gosa,
                        int chunk) {
  __shared__ float tile[3][BY + 2][BX + 2];
  int tx = threadIdx.x, ty = threadIdx.y;
  int k = blockIdx.x * BX + tx + 1;
  int j = blockIdx.y * BY + ty + 1;
  int i0 = blockIdx.z * chunk + 1;
  int i1 = min(i0 + chunk, d.ni - 1);
  bool inside = j < d.nj - 1 && k < d.nk - 1;
  auto load = [&](int slot, int i) {
    // Cooperative load of a (BY+2) x (BX+2) plane at i.
    for (int y = ty; y < BY + 2; y += BY)
      for (int x = tx; x < BX + 2; x += BX) {
        int jj = blockIdx.y * BY + y, kk = blockIdx.x * BX + x;
        tile[slot][y][x] = (jj < d.nj && kk < d.nk) ? p[at(d, i, jj, kk)] : 0.f;
      }
  };
  double acc = 0;
  load(0, i0 - 1);
  load(1, i0);
  for (int i = i0; i < i1; ++i) {
    int sm = (i - i0) % 3, sc = (i - i0 + 1) % 3, sp = (i - i0 + 2) % 3;
    load(sp, i + 1);
    __syncthreads();
    if (inside) {
      long long c = at(d, i, j, k);
      const int y = ty + 1, x = tx + 1;
#define PN(di, dj, dk)                                                         \
  tile[(di) < 0 ? sm : ((di) > 0 ? sp : sc)][y + (dj)][x + (dk)]
      STENCIL_BODY(PN, A.a0[c], A.a1[c], A.a2[c], A.a3[c], A.b0[c], A.b1[c],
                   A.b2[c], A.c0[c], A.c1[c], A.c2[c], A.wrk1[c], A.bnd[c])
#undef PN
      acc += (double)ss * ss;
      wrk2[c] = tile[sc][y][x] + omega * ss;
    }
    __syncthreads();
  }
  blockAddDouble(acc, gosa);
}

__global__ void copyKernel(const float4 *__restrict__ a, float4 *__restrict__ b,
                           long long n) {
  for (long long t = blockIdx.x * (long long)blockDim.x + threadIdx.x; t < n;
       t += (long long)gridDim.x * blockDim.x)
    b[t] = a[t];
}

/// The settings these measurements were taken with: 15 repeats after 3
/// warm-ups.
template <class F> double medianMs(F &&Launch) {
  return proto::medianMs(Launch, 15, 3);
}

int main(int argc, char **argv) {
  const char *size = argc > 1 ? argv[1] : "XL";
  Dims d = std::strcmp(size, "L") == 0   ? Dims{257, 257, 513}
           : std::strcmp(size, "M") == 0 ? Dims{129, 129, 257}
                                         : Dims{513, 513, 1025};
  long long n = (long long)d.ni * d.nj * d.nk;
  long long interior = (long long)(d.ni - 2) * (d.nj - 2) * (d.nk - 2);

  // Copy bandwidth: 1 GiB buffers, read + write counted.
  long long cn = (1ll << 30) / 16;
  float4 *ca, *cb;
  CHECK(cudaMalloc(&ca, cn * 16));
  CHECK(cudaMalloc(&cb, cn * 16));
  CHECK(cudaMemset(ca, 1, cn * 16));
  float copyMs = medianMs([&] { copyKernel<<<132 * 16, 256>>>(ca, cb, cn); });
  double copyBW = 2.0 * cn * 16 / (copyMs * 1e-3);
  float cpyMs = medianMs(
      [&] { CHECK(cudaMemcpy(cb, ca, cn * 16, cudaMemcpyDeviceToDevice)); });
  double memcpyBW = 2.0 * cn * 16 / (cpyMs * 1e-3);
  CHECK(cudaFree(ca));
  CHECK(cudaFree(cb));
  double floorMs = 14.0 * 4 * interior / copyBW * 1e3;
  std::printf("size %s %dx%dx%d  copy kernel %.0f GB/s  cudaMemcpy %.0f GB/s  "
              "floor(14 words) %.3f ms\n",
              size, d.ni, d.nj, d.nk, copyBW / 1e9, memcpyBW / 1e9, floorMs);

  std::vector<float> h(n);
  float *buf[14];
  for (int a = 0; a < 14; ++a) {
    CHECK(cudaMalloc(&buf[a], n * 4));
    for (long long x = 0; x < n; ++x)
      h[x] = 0.5f + 0.001f * ((x * 7 + a * 13) % 97);
    CHECK(cudaMemcpy(buf[a], h.data(), n * 4, cudaMemcpyHostToDevice));
  }
  float *p = buf[12], *wrk2 = buf[13];
  Arrays A{buf[0], buf[1], buf[2], buf[3], buf[4],  buf[5],
           buf[6], buf[7], buf[8], buf[9], buf[10], buf[11]};
  float4 *rec;
  CHECK(cudaMalloc(&rec, n * 48));
  {
    std::vector<float> r(n * 12);
    for (int a = 0; a < 12; ++a) {
      CHECK(cudaMemcpy(h.data(), buf[a], n * 4, cudaMemcpyDeviceToHost));
      for (long long x = 0; x < n; ++x)
        r[12 * x + a] = h[x];
    }
    CHECK(cudaMemcpy(rec, r.data(), n * 48, cudaMemcpyHostToDevice));
  }
  double *gosa;
  CHECK(cudaMalloc(&gosa, sizeof(double)));
  double ref = 0;
  auto report = [&](const char *name, float ms) {
    double g;
    CHECK(cudaMemcpy(&g, gosa, 8, cudaMemcpyDeviceToHost));
    std::printf("%-34s %8.3f ms  %5.3fx floor  %6.0f GB/s  gosa/ref %.6f\n",
                name, ms, ms / floorMs, 14.0 * 4 * interior / (ms * 1e-3) / 1e9,
                ref ? g / ref : 1.0);
    if (!ref)
      ref = g;
  };
  auto run = [&](const char *name, auto &&launch) {
    float ms = medianMs([&] {
      CHECK(cudaMemsetAsync(gosa, 0, 8));
      launch();
    });
    report(name, ms);
  };
  dim3 b0(32, 4, 2);
  run("v0 naive 32x4x2", [&] {
    v0_naive<<<dim3((d.nk - 2 + 31) / 32, (d.nj - 2 + 3) / 4,
                    (d.ni - 2 + 1) / 2),
               b0>>>(d, p, A, wrk2, 0.8f, gosa);
  });
  for (int bx : {32, 64, 128})
    for (int by : {4, 8, 16}) {
      if (bx * by > 1024)
        continue;
      for (int chunk : {8, 32, 128}) {
        char name[64];
        std::snprintf(name, sizeof name, "v1 stream %dx%d chunk %d", bx, by,
                      chunk);
        dim3 g((d.nk - 2 + bx - 1) / bx, (d.nj - 2 + by - 1) / by,
               (d.ni - 2 + chunk - 1) / chunk);
        run(name, [&] {
          v1_stream<<<g, dim3(bx, by)>>>(d, p, A, wrk2, 0.8f, gosa, chunk);
        });
        std::snprintf(name, sizeof name, "v2 merged %dx%d chunk %d", bx, by,
                      chunk);
        run(name, [&] {
          v2_merged<<<g, dim3(bx, by)>>>(d, p, rec, wrk2, 0.8f, gosa, chunk);
        });
      }
    }
  for (int chunk : {8, 32, 128}) {
    char name[64];
    std::snprintf(name, sizeof name, "v3 smem 32x8 chunk %d", chunk);
    dim3 g((d.nk - 2 + 31) / 32, (d.nj - 2 + 7) / 8,
           (d.ni - 2 + chunk - 1) / chunk);
    run(name, [&] {
      v3_smem<32, 8><<<g, dim3(32, 8)>>>(d, p, A, wrk2, 0.8f, gosa, chunk);
    });
    std::snprintf(name, sizeof name, "v3 smem 64x8 chunk %d", chunk);
    dim3 g2((d.nk - 2 + 63) / 64, (d.nj - 2 + 7) / 8,
            (d.ni - 2 + chunk - 1) / chunk);
    run(name, [&] {
      v3_smem<64, 8><<<g2, dim3(64, 8)>>>(d, p, A, wrk2, 0.8f, gosa, chunk);
    });
  }
  return 0;
}
