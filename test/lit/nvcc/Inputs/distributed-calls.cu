// Calls the --distributed launchers of ../distributed.cpp, whose generated
// header comes in with -include. Compiled, never run.
#include <stencil/distributed.hpp>

void calls(const stencil::Decomposition<2> &D2, const stencil::Decomposition<3> &D3,
           const stencil::Decomposition<1> &D1) {
  stencil::DistGrid<double, 2> u(D2, gpu::sweep_halo), f(D2, gpu::sweep_halo),
      v(D2, gpu::sweep_halo);
  const gpu::sweep_result r = gpu::sweep(u, f, v, 0.5);
  swap(u, v);
  // async:: over distributed grids: queued, then get() (twice: the same).
  const stencil::DistPending<gpu::sweep_result> q = gpu::async::sweep(u, f, v, 0.5);
  const stencil::DistPending<gpu::sweep_result> copy = q;
  (void)q.get().res;
  (void)copy.get().peak;
  gpu::update(u, v);
  stencil::DistGrid<float, 3> a(D3, gpu::smooth3_halo), b(D3, gpu::smooth3_halo);
  const gpu::smooth3_result s = gpu::smooth3(a, b);
  stencil::DistGrid<double, 1> x(D1, gpu::bins_halo);
  stencil::Grid<int, 1> h(stencil::Extents<1>{10});
  const gpu::bins_result m = gpu::bins(x, h, 10);
  (void)r;
  (void)s;
  (void)m;
  gpu::ramp(v);
#ifdef CALL_REFUSED
  gpu::wrap(u, v);
#endif
}

int main() { return 0; }
