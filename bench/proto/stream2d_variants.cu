// stream2d_variants.cu - issue 16: where a 2-D star of a narrow type loses
// its time, measured on the suite's lap6_accumulate (f32, 13-point star of
// radius 3, acc += dt * lap(u) in place, 8192^2; at 1.97x the floor today,
// DRAM at 45% of peak with long-scoreboard stalls, torch.compile 1.56x).
//
// Every variant computes the same expression in the same order (the
// emitter's: products as __fmul_rn, the division by 90 as divideExact with
// the hoisted reciprocal), so each is checked bit for bit against A.
//   A  today's lowering: block 128x2, 4 rows per thread, `#pragma unroll 1`,
//      -49/9 computed per point by divideExact (the constant is not folded)
//   B  A with -49/9 folded on the host (exact: the host's IEEE division)
//   C  B with the 4 rows unrolled (loads of all rows issued together)
//   D  register window: a thread walks P rows of one column keeping u's
//      7-row column in registers (1 vertical load per point), the next
//      row's loads issued before the current row is computed
//   E  D with 2 columns per thread: aligned float2 loads of the row and of
//      acc (5 float2 loads cover columns x-4 .. x+5)
//
//   stream2d_variants [--n 8192] [--reps 20]
// Built alone: nvcc -arch=sm_90 -O3 -std=c++17 -Iruntime/include
//   bench/proto/stream2d_variants.cu
#include "proto.cuh"

#include <stencil/detail/exact_division.hpp>

#include <cstdint>
#include <cstring>
#include <random>
#include <string>
#include <vector>

