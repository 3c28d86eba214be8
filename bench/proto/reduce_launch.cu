// reduce_launch.cu - where the fixed cost of a launch with reductions goes
// (issue 16, the launch-bound class: stats@launch at 3.2x a copy of its
// bytes, triad@launch, without reductions, at 1.09x). A Sum, a Min and a Max
// over N doubles (default 131072: stats@launch's 1 MB), each variant timed
// as a caller of the host API sees it: host clock from before the launch to
// the totals read on the host, median of Reps after warm-up.
//   empty     an empty kernel, then cudaStreamSynchronize: the floor
//   plain     a kernel that reads the N doubles and writes nothing back
//             (the triad class: one launch, no result)
//   slots     the reduction kernel alone (partials into the slots), then
//             cudaStreamSynchronize: no finalize, no result (the slots are
//             reset by the next variant's finalize before any check)
//   finalize  today's scheme: blocks add their partials into 128 slots by
//             atomics, a one-block finalize kernel combines the slots,
//             resets them and writes the totals to mapped pinned memory, an
//             event after it, cudaEventSynchronize, host reads
//   lastblock one kernel: each block adds into the slots, then takes a
//             ticket; the last block combines the slots, resets them and
//             the ticket, and writes the totals to mapped pinned memory
//             (the CUDA threadFenceReduction sample's scheme), event, sync
//   memcpy    as finalize, but the totals go to device memory and come back
//             by cudaMemcpyAsync into pinned memory
// Then the same kernels queued as a sweep loop queues them (NAME_sweeps, no
// wait between launches; an event recorded after each, as the result ring
// does): us per launch by CUDA events around 64 launches, median of 21.
// Every variant's totals are checked: Min/Max exact, Sum within 1e-12.
// Built alone: nvcc -arch=sm_90 -O3 -std=c++20 bench/proto/reduce_launch.cu
#include "proto.cuh"

#include <chrono>
#include <cmath>
#include <cstring>
#include <functional>

