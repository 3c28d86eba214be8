// async_stream2d.cu - issue 16 on the H200: do the one-point rank-2 f64 stars
// (laplace4 1.21x, helmholtz_sweep 1.31x, laplace_step_f64 1.50x their floor
// on the H200, 1.05-1.08x on the H100) lack bytes in flight, and does
// staging the rows through shared memory with asynchronous copies give them?
//
// Session 32 measured jam 2, an L2 prefetch of the chunk's column and the
// register bound on those kernels: none won on the class (ncu laplace4: DRAM
// 73%, issue 48%, 61% warps active, long-scoreboard stalls). Each thread of
// today's lowering has one point's loads in flight, held in registers; an
// asynchronous copy into shared memory (cp.async, LDGSTS) holds none, so a
// block can keep D rows in flight whatever its register count.
//
// Kernels (each the emitter's expression, checked bit for bit against A):
//   A  today's lowering (stencilc -O2 at 4ab18ce): block 64x4, 4 rows per
//      thread along dimension 0, `#pragma unroll 1`, __launch_bounds__(256, 6)
//   S  a block of TX threads owns TX columns and a chunk of CH rows; the
//      rows (TX + 2R elements each) stream through a ring of shared memory
//      by cp.async, D groups of G rows in flight ahead of the row computed,
//      one barrier per group; the column's 2R+1 values in registers, the
//      row's other 2R from shared memory
//   S16  S with 16-byte copies (cp.async.cg: the row's start is 16-byte
//      aligned when TX and the row length are even)
//
// Stencils: laplace4 (9-point star, radius 2, the suite's) and lap5 (5-point
// star, radius 1, laplace_step_f64's update without its Max).
//
//   async_stream2d [--n0 8192] [--n1 8192] [--reps 20]
// Built alone: nvcc -arch=sm_90 -O3 -std=c++17 -Iruntime/include -Idsl
//   bench/proto/async_stream2d.cu
#include "proto.cuh"

#include <stencil/detail/exact_division.hpp>

#include <cstdint>
#include <cstring>
#include <random>
#include <string>
#include <vector>

