// launch_bound.cu - where a launch-bound sweep loop's time goes (issue 14,
// "launch-bound sizes"): the Himeno sweep stencilc generates (examples/himeno,
// merge-arrays' records), at XS, S and M, run as a loop of N sweeps six ways,
// each with the launcher's points per thread and with 4, 2 and 1:
//   sync       every sweep's gosa read before the next sweep is queued
//              (the unfused jacobi_sweeps before session 15)
//   _sweeps    gpu::jacobi_sweeps as generated (queued, SweepsInFlight)
//   pipelined  the example's loop: sweep k+1 queued before sweep k's gosa is
//              read (the GPU never waits for the host; the host waits for
//              every sweep)
//   queued     every sweep queued, the results read 32 launches behind
//   graph32    32 sweeps captured once into a CUDA graph (stream capture of
//              the async:: launcher), the graph replayed, each replay's 32
//              results read before the next replay
//   graph64    the same with 64 sweeps per graph
// and, in the same run, the floors of that size: an empty kernel per sweep in
// a graph of 64, and a device-to-device copy of the sweep's compulsory bytes
// (half read, half written) replayed back to back (in L2 where it fits).
// Every variant's last p is compared bit for bit with the pipelined loop's,
// and its gosa within 1e-6.
//   [PROTO_SIZE=S] launch_bound [--sweeps 256] [--shapes | --calls]
// (--calls: the fixed cost of a call of N sweeps, callCost below.)
// (L, 256 x 256 x 512, a bandwidth size, only with PROTO_SIZE=L). launcher:
// host us per sweep spent inside the async:: launcher in the queued loop.
// Built by hand (generated code from stencilc, here on the host):
//   stencilc examples/himeno/himeno.spec.cpp --distributed -o G/gen.cu
//     --header G/himeno_gen.h
//   nvcc -arch=sm_90 -O3 -std=c++17 -Iruntime/include -IG
//     bench/proto/launch_bound.cu G/gen.cu
#include "proto.cuh"
#include "himeno_gen.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstring>
#include <optional>
#include <string>
#include <vector>

