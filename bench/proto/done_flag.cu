// done_flag.cu - what the host pays to learn that a launch's totals are
// written: cudaEventSynchronize on the event recorded after the finalize,
// against polling a flag the finalize writes into mapped pinned memory after
// its totals (docs/runtime.md#results). A "sweep" kernel of about Work ns on
// one block, then a one-block finalize that writes a double and the flag,
// then an event record, as the generated async:: launchers do. Median of
// Reps, microseconds by the host clock:
//   pending/event   launch, record, cudaEventSynchronize at once
//   pending/flag    launch, record, poll the flag
//   flag->event     after the flag was seen: the cudaEventSynchronize that
//                   follows (how long the event completes after the flag)
//   done/event      the first cudaEventSynchronize on an event completed
//                   long before (the launch waited out on the host clock)
//   done/flag       the flag's read in the same situation
// Every wait's totals are checked against the value the launch wrote.
//   nvcc -arch=sm_90 -O3 -std=c++17 bench/proto/done_flag.cu -o done_flag
//   done_flag [--reps 400] [--work-ns 3000]
#include "proto.cuh"

#include <cuda_runtime.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

namespace {

__global__ void sweepLike(long long Cycles, double *Sink) {
  const long long Start = clock64();
  double A = threadIdx.x;
  while (clock64() - Start < Cycles)
    A = A * 0.999 + 1.0;
  if (A == -1.0)
    *Sink = A; // never: keeps the loop
}

__global__ void finalizeLike(double *Totals, unsigned *Flag, double V) {
  if (threadIdx.x == 0) {
    *Totals = V;
    __threadfence_system();
    *reinterpret_cast<volatile unsigned *>(Flag) = 1u;
  }
}

double nowUs() {
  return std::chrono::duration<double, std::micro>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

} // namespace

int main(int Argc, char **Argv) {
  int Reps = 400;
  double WorkNs = 3000;
  for (int I = 1; I + 1 < Argc; I += 2) {
    if (!std::strcmp(Argv[I], "--reps"))
      Reps = std::atoi(Argv[I + 1]);
    else if (!std::strcmp(Argv[I], "--work-ns"))
      WorkNs = std::atof(Argv[I + 1]);
  }
  int ClockKHz = 0;
  CHECK(cudaDeviceGetAttribute(&ClockKHz, cudaDevAttrClockRate, 0));
  const long long Cycles = (long long)(WorkNs * 1e-6 * ClockKHz);
  cudaStream_t S;
  CHECK(cudaStreamCreateWithFlags(&S, cudaStreamNonBlocking));
  cudaEvent_t Done;
  CHECK(cudaEventCreateWithFlags(&Done, cudaEventDisableTiming));
  void *Host = nullptr;
  CHECK(cudaHostAlloc(&Host, 64, cudaHostAllocMapped));
  std::memset(Host, 0, 64);
  void *Dev = nullptr;
  CHECK(cudaHostGetDevicePointer(&Dev, Host, 0));
  double *Totals = static_cast<double *>(Host);
  unsigned *Flag = reinterpret_cast<unsigned *>(static_cast<char *>(Host) + 8);
  double *DTotals = static_cast<double *>(Dev);
  unsigned *DFlag = reinterpret_cast<unsigned *>(static_cast<char *>(Dev) + 8);
  double *Sink = nullptr;
  CHECK(cudaMalloc(&Sink, 8));

  int Bad = 0;
  auto launch = [&](double V) {
    __atomic_store_n(Flag, 0u, __ATOMIC_RELEASE);
    sweepLike<<<1, 128, 0, S>>>(Cycles, Sink);
    finalizeLike<<<1, 128, 0, S>>>(DTotals, DFlag, V);
    CHECK(cudaGetLastError());
    CHECK(cudaEventRecord(Done, S));
  };
  auto pollFlag = [&] {
    while (__atomic_load_n(Flag, __ATOMIC_ACQUIRE) == 0u) {
    }
  };
  auto check = [&](double V) {
    if (*Totals != V)
      ++Bad;
  };
  std::vector<double> PendingEvent, PendingFlag, FlagThenEvent, DoneEvent,
      DoneFlag, Launch;
  for (int R = 0; R < Reps + 20; ++R) {
    const bool Keep = R >= 20; // warm-up
    const double V = 1.0 + R;
    // pending, event
    double T0 = nowUs();
    launch(V);
    double T1 = nowUs();
    CHECK(cudaEventSynchronize(Done));
    double T2 = nowUs();
    check(V);
    if (Keep) {
      Launch.push_back(T1 - T0);
      PendingEvent.push_back(T2 - T0);
    }
    // pending, flag; then the event
    T0 = nowUs();
    launch(V + 0.5);
    pollFlag();
    T1 = nowUs();
    check(V + 0.5);
    CHECK(cudaEventSynchronize(Done));
    T2 = nowUs();
    if (Keep) {
      PendingFlag.push_back(T1 - T0);
      FlagThenEvent.push_back(T2 - T1);
    }
    // done long before: the first wait on a completed event
    launch(V + 0.25);
    T0 = nowUs();
    while (nowUs() - T0 < 200.0) {
    }
    T1 = nowUs();
    CHECK(cudaEventSynchronize(Done));
    T2 = nowUs();
    check(V + 0.25);
    if (Keep)
      DoneEvent.push_back(T2 - T1);
    launch(V + 0.75);
    T0 = nowUs();
    while (nowUs() - T0 < 200.0) {
    }
    T1 = nowUs();
    pollFlag();
    T2 = nowUs();
    check(V + 0.75);
    CHECK(cudaEventSynchronize(Done));
    if (Keep)
      DoneFlag.push_back(T2 - T1);
  }
  cudaDeviceProp P;
  CHECK(cudaGetDeviceProperties(&P, 0));
  std::printf("done_flag: %s, work %.0f ns on one block, median of %d (us)\n",
              P.name, WorkNs, Reps);
  std::printf("  launch (2 kernels + record)  %7.2f\n", proto::median(Launch));
  std::printf("  pending/event                %7.2f\n",
              proto::median(PendingEvent));
  std::printf("  pending/flag                 %7.2f\n",
              proto::median(PendingFlag));
  std::printf("  flag->event                  %7.2f\n",
              proto::median(FlagThenEvent));
  std::printf("  done/event (first wait)      %7.2f\n",
              proto::median(DoneEvent));
  std::printf("  done/flag                    %7.2f\n",
              proto::median(DoneFlag));
  std::printf("  totals checked: %d wrong of %d\n", Bad, 4 * (Reps + 20));
  return Bad ? 1 : 0;
}
