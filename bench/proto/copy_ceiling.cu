// copy_ceiling.cu - what does an SM-driven copy need to reach cudaMemcpy D2D's
// bandwidth on the H100? (issue 3: the Jacobi sweep is within ~2.5% of our copy
// kernel, but the copy kernel reaches only ~94% of cudaMemcpy D2D.)
//
//   nvcc -arch=sm_90 -O3 -std=c++17 -o copy_ceiling bench/proto/copy_ceiling.cu
//   copy_ceiling [--mib 2048] [--reps 25] [--warmup 3]
//
// Copies one --mib MiB buffer (non-zero pattern) into another with:
//   memcpy       cudaMemcpyAsync D2D, first and again last (drift);
//   gs.B.T       grid-stride uint4 copy, B blocks/SM x T threads;
//   u.K.L.B      each thread moves K uint4 per iteration, all loads then all
//                stores; L = warp (lane-strided segments of 32K words per warp)
//                or blk (block-contiguous tiles of T*K words); load/store hints
//                nc256 (ld.global.nc.L2::256B) and cs (__ldcs/__stcs);
//   phase.K      a block reads a T*K-word tile into shared memory, barrier,
//                then writes it out (read and write phases separated per
//                block);
//   tma.B.W.S.C  Hopper bulk copies: per pipe, S shared-memory stages of C KiB,
//                cp.async.bulk global->shared completing on an mbarrier, then
//                cp.async.bulk shared->global (bulk_group); W pipes (one lane 0
//                per warp) per block, B blocks/SM, persistent grid;
//   tmaph        as tma, but each pipe loads all S stages, waits, then stores
//                all S (coarse read/write phases);
// plus diagnostics: read-only and write-only kernels, cudaMemsetAsync, and
// whether memcpy runs on the copy engines (it is timed while a kernel holds
// every SM). Every copy is checked: the output is poisoned, one copy runs, and
// a kernel compares every word with the input. Timing: CUDA events around each
// copy alone, median of --reps after --warmup. GB/s counts bytes read plus
// bytes written (2 x size), like bench/copybw.
#include "proto.cuh"

#include <cuda_runtime.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <string>
#include <thread>
#include <vector>

