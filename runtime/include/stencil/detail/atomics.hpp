// stencil/detail/atomics.hpp - device atomics on the accumulator types (int,
// int64_t, float, double), float max/min through compare-and-swap; used by
// reductions and histograms.
//
// Internal: for the code stencilc generates (and the rest of the runtime),
// not for programs; names and signatures change with the code generator.
// Programs include <stencil/runtime.hpp>.
#ifndef STENCIL_DETAIL_ATOMICS_HPP
#define STENCIL_DETAIL_ATOMICS_HPP

#include <cuda_runtime.h>

#include <cstdint>

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

/// The int64 whose low and high 32-bit words are *Low and *High, += V: the
/// low word's atomic add, then the high word's with V's high word and the
/// carry, skipped when both are zero. For a block's private histogram copy in
/// shared memory (HistogramTarget), where the SM adds 32-bit words in one
/// atomic and a 64-bit add is a compare-and-swap loop that retries under
/// contention (key_hist, 4096 int64 bins: L1 90% busy, 2.8x its floor).
/// Exact: every wrap of the low word is seen by the one atomic that caused
/// it, so once every add is done the pair holds the sum modulo 2^64.
__device__ inline void atomicAddWords(unsigned *Low, unsigned *High,
                                      int64_t V) {
  const unsigned long long U = static_cast<unsigned long long>(V);
  const unsigned LowV = unsigned(U), HighV = unsigned(U >> 32);
  const unsigned Old = atomicAdd(Low, LowV);
  const unsigned Carry = HighV + (Old + LowV < Old ? 1u : 0u);
  if (Carry != 0)
    atomicAdd(High, Carry);
}

__device__ inline void atomicMaxValue(int *P, int V) { atomicMax(P, V); }
__device__ inline void atomicMinValue(int *P, int V) { atomicMin(P, V); }
__device__ inline void atomicMaxValue(int64_t *P, int64_t V) {
  atomicMax(reinterpret_cast<long long *>(P), static_cast<long long>(V));
}
__device__ inline void atomicMinValue(int64_t *P, int64_t V) {
  atomicMin(reinterpret_cast<long long *>(P), static_cast<long long>(V));
}

/// Max/min of floats with one integer atomic, in the order of Min/Max
/// reductions (numerics.hpp: -0.0 before +0.0; NaN never reaches here, the
/// folds drop it). Non-negative floats (sign bit clear) order as their bits
/// read as signed integers; negative ones (sign bit set, -0.0 included) in
/// reverse as unsigned integers, and every negative's unsigned bits exceed
/// every non-negative's. So a min by a non-negative V is a signed atomicMin
/// (a stored negative stays), by a negative V an unsigned atomicMax (a stored
/// non-negative loses); max likewise. One atomic instead of a compare-and-swap
/// loop that retries under contention: clamp3 (3 Min<float>, 384^3) spent
/// most of its time there (docs/runtime.md#measurements).
__device__ inline void atomicMaxValue(float *P, float V) {
  if (!signbit(V))
    atomicMax(reinterpret_cast<int *>(P), __float_as_int(V));
  else
    atomicMin(reinterpret_cast<unsigned int *>(P), __float_as_uint(V));
}
__device__ inline void atomicMinValue(float *P, float V) {
  if (!signbit(V))
    atomicMin(reinterpret_cast<int *>(P), __float_as_int(V));
  else
    atomicMax(reinterpret_cast<unsigned int *>(P), __float_as_uint(V));
}
__device__ inline void atomicMaxValue(double *P, double V) {
  if (!signbit(V))
    atomicMax(reinterpret_cast<long long *>(P), __double_as_longlong(V));
  else
    atomicMin(reinterpret_cast<unsigned long long *>(P),
              static_cast<unsigned long long>(__double_as_longlong(V)));
}
__device__ inline void atomicMinValue(double *P, double V) {
  if (!signbit(V))
    atomicMin(reinterpret_cast<long long *>(P), __double_as_longlong(V));
  else
    atomicMax(reinterpret_cast<unsigned long long *>(P),
              static_cast<unsigned long long>(__double_as_longlong(V)));
}

#endif // __CUDACC__

} // namespace detail
} // namespace stencil

#endif // STENCIL_DETAIL_ATOMICS_HPP
