// stencil/detail/atomics.hpp - device atomics on the accumulator types (int,
// int64_t, float, double), float max/min through compare-and-swap; used by
// reductions and histograms.
//
// Internal: for the code stencilc generates (and the rest of the runtime),
// not for programs; names and signatures change with the code generator.
// Programs include <stencil/runtime.hpp>.
#ifndef STENCIL_DETAIL_ATOMICS_HPP
#define STENCIL_DETAIL_ATOMICS_HPP

#include <stencil/detail/numerics.hpp>

#include <cuda_runtime.h>

#include <cstdint>
#include <cstring>

namespace stencil {
namespace detail {

#ifdef __CUDACC__

// Atomics on the accumulator types. int64_t is `long` on LP64; CUDA's
// integer atomics take `unsigned long long` / `long long`.
__device__ inline void atomicAddValue(int *P, int V) { atomicAdd(P, V); }
__device__ inline void atomicAddValue(int64_t *P, int64_t V) {
  atomicAdd(reinterpret_cast<unsigned long long *>(P),
            static_cast<unsigned long long>(V));
}
__device__ inline void atomicAddValue(float *P, float V) { atomicAdd(P, V); }
__device__ inline void atomicAddValue(double *P, double V) { atomicAdd(P, V); }

__device__ inline void atomicMaxValue(int *P, int V) { atomicMax(P, V); }
__device__ inline void atomicMinValue(int *P, int V) { atomicMin(P, V); }
__device__ inline void atomicMaxValue(int64_t *P, int64_t V) {
  atomicMax(reinterpret_cast<long long *>(P), static_cast<long long>(V));
}
__device__ inline void atomicMinValue(int64_t *P, int64_t V) {
  atomicMin(reinterpret_cast<long long *>(P), static_cast<long long>(V));
}

/// Max/min of floats through compare-and-swap on the bit pattern; stops as
/// soon as the stored value is no longer improved by V.
template <class T, class Bits, class Better>
__device__ inline void atomicFloatCas(T *P, T V, Better IsBetter) {
  Bits *Addr = reinterpret_cast<Bits *>(P);
  Bits Old = *Addr;
  for (;;) {
    T Current;
    memcpy(&Current, &Old, sizeof(T));
    if (!IsBetter(V, Current))
      return;
    Bits New;
    memcpy(&New, &V, sizeof(T));
    Bits Seen = atomicCAS(Addr, Old, New);
    if (Seen == Old)
      return;
    Old = Seen;
  }
}
// The order of Min/Max reductions (numerics.hpp: -0.0 before +0.0).
struct Greater {
  template <class T> __device__ bool operator()(T A, T B) const {
    return reductionLess(B, A);
  }
};
struct Less {
  template <class T> __device__ bool operator()(T A, T B) const {
    return reductionLess(A, B);
  }
};
__device__ inline void atomicMaxValue(float *P, float V) {
  atomicFloatCas<float, unsigned int>(P, V, Greater());
}
__device__ inline void atomicMinValue(float *P, float V) {
  atomicFloatCas<float, unsigned int>(P, V, Less());
}
__device__ inline void atomicMaxValue(double *P, double V) {
  atomicFloatCas<double, unsigned long long>(P, V, Greater());
}
__device__ inline void atomicMinValue(double *P, double V) {
  atomicFloatCas<double, unsigned long long>(P, V, Less());
}

#endif // __CUDACC__

} // namespace detail
} // namespace stencil

#endif // STENCIL_DETAIL_ATOMICS_HPP
