// issue3_variants.cu - hand-written variants of the two kernels issue 3 still
// misses (Jacobi 2-D sweep <= 1.10x floor, Himeno XL <= 1.08x), timed
// kernel-only with CUDA events (median after warm-up) in one process, next to
// cudaMemcpy D2D and two copy kernels. Each variant's output is compared with
// the first (the code stencilc emitted at commit a1c3d12). Not part of the
// product: it decides what the emitter should generate next
// (bench/proto/NOTES.md has the outcome).
//
//   nvcc -arch=sm_90 -O3 -std=c++17 -Iruntime/include -Idsl \
//        bench/proto/issue3_variants.cu -o issue3_variants
//   ./issue3_variants [--reps 30]
#include <stencil/runtime.hpp>

#include "proto.cuh"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

using stencil::detail::Domain;

// -DGEN_HIMENO='"path/himeno_gen.cu"' / -DGEN_JACOBI=...: also time the
// kernels as stencilc emits them now (their anonymous-namespace kernels are
// visible in this translation unit).
#ifdef GEN_HIMENO
#include GEN_HIMENO
#endif
#ifdef GEN_JACOBI
#include GEN_JACOBI
#endif

namespace {

int Reps = 30;

double timeIt(const std::function<void()> &Launch) {
  return proto::medianMs(Launch, Reps);
}

int residentBlocks(const void *Kernel, int Threads, size_t Smem) {
  int PerSM = 0, Dev = 0, SMs = 0;
  CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&PerSM, Kernel, Threads,
                                                      Smem));
  CHECK(cudaGetDevice(&Dev));
  CHECK(cudaDeviceGetAttribute(&SMs, cudaDevAttrMultiProcessorCount, Dev));
  return PerSM * SMs;
}

int regsOf(const void *Kernel) {
  cudaFuncAttributes A;
  CHECK(cudaFuncGetAttributes(&A, Kernel));
  return A.numRegs;
}

// --- copy
// ---------------------------------------------------------------------
__global__ void copy16(const uint4 *__restrict__ In, uint4 *__restrict__ Out,
                       size_t N) {
  for (size_t I = size_t(blockIdx.x) * blockDim.x + threadIdx.x; I < N;
       I += size_t(gridDim.x) * blockDim.x)
    Out[I] = In[I];
}
// Four independent 16-byte loads in flight per thread before any store.
__global__ void copy16x4(const uint4 *__restrict__ In, uint4 *__restrict__ Out,
                         size_t N) {
  const size_t Step = size_t(gridDim.x) * blockDim.x;
  size_t I = size_t(blockIdx.x) * blockDim.x + threadIdx.x;
  for (; I + 3 * Step < N; I += 4 * Step) {
    uint4 A = In[I], B = In[I + Step], C = In[I + 2 * Step],
          D = In[I + 3 * Step];
    Out[I] = A;
    Out[I + Step] = B;
    Out[I + 2 * Step] = C;
    Out[I + 3 * Step] = D;
  }
  for (; I < N; I += Step)
    Out[I] = In[I];
}
// Streaming cache hints: loads and stores marked evict-first.
__global__ void copy16cs(const uint4 *__restrict__ In, uint4 *__restrict__ Out,
                         size_t N) {
  for (size_t I = size_t(blockIdx.x) * blockDim.x + threadIdx.x; I < N;
       I += size_t(gridDim.x) * blockDim.x)
    __stcs(Out + I, __ldcs(In + I));
}
// Each block copies contiguous 64 KiB tiles (4096 x 16 B), grid-stride over
// tiles.
__global__ void copy16tile(const uint4 *__restrict__ In,
                           uint4 *__restrict__ Out, size_t N) {
  const size_t Tile = 4096;
  for (size_t T = size_t(blockIdx.x) * Tile; T < N;
       T += size_t(gridDim.x) * Tile)
    for (size_t I = T + threadIdx.x; I < min(T + Tile, N); I += blockDim.x)
      Out[I] = In[I];
}
__global__ void copy8(const double *__restrict__ In, double *__restrict__ Out,
                      size_t N) {
  for (size_t I = size_t(blockIdx.x) * blockDim.x + threadIdx.x; I < N;
       I += size_t(gridDim.x) * blockDim.x)
    Out[I] = In[I];
}