namespace {

constexpr int Slots = 128, Stride = 4; // a slot per 32-byte sector

struct Totals {
  double Sum, Min, Max;
};

__device__ void atomicMinD(double *A, double V) {
  auto *U = reinterpret_cast<unsigned long long *>(A);
  unsigned long long Old = *U;
  while (V < __longlong_as_double(Old)) {
    const unsigned long long Seen = atomicCAS(U, Old, __double_as_longlong(V));
    if (Seen == Old)
      break;
    Old = Seen;
  }
}
__device__ void atomicMaxD(double *A, double V) {
  auto *U = reinterpret_cast<unsigned long long *>(A);
  unsigned long long Old = *U;
  while (V > __longlong_as_double(Old)) {
    const unsigned long long Seen = atomicCAS(U, Old, __double_as_longlong(V));
    if (Seen == Old)
      break;
    Old = Seen;
  }
}

/// The block's partials into its slot (thread 0 after a shared-memory tree).
__device__ void blockToSlot(double S, double Lo, double Hi, double *Slot) {
  __shared__ double Sh[3][32];
  for (int O = 16; O > 0; O /= 2) {
    S += __shfl_down_sync(~0u, S, O);
    Lo = fmin(Lo, __shfl_down_sync(~0u, Lo, O));
    Hi = fmax(Hi, __shfl_down_sync(~0u, Hi, O));
  }
  const int Lane = threadIdx.x % 32, Warp = threadIdx.x / 32;
  if (Lane == 0) {
    Sh[0][Warp] = S;
    Sh[1][Warp] = Lo;
    Sh[2][Warp] = Hi;
  }
  __syncthreads();
  if (threadIdx.x == 0) {
    for (int W = 1; W < int(blockDim.x / 32); ++W) {
      S += Sh[0][W];
      Lo = fmin(Lo, Sh[1][W]);
      Hi = fmax(Hi, Sh[2][W]);
    }
    atomicAdd(Slot, S);
    atomicMinD(Slot + 1, Lo);
    atomicMaxD(Slot + 2, Hi);
  }
}

__device__ void partials(const double *X, int N, double &S, double &Lo,
                         double &Hi) {
  S = 0;
  Lo = HUGE_VAL;
  Hi = -HUGE_VAL;
  for (int I = blockIdx.x * blockDim.x + threadIdx.x; I < N;
       I += gridDim.x * blockDim.x) {
    const double V = X[I];
    S += V;
    Lo = fmin(Lo, V);
    Hi = fmax(Hi, V);
  }
}

/// Every thread of the block (at least Slots threads): thread t combines
/// slot t (cache-global loads: other blocks' atomics are in L2) and puts
/// the identities back; the block's total is valid in thread 0. As the
/// runtime's collectSlots does.
__device__ Totals collect(double *Slot) {
  Totals T{0, HUGE_VAL, -HUGE_VAL};
  if (threadIdx.x < Slots) {
    double *P = Slot + threadIdx.x * Stride;
    T = {__ldcg(P), __ldcg(P + 1), __ldcg(P + 2)};
    P[0] = 0;
    P[1] = HUGE_VAL;
    P[2] = -HUGE_VAL;
  }
  __shared__ double Sh[3][32];
  for (int O = 16; O > 0; O /= 2) {
    T.Sum += __shfl_down_sync(~0u, T.Sum, O);
    T.Min = fmin(T.Min, __shfl_down_sync(~0u, T.Min, O));
    T.Max = fmax(T.Max, __shfl_down_sync(~0u, T.Max, O));
  }
  const int Lane = threadIdx.x % 32, Warp = threadIdx.x / 32;
  if (Lane == 0) {
    Sh[0][Warp] = T.Sum;
    Sh[1][Warp] = T.Min;
    Sh[2][Warp] = T.Max;
  }
  __syncthreads();
  if (threadIdx.x == 0)
    for (int W = 1; W < int(blockDim.x / 32); ++W) {
      T.Sum += Sh[0][W];
      T.Min = fmin(T.Min, Sh[1][W]);
      T.Max = fmax(T.Max, Sh[2][W]);
    }
  return T;
}

__global__ void emptyKernel() {}

__global__ void plainKernel(const double *X, int N, double *Sink) {
  double S, Lo, Hi;
  partials(X, N, S, Lo, Hi);
  if (S == 12345.678) // never: keeps the loads
    *Sink = Lo + Hi;
}

__global__ void slotKernel(const double *X, int N, double *Slot) {
  double S, Lo, Hi;
  partials(X, N, S, Lo, Hi);
  blockToSlot(S, Lo, Hi, Slot + (blockIdx.x % Slots) * Stride);
}

__global__ void finalizeKernel(double *Slot, Totals *Out) {
  const Totals T = collect(Slot);
  if (threadIdx.x == 0) {
    *Out = T;
    __threadfence_system();
  }
}

__global__ void lastBlockKernel(const double *X, int N, double *Slot,
                                unsigned *Ticket, Totals *Out) {
  double S, Lo, Hi;
  partials(X, N, S, Lo, Hi);
  blockToSlot(S, Lo, Hi, Slot + (blockIdx.x % Slots) * Stride);
  __shared__ bool Last;
  if (threadIdx.x == 0) {
    __threadfence(); // this block's atomics before its ticket
    Last = atomicAdd(Ticket, 1u) == gridDim.x - 1;
  }
  __syncthreads();
  if (!Last)
    return;
  __threadfence(); // every other block's atomics before the reads
  const Totals T = collect(Slot);
  if (threadIdx.x == 0) {
    *Out = T;
    *Ticket = 0;
    __threadfence_system();
  }
}

/// The block's sum of S, valid in thread 0 (warp shuffles, a shared slot
/// per warp).
__device__ double blockSum(double S) {
  __shared__ double Sh[32];
  for (int O = 16; O > 0; O /= 2)
    S += __shfl_down_sync(~0u, S, O);
  if (threadIdx.x % 32 == 0)
    Sh[threadIdx.x / 32] = S;
  __syncthreads();
  if (threadIdx.x == 0)
    for (int W = 1; W < int(blockDim.x / 32); ++W)
      S += Sh[W];
  return S;
}

/// A Sum only, as the runtime folds one (a block's total by one atomicAdd
/// whose result is unused: no compare-and-swap loop), for the queued runs.
__device__ void blockSumToSlot(double S, double *Slot) {
  S = blockSum(S);
  if (threadIdx.x == 0)
    atomicAdd(Slot, S);
}

__global__ void sumSlotKernel(const double *X, int N, double *Slot) {
  double S, Lo, Hi;
  partials(X, N, S, Lo, Hi);
  blockSumToSlot(S, Slot + (blockIdx.x % Slots) * Stride);
}

__device__ double collectSum(double *Slot) {
  double T = 0;
  if (threadIdx.x < Slots) {
    T = __ldcg(Slot + threadIdx.x * Stride);
    Slot[threadIdx.x * Stride] = 0;
  }
  return blockSum(T);
}

__global__ void sumFinalizeKernel(double *Slot, double *Out) {
  const double T = collectSum(Slot);
  if (threadIdx.x == 0)
    *Out = T;
}

__global__ void sumLastBlockKernel(const double *X, int N, double *Slot,
                                   unsigned *Ticket, double *Out) {
  double S, Lo, Hi;
  partials(X, N, S, Lo, Hi);
  blockSumToSlot(S, Slot + (blockIdx.x % Slots) * Stride);
  __shared__ bool Last;
  if (threadIdx.x == 0) {
    __threadfence();
    Last = atomicAdd(Ticket, 1u) == gridDim.x - 1;
  }
  __syncthreads();
  if (!Last)
    return;
  __threadfence();
  const double T = collectSum(Slot);
  if (threadIdx.x == 0) {
    *Out = T;
    *Ticket = 0;
  }
}

double hostMedianUs(int Reps, auto &&Call) {
  for (int I = 0; I < 20; ++I)
    Call();
  std::vector<double> Us;
  for (int I = 0; I < Reps; ++I) {
    const auto A = std::chrono::steady_clock::now();
    Call();
    Us.push_back(std::chrono::duration<double, std::micro>(
                     std::chrono::steady_clock::now() - A)
                     .count());
  }
  return proto::median(Us);
}

} // namespace

