// stencil/detail/numerics.hpp - the DSL's min and max in generated code
// (host and device), with std::min/std::max semantics.
//
// Internal: for the code stencilc generates (and the rest of the runtime),
// not for programs; names and signatures change with the code generator.
// Programs include <stencil/runtime.hpp>.
#ifndef STENCIL_DETAIL_NUMERICS_HPP
#define STENCIL_DETAIL_NUMERICS_HPP

#include <cuda_runtime.h>

namespace stencil {
namespace detail {

// The DSL's min/max are std::min/std::max: keep their exact semantics
// (which operand wins on ties and NaNs) on both host and device.
template <class T> __host__ __device__ inline T maxOf(T A, T B) {
  return (A < B) ? B : A;
}
template <class T> __host__ __device__ inline T minOf(T A, T B) {
  return (B < A) ? B : A;
}

} // namespace detail
} // namespace stencil

#endif // STENCIL_DETAIL_NUMERICS_HPP
