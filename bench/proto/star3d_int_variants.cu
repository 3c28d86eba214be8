// star3d_int_variants.cu - issue 16: why the suite's majority3d (a 7-point
// int star of radius 1 with a Sum<int>, 384^3) runs at 1.51x its floor on
// the H100 when heat3d (the same star in f64, 512^3) runs at 1.13x
// (bench/results/2026-11-27T224840Z-suite.txt). Today's lowering (the
// generated majority3d_kernel<int, 4, 0, false>): block 32x16 (fitted to
// rows of 96 vectors), each thread 4 adjacent points (int4) of a row and a
// chunk of 8 planes along dimension 0, `#pragma unroll 1`, seven int4 loads
// a plane (the planes i-1 and i+1 loaded again at every plane).
//
// Variants, each checked bit for bit (t and flips) against a CPU reference:
//   A  today's structure, chunk C planes (--chunk, default 8)
//   B  A with the planes i-1, i, i+1 kept in registers (a ring) and the
//      next plane's centre loaded one plane ahead: 5 loads a plane
//   C  B with the +-4 column neighbours taken from the neighbouring lanes by
//      shuffles (the warp's edge lanes load theirs): 3 loads a plane
// each at 384^3 and 512^3 (--n to add another), against cudaMemcpy of the
// same bytes in the same run: the floor is t written once, s read once.
//
//   star3d_int_variants [--reps 20] [--chunk 8] [--n N]
// Built alone: nvcc -arch=sm_90 -O3 -std=c++17
// bench/proto/star3d_int_variants.cu
#include "proto.cuh"

#include <cstdint>
#include <cstring>
#include <random>
#include <string>
#include <vector>