namespace {

constexpr uint32_t Poison = 0xA5A5A5A5u;

// w is never Poison, so a word left unwritten always shows as a mismatch.
__device__ __forceinline__ uint4 pattern(size_t I) {
  uint32_t H = uint32_t(I) * 2654435761u ^ uint32_t(I >> 32) * 40503u;
  return make_uint4(uint32_t(I), H, uint32_t(I >> 32) ^ 0x9e3779b9u,
                    0x01000000u | (H & 0xffffu));
}

__global__ void fillKernel(uint4 *Out, size_t Words) {
  size_t Stride = size_t(gridDim.x) * blockDim.x;
  for (size_t I = size_t(blockIdx.x) * blockDim.x + threadIdx.x; I < Words;
       I += Stride)
    Out[I] = pattern(I);
}

__global__ void compareKernel(const uint4 *A, const uint4 *B, size_t Words,
                              unsigned long long *Bad) {
  size_t Stride = size_t(gridDim.x) * blockDim.x;
  unsigned long long N = 0;
  for (size_t I = size_t(blockIdx.x) * blockDim.x + threadIdx.x; I < Words;
       I += Stride) {
    uint4 X = A[I], Y = B[I];
    N += (X.x != Y.x) | (X.y != Y.y) | (X.z != Y.z) | (X.w != Y.w);
  }
  if (N)
    atomicAdd(Bad, N);
}

// ---- 1. grid-stride uint4 (as bench/copybw) --------------------------------
__global__ void gridStride(const uint4 *__restrict__ In,
                           uint4 *__restrict__ Out, size_t Words) {
  size_t Stride = size_t(gridDim.x) * blockDim.x;
  for (size_t I = size_t(blockIdx.x) * blockDim.x + threadIdx.x; I < Words;
       I += Stride)
    Out[I] = In[I];
}

// ---- 2. K words per thread per iteration -----------------------------------
enum LoadKind { LdPlain, LdNc256, LdCs };

template <int Kind> __device__ __forceinline__ uint4 load16(const uint4 *P) {
  if constexpr (Kind == LdCs) {
    return __ldcs(P);
  } else if constexpr (Kind == LdNc256) {
    uint4 V;
    asm volatile(
        "ld.global.nc.L1::no_allocate.L2::256B.v4.u32 {%0,%1,%2,%3}, [%4];"
        : "=r"(V.x), "=r"(V.y), "=r"(V.z), "=r"(V.w)
        : "l"(P));
    return V;
  } else {
    return *P;
  }
}

template <bool Cs> __device__ __forceinline__ void store16(uint4 *P, uint4 V) {
  if constexpr (Cs)
    __stcs(P, V);
  else
    *P = V;
}

// Warp layout: warp w of the grid copies segments of 32*K words, lane-strided
// (word j*32 + lane of the segment), segments w, w + warps, ...
// Block layout: block b copies tiles of T*K words (word j*T + tid), tiles
// b, b + blocks, ...  Words not covered by whole segments/tiles are copied
// grid-stride afterwards.
template <int K, bool BlockTile, int Ld, bool StCs>
__global__ void unrolled(const uint4 *__restrict__ In, uint4 *__restrict__ Out,
                         size_t Words) {
  size_t Piece, Lane, First, Step;
  if (BlockTile) {
    Piece = size_t(blockDim.x) * K;
    Lane = threadIdx.x;
    First = blockIdx.x;
    Step = gridDim.x;
  } else {
    Piece = 32 * K;
    Lane = threadIdx.x & 31;
    First = (size_t(blockIdx.x) * blockDim.x + threadIdx.x) / 32;
    Step = size_t(gridDim.x) * blockDim.x / 32;
  }
  const size_t LaneStride = BlockTile ? blockDim.x : 32;
  const size_t Pieces = Words / Piece;
  for (size_t P = First; P < Pieces; P += Step) {
    const size_t Base = P * Piece + Lane;
    uint4 V[K];
#pragma unroll
    for (int J = 0; J < K; ++J)
      V[J] = load16<Ld>(In + Base + J * LaneStride);
#pragma unroll
    for (int J = 0; J < K; ++J)
      store16<StCs>(Out + Base + J * LaneStride, V[J]);
  }
  size_t Stride = size_t(gridDim.x) * blockDim.x;
  for (size_t I =
           Pieces * Piece + size_t(blockIdx.x) * blockDim.x + threadIdx.x;
       I < Words; I += Stride)
    Out[I] = In[I];
}

// ---- 3. read a tile into shared memory, barrier, write it out --------------
template <int K>
__global__ void phased(const uint4 *__restrict__ In, uint4 *__restrict__ Out,
                       size_t Words) {
  extern __shared__ uint4 Tile[];
  const size_t Piece = size_t(blockDim.x) * K;
  const size_t Pieces = Words / Piece;
  for (size_t P = blockIdx.x; P < Pieces; P += gridDim.x) {
    const size_t Base = P * Piece + threadIdx.x;
    uint4 V[K];
#pragma unroll
    for (int J = 0; J < K; ++J)
      V[J] = In[Base + J * blockDim.x];
#pragma unroll
    for (int J = 0; J < K; ++J)
      Tile[threadIdx.x + J * blockDim.x] = V[J];
    __syncthreads(); // every warp's loads have landed: the write phase starts
#pragma unroll
    for (int J = 0; J < K; ++J)
      Out[Base + J * blockDim.x] = Tile[threadIdx.x + J * blockDim.x];
    __syncthreads(); // the tile is free for the next read phase
  }
  size_t Stride = size_t(gridDim.x) * blockDim.x;
  for (size_t I =
           Pieces * Piece + size_t(blockIdx.x) * blockDim.x + threadIdx.x;
       I < Words; I += Stride)
    Out[I] = In[I];
}

// ---- 4. Hopper bulk copies (TMA, 1-D)
// ----------------------------------------
constexpr int MaxPipeStages = 32; // pipes per block x stages per pipe

__device__ __forceinline__ uint32_t sharedAddr(const void *P) {
  return uint32_t(__cvta_generic_to_shared(P));
}

// One bulk load of Bytes into shared memory; the mbarrier's phase completes
// when the bytes have landed (one arrival, expected transaction bytes).
__device__ __forceinline__ void bulkLoad(uint32_t Dst, const void *Src,
                                         uint32_t Bytes, uint32_t Bar) {
  asm volatile("{\n\t.reg .b64 st;\n\t"
               "mbarrier.arrive.expect_tx.shared::cta.b64 st, [%0], %1;\n\t}"
               :
               : "r"(Bar), "r"(Bytes)
               : "memory");
  asm volatile(
      "cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes "
      "[%0], [%1], %2, [%3];"
      :
      : "r"(Dst), "l"(Src), "r"(Bytes), "r"(Bar)
      : "memory");
}

// One bulk store from shared memory, committed as its own bulk group.
__device__ __forceinline__ void bulkStore(void *Dst, uint32_t Src,
                                          uint32_t Bytes) {
  asm volatile("cp.async.bulk.global.shared::cta.bulk_group [%0], [%1], %2;"
               :
               : "l"(Dst), "r"(Src), "r"(Bytes)
               : "memory");
  asm volatile("cp.async.bulk.commit_group;" ::: "memory");
}

// Waits for the mbarrier phase of the given parity. Gives up after ~2 s (sets
// *Hung) so that a protocol bug shows up as a failed check, not a hung GPU.
__device__ __forceinline__ bool waitPhase(uint32_t Bar, uint32_t Parity,
                                          int *Hung) {
  uint32_t Done = 0;
  long long Start = clock64();
  while (true) {
    asm volatile("{\n\t.reg .pred p;\n\t"
                 "mbarrier.try_wait.parity.shared::cta.b64 p, [%1], %2;\n\t"
                 "selp.u32 %0, 1, 0, p;\n\t}"
                 : "=r"(Done)
                 : "r"(Bar), "r"(Parity)
                 : "memory");
    if (Done)
      return true;
    if (clock64() - Start > 4000000000LL) {
      atomicExch(Hung, 1);
      return false;
    }
  }
}

// Each warp's lane 0 runs one pipe: S buffers of Chunk bytes and S mbarriers.
// Pipe p of P copies chunks p, p + P, ... (interleaved, so neighbouring pipes
// touch neighbouring DRAM pages). Steady state: after the store of chunk k is
// issued, the buffer of chunk k-1 is refilled with chunk k-1+S once that
// store has read it (wait_group.read 1): S-1 loads and <= 2 stores in flight.
// Phased: load S chunks, wait for all, store S chunks, wait until all are read.
// Both directions are async-proxy accesses of the shared buffers and no
// generic-proxy access touches them, so no fence.proxy.async is needed between
// them; the mbarrier inits are made visible to the async proxy by
// fence.mbarrier_init. Requires Bytes % Chunk == 0 (checked on the host).
template <bool Phased>
__global__ void tmaCopy(const char *__restrict__ In, char *__restrict__ Out,
                        size_t Bytes, uint32_t Chunk, int Stages, int *Hung) {
  extern __shared__ __align__(128) unsigned char Buf[];
  __shared__ __align__(8) uint64_t Bars[MaxPipeStages];
  const int Warp = threadIdx.x / 32;
  if (threadIdx.x % 32 != 0)
    return;
  const uint32_t MyBuf = sharedAddr(Buf) + uint32_t(Warp) * Stages * Chunk;
  const uint32_t MyBar = sharedAddr(&Bars[Warp * Stages]);
  for (int S = 0; S < Stages; ++S)
    asm volatile("mbarrier.init.shared::cta.b64 [%0], 1;" ::"r"(MyBar + 8 * S)
                 : "memory");
  asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");

  const size_t Pipes = size_t(gridDim.x) * (blockDim.x / 32);
  const size_t Pipe = size_t(blockIdx.x) * (blockDim.x / 32) + Warp;
  const size_t Chunks = Bytes / Chunk;
  const size_t Mine = Chunks > Pipe ? (Chunks - Pipe + Pipes - 1) / Pipes : 0;
  auto at = [&](size_t K) { return (Pipe + K * Pipes) * size_t(Chunk); };

  if (Phased) {
    for (size_t K0 = 0; K0 < Mine; K0 += Stages) {
      const int N = Mine - K0 < size_t(Stages) ? int(Mine - K0) : Stages;
      const uint32_t Parity = uint32_t(K0 / Stages) & 1;
      for (int S = 0; S < N; ++S)
        bulkLoad(MyBuf + S * Chunk, In + at(K0 + S), Chunk, MyBar + 8 * S);
      for (int S = 0; S < N; ++S)
        if (!waitPhase(MyBar + 8 * S, Parity, Hung))
          return;
      for (int S = 0; S < N; ++S)
        bulkStore(Out + at(K0 + S), MyBuf + S * Chunk, Chunk);
      asm volatile("cp.async.bulk.wait_group.read 0;" ::: "memory");
    }
  } else {
    for (size_t K = 0; K < Mine && K < size_t(Stages); ++K)
      bulkLoad(MyBuf + K * Chunk, In + at(K), Chunk, MyBar + 8 * K);
    for (size_t K = 0; K < Mine; ++K) {
      const uint32_t S = uint32_t(K % Stages);
      if (!waitPhase(MyBar + 8 * S, uint32_t(K / Stages) & 1, Hung))
        return;
      bulkStore(Out + at(K), MyBuf + S * Chunk, Chunk);
      if (K >= 1 && K - 1 + Stages < Mine) {
        const uint32_t R = uint32_t((K - 1) % Stages);
        asm volatile("cp.async.bulk.wait_group.read 1;" ::: "memory");
        bulkLoad(MyBuf + R * Chunk, In + at(K - 1 + Stages), Chunk,
                 MyBar + 8 * R);
      }
    }
  }
  // Shared memory must outlive the reads of the last stores; wait for the
  // writes too so the kernel's end means the copy is done.
  asm volatile("cp.async.bulk.wait_group 0;" ::: "memory");
}

// ---- 5. diagnostics
// ------------------------------------------------------------ Reads every word
// (4 in flight per thread); one word per thread goes to Sink so the loads stay.
__global__ void readOnly(const uint4 *__restrict__ In, size_t Words,
                         uint4 *Sink) {
  constexpr int K = 4;
  const size_t Piece = size_t(blockDim.x) * K;
  uint4 Acc = make_uint4(0, 0, 0, 0);
  for (size_t P = blockIdx.x; P < Words / Piece; P += gridDim.x) {
    uint4 V[K];
#pragma unroll
    for (int J = 0; J < K; ++J)
      V[J] = In[P * Piece + threadIdx.x + J * blockDim.x];
#pragma unroll
    for (int J = 0; J < K; ++J) {
      Acc.x ^= V[J].x;
      Acc.y += V[J].y;
      Acc.z ^= V[J].z;
      Acc.w += V[J].w;
    }
  }
  Sink[size_t(blockIdx.x) * blockDim.x + threadIdx.x] = Acc;
}

// Writes the input's pattern without reading anything, so the copy check
// (output == input) verifies it too.
__global__ void writeOnly(uint4 *__restrict__ Out, size_t Words) {
  constexpr int K = 4;
  const size_t Piece = size_t(blockDim.x) * K;
  for (size_t P = blockIdx.x; P < Words / Piece; P += gridDim.x) {
#pragma unroll
    for (int J = 0; J < K; ++J) {
      size_t I = P * Piece + threadIdx.x + J * blockDim.x;
      Out[I] = pattern(I);
    }
  }
}

// Holds every SM (all thread slots) for Ns nanoseconds.
__global__ void spin(long long Ns) {
  extern __shared__ unsigned char Pad[];
  uint64_t T0, T;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(T0));
  do {
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(T));
  } while (T - T0 < uint64_t(Ns));
  if (threadIdx.x == 0 && T == 0)
    Pad[0] = 1;
}

