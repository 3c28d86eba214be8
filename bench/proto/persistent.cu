// persistent.cu - issue 14, "launch-bound sizes": does one persistent kernel
// that runs every sweep of a loop (a grid-wide barrier between sweeps) beat
// the queued loop of one-sweep launches stencilc's NAME_sweeps runs today?
// The Himeno sweep (examples/himeno, merge-arrays' records: three float4 per
// point) at XS, S and M, N sweeps, µs per sweep by the host clock around the
// whole loop, in one run:
//   queued    gpu::jacobi_sweeps with LaunchOptions::PersistentSweeps = 0
//             (dependent launches, the last block combines each sweep's
//             gosa; results read 32 behind): since this prototype the
//             default jacobi_sweeps runs persistent launches at XS and S
//   hand1     the kernel below launched once per sweep (Sweeps = 1), its
//             last block combining the gosa: the hand kernel's own cost
//             without persistence (must match `queued` for the comparison
//             to mean anything)
//   barrier   the kernel below, one cooperative launch of N sweeps, all
//             resident blocks; between sweeps a barrier whose last arriving
//             block combines the sweep's slots into gosa[s] before it
//             releases the others (so a stop rule could be tested there)
//   gridsync  the same with cooperative_groups' grid.sync() and one slot
//             array per sweep, combined after the loop by one finalize
//             launch (the barrier alone, without the combine in it)
// and the floors of the same run: an empty kernel per sweep (a graph of 64)
// and a device-to-device copy of half the sweep's compulsory bytes (in L2
// where they fit). Every variant's final p is compared bit for bit with the
// queued loop's, every sweep's gosa within 1e-6 relative.
// Built by hand (generated code from stencilc, here on the host):
//   stencilc examples/himeno/himeno.spec.cpp --distributed -o G/gen.cu
//     --header G/himeno_gen.h
//   nvcc -arch=sm_90 -O3 -std=c++17 -Iruntime/include -IG
//     bench/proto/persistent.cu G/gen.cu
#include "proto.cuh"
#include "himeno_gen.h"

#include <cooperative_groups.h>

#include <chrono>
#include <cmath>
#include <cstring>
#include <string>
#include <vector>

namespace cg = cooperative_groups;
using stencil::detail::Domain;

