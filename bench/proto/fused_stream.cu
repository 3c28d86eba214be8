// fused_stream.cu - the next lowering for fuse-sweeps (issue 14), measured
// by hand first: K Jacobi/Helmholtz sweeps per launch with rows STREAMED
// along dimension 0 instead of whole levels with a vertical halo (today's
// codegen/cuda/FusedSweeps.cpp, issue-bound at 0.56x the one-sweep floor at
// depth 4).
//
// A block of W threads owns W - 2K columns (one thread per column of every
// level) and a strip of H output rows. It walks the strip from K rows above
// to K rows below. At iteration i it loads row j0 = r0 - K + i of the state
// (level 0) and computes row j0 - s of level s, for s = 1..K, each from
// level s-1's rows j0-s-1, j0-s, j0-s+1 at its own column (registers: a
// three-row window per level) and level s-1's row j0-s at the neighbouring
// columns (shared memory, written the iteration before: one barrier per
// row, rows double-buffered by the parity of i). Level K goes to the grid.
// Each step adds resid^2 of the points the block owns into its own sum.
// Redundant work: 2K columns of W, and 2K rows per strip of H.
//
// The arithmetic is the exact lowering's (multiplies as __dmul_rn, the
// division as stencil::detail::divideExact with the hoisted reciprocal), so
// the result is checked bit for bit against K launches of a one-sweep kernel
// in the same program; the sums within 1e-12.
//
//   fused_stream [--n 5120] [--m 5000] [--reps 20]
// prints per K in {1, 2, 4, 6, 8} and strip height H in {64, 128, 256}: ms
// per sweep, x the one-sweep floor (24 bytes per interior point at the
// cudaMemcpy device-to-device bandwidth of the same run), and the check.
// Prediction (session 8 note): K = 4..8 at 0.35-0.45x the floor.
// Built alone: nvcc -arch=sm_90 -O3 -std=c++17 -Iruntime/include
//   bench/proto/fused_stream.cu
// Measured on 2026-11-25 (H100; docs/passes/fuse-sweeps.md, "The streamed
// lowering, measured"); its residual is helmholtz.cuh's since session 34.
#include "helmholtz.cuh"

#include <cmath>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

namespace {

constexpr int W = 128; ///< threads per block = columns of every level

using proto::Coef;
using proto::residual;
using proto::sweepOnce;

/// K sweeps streamed down a strip of H rows. U: the state (its ring is the
/// ring of every level: both buffers carry the same ring here, as in the
/// Jacobi example). V: the state after K sweeps (interior only). Sums[s]:
/// step s+1's sum of resid^2 over the points the block owns.
template <int K>
__global__ void __launch_bounds__(W)
    sweepStream(const double *__restrict__ U, const double *__restrict__ F,
                double *__restrict__ V, double *Sums, int64_t M, int64_t N,
                int H, Coef C) {
  __shared__ double Row[2][K][W]; // levels 0..K-1, double-buffered by parity
  const int Tx = threadIdx.x;
  const int64_t Col = 1 + int64_t(blockIdx.x) * (W - 2 * K) - K + Tx;
  const int64_t R0 = 1 + int64_t(blockIdx.y) * H; // first owned row
  const int64_t R1 = R0 + H < M - 1 ? R0 + H : M - 1;
  const bool InArray = Col >= 0 && Col < N;
  const bool InnerCol = Col >= 1 && Col < N - 1;
  const bool OwnCol = InnerCol && Tx >= K && Tx < W - K;
  // Level s's window at this column: rows j-1, j, j+1 of the row level s+1
  // computes next (Win[s][0] the oldest).
  double Win[K][3];
  double Part[K];
#pragma unroll
  for (int S = 0; S < K; ++S) {
    Win[S][0] = Win[S][1] = Win[S][2] = 0.0;
    Part[S] = 0.0;
  }
  const int Iters = int(R1 - R0) + 2 * K;
  for (int I = 0; I < Iters; ++I) {
    const int P = I & 1;
    const int64_t J0 = R0 - K + I; // level 0's row
    // Level 0: the state (the ring too; outside the array nothing is read).
    const double L0 =
        InArray && J0 >= 0 && J0 < M ? U[J0 * N + (InArray ? Col : 0)] : 0.0;
    Win[0][0] = Win[0][1];
    Win[0][1] = Win[0][2];
    Win[0][2] = L0;
    // Level s's row J0 - s from level s-1: its own column from the window,
    // its neighbours from the row level s-1 wrote the iteration before.
    double New[K + 1];
    New[0] = L0;
#pragma unroll
    for (int S = 1; S <= K; ++S) {
      const int64_t J = J0 - S;
      double Out = 0.0;
      // Level S is valid on columns [S, W - S) of the block only.
      if (I >= 2 * S && J >= 0 && J < M && Tx >= S && Tx < W - S) {
        const double Mid = Win[S - 1][1];
        if (J >= 1 && J < M - 1 && InnerCol) {
          const double *Prev = Row[P ^ 1][S - 1];
          const double Rs =
              residual(C, Prev[Tx - 1], Prev[Tx + 1], Win[S - 1][0],
                       Win[S - 1][2], Mid, F[J * N + Col]);
          Out = Mid - __dmul_rn(C.Omega, Rs);
          if (OwnCol && J >= R0 && J < R1)
            Part[S - 1] += __dmul_rn(Rs, Rs);
        } else {
          Out = Mid; // the ring: every level's is the state's
        }
      }
      New[S] = Out;
      if (S < K) {
        Win[S][0] = Win[S][1];
        Win[S][1] = Win[S][2];
        Win[S][2] = Out;
      }
    }
    const int64_t JK = J0 - K;
    if (OwnCol && I >= 2 * K && JK >= R0 && JK < R1)
      V[JK * N + Col] = New[K];
    // The rows this iteration made, for the neighbours' next iteration.
#pragma unroll
    for (int S = 0; S < K; ++S)
      Row[P][S][Tx] = New[S];
    __syncthreads();
  }
#pragma unroll
  for (int S = 0; S < K; ++S) {
    double X = Part[S];
    for (int O = 16; O > 0; O /= 2)
      X += __shfl_down_sync(0xffffffffu, X, O);
    if ((Tx & 31) == 0)
      atomicAdd(&Sums[S], X);
  }
}

template <int K>
void launchStream(const double *U, const double *F, double *V, double *Sums,
                  int64_t M, int64_t N, int H, const Coef &C) {
  const dim3 Grid(unsigned((N - 2 + (W - 2 * K) - 1) / (W - 2 * K)),
                  unsigned((M - 2 + H - 1) / H));
  sweepStream<K><<<Grid, W>>>(U, F, V, Sums, M, N, H, C);
}

void launchStream(int K, const double *U, const double *F, double *V,
                  double *Sums, int64_t M, int64_t N, int H, const Coef &C) {
  switch (K) {
  case 1:
    return launchStream<1>(U, F, V, Sums, M, N, H, C);
  case 2:
    return launchStream<2>(U, F, V, Sums, M, N, H, C);
  case 4:
    return launchStream<4>(U, F, V, Sums, M, N, H, C);
  case 6:
    return launchStream<6>(U, F, V, Sums, M, N, H, C);
  case 8:
    return launchStream<8>(U, F, V, Sums, M, N, H, C);
  default:
    std::fprintf(stderr, "no K=%d\n", K);
    std::exit(1);
  }
}

} // namespace