// ---- harness
// ---------------------------------------------------------------------
struct Result {
  std::string Name;
  double GBps;
  std::string Note;
};

struct Bench {
  uint4 *In = nullptr, *Out = nullptr;
  size_t Bytes = 0, Words = 0;
  int SMs = 0, Warmup = 3, Reps = 25;
  size_t MaxSmem = 0;    // dynamic shared memory a block may opt in to
  double MemcpyGBps = 0; // first memcpy of the run
  unsigned long long *Bad = nullptr;
  int *Hung = nullptr;
  std::vector<Result> Results;
  std::vector<std::pair<std::string, std::function<void()>>>
      Launchers; // for the re-check

  // Median ms of Reps runs of Launch after Warmup.
  double timeIt(const std::function<void()> &Launch) {
    return proto::medianMs(Launch, Reps, Warmup);
  }

  // Poisons the output, copies once, compares every word with the input.
  bool verify(const std::function<void()> &Launch) {
    CHECK(cudaMemset(Out, Poison & 0xff, Bytes));
    CHECK(cudaMemset(Bad, 0, sizeof *Bad));
    CHECK(cudaMemset(Hung, 0, sizeof *Hung));
    Launch();
    CHECK(cudaGetLastError());
    CHECK(cudaDeviceSynchronize());
    compareKernel<<<4 * SMs, 512>>>(In, Out, Words, Bad);
    CHECK(cudaGetLastError());
    unsigned long long NBad = 0;
    int H = 0;
    CHECK(cudaMemcpy(&NBad, Bad, sizeof NBad, cudaMemcpyDeviceToHost));
    CHECK(cudaMemcpy(&H, Hung, sizeof H, cudaMemcpyDeviceToHost));
    if (NBad || H)
      std::printf("  FAILED check: %llu of %zu words differ%s\n", NBad, Words,
                  H ? ", a bulk-copy pipe timed out" : "");
    return NBad == 0 && H == 0;
  }