namespace {

__device__ __forceinline__ int vote(int C, int A, int B, int N, int S, int W,
                                    int E) {
  const int Votes = A + B + N + S + W + E + C;
  return Votes >= 4 ? 1 : 0;
}

/// One plane's four points: X = the centre vector, Lo/Hi = planes i-1 and
/// i+1, N/S = rows j-1 and j+1, Wv/Ev = the columns left of .x and right
/// of .w. Writes t, counts flips; Lanes masks the points in the domain.
__device__ __forceinline__ void point4(int *T, int64_t At, int4 X, int4 Lo,
                                       int4 Hi, int4 N, int4 S, int Wv, int Ev,
                                       unsigned Lanes, int &Flips) {
  const int V0 = vote(X.x, Lo.x, Hi.x, N.x, S.x, Wv, X.y);
  const int V1 = vote(X.y, Lo.y, Hi.y, N.y, S.y, X.x, X.z);
  const int V2 = vote(X.z, Lo.z, Hi.z, N.z, S.z, X.y, X.w);
  const int V3 = vote(X.w, Lo.w, Hi.w, N.w, S.w, X.z, Ev);
  if (Lanes == 15u) {
    *reinterpret_cast<int4 *>(T + At) = make_int4(V0, V1, V2, V3);
  } else {
    if (Lanes & 1u)
      T[At] = V0;
    if (Lanes & 2u)
      T[At + 1] = V1;
    if (Lanes & 4u)
      T[At + 2] = V2;
    if (Lanes & 8u)
      T[At + 3] = V3;
  }
  Flips += ((Lanes & 1u) && V0 != X.x) + ((Lanes & 2u) && V1 != X.y) +
           ((Lanes & 4u) && V2 != X.z) + ((Lanes & 8u) && V3 != X.w);
}

__device__ __forceinline__ unsigned lanesOf(int I2, int N) {
  unsigned L = 0;
  for (int K = 0; K < 4; ++K)
    L |= (I2 + K >= 1 && I2 + K < N - 1) ? 1u << K : 0u;
  return L;
}

__device__ __forceinline__ void blockSum(int Flips, int *Total) {
  for (int O = 16; O > 0; O >>= 1)
    Flips += __shfl_xor_sync(0xffffffffu, Flips, O);
  if ((threadIdx.x & 31) == 0)
    atomicAdd(Total, Flips);
}

/// Variant: 0 = A, 1 = B (ring), 2 = C (ring and shuffles). The grid is
/// x: ceil(N/4/32), y: ceil((N-2)/16), z: ceil((N-2)/Chunk).
template <int Variant>
__global__ void __launch_bounds__(512, 3)
    majority(const int *__restrict__ S, int *__restrict__ T, int *Total, int N,
             int Chunk) {
  const int64_t P = int64_t(N) * N; // plane stride
  const int I2 = 4 * (blockIdx.x * blockDim.x + threadIdx.x);
  const int I1 = 1 + blockIdx.y * blockDim.y + threadIdx.y;
  const int Z0 = 1 + blockIdx.z * Chunk;
  const int Z1 = min(Z0 + Chunk, N - 1);
  int Flips = 0;
  const bool Active = I2 < N && I1 < N - 1;
  const unsigned Lanes = Active ? lanesOf(I2, N) : 0u;
  // Every lane of a warp runs the shuffles: inactive lanes load the centre
  // of a valid row (row 1) and store nothing.
  const int Row = Active ? I1 : 1;
  const int Col = I2 < N ? I2 : 0;
  int64_t At = int64_t(Z0) * P + int64_t(Row) * N + Col;
  auto ld = [&](int64_t A) { return *reinterpret_cast<const int4 *>(S + A); };
  if constexpr (Variant == 0) {
#pragma unroll 1
    for (int Z = Z0; Z < Z1; ++Z, At += P) {
      const int4 X = ld(At), Lo = ld(At - P), Hi = ld(At + P);
      const int4 Nn = ld(At - N), Ss = ld(At + N);
      const int Wv = Col > 0 ? S[At - 1] : 0;
      const int Ev = Col + 4 < N ? S[At + 4] : 0;
      if (Lanes)
        point4(T, At, X, Lo, Hi, Nn, Ss, Wv, Ev, Lanes, Flips);
    }
  } else {
    int4 Lo = ld(At - P), X = ld(At), Hi = ld(At + P);
#pragma unroll 1
    for (int Z = Z0; Z < Z1; ++Z, At += P) {
      // The plane after next, a plane ahead (the last one is the chunk's
      // halo plane or, at the grid's end, not needed: clamp the address).
      const int4 Next = ld(Z + 2 < N ? At + 2 * P : At + P);
      const int4 Nn = ld(At - N), Ss = ld(At + N);
      int Wv, Ev;
      if constexpr (Variant == 1) {
        Wv = Col > 0 ? S[At - 1] : 0;
        Ev = Col + 4 < N ? S[At + 4] : 0;
      } else {
        const int Lane = threadIdx.x & 31;
        Wv = __shfl_up_sync(0xffffffffu, X.w, 1);
        Ev = __shfl_down_sync(0xffffffffu, X.x, 1);
        if (Lane == 0)
          Wv = Col > 0 ? S[At - 1] : 0;
        if (Lane == 31)
          Ev = Col + 4 < N ? S[At + 4] : 0;
      }
      if (Lanes)
        point4(T, At, X, Lo, Hi, Nn, Ss, Wv, Ev, Lanes, Flips);
      Lo = X;
      X = Hi;
      Hi = Next;
    }
  }
  blockSum(Flips, Total);
}

struct Case {
  int N;
  std::vector<int> S, T;
  int Flips = 0;
};

Case reference(int N) {
  Case C;
  C.N = N;
  const int64_t P = int64_t(N) * N, Size = P * N;
  C.S.resize(Size);
  C.T.assign(Size, -1);
  std::mt19937 Rng(1234 + N);
  for (int64_t I = 0; I < Size; ++I)
    C.S[I] = (Rng() >> 7) & 1;
  for (int Z = 1; Z < N - 1; ++Z)
    for (int Y = 1; Y < N - 1; ++Y)
      for (int X = 1; X < N - 1; ++X) {
        const int64_t A = Z * P + int64_t(Y) * N + X;
        const int Votes = C.S[A - P] + C.S[A + P] + C.S[A - N] + C.S[A + N] +
                          C.S[A - 1] + C.S[A + 1] + C.S[A];
        const int V = Votes >= 4 ? 1 : 0;
        C.T[A] = V;
        C.Flips += V != C.S[A];
      }
  return C;
}

template <int Variant>
void run(const char *Name, const Case &C, const int *S, int *T, int *Total,
         int Chunk, int Reps, double FloorMs) {
  const int N = C.N;
  const dim3 Block(32, 16);
  const dim3 Grid((N / 4 + 31) / 32, (N - 2 + 15) / 16,
                  (N - 2 + Chunk - 1) / Chunk);
  const int64_t Size = int64_t(N) * N * N;
  CHECK(cudaMemset(T, 0xff, Size * sizeof(int)));
  CHECK(cudaMemset(Total, 0, sizeof(int)));
  majority<Variant><<<Grid, Block>>>(S, T, Total, N, Chunk);
  CHECK(cudaGetLastError());
  std::vector<int> Got(Size);
  int Flips = 0;
  CHECK(cudaMemcpy(Got.data(), T, Size * sizeof(int), cudaMemcpyDeviceToHost));
  CHECK(cudaMemcpy(&Flips, Total, sizeof(int), cudaMemcpyDeviceToHost));
  // The ring of t is never written: compare the domain only.
  int64_t Bad = 0;
  const int64_t P = int64_t(N) * N;
  for (int Z = 1; Z < N - 1; ++Z)
    for (int Y = 1; Y < N - 1; ++Y)
      for (int X = 1; X < N - 1; ++X) {
        const int64_t A = Z * P + int64_t(Y) * N + X;
        Bad += Got[A] != C.T[A];
      }
  const double Ms = proto::medianMs(
      [&] { majority<Variant><<<Grid, Block>>>(S, T, Total, N, Chunk); }, Reps);
  std::printf("%-4s n=%d chunk=%2d  %.4f ms  %.2fx floor  check %s "
              "(flips %d, ref %d, %lld points differ)\n",
              Name, N, Chunk, Ms, Ms / FloorMs,
              Bad == 0 && Flips == C.Flips ? "ok" : "FAILED", Flips, C.Flips,
              static_cast<long long>(Bad));
}

} // namespace