int main(int Argc, char **Argv) {
  const int N = Argc > 1 ? std::atoi(Argv[1]) : 131072;
  const int Reps = Argc > 2 ? std::atoi(Argv[2]) : 500;
  std::vector<double> H(N);
  Totals Want{0, HUGE_VAL, -HUGE_VAL};
  for (int I = 0; I < N; ++I) {
    H[I] = std::sin(0.001 * I) * 3.0 + 0.25; // never zeros
    Want.Sum += H[I];
    Want.Min = std::fmin(Want.Min, H[I]);
    Want.Max = std::fmax(Want.Max, H[I]);
  }
  double *X, *Slot, *Sink, *DevTotals;
  unsigned *Ticket;
  Totals *Mapped, *MappedDev, *Pinned;
  CHECK(cudaMalloc(&X, sizeof(double) * N));
  CHECK(cudaMemcpy(X, H.data(), sizeof(double) * N, cudaMemcpyHostToDevice));
  CHECK(cudaMalloc(&Slot, sizeof(double) * Slots * Stride));
  CHECK(cudaMalloc(&Sink, sizeof(double)));
  CHECK(cudaMalloc(&DevTotals, sizeof(Totals)));
  CHECK(cudaMalloc(&Ticket, sizeof(unsigned)));
  CHECK(cudaMemset(Ticket, 0, sizeof(unsigned)));
  std::vector<double> Identity(Slots * Stride);
  for (int S = 0; S < Slots; ++S) {
    Identity[S * Stride] = 0;
    Identity[S * Stride + 1] = HUGE_VAL;
    Identity[S * Stride + 2] = -HUGE_VAL;
  }
  CHECK(cudaMemcpy(Slot, Identity.data(), sizeof(double) * Identity.size(),
                   cudaMemcpyHostToDevice));
  CHECK(cudaHostAlloc(&Mapped, sizeof(Totals), cudaHostAllocMapped));
  CHECK(cudaHostGetDevicePointer(reinterpret_cast<void **>(&MappedDev), Mapped,
                                 0));
  CHECK(cudaHostAlloc(&Pinned, sizeof(Totals), cudaHostAllocDefault));
  cudaEvent_t Done;
  CHECK(cudaEventCreateWithFlags(&Done, cudaEventDisableTiming));
  int Sms = 0;
  CHECK(cudaDeviceGetAttribute(&Sms, cudaDevAttrMultiProcessorCount, 0));
  const int Block = 256;
  const int Grid = std::min((N + Block * 4 - 1) / (Block * 4), Sms * 8);

  bool Ok = true;
  auto check = [&](const char *Name, const Totals &Got) {
    const bool Good =
        Got.Min == Want.Min && Got.Max == Want.Max &&
        std::fabs(Got.Sum - Want.Sum) <= 1e-12 * std::fabs(Want.Sum) + 1e-9;
    if (!Good) {
      std::printf("FAIL %s: sum %.17g min %.17g max %.17g (want %.17g %.17g "
                  "%.17g)\n",
                  Name, Got.Sum, Got.Min, Got.Max, Want.Sum, Want.Min,
                  Want.Max);
      Ok = false;
    }
  };
  Totals Got{};
  auto empty = [&] {
    emptyKernel<<<1, 32>>>();
    CHECK(cudaStreamSynchronize(0));
  };
  auto plain = [&] {
    plainKernel<<<Grid, Block>>>(X, N, Sink);
    CHECK(cudaStreamSynchronize(0));
  };
  auto slots = [&] {
    slotKernel<<<Grid, Block>>>(X, N, Slot);
    CHECK(cudaStreamSynchronize(0));
  };
  auto finalize = [&] {
    slotKernel<<<Grid, Block>>>(X, N, Slot);
    finalizeKernel<<<1, Slots>>>(Slot, MappedDev);
    CHECK(cudaEventRecord(Done, 0));
    CHECK(cudaEventSynchronize(Done));
    std::memcpy(&Got, Mapped, sizeof Got);
  };
  auto lastblock = [&] {
    lastBlockKernel<<<Grid, Block>>>(X, N, Slot, Ticket, MappedDev);
    CHECK(cudaEventRecord(Done, 0));
    CHECK(cudaEventSynchronize(Done));
    std::memcpy(&Got, Mapped, sizeof Got);
  };
  auto memcpyBack = [&] {
    slotKernel<<<Grid, Block>>>(X, N, Slot);
    finalizeKernel<<<1, Slots>>>(Slot, reinterpret_cast<Totals *>(DevTotals));
    CHECK(cudaMemcpyAsync(Pinned, DevTotals, sizeof(Totals),
                          cudaMemcpyDeviceToHost, 0));
    CHECK(cudaEventRecord(Done, 0));
    CHECK(cudaEventSynchronize(Done));
    std::memcpy(&Got, Pinned, sizeof Got);
  };
  finalize();
  check("finalize", Got);
  lastblock();
  check("lastblock", Got);
  memcpyBack();
  check("memcpy", Got);

  const double Empty = hostMedianUs(Reps, empty);
  std::printf("N=%d doubles (%.2f MB), grid %d x %d, %d reps, host clock "
              "(launch to totals on the host), median us\n",
              N, N * 8e-6, Grid, Block, Reps);
  std::printf("%-10s %8.2f us  1.00 x empty\n", "empty", Empty);
  for (auto [Name, F] :
       std::initializer_list<std::pair<const char *, std::function<void()>>>{
           {"plain", plain},
           {"slots", slots},
           {"finalize", finalize},
           {"lastblock", lastblock},
           {"memcpy", memcpyBack}}) {
    const double Us = hostMedianUs(Reps, F);
    std::printf("%-10s %8.2f us  %.2f x empty\n", Name, Us, Us / Empty);
  }
  // Queued: what a loop of launches pays per launch on the GPU.
  double *SumSlot;
  CHECK(cudaMalloc(&SumSlot, sizeof(double) * Slots * Stride));
  CHECK(cudaMemset(SumSlot, 0, sizeof(double) * Slots * Stride));
  constexpr int Queue = 64;
  std::vector<cudaEvent_t> Ring(Queue);
  for (cudaEvent_t &E : Ring)
    CHECK(cudaEventCreateWithFlags(&E, cudaEventDisableTiming));
  cudaEvent_t Start, Stop;
  CHECK(cudaEventCreate(&Start));
  CHECK(cudaEventCreate(&Stop));
  bool RecordEach = true; // an event after every launch, as the ring does
  auto queuedUs = [&](auto &&LaunchOne) {
    std::vector<double> Us;
    for (int R = 0; R < 22; ++R) {
      CHECK(cudaEventRecord(Start, 0));
      for (int Q = 0; Q < Queue; ++Q) {
        LaunchOne();
        if (RecordEach)
          CHECK(cudaEventRecord(Ring[Q], 0));
      }
      CHECK(cudaEventRecord(Stop, 0));
      CHECK(cudaEventSynchronize(Stop));
      float Ms = 0;
      CHECK(cudaEventElapsedTime(&Ms, Start, Stop));
      if (R > 0) // the first is the warm-up
        Us.push_back(1000.0 * Ms / Queue);
    }
    return proto::median(Us);
  };
  const double QEmpty = queuedUs([&] { emptyKernel<<<1, 32>>>(); });
  std::printf("queued, %d launches, events around them, median us per "
              "launch\n",
              Queue);
  std::printf("%-10s %8.2f us  1.00 x empty\n", "empty", QEmpty);
  for (auto [Name, F] :
       std::initializer_list<std::pair<const char *, std::function<void()>>>{
           {"plain", [&] { plainKernel<<<Grid, Block>>>(X, N, Sink); }},
           {"finalize",
            [&] {
              slotKernel<<<Grid, Block>>>(X, N, Slot);
              finalizeKernel<<<1, Slots>>>(Slot, MappedDev);
            }},
           {"lastblock",
            [&] {
              lastBlockKernel<<<Grid, Block>>>(X, N, Slot, Ticket, MappedDev);
            }},
           {"sum-slots",
            [&] { sumSlotKernel<<<Grid, Block>>>(X, N, SumSlot); }},
           {"sum-final",
            [&] {
              sumSlotKernel<<<Grid, Block>>>(X, N, SumSlot);
              sumFinalizeKernel<<<1, Slots>>>(
                  SumSlot, reinterpret_cast<double *>(MappedDev));
            }},
           {"sum-last", [&] {
              sumLastBlockKernel<<<Grid, Block>>>(
                  X, N, SumSlot, Ticket, reinterpret_cast<double *>(MappedDev));
            }}}) {
    const double Us = queuedUs(F);
    CHECK(cudaGetLastError());
    std::printf("%-10s %8.2f us  %.2f x empty\n", Name, Us, Us / QEmpty);
  }

  // The same without the event after each launch: what the record costs.
  RecordEach = false;
  std::printf("queued without an event per launch\n");
  const double QEmptyBare = queuedUs([&] { emptyKernel<<<1, 32>>>(); });
  std::printf("%-10s %8.2f us\n", "empty", QEmptyBare);
  std::printf("%-10s %8.2f us\n", "sum-last", queuedUs([&] {
                sumLastBlockKernel<<<Grid, Block>>>(
                    X, N, SumSlot, Ticket,
                    reinterpret_cast<double *>(MappedDev));
              }));
  std::printf("%-10s %8.2f us\n", "plain",
              queuedUs([&] { plainKernel<<<Grid, Block>>>(X, N, Sink); }));

  // Totals after the timed runs (the slots reset themselves every time).
  finalize();
  check("finalize after timing", Got);
  lastblock();
  check("lastblock after timing", Got);
  std::printf("%s\n", Ok ? "PASS: totals checked" : "FAIL");
  return Ok ? 0 : 1;
}