namespace {

__global__ void emptyKernel() {}

struct Size {
  const char *Name;
  int64_t I, J, K;
};

using Grid = stencil::Grid<float, 3>;
using Field = stencil::HostGrid<float, 3>;

double nowMs() {
  return std::chrono::duration<double, std::milli>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

struct Problem {
  std::vector<Grid> C;
  Grid P, W;
  Field P0;
  cudaStream_t S;
  explicit Problem(const Size &Z, cudaStream_t Stream) : S(Stream) {
    stencil::Extents<3> E{Z.I, Z.J, Z.K};
    const float V[12] = {1, 1, 1, 1.0f / 6.0f, 0, 0, 0, 1, 1, 1, 0, 1};
    for (int I = 0; I < 12; ++I)
      C.emplace_back(Field(E, V[I]));
    P0 = Field(E);
    for (int64_t I = 0; I < Z.I; ++I)
      for (int64_t J = 0; J < Z.J; ++J)
        for (int64_t K = 0; K < Z.K; ++K)
          P0(I, J, K) = float(I * I) / float((Z.I - 1) * (Z.I - 1)) +
                        1e-3f * float((J * 7 + K * 3) % 11);
    P = Grid(P0);
    W = Grid(P0);
  }
  void reset() {
    P.upload(P0);
    W.upload(P0);
    CHECK(cudaDeviceSynchronize());
  }
  stencil::Pending<gpu::jacobi_result> sweep(const stencil::LaunchOptions &O) {
    auto G = gpu::async::jacobi(P, C[0], C[1], C[2], C[3], C[4], C[5], C[6],
                                C[7], C[8], C[9], C[10], C[11], W, 0.8f, O);
    std::swap(P, W);
    return G;
  }
  /// N sweeps by one gpu::jacobi_sweeps call; the last gosa.
  float sweeps(const stencil::LaunchOptions &O, int N) {
    return gpu::jacobi_sweeps(P, C[0], C[1], C[2], C[3], C[4], C[5], C[6], C[7],
                              C[8], C[9], C[10], C[11], W, 0.8f, N, O)
        .back()
        .gosa;
  }
  /// The example's loop: sweep k+1 queued before sweep k's gosa is read; the
  /// last gosa.
  float pipelined(const stencil::LaunchOptions &O, int N) {
    float Last = 0;
    auto Cur = sweep(O);
    for (int K = 0; K < N; ++K) {
      std::optional<stencil::Pending<gpu::jacobi_result>> Next;
      if (K + 1 < N)
        Next = sweep(O);
      Last = Cur.get().gosa;
      if (Next)
        Cur = *Next;
    }
    return Last;
  }
};

/// The median of 15 timed rounds (after 3 untimed) of Body, in us by the
/// host clock, divided by Per; Setup runs before each round, outside the
/// clock.
template <class Setup, class Body>
double medianUs(Setup &&Before, Body &&Round, double Per = 1) {
  std::vector<double> Us;
  for (int R = -3; R < 15; ++R) {
    Before();
    const double T0 = nowMs();
    Round();
    if (R >= 0)
      Us.push_back((nowMs() - T0) * 1e3 / Per);
  }
  std::sort(Us.begin(), Us.end());
  return Us[Us.size() / 2];
}

struct Outcome {
  double UsPerSweep;
  float Gosa;
  std::vector<float> P;
};

template <class Body> Outcome timed(Problem &Pr, int Sweeps, Body &&Run) {
  Pr.reset();
  const double T0 = nowMs();
  const float G = Run(Sweeps);
  CHECK(cudaStreamSynchronize(Pr.S));
  const double T1 = nowMs();
  Outcome O;
  O.UsPerSweep = (T1 - T0) * 1e3 / Sweeps;
  O.Gosa = G;
  Field H = Pr.P.download();
  O.P.assign(H.data(), H.data() + H.size());
  return O;
}

/// Host milliseconds spent inside the launcher by the last queuedLoop: where
/// it nears the loop's time, the host's launches are the bound.
double LauncherMs = 0;

/// N sweeps, every one queued, each gosa read 32 launches later; the last.
float queuedLoop(Problem &Pr, const stencil::LaunchOptions &O, int N) {
  std::vector<stencil::Pending<gpu::jacobi_result>> Q;
  float Last = 0;
  size_t Read = 0;
  LauncherMs = 0;
  for (int K = 0; K < N; ++K) {
    const double T0 = nowMs();
    Q.push_back(Pr.sweep(O));
    LauncherMs += nowMs() - T0;
    if (Q.size() - Read > 32)
      Last = Q[Read++].get().gosa;
  }
  while (Read < Q.size())
    Last = Q[Read++].get().gosa;
  return Last;
}

__global__ void coopKernel() {}

/// Spins for about Ns nanoseconds (the global timer).
__global__ void spinKernel(long long Ns) {
  long long T0, T;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(T0));
  do
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(T));
  while (T - T0 < Ns);
}