int main(int Argc, char **Argv) {
  int Reps = 20;
  std::vector<int> Sizes{384, 512}, Chunks{8, 16, 32};
  for (int I = 1; I + 1 < Argc; I += 2) {
    const std::string A = Argv[I];
    if (A == "--reps")
      Reps = std::atoi(Argv[I + 1]);
    else if (A == "--chunk")
      Chunks = {std::atoi(Argv[I + 1])};
    else if (A == "--n")
      Sizes.push_back(std::atoi(Argv[I + 1]));
  }
  for (int N : Sizes) {
    const Case C = reference(N);
    const int64_t Size = int64_t(N) * N * N, Bytes = Size * sizeof(int);
    int *S, *T, *Total;
    CHECK(cudaMalloc(&S, Bytes));
    CHECK(cudaMalloc(&T, Bytes));
    CHECK(cudaMalloc(&Total, sizeof(int)));
    CHECK(cudaMemcpy(S, C.S.data(), Bytes, cudaMemcpyHostToDevice));
    // The floor: the same bytes (s read, t written) copied by cudaMemcpy.
    const double CopyMs = proto::medianMs(
        [&] { CHECK(cudaMemcpyAsync(T, S, Bytes, cudaMemcpyDeviceToDevice)); },
        Reps);
    const double Interior = double(N - 2) * (N - 2) * (N - 2);
    const double FloorMs = CopyMs * Interior / double(Size);
    std::printf("n=%d: copy %.4f ms (%.0f GB/s), floor %.4f ms\n", N, CopyMs,
                2.0 * Bytes / CopyMs / 1e6, FloorMs);
    for (int Chunk : Chunks) {
      run<0>("A", C, S, T, Total, Chunk, Reps, FloorMs);
      run<1>("B", C, S, T, Total, Chunk, Reps, FloorMs);
      run<2>("C", C, S, T, Total, Chunk, Reps, FloorMs);
    }
    CHECK(cudaFree(S));
    CHECK(cudaFree(T));
    CHECK(cudaFree(Total));
  }
  return 0;
}