  // MovedBytes: bytes through DRAM per launch (2 x size for a copy).
  void run(const std::string &Name, const std::function<void()> &Launch,
           const std::string &Note, bool Check = true, double MovedBytes = 0) {
    if (Check && !verify(Launch)) {
      std::printf("VARIANT %-28s FAILED\n", Name.c_str());
      std::fflush(stdout);
      return;
    }
    double Ms = timeIt(Launch);
    if (Check) // the timed runs must still be right (cheap: one compare)
      if (!verify(Launch)) {
        std::printf("VARIANT %-28s FAILED after timing\n", Name.c_str());
        return;
      }
    double GBps = (MovedBytes ? MovedBytes : 2.0 * Bytes) / (Ms * 1e6);
    if (MemcpyGBps == 0)
      MemcpyGBps = GBps;
    std::printf("VARIANT %-28s %8.1f GB/s %6.1f%% of memcpy  %s\n",
                Name.c_str(), GBps, 100.0 * GBps / MemcpyGBps, Note.c_str());
    std::fflush(stdout);
    Results.push_back({Name, GBps, Note});
    if (Check)
      Launchers.push_back({Name, Launch});
  }
};

template <class Kernel>
std::string kernelNote(Kernel *K, int Threads, size_t Smem, int WantPerSM) {
  cudaFuncAttributes A;
  CHECK(cudaFuncGetAttributes(&A, K));
  int Resident = 0;
  CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&Resident, K, Threads,
                                                      Smem));
  char S[160];
  std::snprintf(
      S, sizeof S,
      "[regs %d, smem %zu KiB, %d/%d blocks/SM resident, %d threads/SM]",
      A.numRegs, Smem / 1024, std::min(Resident, WantPerSM), WantPerSM,
      std::min(Resident, WantPerSM) * Threads);
  return S;
}

