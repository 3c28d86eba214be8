// Host-only stand-in for the header stencilc generates from
// examples/laplace2d/laplace2d.spec.cpp (see stencil/runtime.hpp here).
#include <stencil/runtime.hpp>

namespace gpu {
struct laplace_step_f32_result { float error; };
struct laplace_step_f64_result { double error; };

inline laplace_step_f32_result laplace_step_f32(const stencil::Grid<float, 2> &A,
                                                stencil::Grid<float, 2> &Anew,
                                                const stencil::LaunchOptions & = {}) {
  laplace_step_f32_result R{};
  stencil::reference(::laplace_step_f32, A.host(), Anew.host(), R.error);
  return R;
}
inline laplace_step_f64_result laplace_step_f64(const stencil::Grid<double, 2> &A,
                                                stencil::Grid<double, 2> &Anew,
                                                const stencil::LaunchOptions & = {}) {
  laplace_step_f64_result R{};
  stencil::reference(::laplace_step_f64, A.host(), Anew.host(), R.error);
  return R;
}
} // namespace gpu
