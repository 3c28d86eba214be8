// fused_warp_stream.cu - a lowering for fuse-sweeps (issue 14) measured by
// hand first: K Jacobi/Helmholtz sweeps per launch, every level streamed
// through REGISTERS by one warp, with no shared memory and no barrier.
//
// Why: today's fused tiles (codegen/cuda/FusedKernel.cpp, whole levels in
// shared memory, a barrier per step) run the Jacobi solve at 0.51x the
// one-sweep floor on the H100 but 0.72x on the H200, whose floor is 1.4x
// lower with the same SMs: the kernel waits on its own latency (issue, FP64
// and shared memory each about a third of their peak, session 24). Session
// 8's streamed prototype (fused_stream.cu) exchanged each level's row
// through shared memory with a barrier per row and lost (0.68x at best on
// the H100): the barrier serialised the levels.
//
// Here a warp owns 32 * C columns (C adjacent columns per lane), of which
// the middle 32 * C - 2K are its own, and a strip of H rows. It walks the
// strip from K rows above to K rows below. At iteration i it loads row
// j0 = r0 - K + i of the state (level 0) and computes row j0 - s of level
// s = 1..K from level s-1's three-row window at its own columns (registers)
// and the columns beside them: a lane's own neighbours, or the next lane's
// by a shuffle (two per level and row). Level K goes to the grid. f is read
// once per point and kept for the K levels in a window of K rows (FWIN=1),
// or read again at every level (FWIN=0: L1 holds the rows). Each step adds
// resid^2 of the points the warp owns.
// Redundant work: 2K of 32C columns, 2K rows per strip of H.
//
// The arithmetic is the exact lowering's (multiplies as __dmul_rn, the
// division as stencil::detail::divideExact with the hoisted reciprocals),
// so the result is checked bit for bit against K launches of a one-sweep
// kernel in the same program; the sums within 1e-12. As in fused_stream.cu
// both buffers carry the same ring (the Jacobi example's zeros), so every
// level's ring is the state's.
//
//   fused_warp_stream [--n 5120] [--m 5000] [--reps 20] [--only I]
// prints per (K, C, H, FWIN, warps a block): ms per sweep, x the one-sweep
// floor (24 bytes per interior point at the cudaMemcpy device-to-device
// bandwidth of the same run), and the check.
// Built alone: nvcc -arch=sm_90 -O3 -std=c++17 -Iruntime/include
//   bench/proto/fused_warp_stream.cu
#include "helmholtz.cuh"

#include <cmath>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