namespace {

__global__ void emptyKernel() {}

struct Size {
  const char *Name;
  int64_t I, J, K;
};

using Grid = stencil::Grid<float, 3>;
using Field = stencil::HostGrid<float, 3>;

/// The example's coefficients (constant grids) and a p that varies.
const float Coef[12] = {1, 1, 1, 1.0f / 6.0f, 0, 0, 0, 1, 1, 1, 0, 1};

struct Barrier {
  unsigned Count;
  unsigned Generation;
};

/// One sweep of the generated jacobi_kernel<int, ...> (the same statements,
/// so p is bit for bit the generated loop's), then this block's gosa into a
/// slot. Grid-stride loops as generated.
__device__ void sweepBody(const float *__restrict__ p, float *__restrict__ wrk2,
                          double *Slots, float omega,
                          const float4 *__restrict__ rec0_, int ppt,
                          const Domain<3> &dom_, double *Smem) {
  using Index = int;
  double gosa = 0.0;
  const Index stride0_ = Index(dom_.Stride[0]);
  const Index stride1_ = Index(dom_.Stride[1]);
  for (Index i1_ = Index(dom_.Lo[1]) +
                   (Index(blockIdx.y) * Index(blockDim.y) + Index(threadIdx.y));
       i1_ < Index(dom_.Hi[1]); i1_ += Index(gridDim.y) * Index(blockDim.y)) {
    for (Index i2_ =
             Index(dom_.Lo[2]) +
             (Index(blockIdx.x) * Index(blockDim.x) + Index(threadIdx.x));
         i2_ < Index(dom_.Hi[2]); i2_ += Index(gridDim.x) * Index(blockDim.x)) {
      for (Index chunk0_ =
               Index(dom_.Lo[0]) +
               (Index(blockIdx.z) * Index(blockDim.z) + Index(threadIdx.z)) *
                   ppt;
           chunk0_ < Index(dom_.Hi[0]);
           chunk0_ += (Index(gridDim.z) * Index(blockDim.z)) * ppt) {
        const Index end0_ = chunk0_ + ppt < Index(dom_.Hi[0])
                                ? chunk0_ + ppt
                                : Index(dom_.Hi[0]);
        Index at_ = chunk0_ * stride0_ + i1_ * stride1_ + i2_;
#pragma unroll 1
        for (Index i0_ = chunk0_; i0_ < end0_; ++i0_, at_ += stride0_) {
          const float4 rec0_v0_ = rec0_[at_ * 3 + 0];
          const float4 rec0_v1_ = rec0_[at_ * 3 + 1];
          const float4 rec0_v2_ = rec0_[at_ * 3 + 2];
          float s0 =
              (((((((((__fmul_rn(rec0_v0_.x, p[at_ + stride0_]) +
                       __fmul_rn(rec0_v0_.y, p[at_ + stride1_])) +
                      __fmul_rn(rec0_v0_.z, p[at_ + 1])) +
                     __fmul_rn(rec0_v1_.x, (((p[at_ + stride0_ + stride1_] -
                                              p[at_ + stride0_ - stride1_]) -
                                             p[at_ - stride0_ + stride1_]) +
                                            p[at_ - stride0_ - stride1_]))) +
                    __fmul_rn(rec0_v1_.y, (((p[at_ + stride1_ + 1] -
                                             p[at_ - stride1_ + 1]) -
                                            p[at_ + stride1_ - 1]) +
                                           p[at_ - stride1_ - 1]))) +
                   __fmul_rn(rec0_v1_.z,
                             (((p[at_ + stride0_ + 1] - p[at_ - stride0_ + 1]) -
                               p[at_ + stride0_ - 1]) +
                              p[at_ - stride0_ - 1]))) +
                  __fmul_rn(rec0_v1_.w, p[at_ - stride0_])) +
                 __fmul_rn(rec0_v2_.x, p[at_ - stride1_])) +
                __fmul_rn(rec0_v2_.y, p[at_ - 1])) +
               rec0_v2_.z);
          float ss =
              __fmul_rn((__fmul_rn(s0, rec0_v0_.w) - p[at_]), rec0_v2_.w);
          gosa += static_cast<double>(__fmul_rn(ss, ss));
          wrk2[at_] = (p[at_] + __fmul_rn(omega, ss));
        }
      }
    }
  }
  stencil::detail::reduceWarpShuffleAtomic<stencil::detail::SumOp>(
      stencil::detail::blockSlot(Slots), gosa, Smem);
}

/// Sweeps sweeps, p and wrk2 swapping roles after each (as the loop swaps
/// the grids); gosa[s] the s-th sweep's. Between sweeps the last block to
/// arrive combines the slots (and puts their identities back), writes
/// gosa[s] and releases the others. With Sweeps == 1 and no cooperative
/// launch, it is a one-sweep kernel whose last block combines.
__global__ void __launch_bounds__(512)
    barrierSweeps(float *P0, float *W0, double *Slots, float omega,
                  const float4 *__restrict__ rec0_, int ppt, Domain<3> dom_,
                  Barrier *Bar, double *Gosa, int Sweeps) {
  __shared__ double Smem[32];
  __shared__ bool Last;
  const unsigned Blocks = gridDim.x * gridDim.y * gridDim.z;
  const bool Lead = stencil::detail::flatThreadIndex() == 0;
  for (int S = 0; S < Sweeps; ++S) {
    const float *P = (S & 1) ? W0 : P0;
    float *W = (S & 1) ? P0 : W0;
    sweepBody(P, W, Slots, omega, rec0_, ppt, dom_, Smem);
    __syncthreads();
    unsigned Gen = 0;
    if (Lead) {
      Gen = *(volatile unsigned *)&Bar->Generation;
      __threadfence(); // this block's slot atomics and stores before it counts
      Last = atomicAdd(&Bar->Count, 1u) == Blocks - 1;
    }
    __syncthreads();
    if (Last) {
      __threadfence();
      const double G = stencil::detail::collectSlots<stencil::detail::SumOp>(
          Slots, 0.0, Smem);
      if (Lead) {
        Gosa[S] = G;
        Bar->Count = 0;
        __threadfence();
        atomicAdd(&Bar->Generation, 1u); // release
      }
    } else if (Lead && S + 1 < Sweeps) {
      while (*(volatile unsigned *)&Bar->Generation == Gen)
        ;
      __threadfence();
    }
    __syncthreads();
  }
}

/// The same loop with grid.sync() between sweeps and one slot array per
/// sweep (SlotsPerSweep doubles each), combined after the loop.
__global__ void __launch_bounds__(512)
    gridSyncSweeps(float *P0, float *W0, double *Slots, int SlotsPerSweep,
                   float omega, const float4 *__restrict__ rec0_, int ppt,
                   Domain<3> dom_, int Sweeps) {
  __shared__ double Smem[32];
  cg::grid_group Grid = cg::this_grid();
  for (int S = 0; S < Sweeps; ++S) {
    const float *P = (S & 1) ? W0 : P0;
    float *W = (S & 1) ? P0 : W0;
    sweepBody(P, W, Slots + size_t(S) * SlotsPerSweep, omega, rec0_, ppt, dom_,
              Smem);
    Grid.sync();
  }
}

/// Block s combines sweep s's slots.
__global__ void finalizeSweeps(double *Slots, int SlotsPerSweep, double *Gosa) {
  __shared__ double Smem[32];
  const double G = stencil::detail::collectSlots<stencil::detail::SumOp>(
      Slots + size_t(blockIdx.x) * SlotsPerSweep, 0.0, Smem);
  if (threadIdx.x == 0)
    Gosa[blockIdx.x] = G;
}

double nowMs() {
  return std::chrono::duration<double, std::milli>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

struct Outcome {
  double UsPerSweep = 0;
  std::vector<double> Gosa;
  std::vector<float> P;
};

struct Problem {
  std::vector<Grid> C;
  Grid P, W;
  Field P0;
  cudaStream_t S;
  stencil::Extents<3> E;
  float4 *Rec = nullptr;
  explicit Problem(const Size &Z, cudaStream_t Stream)
      : S(Stream), E{Z.I, Z.J, Z.K} {
    for (int I = 0; I < 12; ++I)
      C.emplace_back(Field(E, Coef[I]));
    P0 = Field(E);
    for (int64_t I = 0; I < Z.I; ++I)
      for (int64_t J = 0; J < Z.J; ++J)
        for (int64_t K = 0; K < Z.K; ++K)
          P0(I, J, K) = float(I * I) / float((Z.I - 1) * (Z.I - 1)) +
                        1e-3f * float((J * 7 + K * 3) % 11);
    P = Grid(P0);
    W = Grid(P0);
    // merge-arrays' records: 12 floats a point, in the coefficients' order.
    const int64_t N = Z.I * Z.J * Z.K;
    std::vector<float> H(size_t(N) * 12);
    for (int64_t X = 0; X < N; ++X)
      for (int A = 0; A < 12; ++A)
        H[size_t(X) * 12 + A] = Coef[A];
    CHECK(cudaMalloc(&Rec, H.size() * sizeof(float)));
    CHECK(cudaMemcpy(Rec, H.data(), H.size() * sizeof(float),
                     cudaMemcpyHostToDevice));
  }
  ~Problem() { cudaFree(Rec); }
  void reset() {
    P.upload(P0);
    W.upload(P0);
    CHECK(cudaDeviceSynchronize());
  }
};

template <class Body> Outcome timed(Problem &Pr, int Sweeps, Body &&Run) {
  Pr.reset();
  Outcome O;
  const double T0 = nowMs();
  O.Gosa = Run(Sweeps);
  CHECK(cudaStreamSynchronize(Pr.S));
  O.UsPerSweep = (nowMs() - T0) * 1e3 / Sweeps;
  // After an even count p holds the newest state in every variant.
  Field H = Pr.P.download();
  O.P.assign(H.data(), H.data() + H.size());
  return O;
}

} // namespace

int main(int argc, char **argv) {
  int Sweeps = 256;
  for (int I = 1; I + 1 < argc; I += 2)
    if (std::string(argv[I]) == "--sweeps")
      Sweeps = std::atoi(argv[I + 1]) & ~1; // even: p ends as the newest
  cudaStream_t S;
  CHECK(cudaStreamCreateWithFlags(&S, cudaStreamNonBlocking));
  cudaDeviceProp Prop;
  CHECK(cudaGetDeviceProperties(&Prop, 0));
  const Size Sizes[] = {
      {"XS", 32, 32, 64}, {"S", 64, 64, 128}, {"M", 128, 128, 256}};
  std::printf("%s, us per sweep, %d sweeps, host clock to the stream's end\n",
              Prop.name, Sweeps);
  std::printf("%-3s %9s %9s %9s %9s %9s %9s %9s  %s\n", "sz", "queued", "hand1",
              "barrier", "gridsync", "empty64", "copyL2", "blocks", "check");
  const dim3 Block(128, 4, 1);
  Barrier *Bar;
  CHECK(cudaMalloc(&Bar, sizeof(Barrier)));
  CHECK(cudaMemset(Bar, 0, sizeof(Barrier)));
  for (const Size &Z : Sizes) {
    Problem Pr(Z, S);
    const size_t Bytes = size_t(Z.I * Z.J * Z.K) * 56;
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
    stencil::LaunchOptions O;
    O.Stream = S;
    O.PersistentSweeps = 0; // a launch per sweep, as before this prototype
    auto &C = Pr.C;
    auto queued = [&](int N) {
      const std::vector<gpu::jacobi_result> R =
          gpu::jacobi_sweeps(Pr.P, C[0], C[1], C[2], C[3], C[4], C[5], C[6],
                             C[7], C[8], C[9], C[10], C[11], Pr.W, 0.8f, N, O);
      std::vector<double> G;
      for (auto &X : R)
        G.push_back(X.gosa);
      return G;
    };
    (void)timed(Pr, Sweeps, queued); // warm-up: records packed
    const Outcome Queued = timed(Pr, Sweeps, queued);

    const Domain<3> Dom = stencil::detail::launchDomain<3>(
        "proto", Pr.E, {1, 1, 1}, {1, 1, 1}, O);
    int PerSm = 0;
    CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(
        &PerSm, barrierSweeps, Block.x * Block.y * Block.z, 0));
    int PerSmSync = 0;
    CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(
        &PerSmSync, gridSyncSweeps, Block.x * Block.y * Block.z, 0));
    const int64_t Resident =
        int64_t(std::min(PerSm, PerSmSync)) * Prop.multiProcessorCount;
    // Every point once per sweep by the resident blocks: the fewest points
    // per thread whose grid fits.
    int Ppt = 1;
    while (stencil::detail::blocksIn(
               stencil::detail::gridShape<3>(Dom, Block, Ppt, 0)) > Resident)
      ++Ppt;
    const dim3 Grid = stencil::detail::gridShape<3>(Dom, Block, Ppt, 0);
    const int SlotsPerSweep =
        stencil::detail::ReductionSlots * stencil::detail::slotStride<double>();
    double *Slots, *Gosa;
    CHECK(cudaMalloc(&Slots, size_t(Sweeps) * SlotsPerSweep * sizeof(double)));
    CHECK(
        cudaMemset(Slots, 0, size_t(Sweeps) * SlotsPerSweep * sizeof(double)));
    CHECK(cudaMalloc(&Gosa, Sweeps * sizeof(double)));
    auto gosaBack = [&](int N) {
      std::vector<double> G(N);
      CHECK(cudaMemcpyAsync(G.data(), Gosa, N * sizeof(double),
                            cudaMemcpyDeviceToHost, S));
      CHECK(cudaStreamSynchronize(S));
      return G;
    };
    auto hand1 = [&](int N) {
      for (int K = 0; K < N; ++K) {
        float *A = (K & 1) ? Pr.W.data() : Pr.P.data();
        float *B = (K & 1) ? Pr.P.data() : Pr.W.data();
        barrierSweeps<<<Grid, Block, 0, S>>>(A, B, Slots, 0.8f, Pr.Rec, Ppt,
                                             Dom, Bar, Gosa + K, 1);
        CHECK(cudaGetLastError());
      }
      return gosaBack(N);
    };
    auto barrier = [&](int N) {
      float *A = Pr.P.data(), *B = Pr.W.data();
      float Omega = 0.8f;
      Domain<3> D = Dom;
      int P = Ppt;
      void *Args[] = {&A, &B, &Slots, &Omega, &Pr.Rec, &P, &D, &Bar, &Gosa, &N};
      CHECK(cudaLaunchCooperativeKernel((const void *)barrierSweeps, Grid,
                                        Block, Args, 0, S));
      return gosaBack(N);
    };
    auto gridsync = [&](int N) {
      float *A = Pr.P.data(), *B = Pr.W.data();
      float Omega = 0.8f;
      Domain<3> D = Dom;
      int P = Ppt, Per = SlotsPerSweep;
      void *Args[] = {&A, &B, &Slots, &Per, &Omega, &Pr.Rec, &P, &D, &N};
      CHECK(cudaLaunchCooperativeKernel((const void *)gridSyncSweeps, Grid,
                                        Block, Args, 0, S));
      finalizeSweeps<<<N, stencil::detail::ReductionSlots, 0, S>>>(
          Slots, SlotsPerSweep, Gosa);
      CHECK(cudaGetLastError());
      return gosaBack(N);
    };
    (void)timed(Pr, Sweeps, hand1);
    const Outcome Hand1 = timed(Pr, Sweeps, hand1);
    (void)timed(Pr, Sweeps, barrier);
    const Outcome Bar1 = timed(Pr, Sweeps, barrier);
    (void)timed(Pr, Sweeps, gridsync);
    const Outcome Sync1 = timed(Pr, Sweeps, gridsync);
    auto same = [&](const Outcome &A) {
      if (std::memcmp(A.P.data(), Queued.P.data(), A.P.size() * sizeof(float)))
        return false;
      for (int K = 0; K < Sweeps; ++K)
        if (std::fabs(A.Gosa[K] - Queued.Gosa[K]) >
            1e-6 * std::fabs(Queued.Gosa[K]))
          return false;
      return true;
    };
    const bool Ok =
        same(Hand1) && same(Bar1) && same(Sync1) && Queued.Gosa.back() != 0.0;
    std::printf("%-3s %9.2f %9.2f %9.2f %9.2f %9.2f %9.2f %9lld  %s (ppt %d, "
                "gosa %.6e)\n",
                Z.Name, Queued.UsPerSweep, Hand1.UsPerSweep, Bar1.UsPerSweep,
                Sync1.UsPerSweep, EmptyUs, CopyUs,
                (long long)stencil::detail::blocksIn(Grid),
                Ok ? "same" : "DIFFERENT", Ppt, Queued.Gosa.back());
    CHECK(cudaFree(Slots));
    CHECK(cudaFree(Gosa));
  }
  CHECK(cudaFree(Bar));
  CHECK(cudaStreamDestroy(S));
  return 0;
}