// --- Jacobi 2-D sweep
// ---------------------------------------------------------- J0: as stencilc
// emits it (persistent grid-stride loops, chunked rows, one point per
// iteration, six loads per point served by L1/L2).
template <class Index>
__global__ void jacGen(const double *__restrict__ uold,
                       const double *__restrict__ f, double *__restrict__ u,
                       double *error_total_, double ax, double ay, double b,
                       double omega, double rcp_b, int points_per_thread_,
                       Domain<2> dom_) {
  double error = 0.0;
  const Index stride0_ = Index(dom_.Stride[0]);
  for (Index i1_ = Index(dom_.Lo[1]) +
                   (Index(blockIdx.x) * Index(blockDim.x) + Index(threadIdx.x));
       i1_ < Index(dom_.Hi[1]); i1_ += Index(gridDim.x) * Index(blockDim.x)) {
    for (Index chunk0_ =
             Index(dom_.Lo[0]) +
             (Index(blockIdx.y) * Index(blockDim.y) + Index(threadIdx.y)) *
                 points_per_thread_;
         chunk0_ < Index(dom_.Hi[0]);
         chunk0_ +=
         (Index(gridDim.y) * Index(blockDim.y)) * points_per_thread_) {
      const Index end0_ = chunk0_ + points_per_thread_ < Index(dom_.Hi[0])
                              ? chunk0_ + points_per_thread_
                              : Index(dom_.Hi[0]);
#pragma unroll 1
      for (Index i0_ = chunk0_; i0_ < end0_; ++i0_) {
        const Index at_ = i0_ * stride0_ + i1_;
        double resid = __dmul_rn(
            (((__dmul_rn(ax, (uold[at_ - 1] + uold[at_ + 1])) +
               __dmul_rn(ay, (uold[at_ - stride0_] + uold[at_ + stride0_]))) +
              __dmul_rn(b, uold[at_])) -
             f[at_]),
            rcp_b);
        u[at_] = (uold[at_] - __dmul_rn(omega, resid));
        error += __dmul_rn(resid, resid);
      }
    }
  }
  extern __shared__ double reduction_smem_[];
  stencil::detail::reduceWarpShuffleAtomic<stencil::detail::SumOp>(
      stencil::detail::blockSlot(error_total_), error, reduction_smem_);
}

// J3: J0 with the linear index an induction variable of the row loop
// (Induct) and/or f read and u written with evict-first hints (Cs).
template <class Index, bool Induct, bool Cs>
__global__ void jacVar(const double *__restrict__ uold,
                       const double *__restrict__ f, double *__restrict__ u,
                       double *error_total_, double ax, double ay, double b,
                       double omega, double rcp_b, int ppt, Domain<2> dom_) {
  double error = 0.0;
  const Index s0 = Index(dom_.Stride[0]);
  for (Index i1 = Index(dom_.Lo[1]) +
                  (Index(blockIdx.x) * Index(blockDim.x) + Index(threadIdx.x));
       i1 < Index(dom_.Hi[1]); i1 += Index(gridDim.x) * Index(blockDim.x)) {
    for (Index c0 =
             Index(dom_.Lo[0]) +
             (Index(blockIdx.y) * Index(blockDim.y) + Index(threadIdx.y)) * ppt;
         c0 < Index(dom_.Hi[0]);
         c0 += (Index(gridDim.y) * Index(blockDim.y)) * ppt) {
      const Index end =
          c0 + ppt < Index(dom_.Hi[0]) ? c0 + ppt : Index(dom_.Hi[0]);
      Index at = c0 * s0 + i1;
#pragma unroll 1
      for (Index i0 = c0; i0 < end; ++i0) {
        if (!Induct)
          at = i0 * s0 + i1;
        const double ff = Cs ? __ldcs(f + at) : f[at];
        double resid =
            __dmul_rn((((__dmul_rn(ax, (uold[at - 1] + uold[at + 1])) +
                         __dmul_rn(ay, (uold[at - s0] + uold[at + s0]))) +
                        __dmul_rn(b, uold[at])) -
                       ff),
                      rcp_b);
        const double o = (uold[at] - __dmul_rn(omega, resid));
        if (Cs)
          __stcs(u + at, o);
        else
          u[at] = o;
        error += __dmul_rn(resid, resid);
        if (Induct)
          at += s0;
      }
    }
  }
  extern __shared__ double reduction_smem_[];
  stencil::detail::reduceWarpShuffleAtomic<stencil::detail::SumOp>(
      stencil::detail::blockSlot(error_total_), error, reduction_smem_);
}

__device__ inline double jacPoint(double w, double c, double e, double n,
                                  double s, double ff, double ax, double ay,
                                  double b, double rcp_b) {
  return __dmul_rn(
      (((__dmul_rn(ax, (w + e)) + __dmul_rn(ay, (n + s))) + __dmul_rn(b, c)) -
       ff),
      rcp_b);
}