namespace {

//===----------------------------------------------------------------------===//
// The two points, in the emitter's order of operations
//===----------------------------------------------------------------------===//

struct Laplace4 {
  static constexpr int R = 2;
  double InvH2, Rcp12;
  /// W[k] = u(0, k - R), N[k] = u(k - R, 0) (N[R] = W[R] = u()).
  __device__ __host__ double point(const double *W, const double *N) const {
    double Near = (((W[1] + W[3]) + N[1]) + N[3]);
    double Far = (((W[0] + W[4]) + N[0]) + N[4]);
#ifdef __CUDA_ARCH__
    return __dmul_rn(InvH2,
                     ((__dmul_rn(1.3333333333333333, Near) -
                       stencil::detail::divideExactOneStep(Far, 12.0, Rcp12)) -
                      __dmul_rn(5.0, W[2])));
#else
    return InvH2 * ((1.3333333333333333 * Near - Far / 12.0) - 5.0 * W[2]);
#endif
  }
};

struct Lap5 {
  static constexpr int R = 1;
  __device__ __host__ double point(const double *W, const double *N) const {
#ifdef __CUDA_ARCH__
    return __dmul_rn(0.25, (((N[0] + N[2]) + W[0]) + W[2]));
#else
    return 0.25 * (((N[0] + N[2]) + W[0]) + W[2]);
#endif
  }
};

//===----------------------------------------------------------------------===//
// A: today's lowering
//===----------------------------------------------------------------------===//

template <class P>
__global__ void __launch_bounds__(256, 6)
    kernelA(const double *__restrict__ u, double *__restrict__ out, P Pt,
            int N0, int N1, int Ppt) {
  constexpr int R = P::R;
  const int S = N1;
  for (int I1 = R + int(blockIdx.x * blockDim.x + threadIdx.x); I1 < N1 - R;
       I1 += gridDim.x * blockDim.x) {
    for (int C0 = R + int(blockIdx.y * blockDim.y + threadIdx.y) * Ppt;
         C0 < N0 - R; C0 += gridDim.y * blockDim.y * Ppt) {
      const int End = C0 + Ppt < N0 - R ? C0 + Ppt : N0 - R;
      int At = C0 * S + I1;
#pragma unroll 1
      for (int I0 = C0; I0 < End; ++I0, At += S) {
        double W[2 * R + 1], N[2 * R + 1];
#pragma unroll
        for (int K = 0; K <= 2 * R; ++K) {
          W[K] = u[At + K - R];
          N[K] = u[At + (K - R) * S];
        }
        out[At] = Pt.point(W, N);
      }
    }
  }
}

//===----------------------------------------------------------------------===//
// S: rows through shared memory by cp.async
//===----------------------------------------------------------------------===//

__device__ __forceinline__ void copyAsync8(double *Dst, const double *Src) {
  const unsigned D = unsigned(__cvta_generic_to_shared(Dst));
  asm volatile("cp.async.ca.shared.global [%0], [%1], 8;\n" ::"r"(D), "l"(Src)
               : "memory");
}
__device__ __forceinline__ void copyAsync16(double *Dst, const double *Src) {
  const unsigned D = unsigned(__cvta_generic_to_shared(Dst));
  asm volatile("cp.async.cg.shared.global [%0], [%1], 16;\n" ::"r"(D), "l"(Src)
               : "memory");
}
__device__ __forceinline__ void commitAsync() {
  asm volatile("cp.async.commit_group;\n" ::: "memory");
}
template <int N> __device__ __forceinline__ void waitAsync() {
  asm volatile("cp.async.wait_group %0;\n" ::"n"(N) : "memory");
}

/// Ring slots: 2R rows of halo, G rows computed, D groups of G in flight.
template <int R, int G, int D> __host__ __device__ constexpr int ringRows() {
  return 2 * R + G * (D + 1);
}

template <class P, int TX, int G, int D, bool Wide>
__global__ void __launch_bounds__(TX)
    kernelS(const double *__restrict__ u, double *__restrict__ out, P Pt,
            int N0, int N1, int CH) {
  constexpr int R = P::R;
  constexpr int W = TX + 2 * R; // elements of a ring row
  constexpr int NS = ringRows<R, G, D>();
  extern __shared__ double Ring[]; // NS x W
  const int T = threadIdx.x;
  const int Col0 = R + int(blockIdx.x) * TX; // the block's first output column
  const int Row0 = R + int(blockIdx.y) * CH;
  const int Row1 = min(Row0 + CH, N0 - R);
  const int Col = Col0 + T;
  const bool Owns = Col < N1 - R;

  // Input row `Row`, columns Col0 - R .. Col0 + TX + R - 1 that exist.
  auto issueRow = [&](int Row) {
    if (Row >= Row1 + R)
      return;
    double *Dst = Ring + (Row % NS) * W;
    const double *Src = u + int64_t(Row) * N1 + (Col0 - R);
    if constexpr (Wide) {
      for (int K = 2 * T; K < W; K += 2 * TX)
        if (Col0 - R + K < N1)
          copyAsync16(Dst + K, Src + K);
    } else {
      for (int K = T; K < W; K += TX)
        if (Col0 - R + K < N1)
          copyAsync8(Dst + K, Src + K);
    }
  };
  // The prologue: 2R halo rows and the first D groups.
  for (int Row = Row0 - R; Row < Row0 + R; ++Row)
    issueRow(Row);
  commitAsync();
  for (int Grp = 0; Grp < D; ++Grp) {
    for (int K = 0; K < G; ++K)
      issueRow(Row0 + R + Grp * G + K);
    commitAsync();
  }
  // The column's values u(Row - R .. Row + R, Col) in registers.
  double Q[2 * R + G];
  int Next = Row0 + R + D * G; // the next row to issue
  for (int Row = Row0; Row < Row1; Row += G) {
    waitAsync<D - 1>();
    __syncthreads();
    if (Row == Row0) {
#pragma unroll
      for (int K = 0; K < 2 * R; ++K)
        Q[K] = Ring[((Row - R + K) % NS) * W + T + R];
    }
#pragma unroll
    for (int K = 0; K < G; ++K)
      Q[2 * R + K] = Ring[((Row + R + K) % NS) * W + T + R];
#pragma unroll
    for (int K = 0; K < G; ++K) {
      if (Row + K < Row1 && Owns) {
        const double *Line = Ring + ((Row + K) % NS) * W + T;
        double Wv[2 * R + 1], Nv[2 * R + 1];
#pragma unroll
        for (int J = 0; J <= 2 * R; ++J) {
          Wv[J] = J == R ? Q[K + R] : Line[J];
          Nv[J] = Q[K + J];
        }
        out[int64_t(Row + K) * N1 + Col] = Pt.point(Wv, Nv);
      }
    }
#pragma unroll
    for (int K = 0; K < 2 * R; ++K)
      Q[K] = Q[K + G];
    for (int K = 0; K < G; ++K)
      issueRow(Next + K);
    Next += G;
    commitAsync();
  }
}

//===----------------------------------------------------------------------===//
// The run
//===----------------------------------------------------------------------===//

__global__ void copyKernel(const double2 *__restrict__ In,
                           double2 *__restrict__ Out, int64_t N) {
  for (int64_t I = blockIdx.x * int64_t(blockDim.x) + threadIdx.x; I < N;
       I += int64_t(gridDim.x) * blockDim.x)
    Out[I] = In[I];
}

constexpr int PoisonByte = 0xff;

/// A streamed variant's compile-time shape: TX threads (columns), G rows a
/// group, D groups in flight, 16-byte copies if Wide.
template <int TX_, int G_, int D_, bool Wide_> struct Shape {
  static constexpr int TX = TX_, G = G_, D = D_;
  static constexpr bool Wide = Wide_;
};

struct Run {
  int N0 = 8192, N1 = 8192, Reps = 20;
  double *U = nullptr, *Out = nullptr;
  std::vector<double> Host;
  double CopyMs =
      0; ///< the better copy of the grid: every point read and written once
};

template <class P> std::vector<double> cpuReference(const Run &X, const P &Pt) {
  constexpr int R = P::R;
  std::vector<double> V(size_t(X.N0) * X.N1);
  std::memset(V.data(), PoisonByte, V.size() * 8); // the edges stay unwritten
  for (int I = R; I < X.N0 - R; ++I)
    for (int J = R; J < X.N1 - R; ++J) {
      double W[2 * R + 1], N[2 * R + 1];
      for (int K = 0; K <= 2 * R; ++K) {
        W[K] = X.Host[size_t(I) * X.N1 + J + K - R];
        N[K] = X.Host[size_t(I + K - R) * X.N1 + J];
      }
      V[size_t(I) * X.N1 + J] = Pt.point(W, N);
    }
  return V;
}

/// Poisons the output (NaN bytes: never a result here), runs once, compares
/// every point with Expect: the interior written bit for bit, the edges not.
template <class F>
bool check(Run &X, F &&Launch, const std::vector<double> &Expect) {
  CHECK(cudaMemset(X.Out, PoisonByte, size_t(X.N0) * X.N1 * 8));
  Launch();
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  std::vector<double> Got(Expect.size());
  CHECK(cudaMemcpy(Got.data(), X.Out, Got.size() * 8, cudaMemcpyDeviceToHost));
  return std::memcmp(Got.data(), Expect.data(), Got.size() * 8) == 0;
}

template <class P> void runStencil(Run &X, const char *Name, const P &Pt) {
  constexpr int R = P::R;
  const std::vector<double> Expect = cpuReference(X, Pt);
  double BaseMs = 0; // A's
  auto report = [&](const std::string &Label, double Ms, bool Ok) {
    std::printf("%-10s %-28s %8.4f ms  x copy %.3f  vs A %.3f  %s\n", Name,
                Label.c_str(), Ms, Ms / X.CopyMs, Ms / BaseMs,
                Ok ? "bit-exact" : "MISMATCH");
    std::fflush(stdout);
  };
  {
    const dim3 Block(64, 4);
    const int Ppt = 4;
    const dim3 Grid((X.N1 - 2 * R + 63) / 64,
                    (X.N0 - 2 * R + 4 * Ppt - 1) / (4 * Ppt));
    auto L = [&] {
      kernelA<P><<<Grid, Block>>>(X.U, X.Out, Pt, X.N0, X.N1, Ppt);
    };
    const bool Ok = check(X, L, Expect);
    BaseMs = proto::medianMs(L, X.Reps);
    report("A today (64x4, 4 rows)", BaseMs, Ok);
  }
  auto variantS = [&](auto Sh, int CH) {
    using S = decltype(Sh);
    constexpr int TX = S::TX;
    const auto Kernel = kernelS<P, TX, S::G, S::D, S::Wide>;
    const size_t Smem = size_t(ringRows<R, S::G, S::D>()) * (TX + 2 * R) * 8;
    CHECK(cudaFuncSetAttribute(
        Kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, int(Smem)));
    const dim3 Grid((X.N1 - 2 * R + TX - 1) / TX, (X.N0 - 2 * R + CH - 1) / CH);
    auto L = [&] {
      Kernel<<<Grid, TX, Smem>>>(X.U, X.Out, Pt, X.N0, X.N1, CH);
    };
    const bool Ok = check(X, L, Expect);
    char Label[96];
    std::snprintf(Label, sizeof Label, "%s TX%d G%d D%d CH%d",
                  S::Wide ? "S16" : "S", TX, S::G, S::D, CH);
    report(Label, proto::medianMs(L, X.Reps), Ok);
  };
  for (int CH : {64, 256}) {
    variantS(Shape<256, 1, 4, false>{}, CH);
    variantS(Shape<256, 1, 8, false>{}, CH);
    variantS(Shape<256, 2, 4, false>{}, CH);
    variantS(Shape<256, 4, 2, false>{}, CH);
    variantS(Shape<128, 1, 8, false>{}, CH);
    variantS(Shape<128, 2, 4, false>{}, CH);
    variantS(Shape<512, 1, 4, false>{}, CH);
    variantS(Shape<256, 1, 4, true>{}, CH);
    variantS(Shape<256, 2, 4, true>{}, CH);
    variantS(Shape<128, 2, 4, true>{}, CH);
  }
}

} // namespace

