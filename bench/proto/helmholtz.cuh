// helmholtz.cuh - what the fused-sweep prototypes of the Jacobi/Helmholtz
// sweep share (fused_stream.cu, fused_warp_stream.cu): the coefficients,
// one point's residual as the exact lowering computes it, and the one-sweep
// kernel each prototype checks its K fused sweeps against bit for bit.
// Header-only, like proto.cuh; needs -Iruntime/include.
#ifndef STENCIL_BENCH_PROTO_HELMHOLTZ_CUH
#define STENCIL_BENCH_PROTO_HELMHOLTZ_CUH

#include "proto.cuh"

#include <stencil/detail/exact_division.hpp>

#include <cstdint>
#include <cstdio>
#include <random>
#include <vector>

namespace proto {

/// The sweep's coefficients for an N x M grid (the example's, alpha 1 and
/// omega 0.5), with b's hoisted reciprocals.
struct Coef {
  double Ax, Ay, B, Omega, RcpB, RcpLowB;

  static Coef forGrid(int64_t N, int64_t M) {
    const double Dx = 2.0 / double(N - 1), Dy = 2.0 / double(M - 1);
    Coef C{1.0 / (Dx * Dx), 1.0 / (Dy * Dy), 0.0, 0.5, 0.0, 0.0};
    C.B = -2.0 / (Dx * Dx) - 2.0 / (Dy * Dy) - 1.0;
    C.RcpB = 1.0 / C.B;
    C.RcpLowB = stencil::detail::reciprocalLow(C.B);
    return C;
  }
};

/// One point of the Helmholtz sweep: the emitter's expression, exactly
/// (multiplies as __dmul_rn, the division by b as divideExact).
__device__ __forceinline__ double residual(const Coef &C, double W, double E,
                                           double N, double S, double Mid,
                                           double F) {
  return stencil::detail::divideExact(
      ((__dmul_rn(C.Ax, (W + E)) + __dmul_rn(C.Ay, (N + S))) +
       __dmul_rn(C.B, Mid)) -
          F,
      C.B, C.RcpB, C.RcpLowB);
}

/// The one-sweep kernel (the reference): interior [1, m-1) x [1, n-1),
/// the sum of resid^2 added to *Sum.
__global__ void sweepOnce(const double *__restrict__ U,
                          const double *__restrict__ F, double *__restrict__ V,
                          double *Sum, int64_t M, int64_t N, Coef C) {
  double Part = 0.0;
  for (int64_t J = 1 + blockIdx.y; J < M - 1; J += gridDim.y)
    for (int64_t I = 1 + blockIdx.x * blockDim.x + threadIdx.x; I < N - 1;
         I += int64_t(gridDim.x) * blockDim.x) {
      const int64_t At = J * N + I;
      const double R =
          residual(C, U[At - 1], U[At + 1], U[At - N], U[At + N], U[At], F[At]);
      V[At] = U[At] - __dmul_rn(C.Omega, R);
      Part += __dmul_rn(R, R);
    }
  for (int O = 16; O > 0; O /= 2)
    Part += __shfl_down_sync(0xffffffffu, Part, O);
  if ((threadIdx.x & 31) == 0)
    atomicAdd(Sum, Part);
}

/// The prototypes' grids on the device: U (the state: uniform in [-1, 1),
/// its ring zero where ZeroRing), F (the same), scratch grids A, B and V of
/// the same size, 16 doubles of sums; the copy bandwidth and the one-sweep
/// floor (24 bytes per interior point at that bandwidth) measured in this
/// run, and printed.
struct HelmholtzGrids {
  int64_t N, M;
  size_t Bytes;
  double *U, *F, *A, *B, *V, *Sums;
  double CopyGBps, FloorMs;

  HelmholtzGrids(int64_t N, int64_t M, int Reps, bool ZeroRing)
      : N(N), M(M), Bytes(size_t(N * M) * sizeof(double)) {
    std::vector<double> HU(size_t(N * M)), HF(size_t(N * M));
    std::mt19937_64 Rng(7);
    std::uniform_real_distribution<double> D(-1.0, 1.0);
    for (auto &X : HU)
      X = D(Rng);
    for (auto &X : HF)
      X = D(Rng);
    if (ZeroRing)
      for (int64_t J = 0; J < M; ++J)
        for (int64_t I = 0; I < N; ++I)
          if (J == 0 || J == M - 1 || I == 0 || I == N - 1)
            HU[size_t(J * N + I)] = 0.0;
    for (double **P : {&U, &F, &A, &B, &V})
      CHECK(cudaMalloc(P, Bytes));
    CHECK(cudaMalloc(&Sums, 16 * sizeof(double)));
    CHECK(cudaMemcpy(U, HU.data(), Bytes, cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(F, HF.data(), Bytes, cudaMemcpyHostToDevice));
    const double CopyMs = medianMs(
        [&] { CHECK(cudaMemcpyAsync(A, U, Bytes, cudaMemcpyDeviceToDevice)); },
        Reps);
    CopyGBps = 2.0 * double(Bytes) / (CopyMs * 1e6);
    FloorMs = 24.0 * double((N - 2) * (M - 2)) / (CopyGBps * 1e6);
    std::printf("n %lld m %lld; copy %.1f GB/s; one-sweep floor %.4f ms (24 B "
                "per interior point)\n",
                (long long)N, (long long)M, CopyGBps, FloorMs);
  }
};

} // namespace proto

#endif // STENCIL_BENCH_PROTO_HELMHOLTZ_CUH