int main(int Argc, char **Argv) {
  int64_t N = 5120, M = 5000;
  int Reps = 20;
  for (int A = 1; A + 1 < Argc; A += 2) {
    const std::string Flag = Argv[A];
    if (Flag == "--n")
      N = std::atoll(Argv[A + 1]);
    else if (Flag == "--m")
      M = std::atoll(Argv[A + 1]);
    else if (Flag == "--reps")
      Reps = std::atoi(Argv[A + 1]);
  }
  const proto::HelmholtzGrids G(N, M, Reps, /*ZeroRing=*/false);
  const Coef C = Coef::forGrid(N, M);
  const size_t Bytes = G.Bytes;
  double *U = G.U, *F = G.F, *A = G.A, *B = G.B, *V = G.V, *Sums = G.Sums;
  const double FloorMs = G.FloorMs;

  const dim3 OnceGrid(unsigned((N + 255) / 256), 1024);
  // One sweep, the reference kernel: ms per sweep.
  const double OnceMs = proto::medianMs(
      [&] { sweepOnce<<<OnceGrid, 256>>>(U, F, V, Sums, M, N, C); }, Reps);
  std::printf("one-sweep kernel: %.4f ms = %.3fx floor\n", OnceMs,
              OnceMs / FloorMs);

  for (int K : {1, 2, 4, 6, 8}) {
    // Reference: K one-sweep launches from U, ping-pong A/B (both carry U's
    // ring), each sweep's sum kept.
    std::vector<double> RefSums;
    CHECK(cudaMemcpy(A, U, Bytes, cudaMemcpyDeviceToDevice));
    CHECK(cudaMemcpy(B, U, Bytes, cudaMemcpyDeviceToDevice));
    double *In = A, *Out = B;
    for (int S = 0; S < K; ++S) {
      CHECK(cudaMemset(Sums, 0, sizeof(double)));
      sweepOnce<<<OnceGrid, 256>>>(In, F, Out, Sums, M, N, C);
      double Sum = 0;
      CHECK(cudaMemcpy(&Sum, Sums, sizeof(double), cudaMemcpyDeviceToHost));
      RefSums.push_back(Sum);
      std::swap(In, Out);
    }
    std::vector<double> Ref(N * M), Got(N * M);
    CHECK(cudaMemcpy(Ref.data(), In, Bytes, cudaMemcpyDeviceToHost));
    for (int H : {64, 128, 256}) {
      CHECK(cudaMemcpy(V, U, Bytes, cudaMemcpyDeviceToDevice)); // the ring
      CHECK(cudaMemset(Sums, 0, 16 * sizeof(double)));
      launchStream(K, U, F, V, Sums, M, N, H, C);
      CHECK(cudaGetLastError());
      std::vector<double> GotSums(K);
      CHECK(cudaMemcpy(GotSums.data(), Sums, K * sizeof(double),
                       cudaMemcpyDeviceToHost));
      CHECK(cudaMemcpy(Got.data(), V, Bytes, cudaMemcpyDeviceToHost));
      int64_t Differ = 0;
      for (int64_t X = 0; X < N * M; ++X)
        Differ += std::memcmp(&Ref[X], &Got[X], sizeof(double)) != 0;
      double WorstSum = 0;
      for (int S = 0; S < K; ++S)
        WorstSum = std::max(WorstSum, std::fabs(GotSums[S] - RefSums[S]) /
                                          std::fabs(RefSums[S]));
      const double Ms = proto::medianMs(
          [&] { launchStream(K, U, F, V, Sums, M, N, H, C); }, Reps);
      std::printf("K=%d H=%3d: %.4f ms per launch, %.4f ms per sweep = "
                  "%.3fx floor; %lld points differ, sums within %.1e: %s\n",
                  K, H, Ms, Ms / K, Ms / K / FloorMs, (long long)Differ,
                  WorstSum, Differ == 0 && WorstSum < 1e-12 ? "PASS" : "FAIL");
    }
  }
  return 0;
}