/// --calls, first: what the runtime's per-launch calls cost the host here,
/// the median of 15 rounds of 32 each (us per call): an event recorded after
/// a cudaStreamIsCapturing (ResultRing::recorded), cudaEventSynchronize and
/// cudaEventQuery on an event that has completed (ResultRing::wait, ready),
/// and the round trip of an empty launch, plain and cooperative, to its
/// cudaStreamSynchronize.
void primitiveCosts(cudaStream_t S) {
  cudaEvent_t E[32];
  for (cudaEvent_t &X : E)
    CHECK(cudaEventCreateWithFlags(&X, cudaEventDisableTiming));
  // Every round is 32 calls.
  auto median = [](auto &&Round) { return medianUs([] {}, Round, 32); };
  const double Record = median([&] {
    for (cudaEvent_t &X : E) {
      cudaStreamCaptureStatus C;
      CHECK(cudaStreamIsCapturing(S, &C));
      CHECK(cudaEventRecordWithFlags(X, S, cudaEventRecordDefault));
    }
  });
  CHECK(cudaStreamSynchronize(S));
  const double Sync = median([&] {
    for (cudaEvent_t &X : E)
      CHECK(cudaEventSynchronize(X));
  });
  const double Query = median([&] {
    for (cudaEvent_t &X : E)
      CHECK(cudaEventQuery(X));
  });
  const double Plain = median([&] {
    for (int I = 0; I < 32; ++I) {
      emptyKernel<<<132, 128, 0, S>>>();
      CHECK(cudaStreamSynchronize(S));
    }
  });
  const double Coop = median([&] {
    for (int I = 0; I < 32; ++I) {
      cudaLaunchConfig_t Cfg = {};
      Cfg.gridDim = dim3(132);
      Cfg.blockDim = dim3(128);
      Cfg.stream = S;
      cudaLaunchAttribute A;
      A.id = cudaLaunchAttributeCooperative;
      A.val.cooperative = 1;
      Cfg.attrs = &A;
      Cfg.numAttrs = 1;
      CHECK(cudaLaunchKernelEx(&Cfg, coopKernel));
      CHECK(cudaStreamSynchronize(S));
    }
  });
  // Launches and records as the async:: launcher issues them: an empty
  // dependent launch (cudaLaunchKernelEx, the programmatic-serialization
  // attribute) alone, each followed by an event record, and the waits on
  // those events once the stream is done.
  auto dependentLaunch = [&] {
    cudaLaunchConfig_t Cfg = {};
    Cfg.gridDim = dim3(132);
    Cfg.blockDim = dim3(128);
    Cfg.stream = S;
    cudaLaunchAttribute A;
    A.id = cudaLaunchAttributeProgrammaticStreamSerialization;
    A.val.programmaticStreamSerializationAllowed = 1;
    Cfg.attrs = &A;
    Cfg.numAttrs = 1;
    CHECK(cudaLaunchKernelEx(&Cfg, coopKernel));
  };
  const double Launch = median([&] {
    for (int I = 0; I < 32; ++I)
      dependentLaunch();
  });
  CHECK(cudaStreamSynchronize(S));
  const double LaunchRecord = median([&] {
    for (cudaEvent_t &X : E) {
      dependentLaunch();
      CHECK(cudaEventRecordWithFlags(X, S, cudaEventRecordDefault));
    }
  });
  CHECK(cudaStreamSynchronize(S));
  // Each round: 32 launches and records (not timed), the stream done, then
  // the first wait on each of those events (timed).
  const double SyncAfter = medianUs(
      [&] {
        for (cudaEvent_t &X : E) {
          dependentLaunch();
          CHECK(cudaEventRecordWithFlags(X, S, cudaEventRecordDefault));
        }
        CHECK(cudaStreamSynchronize(S));
      },
      [&] {
        for (cudaEvent_t &X : E)
          CHECK(cudaEventSynchronize(X));
      },
      32);
  std::printf("PRIM us a call: dependent launch %.2f, launch + record %.2f, "
              "EventSynchronize on those (done) %.2f\n",
              Launch, LaunchRecord, SyncAfter);
  std::printf("PRIM us a call: IsCapturing+EventRecord %.2f, EventSynchronize "
              "(done) %.2f, EventQuery (done) %.2f, empty launch round trip "
              "%.2f, cooperative %.2f\n",
              Record, Sync, Query, Plain, Coop);
  for (cudaEvent_t &X : E)
    CHECK(cudaEventDestroy(X));
}