// Raises the kernel's dynamic shared-memory limit to all that the device lets
// a block opt in to (less the kernel's static shared memory), so that any
// variant of it can be launched again later (the re-check of the best
// variants) whatever size was asked for last. Returns that limit.
template <class Kernel> size_t allowAllSmem(const Bench &B, Kernel *K) {
  cudaFuncAttributes A;
  CHECK(cudaFuncGetAttributes(&A, K));
  size_t Limit = B.MaxSmem - A.sharedSizeBytes;
  CHECK(cudaFuncSetAttribute(K, cudaFuncAttributeMaxDynamicSharedMemorySize,
                             int(Limit)));
  return Limit;
}

template <int K, bool BlockTile, int Ld, bool StCs>
void runUnrolled(Bench &B, int PerSM, int Threads) {
  auto *Kern = unrolled<K, BlockTile, Ld, StCs>;
  const char *LdName = Ld == LdNc256 ? ".nc256" : Ld == LdCs ? ".ldcs" : "";
  std::string Name = "u" + std::to_string(K) + (BlockTile ? ".blk" : ".warp") +
                     LdName + (StCs ? ".stcs" : "") + "." +
                     std::to_string(PerSM) + "x" + std::to_string(Threads);
  B.run(
      Name,
      [&B, Kern, PerSM, Threads] {
        Kern<<<PerSM * B.SMs, Threads>>>(B.In, B.Out, B.Words);
      },
      kernelNote(Kern, Threads, 0, PerSM));
}