namespace {

using proto::Coef;
using proto::residual;
using proto::sweepOnce;

/// K sweeps of a strip of H rows by each warp, levels in registers, R rows
/// of every level an iteration.
template <int K, int C, int R, bool FWin, int Warps, int MinBlocks, int Unroll>
__global__ void __launch_bounds__(32 * Warps, MinBlocks)
    warpStream(const double *__restrict__ U, const double *__restrict__ F,
               double *__restrict__ V, double *Sums, int M, int N, int H,
               Coef Co) {
  constexpr int Cols = 32 * C, Own = Cols - 2 * K;
  const int Lane = threadIdx.x & 31;
  const int Strip = blockIdx.x * Warps + (threadIdx.x >> 5);
  // Index 0 of the warp's columns; its own are [Base + K, Base + Cols - K).
  const int Base = Strip * Own - K;
  if (Base + K >= N - 1)
    return; // the whole warp: no shuffle waits on it
  const int R0 = 1 + blockIdx.y * H;
  const int R1 = min(R0 + H, M - 1);
  int Col[C];
  bool InArray[C], Inner[C], Mine[C];
#pragma unroll
  for (int X = 0; X < C; ++X) {
    const int Idx = Lane * C + X;
    Col[X] = Base + Idx;
    InArray[X] = Col[X] >= 0 && Col[X] < N;
    Inner[X] = Col[X] >= 1 && Col[X] < N - 1;
    Mine[X] = Inner[X] && Idx >= K && Idx < Cols - K;
  }
  // Win[s][q][x]: level s at row j0 - s - 2 + q (q = 0 .. R+1), column x of
  // the lane, where j0 is the iteration's first new row of level 0: rows
  // q = 2 .. R+1 are the iteration's new ones, 0 and 1 the last two before.
  double Win[K][R + 2][C];
  // FRow[q][x]: f at row j0 - K + q (q = 0 .. K+R-2).
  constexpr int FRows = FWin ? K + R - 1 : 1;
  double FRow[FRows][C];
  double Part[K];
#pragma unroll
  for (int S = 0; S < K; ++S) {
    Part[S] = 0.0;
#pragma unroll
    for (int Q = 0; Q < R + 2; ++Q)
#pragma unroll
      for (int X = 0; X < C; ++X)
        Win[S][Q][X] = 0.0;
  }
#pragma unroll
  for (int Q = 0; Q < FRows; ++Q)
#pragma unroll
    for (int X = 0; X < C; ++X)
      FRow[Q][X] = 0.0;
  const int Iters = ((R1 - R0) + 2 * K + R - 1) / R;
#pragma unroll Unroll
  for (int I = 0; I < Iters; ++I) {
    const int J0 = R0 - K + I * R;
    // The window moves down by R rows.
#pragma unroll
    for (int S = 0; S < K; ++S)
#pragma unroll
      for (int X = 0; X < C; ++X) {
        Win[S][0][X] = Win[S][R][X];
        Win[S][1][X] = Win[S][R + 1][X];
      }
#pragma unroll
    for (int Q = 0; Q < R; ++Q) {
      const int J = J0 + Q;
      const bool RowIn = J >= 0 && J < M;
#pragma unroll
      for (int X = 0; X < C; ++X)
        Win[0][2 + Q][X] =
            RowIn && InArray[X] ? U[int64_t(J) * N + Col[X]] : 0.0;
    }
    if (FWin) {
#pragma unroll
      for (int Q = 0; Q + R < FRows; ++Q)
#pragma unroll
        for (int X = 0; X < C; ++X)
          FRow[Q][X] = FRow[Q + R][X];
#pragma unroll
      for (int Q = FRows - R; Q < FRows; ++Q) {
        const int JF = J0 - K + Q;
        const bool FIn = JF >= 1 && JF < M - 1;
#pragma unroll
        for (int X = 0; X < C; ++X)
          FRow[Q][X] = FIn && Inner[X] ? F[int64_t(JF) * N + Col[X]] : 0.0;
      }
    }
#pragma unroll
    for (int S = 1; S <= K; ++S) {
      const double(&L)[R + 2][C] = Win[S - 1];
      double Out[R][C];
#pragma unroll
      for (int Q = 2; Q < R + 2; ++Q) {
        const int J = J0 - S - 2 + Q;
        const bool RowInner = J >= 1 && J < M - 1;
        const bool RowMine = J >= R0 && J < R1;
        // Level s-1 at rows J-1, J, J+1: its indices Q-2, Q-1, Q.
        const double Left = __shfl_up_sync(0xffffffffu, L[Q - 1][C - 1], 1);
        const double Right = __shfl_down_sync(0xffffffffu, L[Q - 1][0], 1);
#pragma unroll
        for (int X = 0; X < C; ++X) {
          const double Mid = L[Q - 1][X];
          const double W_ = X == 0 ? Left : L[Q - 1][X - 1];
          const double E = X == C - 1 ? Right : L[Q - 1][X + 1];
          if (RowInner && Inner[X]) {
            const double Fv =
                FWin ? FRow[K - S - 2 + Q][X] : F[int64_t(J) * N + Col[X]];
            const double Rs =
                residual(Co, W_, E, L[Q - 2][X], L[Q][X], Mid, Fv);
            Out[Q - 2][X] = Mid - __dmul_rn(Co.Omega, Rs);
            if (RowMine && Mine[X])
              Part[S - 1] += __dmul_rn(Rs, Rs);
          } else {
            Out[Q - 2][X] = Mid; // the ring, and what lies outside
          }
        }
        if (S == K && RowMine) {
#pragma unroll
          for (int X = 0; X < C; ++X)
            if (Mine[X])
              V[int64_t(J) * N + Col[X]] = Out[Q - 2][X];
        }
      }
      if (S < K) {
#pragma unroll
        for (int Q = 0; Q < R; ++Q)
#pragma unroll
          for (int X = 0; X < C; ++X)
            Win[S][2 + Q][X] = Out[Q][X];
      }
    }
  }
#pragma unroll
  for (int S = 0; S < K; ++S) {
    double X = Part[S];
    for (int O = 16; O > 0; O /= 2)
      X += __shfl_down_sync(0xffffffffu, X, O);
    if (Lane == 0)
      atomicAdd(&Sums[S], X);
  }
}

struct Config {
  int K, C, R, H, Warps, MinBlocks, Unroll;
  bool FWin;
  void (*Launch)(const Config &, const double *, const double *, double *,
                 double *, int, int, const Coef &);
  int Regs;
};

template <int K, int C, int R, bool FWin, int Warps, int MinBlocks, int Unroll>
void launchWarpStream(const Config &Cfg, const double *U, const double *F,
                      double *V, double *Sums, int M, int N, const Coef &Co) {
  constexpr int Own = 32 * C - 2 * K;
  const int Strips = (N - 2 + Own - 1) / Own + 1;
  const dim3 Grid(unsigned((Strips + Warps - 1) / Warps),
                  unsigned((M - 2 + Cfg.H - 1) / Cfg.H));
  warpStream<K, C, R, FWin, Warps, MinBlocks, Unroll>
      <<<Grid, 32 * Warps>>>(U, F, V, Sums, M, N, Cfg.H, Co);
}

template <int K, int C, int R, bool FWin, int Warps, int MinBlocks,
          int Unroll = 1>
Config config(int H) {
  cudaFuncAttributes A;
  CHECK(cudaFuncGetAttributes(
      &A, warpStream<K, C, R, FWin, Warps, MinBlocks, Unroll>));
  return Config{K,
                C,
                R,
                H,
                Warps,
                MinBlocks,
                Unroll,
                FWin,
                &launchWarpStream<K, C, R, FWin, Warps, MinBlocks, Unroll>,
                A.numRegs};
}

} // namespace