/// --calls: the fixed cost of a call. One call of N sweeps, jacobi_sweeps
/// and the pipelined loop, timed from the host to the stream's end, p reset
/// outside the clock; the median of 15 calls after 3 untimed ones, for N
/// from 1 to 256. call us = fixed + N x per sweep: a least-squares line over
/// N >= 8 gives both, and a 10-sweep call's share of fixed cost.
int callCost(cudaStream_t S) {
  const Size Sizes[] = {
      {"XS", 32, 32, 64}, {"S", 64, 64, 128}, {"M", 128, 128, 256}};
  const int Ns[] = {1, 2, 4, 8, 10, 16, 32, 33, 64, 128, 256};
  primitiveCosts(S);
  std::printf("us per call (median of 15), host clock to the stream's end\n");
  for (const Size &Z : Sizes) {
    Problem Pr(Z, S);
    stencil::LaunchOptions O;
    O.Stream = S;
    auto median =
        [&](float (Problem::*Run)(const stencil::LaunchOptions &, int), int N) {
          return medianUs([&] { Pr.reset(); },
                          [&] {
                            (void)(Pr.*Run)(O, N);
                            CHECK(cudaStreamSynchronize(S));
                          });
        };
    std::vector<double> X, Ysw, Ypi;
    for (int N : Ns) {
      const double Sw = median(&Problem::sweeps, N),
                   Pi = median(&Problem::pipelined, N);
      std::printf("CALL %s N %3d  jacobi_sweeps %9.2f us (%6.2f a sweep)  "
                  "pipelined %9.2f us (%6.2f a sweep)\n",
                  Z.Name, N, Sw, Sw / N, Pi, Pi / N);
      if (N >= 8) {
        X.push_back(N);
        Ysw.push_back(Sw);
        Ypi.push_back(Pi);
      }
    }
    auto line = [&](const std::vector<double> &Y, const char *What) {
      double Sx = 0, Sy = 0, Sxx = 0, Sxy = 0, M = double(X.size());
      for (size_t I = 0; I < X.size(); ++I) {
        Sx += X[I];
        Sy += Y[I];
        Sxx += X[I] * X[I];
        Sxy += X[I] * Y[I];
      }
      const double B = (M * Sxy - Sx * Sy) / (M * Sxx - Sx * Sx);
      const double A = (Sy - B * Sx) / M;
      std::printf("FIT %s %-13s fixed %7.2f us + %6.2f us a sweep (10-sweep "
                  "call: %4.1f%% fixed)\n",
                  Z.Name, What, A, B, 100.0 * A / (A + 10 * B));
    };
    line(Ysw, "jacobi_sweeps");
    line(Ypi, "pipelined");
  }
  CHECK(cudaStreamDestroy(S));
  return 0;
}

} // namespace