namespace {

constexpr int R = 3;

struct Params {
  float Dt, C0, Rcp9, Rcp90;
};

/// The point: the emitter's order of operations.
__device__ __forceinline__ float lap6(const Params &P, float C0, float C,
                                      float E1, float W1, float S1, float N1,
                                      float E2, float W2, float S2, float N2,
                                      float E3, float W3, float S3, float N3,
                                      float Acc) {
  float L = __fmul_rn(C0, C);
  L = L + __fmul_rn(1.5f, (((E1 + W1) + S1) + N1));
  L = L - __fmul_rn(0.15f, (((E2 + W2) + S2) + N2));
  L = L +
      stencil::detail::divideExact((((E3 + W3) + S3) + N3), 9e+01f, P.Rcp90);
  return Acc + __fmul_rn(P.Dt, L);
}

/// A and B: today's lowering (Fold: the constant from the host).
template <bool Fold>
__global__ void __launch_bounds__(256)
    today(const float *__restrict__ U, float *__restrict__ Acc, int N, int Ppt,
          Params P) {
  const int Stride = N;
  for (int X = R + blockIdx.x * blockDim.x + threadIdx.x; X < N - R;
       X += gridDim.x * blockDim.x)
    for (int Chunk = R + (blockIdx.y * blockDim.y + threadIdx.y) * Ppt;
         Chunk < N - R; Chunk += gridDim.y * blockDim.y * Ppt) {
      const int End = Chunk + Ppt < N - R ? Chunk + Ppt : N - R;
      int At = Chunk * Stride + X;
#pragma unroll 1
      for (int Y = Chunk; Y < End; ++Y, At += Stride) {
        const float C0 =
            Fold ? P.C0 : stencil::detail::divideExact(-49.0f, 9.0f, P.Rcp9);
        Acc[At] = lap6(P, C0, U[At], U[At + 1], U[At - 1], U[At + Stride],
                       U[At - Stride], U[At + 2], U[At - 2], U[At + 2 * Stride],
                       U[At - 2 * Stride], U[At + 3], U[At - 3],
                       U[At + 3 * Stride], U[At - 3 * Stride], Acc[At]);
      }
    }
}

/// C: 4 rows per thread, unrolled.
__global__ void __launch_bounds__(256)
    unrolled(const float *__restrict__ U, float *__restrict__ Acc, int N,
             Params P) {
  const int Stride = N;
  const int X = R + blockIdx.x * blockDim.x + threadIdx.x;
  const int Chunk = R + (blockIdx.y * blockDim.y + threadIdx.y) * 4;
  if (X >= N - R)
    return;
#pragma unroll
  for (int L = 0; L < 4; ++L) {
    const int Y = Chunk + L;
    if (Y < N - R) {
      const int At = Y * Stride + X;
      Acc[At] = lap6(P, P.C0, U[At], U[At + 1], U[At - 1], U[At + Stride],
                     U[At - Stride], U[At + 2], U[At - 2], U[At + 2 * Stride],
                     U[At - 2 * Stride], U[At + 3], U[At - 3],
                     U[At + 3 * Stride], U[At - 3 * Stride], Acc[At]);
    }
  }
}

/// D: a register window of 7 rows at the thread's column, P rows per thread.
__global__ void __launch_bounds__(256)
    window(const float *__restrict__ U, float *__restrict__ Acc, int N,
           int Rows, Params P) {
  const int Stride = N;
  const int X = R + blockIdx.x * blockDim.x + threadIdx.x;
  const int Y0 = R + (blockIdx.y * blockDim.y + threadIdx.y) * Rows;
  if (X >= N - R || Y0 >= N - R)
    return;
  const int Y1 = Y0 + Rows < N - R ? Y0 + Rows : N - R;
  float W[2 * R + 1]; // rows Y-3 .. Y+3 at column X
#pragma unroll
  for (int K = 0; K < 2 * R; ++K)
    W[K + 1] = U[(Y0 - R + K) * Stride + X];
  int At = Y0 * Stride + X;
  // The loads of row Y (issued one row ahead).
  float Next = U[At + R * Stride], E1 = U[At + 1], W1 = U[At - 1],
        E2 = U[At + 2], W2 = U[At - 2], E3 = U[At + 3], W3 = U[At - 3],
        A = Acc[At];
  for (int Y = Y0; Y < Y1; ++Y, At += Stride) {
#pragma unroll
    for (int K = 0; K < 2 * R; ++K)
      W[K] = W[K + 1];
    W[2 * R] = Next;
    const float CE1 = E1, CW1 = W1, CE2 = E2, CW2 = W2, CE3 = E3, CW3 = W3,
                CA = A;
    if (Y + 1 < Y1) {
      const int Nx = At + Stride;
      Next = U[Nx + R * Stride];
      E1 = U[Nx + 1];
      W1 = U[Nx - 1];
      E2 = U[Nx + 2];
      W2 = U[Nx - 2];
      E3 = U[Nx + 3];
      W3 = U[Nx - 3];
      A = Acc[Nx];
    }
    Acc[At] = lap6(P, P.C0, W[3], CE1, CW1, W[4], W[2], CE2, CW2, W[5], W[1],
                   CE3, CW3, W[6], W[0], CA);
  }
}

/// E: D with 2 columns per thread (X even, aligned float2 loads).
__global__ void __launch_bounds__(256)
    window2(const float *__restrict__ U, float *__restrict__ Acc, int N,
            int Rows, Params P) {
  const int Stride = N;
  const int X = 2 * (blockIdx.x * blockDim.x + threadIdx.x) + 2; // pairs from 2
  const int Y0 = R + (blockIdx.y * blockDim.y + threadIdx.y) * Rows;
  if (X >= N - R || Y0 >= N - R)
    return;
  const bool In0 = X >= R, In1 = X + 1 < N - R;
  const int Y1 = Y0 + Rows < N - R ? Y0 + Rows : N - R;
  auto load2 = [&](int At) {
    return *reinterpret_cast<const float2 *>(U + At);
  };
  float2 W[2 * R + 1];
#pragma unroll
  for (int K = 0; K < 2 * R; ++K)
    W[K + 1] = load2((Y0 - R + K) * Stride + X);
  int At = Y0 * Stride + X;
  // Row Y at columns X-4 .. X+5: H[0] = (X-4, X-3), H[1] = (X-2, X-1),
  // H[2] = (X+2, X+3), H[3] = (X+4, X+5); the centre pair is the window's.
  float2 Next = load2(At + R * Stride), H0 = load2(At - 4), H1 = load2(At - 2),
         H2 = load2(At + 2), H3 = load2(At + 4),
         A = *reinterpret_cast<const float2 *>(Acc + At);
  for (int Y = Y0; Y < Y1; ++Y, At += Stride) {
#pragma unroll
    for (int K = 0; K < 2 * R; ++K)
      W[K] = W[K + 1];
    W[2 * R] = Next;
    const float2 C0 = H0, C1 = H1, C2 = H2, C3 = H3, CA = A;
    if (Y + 1 < Y1) {
      const int Nx = At + Stride;
      Next = load2(Nx + R * Stride);
      H0 = load2(Nx - 4);
      H1 = load2(Nx - 2);
      H2 = load2(Nx + 2);
      H3 = load2(Nx + 4);
      A = *reinterpret_cast<const float2 *>(Acc + Nx);
    }
    // Column X: E1 = X+1 (W[3].y), W1 = X-1 (C1.y), E2 = X+2 (C2.x),
    // W2 = X-2 (C1.x), E3 = X+3 (C2.y), W3 = X-3 (C0.y).
    const float V0 =
        lap6(P, P.C0, W[3].x, W[3].y, C1.y, W[4].x, W[2].x, C2.x, C1.x, W[5].x,
             W[1].x, C2.y, C0.y, W[6].x, W[0].x, CA.x);
    // Column X+1: E1 = X+2, W1 = X, E2 = X+3, W2 = X-1, E3 = X+4, W3 = X-2.
    const float V1 =
        lap6(P, P.C0, W[3].y, C2.x, W[3].x, W[4].y, W[2].y, C2.y, C1.y, W[5].y,
             W[1].y, C3.x, C1.x, W[6].y, W[0].y, CA.y);
    if (In0 && In1)
      *reinterpret_cast<float2 *>(Acc + At) = make_float2(V0, V1);
    else if (In0)
      Acc[At] = V0;
    else if (In1)
      Acc[At + 1] = V1;
  }
}

template <int V> struct VecOf;
template <> struct VecOf<1> {
  using T = float;
};
template <> struct VecOf<2> {
  using T = float2;
};
template <> struct VecOf<4> {
  using T = float4;
};

/// V consecutive floats from an address aligned to V floats.
template <int V>
__device__ __forceinline__ void loadVec(const float *__restrict__ At,
                                        float *Out) {
  const typename VecOf<V>::T X =
      *reinterpret_cast<const typename VecOf<V>::T *>(At);
  std::memcpy(Out, &X, sizeof X);
}

/// F: the register window with V columns per thread (aligned vector loads:
/// the row's columns X - HB*V .. X + V - 1 + HB*V, HB = ceil(R / V)), P rows.
/// Unroll: the row loop unrolled by this factor (the window's moves vanish).
template <int V, int Unroll>
__global__ void __launch_bounds__(256)
    windowV(const float *__restrict__ U, float *__restrict__ Acc, int N,
            int Rows, Params P) {
  constexpr int HB = (R + V - 1) / V;
  constexpr int SegN = (2 * HB + 1) * V;
  const int Stride = N;
  const int X = V * int(blockIdx.x * blockDim.x + threadIdx.x);
  const int Y0 = R + (blockIdx.y * blockDim.y + threadIdx.y) * Rows;
  if (X >= N - R || Y0 >= N - R)
    return;
  const int Y1 = Y0 + Rows < N - R ? Y0 + Rows : N - R;
  float Win[2 * R + 1][V];
#pragma unroll
  for (int K = 0; K < 2 * R; ++K)
    loadVec<V>(U + (Y0 - R + K) * Stride + X, Win[K + 1]);
  int At = Y0 * Stride + X;
  float Next[V], Seg[SegN], A[V];
  auto fetch = [&](int Row, float *Nx, float *Sg, float *Ac) {
    loadVec<V>(U + Row + R * Stride, Nx);
#pragma unroll
    for (int B = 0; B < 2 * HB + 1; ++B)
      if (B != HB)
        loadVec<V>(U + Row + (B - HB) * V, Sg + B * V);
    loadVec<V>(Acc + Row, Ac);
  };
  fetch(At, Next, Seg, A);
#pragma unroll Unroll
  for (int Y = Y0; Y < Y1; ++Y, At += Stride) {
#pragma unroll
    for (int K = 0; K < 2 * R; ++K)
#pragma unroll
      for (int C = 0; C < V; ++C)
        Win[K][C] = Win[K + 1][C];
    float CS[SegN], CA[V];
#pragma unroll
    for (int C = 0; C < V; ++C) {
      Win[2 * R][C] = Next[C];
      CA[C] = A[C];
    }
#pragma unroll
    for (int I = 0; I < SegN; ++I)
      CS[I] = Seg[I];
#pragma unroll
    for (int C = 0; C < V; ++C)
      CS[HB * V + C] = Win[R][C];
    if (Y + 1 < Y1)
      fetch(At + Stride, Next, Seg, A);
    float Out[V];
#pragma unroll
    for (int C = 0; C < V; ++C) {
      const int M = HB * V + C;
      Out[C] = lap6(P, P.C0, Win[R][C], CS[M + 1], CS[M - 1], Win[R + 1][C],
                    Win[R - 1][C], CS[M + 2], CS[M - 2], Win[R + 2][C],
                    Win[R - 2][C], CS[M + 3], CS[M - 3], Win[R + 3][C],
                    Win[R - 3][C], CA[C]);
    }
    bool All = X >= R && X + V - 1 < N - R;
    if (All) {
      typename VecOf<V>::T O;
      std::memcpy(&O, Out, sizeof O);
      *reinterpret_cast<typename VecOf<V>::T *>(Acc + At) = O;
    } else {
#pragma unroll
      for (int C = 0; C < V; ++C)
        if (X + C >= R && X + C < N - R)
          Acc[At + C] = Out[C];
    }
  }
}

/// G: V columns per thread with aligned vector loads, no register window:
/// each row loads its 7 vertical vectors and its row segment (P rows, loop
/// not unrolled): what vectorising today's lowering alone gives.
template <int V, bool VecStore>
__global__ void __launch_bounds__(256)
    vecOnly(const float *__restrict__ U, float *__restrict__ Acc, int N,
            int Rows, Params P) {
  constexpr int HB = (R + V - 1) / V;
  constexpr int SegN = (2 * HB + 1) * V;
  const int Stride = N;
  const int X = V * int(blockIdx.x * blockDim.x + threadIdx.x);
  const int Y0 = R + (blockIdx.y * blockDim.y + threadIdx.y) * Rows;
  if (X >= N - R || Y0 >= N - R)
    return;
  const int Y1 = Y0 + Rows < N - R ? Y0 + Rows : N - R;
  int At = Y0 * Stride + X;
#pragma unroll 1
  for (int Y = Y0; Y < Y1; ++Y, At += Stride) {
    float Win[2 * R + 1][V], CS[SegN], CA[V];
#pragma unroll
    for (int K = 0; K <= 2 * R; ++K)
      loadVec<V>(U + At + (K - R) * Stride, Win[K]);
#pragma unroll
    for (int B = 0; B < 2 * HB + 1; ++B)
      if (B != HB)
        loadVec<V>(U + At + (B - HB) * V, CS + B * V);
#pragma unroll
    for (int C = 0; C < V; ++C)
      CS[HB * V + C] = Win[R][C];
    loadVec<V>(Acc + At, CA);
    float Out[V];
#pragma unroll
    for (int C = 0; C < V; ++C) {
      const int M = HB * V + C;
      Out[C] = lap6(P, P.C0, Win[R][C], CS[M + 1], CS[M - 1], Win[R + 1][C],
                    Win[R - 1][C], CS[M + 2], CS[M - 2], Win[R + 2][C],
                    Win[R - 2][C], CS[M + 3], CS[M - 3], Win[R + 3][C],
                    Win[R - 3][C], CA[C]);
    }
    if (VecStore && X >= R && X + V - 1 < N - R) {
      typename VecOf<V>::T O;
      std::memcpy(&O, Out, sizeof O);
      *reinterpret_cast<typename VecOf<V>::T *>(Acc + At) = O;
    } else {
#pragma unroll
      for (int C = 0; C < V; ++C)
        if (X + C >= R && X + C < N - R)
          Acc[At + C] = Out[C];
    }
  }
}

} // namespace

