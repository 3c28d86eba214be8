// stencil/grid.hpp - host arrays with extents, shared by the CPU reference
// and the GPU runtime (stencil::Grid uploads from and downloads into these).
//
// Layout is row-major: the last index is contiguous, as in C.
#ifndef STENCIL_GRID_HPP
#define STENCIL_GRID_HPP

#include <array>
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

namespace stencil {

template <int R> using Extents = std::array<int64_t, R>;

template <int R> int64_t volume(const Extents<R> &E) {
  int64_t N = 1;
  for (int64_t X : E)
    N *= X;
  return N;
}

template <int R> std::string formatExtents(const Extents<R> &E) {
  std::string S = "[";
  for (int D = 0; D < R; ++D)
    S += (D ? "x" : "") + std::to_string(E[D]);
  return S + "]";
}

/// A half-open box [Lo, Hi) of points, one pair per dimension.
template <int R> struct Region {
  Extents<R> Lo{};
  Extents<R> Hi{};
  int64_t points() const {
    int64_t N = 1;
    for (int D = 0; D < R; ++D)
      N *= Hi[D] > Lo[D] ? Hi[D] - Lo[D] : 0;
    return N;
  }
};

/// A dense host array of rank R (1..3) with its extents.
template <class T, int R> class HostGrid {
  static_assert(R >= 1 && R <= 3, "grids have rank 1, 2 or 3");

public:
  using value_type = T;
  static constexpr int rank = R;

  HostGrid() = default;
  explicit HostGrid(const Extents<R> &E, T Fill = T())
      : Ext(E), Data(static_cast<size_t>(checkedVolume(E)), Fill) {}

  const Extents<R> &extents() const { return Ext; }
  int64_t extent(int D) const { return Ext[D]; }
  int64_t size() const { return static_cast<int64_t>(Data.size()); }
  T *data() { return Data.data(); }
  const T *data() const { return Data.data(); }
  std::vector<T> &vector() { return Data; }
  const std::vector<T> &vector() const { return Data; }

  /// Linear offset of a point; no bounds check (see at()).
  template <class... I> int64_t linear(I... Idx) const {
    static_assert(sizeof...(I) == R, "wrong number of indices");
    const int64_t P[R] = {static_cast<int64_t>(Idx)...};
    int64_t L = 0;
    for (int D = 0; D < R; ++D)
      L = L * Ext[D] + P[D];
    return L;
  }
  template <class... I> T &operator()(I... Idx) { return Data[linear(Idx...)]; }
  template <class... I> const T &operator()(I... Idx) const {
    return Data[linear(Idx...)];
  }
  /// Bounds-checked access; throws std::out_of_range.
  template <class... I> T &at(I... Idx) {
    const int64_t P[R] = {static_cast<int64_t>(Idx)...};
    for (int D = 0; D < R; ++D)
      if (P[D] < 0 || P[D] >= Ext[D])
        throw std::out_of_range("stencil::HostGrid::at: index " +
                                std::to_string(P[D]) + " outside extent " +
                                std::to_string(Ext[D]) + " of dimension " +
                                std::to_string(D));
    return Data[linear(Idx...)];
  }
  void fill(T V) { Data.assign(Data.size(), V); }

private:
  static int64_t checkedVolume(const Extents<R> &E) {
    for (int64_t X : E)
      if (X <= 0)
        throw std::invalid_argument("stencil::HostGrid: extents " +
                                    formatExtents<R>(E) +
                                    " must all be positive");
    return volume<R>(E);
  }

  Extents<R> Ext{};
  std::vector<T> Data;
};

} // namespace stencil

#endif // STENCIL_GRID_HPP