// J1: register streaming along y: the thread keeps the north and centre
// values of its column from the previous row; four loads per point.
template <class Index>
__global__ void
jacRegStream(const double *__restrict__ uold, const double *__restrict__ f,
             double *__restrict__ u, double *error_total_, double ax, double ay,
             double b, double omega, double rcp_b, int ppt, Domain<2> dom_) {
  double error = 0.0;
  const Index s0 = Index(dom_.Stride[0]);
  for (Index i = Index(dom_.Lo[1]) + Index(blockIdx.x) * Index(blockDim.x) +
                 Index(threadIdx.x);
       i < Index(dom_.Hi[1]); i += Index(gridDim.x) * Index(blockDim.x)) {
    for (Index c0 =
             Index(dom_.Lo[0]) +
             (Index(blockIdx.y) * Index(blockDim.y) + Index(threadIdx.y)) * ppt;
         c0 < Index(dom_.Hi[0]);
         c0 += Index(gridDim.y) * Index(blockDim.y) * ppt) {
      const Index end = min(c0 + ppt, Index(dom_.Hi[0]));
      Index at = c0 * s0 + i;
      double n = uold[at - s0], c = uold[at];
#pragma unroll 1
      for (Index j = c0; j < end; ++j, at += s0) {
        const double s = uold[at + s0];
        const double r = jacPoint(uold[at - 1], c, uold[at + 1], n, s, f[at],
                                  ax, ay, b, rcp_b);
        u[at] = c - __dmul_rn(omega, r);
        error += __dmul_rn(r, r);
        n = c;
        c = s;
      }
    }
  }
  extern __shared__ double reduction_smem_[];
  stencil::detail::reduceWarpShuffleAtomic<stencil::detail::SumOp>(
      stencil::detail::blockSlot(error_total_), error, reduction_smem_);
}

// J2: two points per thread along x (columns 2q, 2q+1) with 16-byte loads of
// the centre, north, south rows and f, 16-byte stores; needs the row stride
// even and 16-byte aligned grids (true for 5120 columns).
template <class Index>
__global__ void jacX2(const double *__restrict__ uold,
                      const double *__restrict__ f, double *__restrict__ u,
                      double *error_total_, double ax, double ay, double b,
                      double omega, double rcp_b, int ppt, Domain<2> dom_) {
  double error = 0.0;
  const Index s0 = Index(dom_.Stride[0]);
  const Index lo1 = Index(dom_.Lo[1]), hi1 = Index(dom_.Hi[1]);
  const Index qLo = lo1 / 2, qHi = (hi1 + 1) / 2;
  for (Index q =
           qLo + Index(blockIdx.x) * Index(blockDim.x) + Index(threadIdx.x);
       q < qHi; q += Index(gridDim.x) * Index(blockDim.x)) {
    const Index i = 2 * q;
    const bool in0 = i >= lo1, in1 = i + 1 < hi1;
    for (Index c0 =
             Index(dom_.Lo[0]) +
             (Index(blockIdx.y) * Index(blockDim.y) + Index(threadIdx.y)) * ppt;
         c0 < Index(dom_.Hi[0]);
         c0 += Index(gridDim.y) * Index(blockDim.y) * ppt) {
      const Index end = min(c0 + ppt, Index(dom_.Hi[0]));
#pragma unroll 1
      for (Index j = c0; j < end; ++j) {
        const Index at = j * s0 + i;
        const double2 c = *reinterpret_cast<const double2 *>(uold + at);
        const double2 n = *reinterpret_cast<const double2 *>(uold + at - s0);
        const double2 s = *reinterpret_cast<const double2 *>(uold + at + s0);
        const double2 ff = *reinterpret_cast<const double2 *>(f + at);
        const double w = uold[at - 1], e = uold[at + 2];
        const double r0 =
            jacPoint(w, c.x, c.y, n.x, s.x, ff.x, ax, ay, b, rcp_b);
        const double r1 =
            jacPoint(c.x, c.y, e, n.y, s.y, ff.y, ax, ay, b, rcp_b);
        const double o0 = c.x - __dmul_rn(omega, r0),
                     o1 = c.y - __dmul_rn(omega, r1);
        if (in0 && in1) {
          *reinterpret_cast<double2 *>(u + at) = make_double2(o0, o1);
          error += __dmul_rn(r0, r0);
          error += __dmul_rn(r1, r1);
        } else if (in0) {
          u[at] = o0;
          error += __dmul_rn(r0, r0);
        } else if (in1) {
          u[at + 1] = o1;
          error += __dmul_rn(r1, r1);
        }
      }
    }
  }
  extern __shared__ double reduction_smem_[];
  stencil::detail::reduceWarpShuffleAtomic<stencil::detail::SumOp>(
      stencil::detail::blockSlot(error_total_), error, reduction_smem_);
}

