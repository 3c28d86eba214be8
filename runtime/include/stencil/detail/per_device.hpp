// stencil/detail/per_device.hpp - state a generated launcher keeps in a
// function static, one copy per device.
//
// A launcher's statics (reduction slots and their result ring, scratch
// structs, record arrays, occupancy caches) hold device memory or facts of
// one device. A process that launches on several devices (the pieces of a
// stencil::DistGrid) must not hand a kernel on device 1 the slots allocated
// on device 0, so each keeps one state per device, chosen by the current
// device at the call (cudaGetDevice: a read of the runtime's thread-local
// state, no driver call). One device: one state, as before.
//
// Internal: for the code stencilc generates (and the rest of the runtime),
// not for programs; names and signatures change with the code generator.
// Programs include <stencil/runtime.hpp>.
#ifndef STENCIL_DETAIL_PER_DEVICE_HPP
#define STENCIL_DETAIL_PER_DEVICE_HPP

#include <stencil/error.hpp>

#include <cuda_runtime.h>

#include <memory>
#include <vector>

namespace stencil {
namespace detail {

/// One State per device ordinal, made on first use; its address is stable
/// (stencil::Pending keeps a pointer into a state's result ring). Like the
/// launcher that owns it, not for several host threads at once.
template <class State> class PerDevice {
public:
  State &current(const char *Kernel) {
    int Dev = 0;
    STENCIL_CUDA_CHECK(cudaGetDevice(&Dev), Kernel);
    if (size_t(Dev) >= States.size())
      States.resize(size_t(Dev) + 1);
    std::unique_ptr<State> &S = States[size_t(Dev)];
    if (!S)
      S = std::make_unique<State>();
    return *S;
  }

private:
  std::vector<std::unique_ptr<State>> States;
};

} // namespace detail
} // namespace stencil

#endif // STENCIL_DETAIL_PER_DEVICE_HPP