int main(int Argc, char **Argv) {
  Run X;
  for (int I = 1; I + 1 < Argc; I += 2) {
    const std::string A = Argv[I];
    if (A == "--n0")
      X.N0 = std::atoi(Argv[I + 1]);
    else if (A == "--n1")
      X.N1 = std::atoi(Argv[I + 1]);
    else if (A == "--reps")
      X.Reps = std::atoi(Argv[I + 1]);
    else {
      std::fprintf(stderr, "async_stream2d: unknown option '%s'\n", A.c_str());
      return 2;
    }
  }
  if (X.N1 % 2 != 0) {
    std::fprintf(stderr,
                 "async_stream2d: --n1 must be even (the 16-byte copies)\n");
    return 2;
  }
  const size_t Points = size_t(X.N0) * X.N1;
  X.Host.resize(Points);
  std::mt19937_64 Rng(20261202);
  std::uniform_real_distribution<double> Dist(-1.0, 1.0);
  for (double &V : X.Host)
    V = Dist(Rng);
  CHECK(cudaMalloc(&X.U, Points * 8));
  CHECK(cudaMalloc(&X.Out, Points * 8));
  CHECK(cudaMemcpy(X.U, X.Host.data(), Points * 8, cudaMemcpyHostToDevice));
  cudaDeviceProp Prop;
  CHECK(cudaGetDeviceProperties(&Prop, 0));
  const double MemcpyMs = proto::medianMs(
      [&] {
        CHECK(
            cudaMemcpyAsync(X.Out, X.U, Points * 8, cudaMemcpyDeviceToDevice));
      },
      X.Reps);
  const double KernelMs = proto::medianMs(
      [&] {
        copyKernel<<<Prop.multiProcessorCount * 4, 512>>>(
            reinterpret_cast<const double2 *>(X.U),
            reinterpret_cast<double2 *>(X.Out), int64_t(Points / 2));
      },
      X.Reps);
  X.CopyMs = std::min(MemcpyMs, KernelMs);
  std::printf(
      "%s, %d x %d f64; copy of the grid: memcpy %.4f ms (%.1f GB/s), kernel "
      "%.4f ms (%.1f GB/s)\n",
      Prop.name, X.N0, X.N1, MemcpyMs, 2.0 * Points * 8 / MemcpyMs / 1e6,
      KernelMs, 2.0 * Points * 8 / KernelMs / 1e6);
  runStencil(X, "laplace4", Laplace4{1.0 / (0.01 * 0.01), 1.0 / 12.0});
  runStencil(X, "lap5", Lap5{});
  CHECK(cudaFree(X.U));
  CHECK(cudaFree(X.Out));
  return 0;
}
