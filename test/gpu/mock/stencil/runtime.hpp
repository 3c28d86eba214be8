// Host-only stand-in for runtime/include/stencil/runtime.hpp, with the same
// interface as the generated host API relies on. It lets examples/*/main.cu
// be compiled with a plain C++ compiler and run without a GPU (the "gpu"
// functions of the mock headers next to this file call stencil::reference),
// which exercises option parsing, the solver loops, --check and --bench.
// Used by test/gpu/host-smoke only; never by a real build.
#ifndef STENCIL_MOCK_RUNTIME_HPP
#define STENCIL_MOCK_RUNTIME_HPP

#include <stencil/stencil.hpp>

#include <stdexcept>
#include <utility>

namespace stencil {

struct Error : std::runtime_error {
  using std::runtime_error::runtime_error;
};

struct LaunchOptions {
  int Block[3] = {0, 0, 0};
  int PointsPerThread = 0;
  int Persistent = -1;
  int Zigzag = -1;
};

template <class T, int R> class Grid {
public:
  explicit Grid(const Extents<R> &E) : Host(E) {}
  explicit Grid(const HostGrid<T, R> &H) : Host(H) {}
  Grid(const Grid &) = delete;
  Grid &operator=(const Grid &) = delete;
  Grid(Grid &&) = default;
  Grid &operator=(Grid &&) = default;

  const Extents<R> &extents() const { return Host.extents(); }
  void upload(const HostGrid<T, R> &H) {
    if (H.extents() != Host.extents())
      throw Error("upload: extents differ");
    Host = H;
  }
  void download(HostGrid<T, R> &H) const { H = Host; }
  HostGrid<T, R> download() const { return Host; }
  void copyFrom(const Grid &G) { Host = G.Host; }
  void fill(T V) { Host.fill(V); }
  friend void swap(Grid &A, Grid &B) { std::swap(A.Host, B.Host); }

  HostGrid<T, R> &host() { return Host; }
  const HostGrid<T, R> &host() const { return Host; }

private:
  HostGrid<T, R> Host;
};

} // namespace stencil

#endif
