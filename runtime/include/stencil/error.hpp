// stencil/error.hpp - stencil::Error and STENCIL_CUDA_CHECK.
//
// For users (catch stencil::Error: what() names the kernel or the Grid
// operation and CUDA's error) and for the generated launchers and the rest of
// the runtime, which check every CUDA call with STENCIL_CUDA_CHECK.
#ifndef STENCIL_ERROR_HPP
#define STENCIL_ERROR_HPP

#include <cuda_runtime.h>

#include <stdexcept>
#include <string>
#include <utility>

namespace stencil {

/// A failed CUDA call or a rejected launch. what() reads
/// "stencil: KERNEL: MESSAGE"; kernel() is the spec name of the kernel (or the
/// Grid operation), code() the CUDA error (cudaSuccess for argument errors).
class Error : public std::runtime_error {
public:
  Error(std::string Kernel, const std::string &Message,
        cudaError_t Code = cudaSuccess)
      : std::runtime_error("stencil: " + Kernel + ": " + Message),
        KernelName(std::move(Kernel)), Code(Code) {}
  const std::string &kernel() const { return KernelName; }
  cudaError_t code() const { return Code; }

private:
  std::string KernelName;
  cudaError_t Code;
};

namespace detail {
inline void throwCudaError(cudaError_t Code, const char *Expr,
                           const std::string &What) {
  // Clear the sticky-free error state so the next call does not see it.
  (void)cudaGetLastError();
  throw Error(What,
              std::string(Expr) + " failed: " + cudaGetErrorName(Code) + ": " +
                  cudaGetErrorString(Code),
              Code);
}
} // namespace detail

} // namespace stencil

/// Evaluates a CUDA runtime call and throws stencil::Error naming `what` (the
/// kernel or operation) with CUDA's error string when it fails.
#define STENCIL_CUDA_CHECK(expr, what)                                         \
  do {                                                                         \
    cudaError_t stencil_check_code_ = (expr);                                  \
    if (stencil_check_code_ != cudaSuccess)                                    \
      ::stencil::detail::throwCudaError(stencil_check_code_, #expr, (what));   \
  } while (0)

#endif // STENCIL_ERROR_HPP