int main(int Argc, char **Argv) {
  int N = 8192, Reps = 20;
  for (int A = 1; A + 1 < Argc; A += 2) {
    const std::string Flag = Argv[A];
    if (Flag == "--n")
      N = std::atoi(Argv[A + 1]);
    else if (Flag == "--reps")
      Reps = std::atoi(Argv[A + 1]);
  }
  const size_t Count = size_t(N) * N, Bytes = Count * sizeof(float);
  std::vector<float> HU(Count), HA(Count);
  std::mt19937 Rng(11);
  std::uniform_real_distribution<float> D(-1.0f, 1.0f);
  for (auto &X : HU)
    X = D(Rng);
  for (auto &X : HA)
    X = D(Rng);
  Params P{0.01f, -49.0f / 9.0f, 1.0f / 9.0f, 1.0f / 90.0f};
  float *U, *A0, *Acc, *Tmp;
  CHECK(cudaMalloc(&U, Bytes));
  CHECK(cudaMalloc(&A0, Bytes));
  CHECK(cudaMalloc(&Acc, Bytes));
  CHECK(cudaMalloc(&Tmp, Bytes));
  CHECK(cudaMemcpy(U, HU.data(), Bytes, cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(A0, HA.data(), Bytes, cudaMemcpyHostToDevice));
  const double CopyMs = proto::medianMs(
      [&] { CHECK(cudaMemcpyAsync(Tmp, U, Bytes, cudaMemcpyDeviceToDevice)); },
      Reps);
  const double GBps = 2.0 * double(Bytes) / (CopyMs * 1e6);
  const double Interior = double(N - 2 * R) * double(N - 2 * R);
  const double FloorMs = 12.0 * Interior / (GBps * 1e6);
  std::printf("copy %.1f GB/s; floor %.4f ms (12 B per interior point)\n", GBps,
              FloorMs);

  std::vector<float> Ref(Count), Got(Count);
  const int Cols = N - 2 * R;
  auto run = [&](const char *Name, auto &&Launch, bool IsRef) {
    CHECK(cudaMemcpy(Acc, A0, Bytes, cudaMemcpyDeviceToDevice));
    Launch();
    CHECK(cudaGetLastError());
    CHECK(cudaMemcpy(Got.data(), Acc, Bytes, cudaMemcpyDeviceToHost));
    if (IsRef)
      Ref = Got;
    size_t Differ = 0;
    for (size_t I = 0; I < Count; ++I)
      Differ += std::memcmp(&Ref[I], &Got[I], sizeof(float)) != 0;
    // Timed in place: acc grows by dt*lap per launch, values stay finite.
    const double Ms = proto::medianMs(Launch, Reps);
    std::printf("%-34s %.4f ms  %.3fx floor  %zu differ  %s\n", Name, Ms,
                Ms / FloorMs, Differ, Differ == 0 ? "PASS" : "FAIL");
  };
  const dim3 B2(128, 2);
  const dim3 GToday((Cols + 127) / 128, (Cols + 7) / 8);
  run(
      "A today (128x2, 4 rows, unroll 1)",
      [&] { today<false><<<GToday, B2>>>(U, Acc, N, 4, P); }, true);
  run(
      "B folded constant",
      [&] { today<true><<<GToday, B2>>>(U, Acc, N, 4, P); }, false);
  run(
      "C folded, 4 rows unrolled",
      [&] { unrolled<<<GToday, B2>>>(U, Acc, N, P); }, false);
  for (int Rows : {8, 16, 32, 64}) {
    for (int By : {1, 2}) {
      const dim3 Blk(256 / By, By);
      const dim3 G((Cols + Blk.x - 1) / Blk.x,
                   (Cols + Rows * By - 1) / (Rows * By));
      char Name[64];
      std::snprintf(Name, sizeof Name, "D window, %d rows, %dx%d", Rows, Blk.x,
                    Blk.y);
      run(Name, [&] { window<<<G, Blk>>>(U, Acc, N, Rows, P); }, false);
      const dim3 G2(((N - 2) / 2 + Blk.x - 1) / Blk.x,
                    (Cols + Rows * By - 1) / (Rows * By));
      std::snprintf(Name, sizeof Name, "E window x2 cols, %d rows, %dx%d", Rows,
                    Blk.x, Blk.y);
      run(Name, [&] { window2<<<G2, Blk>>>(U, Acc, N, Rows, P); }, false);
    }
  }
  for (int Rows : {4, 8, 16}) {
    const dim3 Blk(256, 1);
    char Name[64];
    auto runV = [&](auto Kernel, int V, int Unroll) {
      const dim3 G(((N - 2 * R) / V + 2 + Blk.x - 1) / Blk.x,
                   (Cols + Rows - 1) / Rows);
      std::snprintf(Name, sizeof Name, "%s V=%d unroll %d, %d rows",
                    Unroll ? "F window" : "G vector only", V, Unroll, Rows);
      Name[0] =
          Unroll ? 'F' : (V == 4 && Kernel == vecOnly<4, false> ? 'S' : 'G');
      run(Name, [&] { Kernel<<<G, Blk>>>(U, Acc, N, Rows, P); }, false);
    };
    runV(windowV<1, 1>, 1, 1);
    runV(windowV<2, 1>, 2, 1);
    runV(windowV<4, 1>, 4, 1);
    runV(windowV<2, 4>, 2, 4);
    runV(windowV<4, 4>, 4, 4);
    runV(vecOnly<2, true>, 2, 0);
    runV(vecOnly<4, true>, 4, 0);
    runV(vecOnly<4, false>, 4, 0);
  }
  return 0;
}
