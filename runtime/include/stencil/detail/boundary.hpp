// stencil/detail/boundary.hpp - the launch split of a kernel with boundary
// rules (docs/passes/boundary.md).
//
// A kernel whose grids have boundary rules runs over a domain Full (every
// point along the dimensions where every read has a rule). Its unchanged
// kernel takes the interior, the part of Full where no read leaves a grid;
// a second kernel takes the shell, Full minus the interior, as at most 2R
// boxes that it walks with one flat index, reading the ruled grids through
// stencil/boundary.hpp's mapping. Boxes: along each dimension d, the slabs
// below and above the interior, spanning the interior along the dimensions
// before d and all of Full along those after it, so no point is in two.
//
// Internal: for the code stencilc generates, not for programs.
#ifndef STENCIL_DETAIL_BOUNDARY_HPP
#define STENCIL_DETAIL_BOUNDARY_HPP

#include <stencil/boundary.hpp>
#include <stencil/detail/launch.hpp>

#include <cuda_runtime.h>

#include <algorithm>
#include <array>
#include <cstdint>

namespace stencil {
namespace detail {

/// The boundary shell of a launch, passed to the shell kernel by value.
template <int R> struct Shell {
  int64_t Extent[R];
  int64_t Stride[R];
  int Boxes;
  int64_t Begin[2 * R + 1]; ///< first flat index of each box; [Boxes]: total
  int64_t Lo[2 * R][R];
  int64_t Size[2 * R][R];
  __host__ __device__ int64_t points() const { return Begin[Boxes]; }
};

/// The part of Full where every read stays inside: [FootLo, E - FootHi)
/// intersected with Full; empty (Hi = Lo) along a dimension too short.
template <int R>
Domain<R> interiorDomain(const Domain<R> &Full, const Extents<R> &E,
                         const std::array<int, 3> &FootLo,
                         const std::array<int, 3> &FootHi) {
  Domain<R> In = Full;
  for (int D = 0; D < R; ++D) {
    In.Lo[D] = std::max<int64_t>(Full.Lo[D], FootLo[D]);
    In.Hi[D] = std::min<int64_t>(Full.Hi[D], E[D] - FootHi[D]);
    if (In.Hi[D] < In.Lo[D])
      In.Hi[D] = In.Lo[D];
  }
  return In;
}

/// Full minus Inner (Inner inside Full, or empty) as disjoint boxes.
template <int R>
Shell<R> shellOf(const Domain<R> &Full, const Domain<R> &Inner,
                 const Extents<R> &E) {
  Shell<R> S{};
  for (int D = 0; D < R; ++D) {
    S.Extent[D] = E[D];
    S.Stride[D] = Full.Stride[D];
  }
  S.Boxes = 0;
  S.Begin[0] = 0;
  auto Add = [&](const int64_t *Lo, const int64_t *Hi) {
    int64_t N = 1;
    for (int D = 0; D < R; ++D)
      N *= std::max<int64_t>(Hi[D] - Lo[D], 0);
    if (N == 0)
      return;
    for (int D = 0; D < R; ++D) {
      S.Lo[S.Boxes][D] = Lo[D];
      S.Size[S.Boxes][D] = Hi[D] - Lo[D];
    }
    S.Begin[S.Boxes + 1] = S.Begin[S.Boxes] + N;
    ++S.Boxes;
  };
  if (Full.empty())
    return S;
  if (Inner.empty()) {
    Add(Full.Lo, Full.Hi);
    return S;
  }
  for (int D = 0; D < R; ++D) {
    int64_t Lo[R], Hi[R];
    for (int X = 0; X < R; ++X) {
      Lo[X] = X < D ? Inner.Lo[X] : Full.Lo[X];
      Hi[X] = X < D ? Inner.Hi[X] : Full.Hi[X];
    }
    Hi[D] = Inner.Lo[D];
    Add(Lo, Hi);
    Lo[D] = Inner.Hi[D];
    Hi[D] = Full.Hi[D];
    Add(Lo, Hi);
  }
  return S;
}

/// The coordinates of the shell's flat index T (T < S.points()).
template <int R>
__host__ __device__ inline void shellPoint(const Shell<R> &S, int64_t T,
                                           int64_t *P) {
  int B = 0;
  while (B + 1 < S.Boxes && T >= S.Begin[B + 1])
    ++B;
  int64_t Rest = T - S.Begin[B];
  for (int D = R - 1; D >= 0; --D) {
    P[D] = S.Lo[B][D] + Rest % S.Size[B][D];
    Rest /= S.Size[B][D];
  }
}

/// Threads per block of a shell kernel (its __launch_bounds__).
inline constexpr int ShellThreads = 256;

/// Blocks for a shell of N points, one point per thread.
inline dim3 shellGrid(int64_t N) {
  return dim3(unsigned(std::min<int64_t>(
      std::max<int64_t>(divUp(N, ShellThreads), 1), 2147483647)));
}

} // namespace detail
} // namespace stencil

#endif // STENCIL_DETAIL_BOUNDARY_HPP