// --- Himeno
// ---------------------------------------------------------------------- H0: as
// stencilc emits it (grid-stride loops in x and y, chunked planes).
template <class Index>
__global__ void himGen(const float *__restrict__ p, float *__restrict__ wrk2,
                       double *gosa_total_, float omega,
                       const float4 *__restrict__ rec0_, int points_per_thread_,
                       Domain<3> dom_) {
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
                   points_per_thread_;
           chunk0_ < Index(dom_.Hi[0]);
           chunk0_ +=
           (Index(gridDim.z) * Index(blockDim.z)) * points_per_thread_) {
        const Index end0_ = chunk0_ + points_per_thread_ < Index(dom_.Hi[0])
                                ? chunk0_ + points_per_thread_
                                : Index(dom_.Hi[0]);
#pragma unroll 1
        for (Index i0_ = chunk0_; i0_ < end0_; ++i0_) {
          const Index at_ = i0_ * stride0_ + i1_ * stride1_ + i2_;
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
  extern __shared__ double reduction_smem_[];
  stencil::detail::reduceWarpShuffleAtomic<stencil::detail::SumOp>(
      stencil::detail::blockSlot(gosa_total_), gosa, reduction_smem_);
}

// Cs: the records read and wrk2 written with evict-first hints (H4).
#define HIM_LD(Cs, p) (Cs ? __ldcs(p) : *(p))
#define HIM_ST(Cs, p, v) (Cs ? __stcs(p, v) : void(*(p) = (v)))
#define HIM_BODY(c, s0_, s1_, Cs)                                              \
  const float4 r0 = HIM_LD(Cs, rec0_ + (c) * 3 + 0);                           \
  const float4 r1 = HIM_LD(Cs, rec0_ + (c) * 3 + 1);                           \
  const float4 r2 = HIM_LD(Cs, rec0_ + (c) * 3 + 2);                           \
  float s0 =                                                                   \
      (((((((((__fmul_rn(r0.x, p[c + s0_]) + __fmul_rn(r0.y, p[c + s1_])) +    \
              __fmul_rn(r0.z, p[c + 1])) +                                     \
             __fmul_rn(r1.x, (((p[c + s0_ + s1_] - p[c + s0_ - s1_]) -         \
                               p[c - s0_ + s1_]) +                             \
                              p[c - s0_ - s1_]))) +                            \
            __fmul_rn(r1.y,                                                    \
                      (((p[c + s1_ + 1] - p[c - s1_ + 1]) - p[c + s1_ - 1]) +  \
                       p[c - s1_ - 1]))) +                                     \
           __fmul_rn(r1.z,                                                     \
                     (((p[c + s0_ + 1] - p[c - s0_ + 1]) - p[c + s0_ - 1]) +   \
                      p[c - s0_ - 1]))) +                                      \
          __fmul_rn(r1.w, p[c - s0_])) +                                       \
         __fmul_rn(r2.x, p[c - s1_])) +                                        \
        __fmul_rn(r2.y, p[c - 1])) +                                           \
       r2.z);                                                                  \
  float ss = __fmul_rn((__fmul_rn(s0, r0.w) - p[c]), r2.w);                    \
  gosa += static_cast<double>(__fmul_rn(ss, ss));                              \
  HIM_ST(Cs, wrk2 + (c), (p[c] + __fmul_rn(omega, ss)));

// H1: H0 without the grid-stride loops in x and y and chunks (the grid
// covers the domain: one `if` each), the linear index an induction variable.
// H4 = H1 with Cs (evict-first hints).
template <class Index, bool Cs = false>
__global__ void himIf(const float *__restrict__ p, float *__restrict__ wrk2,
                      double *gosa_total_, float omega,
                      const float4 *__restrict__ rec0_, int ppt,
                      Domain<3> dom_) {
  double gosa = 0.0;
  const Index st0 = Index(dom_.Stride[0]), st1 = Index(dom_.Stride[1]);
  const Index i1 = Index(dom_.Lo[1]) + Index(blockIdx.y) * Index(blockDim.y) +
                   Index(threadIdx.y);
  const Index i2 = Index(dom_.Lo[2]) + Index(blockIdx.x) * Index(blockDim.x) +
                   Index(threadIdx.x);
  const Index c0 =
      Index(dom_.Lo[0]) +
      (Index(blockIdx.z) * Index(blockDim.z) + Index(threadIdx.z)) * ppt;
  if (i1 < Index(dom_.Hi[1]) && i2 < Index(dom_.Hi[2]) &&
      c0 < Index(dom_.Hi[0])) {
    const Index end = min(c0 + ppt, Index(dom_.Hi[0]));
    Index at = c0 * st0 + i1 * st1 + i2;
#pragma unroll 1
    for (Index i0 = c0; i0 < end; ++i0, at += st0) {
      HIM_BODY(at, st0, st1, Cs)
    }
  }
  extern __shared__ double reduction_smem_[];
  stencil::detail::reduceWarpShuffleAtomic<stencil::detail::SumOp>(
      stencil::detail::blockSlot(gosa_total_), gosa, reduction_smem_);
}

// H2: H0's grid-stride loops kept, the linear index an induction variable of
// the streamed loop.
template <class Index>
__global__ void himBump(const float *__restrict__ p, float *__restrict__ wrk2,
                        double *gosa_total_, float omega,
                        const float4 *__restrict__ rec0_, int ppt,
                        Domain<3> dom_) {
  double gosa = 0.0;
  const Index st0 = Index(dom_.Stride[0]), st1 = Index(dom_.Stride[1]);
  for (Index i1 = Index(dom_.Lo[1]) + Index(blockIdx.y) * Index(blockDim.y) +
                  Index(threadIdx.y);
       i1 < Index(dom_.Hi[1]); i1 += Index(gridDim.y) * Index(blockDim.y))
    for (Index i2 = Index(dom_.Lo[2]) + Index(blockIdx.x) * Index(blockDim.x) +
                    Index(threadIdx.x);
         i2 < Index(dom_.Hi[2]); i2 += Index(gridDim.x) * Index(blockDim.x))
      for (Index c0 =
               Index(dom_.Lo[0]) +
               (Index(blockIdx.z) * Index(blockDim.z) + Index(threadIdx.z)) *
                   ppt;
           c0 < Index(dom_.Hi[0]);
           c0 += Index(gridDim.z) * Index(blockDim.z) * ppt) {
        const Index end = min(c0 + ppt, Index(dom_.Hi[0]));
        Index at = c0 * st0 + i1 * st1 + i2;
#pragma unroll 1
        for (Index i0 = c0; i0 < end; ++i0, at += st0) {
          HIM_BODY(at, st0, st1, false)
        }
      }
  extern __shared__ double reduction_smem_[];
  stencil::detail::reduceWarpShuffleAtomic<stencil::detail::SumOp>(
      stencil::detail::blockSlot(gosa_total_), gosa, reduction_smem_);
}

// H3: the 2026-11-22 prototype's v2 (37 registers): int coordinates, strides
// from the extents, block-wide double atomic.
template <class Index>
__global__ void himProto(const float *__restrict__ p, float *__restrict__ wrk2,
                         double *gosa_total_, float omega,
                         const float4 *__restrict__ rec0_, int ppt,
                         Domain<3> dom_) {
  const int nk = int(dom_.Stride[1]), nj = int(dom_.Stride[0] / dom_.Stride[1]);
  const int ni = int(dom_.Hi[0]) + 1;
  const int k = blockIdx.x * blockDim.x + threadIdx.x + 1;
  const int j = blockIdx.y * blockDim.y + threadIdx.y + 1;
  const int i0 = blockIdx.z * ppt + 1;
  const int i1 = min(i0 + ppt, ni - 1);
  double gosa = 0;
  const Index st1 = nk, st0 = Index(nj) * nk;
  if (j < nj - 1 && k < nk - 1) {
    for (int i = i0; i < i1; ++i) {
      const Index c = (Index(i) * nj + j) * nk + k;
      HIM_BODY(c, st0, st1, false)
    }
  }
  extern __shared__ double reduction_smem_[];
  stencil::detail::reduceWarpShuffleAtomic<stencil::detail::SumOp>(
      stencil::detail::blockSlot(gosa_total_), gosa, reduction_smem_);
}

template <int R> Domain<R> interior(const int64_t (&E)[R]) {
  Domain<R> D;
  int64_t S = 1;
  for (int d = R - 1; d >= 0; --d) {
    D.Lo[d] = 1;
    D.Hi[d] = E[d] - 1;
    D.Stride[d] = S;
    S *= E[d];
  }
  return D;
}

dim3 gridFor(int64_t N0, int64_t N1, int64_t N2, dim3 B, int Ppt, int R) {
  // R == 2: x over N1, y over N0 (chunked); R == 3: x N2, y N1, z N0 chunked.
  auto up = [](int64_t A, int64_t B) { return unsigned((A + B - 1) / B); };
  if (R == 2)
    return dim3(up(N1, B.x), up(N0, int64_t(B.y) * Ppt), 1);
  return dim3(up(N2, B.x), up(N1, B.y), up(N0, int64_t(B.z) * Ppt));
}

dim3 persistent(dim3 G, int MaxBlocks) {
  G.y = std::max(1u, std::min(G.y, unsigned(MaxBlocks / (G.x * G.z))));
  return G;
}

double GBps(double Bytes, double Ms) { return Bytes / (Ms * 1e6); }

} // namespace

