// Host-only stand-in for the header stencilc generates from
// examples/jacobi2d/jacobi2d.spec.cpp (see stencil/runtime.hpp here).
#include <stencil/runtime.hpp>

namespace gpu {
struct error_check_result { double error; };
struct helmholtz_sweep_result { double error; };

inline void initialize(stencil::Grid<double, 2> &f, stencil::Grid<double, 2> &u,
                       double dx, double dy, double alpha,
                       const stencil::LaunchOptions & = {}) {
  stencil::reference(::initialize, f.host(), u.host(), dx, dy, alpha);
}
inline helmholtz_sweep_result
helmholtz_sweep(const stencil::Grid<double, 2> &uold, const stencil::Grid<double, 2> &f,
                stencil::Grid<double, 2> &u, double ax, double ay, double b,
                double omega, const stencil::LaunchOptions & = {}) {
  helmholtz_sweep_result R{};
  stencil::reference(::helmholtz_sweep, uold.host(), f.host(), u.host(), R.error,
                     ax, ay, b, omega);
  return R;
}
inline error_check_result error_check(const stencil::Grid<double, 2> &u, double dx,
                                      double dy, const stencil::LaunchOptions & = {}) {
  error_check_result R{};
  stencil::reference(::error_check, u.host(), R.error, dx, dy);
  return R;
}
} // namespace gpu