template <int K> void runPhased(Bench &B, int PerSM, int Threads) {
  auto *Kern = phased<K>;
  size_t Smem = size_t(Threads) * K * 16;
  allowAllSmem(B, Kern);
  std::string Name = "phase" + std::to_string(K) + "." + std::to_string(PerSM) +
                     "x" + std::to_string(Threads) + "." +
                     std::to_string(Smem / 1024) + "K";
  B.run(
      Name,
      [&B, Kern, PerSM, Threads, Smem] {
        Kern<<<PerSM * B.SMs, Threads, Smem>>>(B.In, B.Out, B.Words);
      },
      kernelNote(Kern, Threads, Smem, PerSM));
}

template <bool Phased>
void runTma(Bench &B, int PerSM, int Pipes, int Stages, int ChunkKiB) {
  auto *Kern = tmaCopy<Phased>;
  const uint32_t Chunk = uint32_t(ChunkKiB) << 10;
  const size_t Smem = size_t(Pipes) * Stages * Chunk;
  std::string Name = std::string(Phased ? "tmaph." : "tma.") +
                     std::to_string(PerSM) + "x" + std::to_string(Pipes) +
                     "p.s" + std::to_string(Stages) + ".c" +
                     std::to_string(ChunkKiB) + "K";
  if (Pipes * Stages > MaxPipeStages || Smem > allowAllSmem(B, Kern) ||
      B.Bytes % Chunk) {
    std::printf(
        "VARIANT %-28s skipped: %zu KiB shared memory per block, or more than "
        "MaxPipeStages stages, or a chunk that does not divide the buffer\n",
        Name.c_str(), Smem / 1024);
    return;
  }
  int Resident = 0;
  CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&Resident, Kern,
                                                      32 * Pipes, Smem));
  if (Resident < PerSM) {
    std::printf("VARIANT %-28s skipped: only %d blocks/SM fit (%zu KiB each)\n",
                Name.c_str(), Resident, Smem / 1024);
    return;
  }
  B.run(
      Name,
      [&B, Kern, PerSM, Pipes, Stages, Chunk, Smem] {
        Kern<<<PerSM * B.SMs, 32 * Pipes, Smem>>>(
            (const char *)B.In, (char *)B.Out, B.Bytes, Chunk, Stages, B.Hung);
      },
      kernelNote(Kern, 32 * Pipes, Smem, PerSM) + " in flight/SM " +
          std::to_string(PerSM * Pipes * (Phased ? Stages : Stages - 1) *
                         ChunkKiB) +
          " KiB");
}

} // namespace

