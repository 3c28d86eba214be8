// stencil/detail/numerics.hpp - the DSL's min and max in generated code
// (host and device), with std::min/std::max semantics; the fold of Min/Max
// reductions; wrapping integer sums.
//
// Internal: for the code stencilc generates (and the rest of the runtime),
// not for programs; names and signatures change with the code generator.
// Programs include <stencil/runtime.hpp>.
#ifndef STENCIL_DETAIL_NUMERICS_HPP
#define STENCIL_DETAIL_NUMERICS_HPP

#if defined(__CUDACC__)
#include <cuda_runtime.h>
#define STENCIL_NUMERICS_HD __host__ __device__
#else // host compilers (the unit tests)
#define STENCIL_NUMERICS_HD
#endif
#include <cmath>
#if defined(__CUDA_ARCH__)
#define STENCIL_SIGNBIT(X) signbit(X)
#else
#define STENCIL_SIGNBIT(X) std::signbit(X)
#endif

namespace stencil {
namespace detail {

// The DSL's min/max are std::min/std::max: keep their exact semantics
// (which operand wins on ties and NaNs) on both host and device.
template <class T> STENCIL_NUMERICS_HD inline T maxOf(T A, T B) {
  return (A < B) ? B : A;
}
template <class T> STENCIL_NUMERICS_HD inline T minOf(T A, T B) {
  return (B < A) ? B : A;
}

// Min and Max *reductions* fold every term into the accumulator with one
// order-independent rule, so that the total does not depend on the order in
// which the GPU's threads and blocks combine (docs/dsl.md#reductions): a NaN
// term is ignored (IEEE 754-2019 minimumNumber/maximumNumber), and -0.0
// counts as less than +0.0. dsl/stencil/stencil.hpp's reference applies the
// same rule (detail::reduceMin/reduceMax there).
template <class T> STENCIL_NUMERICS_HD inline bool reductionLess(T A, T B) {
  if (A < B)
    return true;
  if constexpr (T(0.5) != T(0)) // floating point: -0.0 before +0.0
    return A == B && STENCIL_SIGNBIT(A) && !STENCIL_SIGNBIT(B);
  return false;
}
template <class T> STENCIL_NUMERICS_HD inline T reduceMinOf(T Acc, T V) {
  return reductionLess(V, Acc) ? V : Acc;
}
template <class T> STENCIL_NUMERICS_HD inline T reduceMaxOf(T Acc, T V) {
  return reductionLess(Acc, V) ? V : Acc;
}

/// Integer Sum reductions wrap modulo 2^bits, on the device as in the
/// reference (signed overflow would be undefined behaviour in both).
template <class T> STENCIL_NUMERICS_HD inline T wrapAdd(T A, T B) {
  if constexpr (T(0.5) != T(0))
    return A + B;
  else
    return static_cast<T>(static_cast<unsigned long long>(A) +
                          static_cast<unsigned long long>(B));
}

} // namespace detail
} // namespace stencil

#undef STENCIL_NUMERICS_HD
#undef STENCIL_SIGNBIT

#endif // STENCIL_DETAIL_NUMERICS_HPP