int main(int argc, char **argv) {
  int Sweeps = 256;
  for (int I = 1; I + 1 < argc; I += 2)
    if (std::string(argv[I]) == "--sweeps")
      Sweeps = std::atoi(argv[I + 1]);
  cudaStream_t S;
  CHECK(cudaStreamCreateWithFlags(&S, cudaStreamNonBlocking));
  if (argc > 1 && std::string(argv[argc - 1]) == "--calls")
    return callCost(S);
  if (argc == 4 && std::string(argv[1]) == "--calls-at") {
    // 20 calls of jacobi_sweeps(N) at one size, after 3 untimed, (for a build
    // of the generated code with timers in it).
    const Size Zs[] = {
        {"XS", 32, 32, 64}, {"S", 64, 64, 128}, {"M", 128, 128, 256}};
    for (const Size &Z : Zs)
      if (std::string(argv[2]) == Z.Name) {
        Problem Pr(Z, S);
        stencil::LaunchOptions O;
        O.Stream = S;
        const int N = std::atoi(argv[3]);
        double Us = 0;
        for (int R = -3; R < 20; ++R) {
          Pr.reset();
          const double T0 = nowMs();
          (void)Pr.sweeps(O, N);
          CHECK(cudaStreamSynchronize(S));
          if (R >= 0)
            Us += (nowMs() - T0) * 1e3;
        }
        std::printf("CALLS-AT %s N %s: %.2f us a call (mean of 20 after 3)\n",
                    Z.Name, argv[3], Us / 20);
        // The same calls with the GPU busy when each starts: a kernel that
        // spins for 300 us queued first, the call timed by events from its
        // end (the host queues the call while it spins).
        cudaEvent_t E0, E1;
        CHECK(cudaEventCreate(&E0));
        CHECK(cudaEventCreate(&E1));
        double Busy = 0, BusyHost = 0;
        for (int R = -3; R < 20; ++R) {
          Pr.reset();
          spinKernel<<<1, 32, 0, S>>>(300000);
          CHECK(cudaEventRecord(E0, S));
          const double T0 = nowMs();
          (void)Pr.sweeps(O, N);
          CHECK(cudaEventRecord(E1, S));
          CHECK(cudaEventSynchronize(E1));
          float Ms = 0;
          CHECK(cudaEventElapsedTime(&Ms, E0, E1));
          if (R >= 0) {
            Busy += Ms * 1e3;
            BusyHost += (nowMs() - T0) * 1e3;
          }
        }
        std::printf("CALLS-AT %s N %s after a 300 us spin: %.2f us a call from "
                    "the spin's end (events), host %.2f\n",
                    Z.Name, argv[3], Busy / 20, BusyHost / 20);
        // Back to back: 10 calls, no reset or sync between them.
        Pr.reset();
        const double T1 = nowMs();
        for (int R = 0; R < 10; ++R) {
          (void)Pr.sweeps(O, N);
        }
        CHECK(cudaStreamSynchronize(S));
        std::printf("CALLS-AT %s N %s back to back: %.2f us a call (10)\n",
                    Z.Name, argv[3], (nowMs() - T1) * 1e3 / 10);
      }
    return 0;
  }
  if (argc > 1 && std::string(argv[argc - 1]) == "--shapes") {
    // The queued loop at each size over launch shapes (block x points per
    // thread, persistent or not): is there a shape near the L2 copy?
    const Size Zs[] = {
        {"XS", 32, 32, 64}, {"S", 64, 64, 128}, {"M", 128, 128, 256}};
    const int Blocks[][3] = {{128, 4, 1}, {128, 2, 1}, {128, 1, 1}, {64, 4, 1},
                             {32, 8, 1},  {32, 16, 1}, {64, 8, 1}};
    for (const Size &Z : Zs) {
      Problem Pr(Z, S);
      for (const auto &B : Blocks)
        for (int Ppt : {1, 2, 4, 8, 16})
          for (int Persistent : {0, 1}) {
            stencil::LaunchOptions O;
            O.Stream = S;
            O.Block = {B[0], B[1], B[2]};
            O.PointsPerThread = Ppt;
            O.Persistent = Persistent;
            Pr.reset();
            for (int I = 0; I < 4; ++I)
              (void)Pr.sweep(O).get();
            Outcome Q =
                timed(Pr, Sweeps, [&](int N) { return queuedLoop(Pr, O, N); });
            std::printf("SHAPE %s block %dx%dx%d ppt %d persistent %d: %.2f "
                        "us\n",
                        Z.Name, B[0], B[1], B[2], Ppt, Persistent,
                        Q.UsPerSweep);
          }
    }
    return 0;
  }
  const Size Sizes[] = {{"XS", 32, 32, 64},
                        {"S", 64, 64, 128},
                        {"M", 128, 128, 256},
                        {"L", 256, 256, 512}}; // L only with PROTO_SIZE=L

  std::printf("us per sweep, %d sweeps, host clock to the stream's end\n",
              Sweeps);
  std::printf("%-3s %-4s %10s %10s %10s %10s %10s %10s %10s %10s %10s  %s\n",
              "sz", "ppt", "sync", "_sweeps", "pipelined", "queued", "graph32",
              "graph64", "empty64", "copyL2", "launcher", "check");
  const char *OnlySize = std::getenv("PROTO_SIZE"); // one size (for ncu)
  for (const Size &Z : Sizes) {
    if (OnlySize ? std::string(OnlySize) != Z.Name : Z.Name[0] == 'L')
      continue;
    Problem Pr(Z, S);
    const int64_t Points = Z.I * Z.J * Z.K;
    const size_t Bytes = size_t(Points) * 56; // p, wrk2, 12 coefficients
    // Floors: an empty kernel per sweep in a graph, a copy of the bytes.
    double EmptyUs = 0, CopyUs = 0;
    {
      cudaGraph_t G;
      cudaGraphExec_t X;
      CHECK(cudaStreamBeginCapture(S, cudaStreamCaptureModeThreadLocal));
      for (int I = 0; I < 64; ++I)
        emptyKernel<<<1, 32, 0, S>>>();
      CHECK(cudaStreamEndCapture(S, &G));
      CHECK(cudaGraphInstantiate(&X, G, 0));
      CHECK(cudaGraphLaunch(X, S));
      CHECK(cudaStreamSynchronize(S));
      const double T0 = nowMs();
      for (int R = 0; R < Sweeps / 64; ++R)
        CHECK(cudaGraphLaunch(X, S));
      CHECK(cudaStreamSynchronize(S));
      EmptyUs = (nowMs() - T0) * 1e3 / (Sweeps / 64 * 64);
      char *A, *B;
      CHECK(cudaMalloc(&A, Bytes / 2));
      CHECK(cudaMalloc(&B, Bytes / 2));
      CHECK(cudaMemset(A, 1, Bytes / 2));
      for (int I = 0; I < 4; ++I)
        CHECK(cudaMemcpyAsync(B, A, Bytes / 2, cudaMemcpyDeviceToDevice, S));
      CHECK(cudaStreamSynchronize(S));
      const double T1 = nowMs();
      for (int I = 0; I < Sweeps; ++I)
        CHECK(cudaMemcpyAsync(B, A, Bytes / 2, cudaMemcpyDeviceToDevice, S));
      CHECK(cudaStreamSynchronize(S));
      CopyUs = (nowMs() - T1) * 1e3 / Sweeps;
      CHECK(cudaFree(A));
      CHECK(cudaFree(B));
      CHECK(cudaGraphExecDestroy(X));
      CHECK(cudaGraphDestroy(G));
    }
    for (int Ppt : {0, 4, 2, 1}) {
      stencil::LaunchOptions O;
      O.Stream = S;
      O.PointsPerThread = Ppt;
      // Warm-up: records packed, occupancy read, the kernel loaded.
      Pr.reset();
      for (int I = 0; I < 4; ++I)
        (void)Pr.sweep(O).get();
      Outcome Pipe =
          timed(Pr, Sweeps, [&](int N) { return Pr.pipelined(O, N); });
      Outcome Sync = timed(Pr, Sweeps, [&](int N) {
        float Last = 0;
        for (int K = 0; K < N; ++K)
          Last = Pr.sweep(O).get().gosa;
        return Last;
      });
      Outcome Sweeps_ =
          timed(Pr, Sweeps, [&](int N) { return Pr.sweeps(O, N); });
      Outcome Queued =
          timed(Pr, Sweeps, [&](int N) { return queuedLoop(Pr, O, N); });
      const double LauncherUs = LauncherMs * 1e3 / Sweeps;
      auto graphRun = [&](int Batch) {
        return timed(Pr, Sweeps, [&, Batch](int N) {
          // Captured once per call (as a launcher would), replayed N/Batch
          // times; Batch is even, so p and wrk2 hold their roles.
          cudaGraph_t G;
          cudaGraphExec_t X;
          std::vector<stencil::Pending<gpu::jacobi_result>> Q;
          CHECK(cudaStreamBeginCapture(S, cudaStreamCaptureModeThreadLocal));
          for (int K = 0; K < Batch; ++K)
            Q.push_back(Pr.sweep(O));
          CHECK(cudaStreamEndCapture(S, &G));
          CHECK(cudaGraphInstantiate(&X, G, 0));
          float Last = 0;
          for (int R = 0; R < N / Batch; ++R) {
            CHECK(cudaGraphLaunch(X, S));
            CHECK(cudaStreamSynchronize(S));
            for (auto &P : Q)
              Last = P.get().gosa;
          }
          CHECK(cudaGraphExecDestroy(X));
          CHECK(cudaGraphDestroy(G));
          return Last;
        });
      };
      Outcome G32 = graphRun(32), G64 = graphRun(64);
      auto same = [&](const Outcome &A) {
        const bool PBits = std::memcmp(A.P.data(), Pipe.P.data(),
                                       A.P.size() * sizeof(float)) == 0;
        const bool GosaOk = std::fabs(double(A.Gosa) - Pipe.Gosa) <=
                            1e-6 * std::fabs(double(Pipe.Gosa));
        return PBits && GosaOk;
      };
      const bool Ok = same(Sync) && same(Sweeps_) && same(Queued) &&
                      same(G32) && same(G64) && Pipe.Gosa != 0.0f;
      std::printf("%-3s %-4d %10.2f %10.2f %10.2f %10.2f %10.2f %10.2f "
                  "%10.2f %10.2f %10.2f  %s (gosa %.6e)\n",
                  Z.Name, Ppt, Sync.UsPerSweep, Sweeps_.UsPerSweep,
                  Pipe.UsPerSweep, Queued.UsPerSweep, G32.UsPerSweep,
                  G64.UsPerSweep, EmptyUs, CopyUs, LauncherUs,
                  Ok ? "same" : "DIFFERENT", Pipe.Gosa);
    }
  }
  CHECK(cudaStreamDestroy(S));
  return 0;
}