int main(int Argc, char **Argv) {
  size_t MiB = 2048;
  Bench B;
  for (int I = 1; I < Argc; ++I) {
    std::string A = Argv[I];
    if (A == "--mib" && I + 1 < Argc)
      MiB = std::strtoull(Argv[++I], nullptr, 10);
    else if (A == "--reps" && I + 1 < Argc)
      B.Reps = std::atoi(Argv[++I]);
    else if (A == "--warmup" && I + 1 < Argc)
      B.Warmup = std::atoi(Argv[++I]);
    else {
      std::fprintf(
          stderr,
          "usage: copy_ceiling [--mib 2048] [--reps 25] [--warmup 3]\n");
      return 2;
    }
  }
  if (MiB == 0 || B.Reps < 1 || B.Warmup < 0) {
    std::fprintf(stderr, "copy_ceiling: --mib and --reps must be positive\n");
    return 2;
  }
  int Dev = 0;
  CHECK(cudaGetDevice(&Dev));
  cudaDeviceProp P;
  CHECK(cudaGetDeviceProperties(&P, Dev));
  B.SMs = P.multiProcessorCount;
  B.MaxSmem = P.sharedMemPerBlockOptin;
  size_t PersistL2 = 0;
  CHECK(cudaDeviceGetLimit(&PersistL2, cudaLimitPersistingL2CacheSize));
  int MemClockKHz = 0, BusBits = 0;
  CHECK(cudaDeviceGetAttribute(&MemClockKHz, cudaDevAttrMemoryClockRate, Dev));
  CHECK(cudaDeviceGetAttribute(&BusBits, cudaDevAttrGlobalMemoryBusWidth, Dev));
  std::printf(
      "DEVICE \"%s\" sm_%d%d, %d SMs, L2 %d MiB, persisting-L2 limit %zu B, "
      "async engines %d, smem/block opt-in %zu KiB, peak %.0f GB/s, %zu MiB "
      "buffers, "
      "median of %d after %d warm-up\n",
      P.name, P.major, P.minor, B.SMs, P.l2CacheSize >> 20, PersistL2,
      P.asyncEngineCount, P.sharedMemPerBlockOptin / 1024,
      2.0 * MemClockKHz * 1e3 * (BusBits / 8.0) / 1e9, MiB, B.Reps, B.Warmup);

  B.Bytes = MiB << 20;
  B.Words = B.Bytes / 16;
  CHECK(cudaMalloc(&B.In, B.Bytes));
  CHECK(cudaMalloc(&B.Out, B.Bytes));
  CHECK(cudaMalloc(&B.Bad, sizeof *B.Bad));
  CHECK(cudaMalloc(&B.Hung, sizeof *B.Hung));
  uint4 *Sink = nullptr;
  CHECK(cudaMalloc(&Sink, size_t(64) * B.SMs * 1024 * 16));
  fillKernel<<<4 * B.SMs, 512>>>(B.In, B.Words);
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  const int SMs = B.SMs;

  auto memcpyD2D = [&B] {
    CHECK(cudaMemcpyAsync(B.Out, B.In, B.Bytes, cudaMemcpyDeviceToDevice));
  };
  B.run("memcpy", memcpyD2D, "(reference)");

  // 1. grid-stride sweep.
  for (int PerSM : {1, 2, 4, 8})
    for (int T : {256, 512, 1024})
      B.run(
          "gs." + std::to_string(PerSM) + "x" + std::to_string(T),
          [&B, PerSM, T] {
            gridStride<<<PerSM * B.SMs, T>>>(B.In, B.Out, B.Words);
          },
          kernelNote(gridStride, T, 0, PerSM));

  // 2. K words per thread, loads first; warp- and block-contiguous.
  for (auto [PerSM, T] :
       {std::pair{4, 512}, std::pair{2, 1024}, std::pair{8, 256}}) {
    runUnrolled<2, false, LdPlain, false>(B, PerSM, T);
    runUnrolled<4, false, LdPlain, false>(B, PerSM, T);
    runUnrolled<8, false, LdPlain, false>(B, PerSM, T);
    runUnrolled<2, true, LdPlain, false>(B, PerSM, T);
    runUnrolled<4, true, LdPlain, false>(B, PerSM, T);
    runUnrolled<8, true, LdPlain, false>(B, PerSM, T);
  }
  // Cache hints on the K=4 shapes.
  runUnrolled<4, false, LdNc256, false>(B, 4, 512);
  runUnrolled<4, true, LdNc256, false>(B, 4, 512);
  runUnrolled<4, false, LdCs, true>(B, 4, 512);
  runUnrolled<4, true, LdCs, true>(B, 4, 512);
  runUnrolled<4, true, LdNc256, true>(B, 4, 512);
  runUnrolled<8, true, LdNc256, true>(B, 2, 1024);

  // 3. read phase / write phase per block through shared memory.
  runPhased<4>(B, 2, 1024); // 64 KiB tile
  runPhased<8>(B, 1, 1024); // 128 KiB tile
  runPhased<4>(B, 4, 512);  // 32 KiB tile

  // 4. bulk copies: the brief's grid, one pipe per block, then several pipes.
  for (int PerSM : {1, 2})
    for (int Stages : {2, 3, 4})
      for (int Chunk : {4, 16, 32})
        runTma<false>(B, PerSM, 1, Stages, Chunk);
  for (auto [PerSM, Pipes, Stages, Chunk] :
       {std::tuple{1, 4, 4, 8}, std::tuple{1, 8, 3, 8}, std::tuple{1, 4, 3, 16},
        std::tuple{2, 4, 3, 8}, std::tuple{1, 8, 4, 4}, std::tuple{4, 2, 3, 8},
        std::tuple{1, 16, 2, 4}, std::tuple{2, 2, 3, 16}})
    runTma<false>(B, PerSM, Pipes, Stages, Chunk);
  for (auto [PerSM, Pipes, Stages, Chunk] :
       {std::tuple{1, 1, 6, 32}, std::tuple{1, 4, 3, 16},
        std::tuple{2, 1, 3, 32}})
    runTma<true>(B, PerSM, Pipes, Stages, Chunk);

  // 5. diagnostics: one direction at a time.
  B.run(
      "read-only.4x512",
      [&B, Sink] { readOnly<<<4 * B.SMs, 512>>>(B.In, B.Words, Sink); },
      "(bytes read only)", false, double(B.Bytes));
  B.run(
      "write-only.4x512",
      [&B] { writeOnly<<<4 * B.SMs, 512>>>(B.Out, B.Words); },
      "(bytes written only; output checked)", true, double(B.Bytes));
  B.run(
      "memset", [&B] { CHECK(cudaMemsetAsync(B.Out, 0x5a, B.Bytes)); },
      "(bytes written only)", false, double(B.Bytes));

  // Does memcpy use the SMs? Time it on a second stream while a kernel holds
  // every thread slot of every SM for 50 ms.
  {
    cudaStream_t S2;
    CHECK(cudaStreamCreateWithFlags(&S2, cudaStreamNonBlocking));
    const size_t SpinSmem = 64 << 10;
    CHECK(cudaFuncSetAttribute(
        spin, cudaFuncAttributeMaxDynamicSharedMemorySize, int(SpinSmem)));
    int Resident = 0;
    CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&Resident, spin, 1024,
                                                        SpinSmem));
    cudaEvent_t A0, A1, M0, M1;
    for (cudaEvent_t *E : {&A0, &A1, &M0, &M1})
      CHECK(cudaEventCreate(E));
    CHECK(cudaEventRecord(A0));
    spin<<<2 * SMs, 1024, SpinSmem>>>(50'000'000LL);
    CHECK(cudaGetLastError());
    CHECK(cudaEventRecord(A1));
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
    CHECK(cudaEventRecord(M0, S2));
    CHECK(cudaMemcpyAsync(B.Out, B.In, B.Bytes, cudaMemcpyDeviceToDevice, S2));
    CHECK(cudaEventRecord(M1, S2));
    CHECK(cudaDeviceSynchronize());
    float SpinMs = 0, CopyMs = 0, StartMs = 0;
    CHECK(cudaEventElapsedTime(&SpinMs, A0, A1));
    CHECK(cudaEventElapsedTime(&CopyMs, M0, M1));
    CHECK(cudaEventElapsedTime(&StartMs, A0, M0));
    std::printf("ENGINE memcpy during a %.1f ms kernel holding all SMs (%d x "
                "1024 threads/SM): "
                "started at %.1f ms, took %.3f ms (%.0f GB/s) -> %s\n",
                SpinMs, Resident, StartMs, CopyMs,
                2.0 * B.Bytes / (CopyMs * 1e6),
                StartMs + CopyMs < SpinMs
                    ? "copy engines (ran beside the kernel)"
                    : "waited for the SMs (SM kernel or serialised)");
    CHECK(cudaStreamDestroy(S2));
  }

  // Best kernels again (spread), then memcpy last (drift).
  std::vector<Result> Kernels;
  for (const Result &R : B.Results)
    if (R.Name != "memcpy" && R.Note.rfind("(", 0) != 0)
      Kernels.push_back(R);
  std::sort(Kernels.begin(), Kernels.end(),
            [](const Result &X, const Result &Y) { return X.GBps > Y.GBps; });
  for (size_t I = 0; I < std::min<size_t>(5, Kernels.size()); ++I)
    for (auto &[Name, Launch] : B.Launchers)
      if (Name == Kernels[I].Name) {
        double Ms = B.timeIt(Launch);
        std::printf("AGAIN   %-28s %8.1f GB/s (first %.1f)\n", Name.c_str(),
                    2.0 * B.Bytes / (Ms * 1e6), Kernels[I].GBps);
      }
  double First = B.MemcpyGBps;
  B.run("memcpy.last", memcpyD2D, "(reference again)");
  double Last = B.Results.back().GBps;
  std::printf("DRIFT memcpy first %.1f last %.1f GB/s (%+.2f%%)\n", First, Last,
              100.0 * (Last - First) / First);
  std::printf("SUMMARY best kernel %s %.1f GB/s = %.1f%% of memcpy (first), "
              "%.1f%% of mean "
              "memcpy\n",
              Kernels.empty() ? "-" : Kernels[0].Name.c_str(),
              Kernels.empty() ? 0.0 : Kernels[0].GBps,
              Kernels.empty() ? 0.0 : 100.0 * Kernels[0].GBps / First,
              Kernels.empty() ? 0.0 : 200.0 * Kernels[0].GBps / (First + Last));
  CHECK(cudaFree(Sink));
  CHECK(cudaFree(B.In));
  CHECK(cudaFree(B.Out));
  return 0;
}