int main(int Argc, char **Argv) {
  int N = 5120, M = 5000;
  int Reps = 20, Only = -1;
  for (int A = 1; A + 1 < Argc; A += 2) {
    const std::string Flag = Argv[A];
    if (Flag == "--n")
      N = std::atoi(Argv[A + 1]);
    else if (Flag == "--m")
      M = std::atoi(Argv[A + 1]);
    else if (Flag == "--reps")
      Reps = std::atoi(Argv[A + 1]);
    else if (Flag == "--only")
      Only = std::atoi(Argv[A + 1]);
  }
  const proto::HelmholtzGrids G(N, M, Reps, /*ZeroRing=*/true);
  const Coef Co = Coef::forGrid(N, M);
  const size_t Bytes = G.Bytes;
  double *U = G.U, *F = G.F, *A = G.A, *B = G.B, *V = G.V, *Sums = G.Sums;
  const double FloorMs = G.FloorMs;

  const size_t Points = size_t(N) * size_t(M);
  const dim3 OnceGrid(unsigned((N + 255) / 256), 1024);
  const double OnceMs = proto::medianMs(
      [&] { sweepOnce<<<OnceGrid, 256>>>(U, F, V, Sums, M, N, Co); }, Reps);
  std::printf("one-sweep kernel: %.4f ms = %.3fx floor\n", OnceMs,
              OnceMs / FloorMs);

  std::vector<Config> Configs;
  for (int H : {48, 64, 96, 128}) {
    Configs.push_back(config<4, 2, 1, true, 4, 5, 3>(H)); // session's best
    Configs.push_back(config<4, 2, 2, false, 4, 4>(H));
    Configs.push_back(config<4, 2, 2, true, 4, 4>(H));
    Configs.push_back(config<4, 2, 2, false, 4, 5>(H));
    Configs.push_back(config<4, 1, 2, true, 4, 8>(H));
    Configs.push_back(config<4, 1, 4, true, 4, 5>(H));
    Configs.push_back(config<4, 1, 4, false, 4, 6>(H));
    Configs.push_back(config<4, 2, 4, false, 4, 3>(H));
    Configs.push_back(config<2, 2, 2, true, 4, 5>(H));
  }
  // --only I: just configuration I (for ncu).
  if (Only >= 0)
    Configs = {Configs.at(size_t(Only))};

  int LastK = -1;
  std::vector<double> Ref(Points), Got(Points), RefSums;
  for (const Config &Cfg : Configs) {
    if (Cfg.K != LastK) {
      // Reference: K one-sweep launches from U, ping-pong A/B (both carry
      // U's ring), each sweep's sum kept.
      RefSums.clear();
      CHECK(cudaMemcpy(A, U, Bytes, cudaMemcpyDeviceToDevice));
      CHECK(cudaMemcpy(B, U, Bytes, cudaMemcpyDeviceToDevice));
      double *In = A, *Out = B;
      for (int S = 0; S < Cfg.K; ++S) {
        CHECK(cudaMemset(Sums, 0, sizeof(double)));
        sweepOnce<<<OnceGrid, 256>>>(In, F, Out, Sums, M, N, Co);
        double Sum = 0;
        CHECK(cudaMemcpy(&Sum, Sums, sizeof(double), cudaMemcpyDeviceToHost));
        RefSums.push_back(Sum);
        std::swap(In, Out);
      }
      CHECK(cudaMemcpy(Ref.data(), In, Bytes, cudaMemcpyDeviceToHost));
      LastK = Cfg.K;
    }
    CHECK(cudaMemcpy(V, U, Bytes, cudaMemcpyDeviceToDevice)); // the ring
    CHECK(cudaMemset(Sums, 0, 16 * sizeof(double)));
    Cfg.Launch(Cfg, U, F, V, Sums, M, N, Co);
    CHECK(cudaGetLastError());
    std::vector<double> GotSums(Cfg.K);
    CHECK(cudaMemcpy(GotSums.data(), Sums, Cfg.K * sizeof(double),
                     cudaMemcpyDeviceToHost));
    CHECK(cudaMemcpy(Got.data(), V, Bytes, cudaMemcpyDeviceToHost));
    int64_t Differ = 0;
    for (size_t X = 0; X < Points; ++X)
      Differ += std::memcmp(&Ref[X], &Got[X], sizeof(double)) != 0;
    double WorstSum = 0;
    for (int S = 0; S < Cfg.K; ++S)
      WorstSum = std::max(WorstSum, std::fabs(GotSums[S] - RefSums[S]) /
                                        std::fabs(RefSums[S]));
    const double Ms = proto::medianMs(
        [&] { Cfg.Launch(Cfg, U, F, V, Sums, M, N, Co); }, Reps);
    std::printf("K=%d C=%d R=%d H=%3d fwin=%d warps=%d minblocks=%d unroll=%d "
                "regs=%3d: "
                "%.4f ms per sweep = %.3fx floor; %lld differ, sums %.1e: "
                "%s\n",
                Cfg.K, Cfg.C, Cfg.R, Cfg.H, int(Cfg.FWin), Cfg.Warps,
                Cfg.MinBlocks, Cfg.Unroll, Cfg.Regs, Ms / Cfg.K,
                Ms / Cfg.K / FloorMs, (long long)Differ, WorstSum,
                Differ == 0 && WorstSum < 1e-12 ? "PASS" : "FAIL");
  }
  return 0;
}