int main(int Argc, char **Argv) {
  for (int I = 1; I < Argc; ++I)
    if (!std::strcmp(Argv[I], "--reps") && I + 1 < Argc)
      Reps = std::atoi(Argv[++I]);

  // Copy bandwidth.
  const size_t Bytes = size_t(2048) << 20;
  void *In, *Out;
  CHECK(cudaMalloc(&In, Bytes));
  CHECK(cudaMalloc(&Out, Bytes));
  CHECK(cudaMemset(In, 1, Bytes));
  int SMs = 0;
  CHECK(cudaDeviceGetAttribute(&SMs, cudaDevAttrMultiProcessorCount, 0));
  const double Memcpy = timeIt([&] {
    CHECK(cudaMemcpyAsync(Out, In, Bytes, cudaMemcpyDeviceToDevice));
  });
  const double K16 = timeIt([&] {
    copy16<<<8 * SMs, 512>>>((const uint4 *)In, (uint4 *)Out, Bytes / 16);
  });
  const double K16x4 = timeIt([&] {
    copy16x4<<<8 * SMs, 512>>>((const uint4 *)In, (uint4 *)Out, Bytes / 16);
  });
  const double K16cs = timeIt([&] {
    copy16cs<<<8 * SMs, 512>>>((const uint4 *)In, (uint4 *)Out, Bytes / 16);
  });
  const double K16tile = timeIt([&] {
    copy16tile<<<8 * SMs, 512>>>((const uint4 *)In, (uint4 *)Out, Bytes / 16);
  });
  const double K8 = timeIt([&] {
    copy8<<<8 * SMs, 512>>>((const double *)In, (double *)Out, Bytes / 8);
  });
  const double CopyGBps = GBps(2.0 * Bytes, Memcpy);
  std::printf("copy memcpy %.4f ms %.1f GB/s | kernel16 %.1f | kernel16x4 %.1f "
              "| kernel16 cs %.1f | kernel16 tiles %.1f | kernel8 %.1f GB/s\n",
              Memcpy, CopyGBps, GBps(2.0 * Bytes, K16),
              GBps(2.0 * Bytes, K16x4), GBps(2.0 * Bytes, K16cs),
              GBps(2.0 * Bytes, K16tile), GBps(2.0 * Bytes, K8));
  CHECK(cudaFree(In));
  CHECK(cudaFree(Out));

  double *Slots;
  CHECK(cudaMalloc(&Slots, 128 * 4 * sizeof(double)));
  auto slotsSum = [&] {
    std::vector<double> H(128 * 4);
    CHECK(cudaMemcpy(H.data(), Slots, H.size() * sizeof(double),
                     cudaMemcpyDeviceToHost));
    double S = 0;
    for (int I = 0; I < 128; ++I)
      S += H[I * 4];
    CHECK(cudaMemset(Slots, 0, 128 * 4 * sizeof(double)));
    return S;
  };

  // --- Jacobi 5120 x 5000 (m rows of n columns) ------------------------------
  {
    const int64_t E[2] = {5000, 5120};
    const size_t N = size_t(E[0]) * E[1];
    const Domain<2> Dom = interior<2>(E);
    const double Floor =
        double(Dom.Hi[0] - 1) * double(Dom.Hi[1] - 1) * 24.0 / (CopyGBps * 1e6);
    const double dx = 2.0 / (E[1] - 1), dy = 2.0 / (E[0] - 1),
                 ax = 1 / (dx * dx), ay = 1 / (dy * dy),
                 b = -2 / (dx * dx) - 2 / (dy * dy) - 1.0, omega = 0.5;
    std::vector<double> H(N), Hf(N);
    for (size_t I = 0; I < N; ++I) {
      H[I] = std::sin(0.001 * double(I % 7919)) + 0.25;
      Hf[I] = std::cos(0.0007 * double(I % 6007));
    }
    double *Uold, *F, *U;
    CHECK(cudaMalloc(&Uold, N * 8));
    CHECK(cudaMalloc(&F, N * 8));
    CHECK(cudaMalloc(&U, N * 8));
    CHECK(cudaMemcpy(Uold, H.data(), N * 8, cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(F, Hf.data(), N * 8, cudaMemcpyHostToDevice));
    std::vector<double> Ref;
    double RefErr = 0;
    std::printf("jacobi2d.sweep 5120x5000 floor %.4f ms (24 B/pt at memcpy "
                "bandwidth)\n",
                Floor);
    using JacKernel =
        void (*)(const double *, const double *, double *, double *, double,
                 double, double, double, double, int, Domain<2>);
    auto run = [&](const char *Name, JacKernel K, dim3 B, int Ppt, bool Persist,
                   bool Pairs) {
      const int64_t N1 =
          Pairs ? (Dom.Hi[1] + 1) / 2 - Dom.Lo[1] / 2 : Dom.Hi[1] - Dom.Lo[1];
      dim3 G = gridFor(Dom.Hi[0] - Dom.Lo[0], N1, 1, B, Ppt, 2);
      const size_t Smem = 32 * 8;
      if (Persist)
        G = persistent(G, residentBlocks((const void *)K, B.x * B.y, Smem));
      CHECK(cudaMemset(U, 0, N * 8));
      CHECK(cudaMemset(Slots, 0, 128 * 4 * sizeof(double)));
      K<<<G, B, Smem>>>(Uold, F, U, Slots, ax, ay, b, omega, 1.0 / b, Ppt, Dom);
      CHECK(cudaGetLastError());
      CHECK(cudaDeviceSynchronize());
      std::vector<double> Got(N);
      CHECK(cudaMemcpy(Got.data(), U, N * 8, cudaMemcpyDeviceToHost));
      const double Err = slotsSum();
      if (Ref.empty()) {
        Ref = Got;
        RefErr = Err;
      }
      double MaxDiff = 0;
      for (size_t I = 0; I < N; ++I)
        MaxDiff = std::max(MaxDiff, std::fabs(Got[I] - Ref[I]));
      const double Ms = timeIt([&] {
        K<<<G, B, Smem>>>(Uold, F, U, Slots, ax, ay, b, omega, 1.0 / b, Ppt,
                          Dom);
      });
      CHECK(cudaMemset(Slots, 0, 128 * 4 * sizeof(double)));
      std::printf("  %-34s %3dx%-2d ppt %2d grid %5ux%-5u regs %2d  %.4f ms  "
                  "%.3fx floor  maxdiff %.1e err/ref %.12f\n",
                  Name, B.x, B.y, Ppt, G.x, G.y, regsOf((const void *)K), Ms,
                  Ms / Floor, MaxDiff, Err / RefErr);
    };
    for (int Round = 0; Round < 2; ++Round) {
      std::printf(" round %d\n", Round + 1);
      run("J0 generated (persistent)", jacGen<int>, dim3(256, 1), 2, true,
          false);
      run("J3 induction", jacVar<int, true, false>, dim3(256, 1), 2, true,
          false);
      run("J3 evict-first f, u", jacVar<int, false, true>, dim3(256, 1), 2,
          true, false);
      run("J3 induction + evict-first", jacVar<int, true, true>, dim3(256, 1),
          2, true, false);
      run("J3 induction + evict-first", jacVar<int, true, true>, dim3(256, 1),
          4, true, false);
      run("J3 induction + evict-first", jacVar<int, true, true>, dim3(128, 2),
          2, true, false);
      run("J2 x pairs, 16-byte (full grid)", jacX2<int>, dim3(128, 2), 1, false,
          true);
      run("J2 x pairs, 16-byte (full grid)", jacX2<int>, dim3(64, 4), 1, false,
          true);
#ifdef GEN_JACOBI
      run("emitted now <int> (persistent)", gpu::helmholtz_sweep_kernel<int>,
          dim3(256, 1), 2, true, false);
#endif
    }
    CHECK(cudaFree(Uold));
    CHECK(cudaFree(F));
    CHECK(cudaFree(U));
  }

  // --- Himeno XL 513 x 513 x 1025 -------------------------------------------
  for (const char *Size : {"L", "XL"}) {
    const bool XL = !std::strcmp(Size, "XL");
    const int64_t E[3] = {XL ? 513 : 257, XL ? 513 : 257, XL ? 1025 : 513};
    const size_t N = size_t(E[0]) * E[1] * E[2];
    const Domain<3> Dom = interior<3>(E);
    const double Interior =
        double(E[0] - 2) * double(E[1] - 2) * double(E[2] - 2);
    const double Floor = Interior * 56.0 / (CopyGBps * 1e6);
    std::vector<float> Hp(N), Hrec(N * 12);
    for (int64_t i = 0; i < E[0]; ++i)
      for (int64_t j = 0; j < E[1]; ++j)
        for (int64_t k = 0; k < E[2]; ++k) {
          const size_t c = size_t((i * E[1] + j) * E[2] + k);
          Hp[c] = float(i * i) / float((E[0] - 2) * (E[0] - 2)) +
                  0.001f * float(k % 13);
          const float F[12] = {1,     1, 1, 1.f / 6, 0.01f,  0.02f,
                               0.03f, 1, 1, 1,       0.001f, 1};
          std::memcpy(&Hrec[c * 12], F, sizeof F);
        }
    float *P, *W2;
    float4 *Rec;
    CHECK(cudaMalloc(&P, N * 4));
    CHECK(cudaMalloc(&W2, N * 4));
    CHECK(cudaMalloc(&Rec, N * 48));
    CHECK(cudaMemcpy(P, Hp.data(), N * 4, cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(Rec, Hrec.data(), N * 48, cudaMemcpyHostToDevice));
    std::vector<float> Ref;
    double RefG = 0;
    std::printf(
        "himeno.%s floor %.4f ms (56 B/interior pt at memcpy bandwidth)\n",
        Size, Floor);
    using HimKernel = void (*)(const float *, float *, double *, float,
                               const float4 *, int, Domain<3>);
    auto run = [&](const char *Name, HimKernel K, dim3 B, int Ppt) {
      const dim3 G = gridFor(Dom.Hi[0] - Dom.Lo[0], Dom.Hi[1] - Dom.Lo[1],
                             Dom.Hi[2] - Dom.Lo[2], B, Ppt, 3);
      const size_t Smem = 32 * 8;
      CHECK(cudaMemset(W2, 0, N * 4));
      CHECK(cudaMemset(Slots, 0, 128 * 4 * sizeof(double)));
      K<<<G, B, Smem>>>(P, W2, Slots, 0.8f, Rec, Ppt, Dom);
      CHECK(cudaGetLastError());
      CHECK(cudaDeviceSynchronize());
      std::vector<float> Got(N);
      CHECK(cudaMemcpy(Got.data(), W2, N * 4, cudaMemcpyDeviceToHost));
      const double G2 = slotsSum();
      if (Ref.empty()) {
        Ref = Got;
        RefG = G2;
      }
      double MaxDiff = 0;
      for (size_t I = 0; I < N; ++I)
        MaxDiff = std::max(MaxDiff, double(std::fabs(Got[I] - Ref[I])));
      const double Ms =
          timeIt([&] { K<<<G, B, Smem>>>(P, W2, Slots, 0.8f, Rec, Ppt, Dom); });
      CHECK(cudaMemset(Slots, 0, 128 * 4 * sizeof(double)));
      std::printf("  %-34s %3dx%dx%d ppt %2d regs %2d  %.4f ms  %.3fx floor  "
                  "maxdiff %.1e gosa/ref %.9f\n",
                  Name, B.x, B.y, B.z, Ppt, regsOf((const void *)K), Ms,
                  Ms / Floor, MaxDiff, G2 / RefG);
    };
    for (int Round = 0; Round < 2; ++Round) {
      std::printf(" round %d\n", Round + 1);
      run("H0 generated", himGen<int>, dim3(128, 4, 1), 8);
      run("H1 if, induction index", himIf<int>, dim3(128, 4, 1), 8);
      run("H4 H1 + evict-first rec, wrk2", himIf<int, true>, dim3(128, 4, 1),
          8);
      run("H2 grid-stride, induction index", himBump<int>, dim3(128, 4, 1), 8);
#ifdef GEN_HIMENO
      run("emitted now <int>", gpu::jacobi_kernel<int>, dim3(128, 4, 1), 8);
#endif
    }
    CHECK(cudaFree(P));
    CHECK(cudaFree(W2));
    CHECK(cudaFree(Rec));
  }
  return 0;
}
