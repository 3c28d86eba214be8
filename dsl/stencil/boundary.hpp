// stencil/boundary.hpp - a grid's out-of-range rule
// (docs/dsl.md#boundary-conditions).
//
// The third template argument of In<T, R, B> says what a read outside the
// grid returns, along every dimension (B is a rule) or per dimension
// (B = Boundary<Rule0, ..., RuleR-1>):
//
//   Interior     no rule: reads stay inside, the domain shrinks (the default)
//   Periodic     wrap around (scipy 'wrap', Halide repeat_image)
//   Clamp        repeat the edge element (scipy 'nearest', Halide repeat_edge)
//   Reflect      mirror with the edge repeated (scipy 'reflect', Halide
//                mirror_image)
//   Mirror       mirror about the edge element (scipy 'mirror', Halide
//                mirror_interior)
//   Constant<V>  the value V (an integer constant, converted to T)
//
// mapCoordinate is the index mapping of one dimension; the CPU reference
// (stencil.hpp) and the generated CUDA (through stencil/detail/boundary.hpp)
// both call it, so there is one definition. Every rule is defined for every
// offset and every extent >= 1 (offsets larger than the grid wrap or reflect
// again); the table in docs/dsl.md is test/unit/BoundaryTest.cpp's.
#ifndef STENCIL_BOUNDARY_HPP
#define STENCIL_BOUNDARY_HPP

#include <cstdint>
#include <tuple>

#if defined(__CUDACC__)
#define STENCIL_HOST_DEVICE __host__ __device__
#else
#define STENCIL_HOST_DEVICE
#endif

namespace stencil {

/// The rules, as the IR and the generated code number them.
enum class Edge : int { Interior, Periodic, Clamp, Reflect, Mirror, Constant };

struct Interior {
  static constexpr Edge edge = Edge::Interior;
};
struct Periodic {
  static constexpr Edge edge = Edge::Periodic;
};
struct Clamp {
  static constexpr Edge edge = Edge::Clamp;
};
struct Reflect {
  static constexpr Edge edge = Edge::Reflect;
};
struct Mirror {
  static constexpr Edge edge = Edge::Mirror;
};
/// Reads outside the grid along this dimension return V (converted to the
/// grid's element type, which must represent it exactly).
template <auto V = 0> struct Constant {
  static constexpr Edge edge = Edge::Constant;
  static constexpr auto value = V;
};

/// One rule per dimension, outermost first.
template <class... Rules> struct Boundary {};

namespace detail {

/// P mod N in [0, N) for any sign of P (N >= 1).
template <class I> STENCIL_HOST_DEVICE inline I wrapIndex(I P, I N) {
  const I Q = P % N;
  return Q < 0 ? Q + N : Q;
}

/// The coordinate that a read at P (any integer) of a dimension of extent N
/// (>= 1) takes under rule E. Constant: the clamped coordinate (the caller
/// tests insideExtent and substitutes the value); Interior: P itself.
template <class I>
STENCIL_HOST_DEVICE inline I mapCoordinate(Edge E, I P, I N) {
  switch (E) {
  case Edge::Periodic:
    return wrapIndex<I>(P, N);
  case Edge::Clamp:
  case Edge::Constant:
    return P < 0 ? I(0) : P >= N ? N - 1 : P;
  case Edge::Reflect: { // period 2N: 0 .. N-1, N-1 .. 0
    const I Q = wrapIndex<I>(P, 2 * N);
    return Q < N ? Q : 2 * N - 1 - Q;
  }
  case Edge::Mirror: { // period 2N-2: 0 .. N-1, N-2 .. 1
    if (N == 1)
      return 0;
    const I Q = wrapIndex<I>(P, 2 * N - 2);
    return Q < N ? Q : 2 * N - 2 - Q;
  }
  case Edge::Interior:
    break;
  }
  return P;
}

template <class I> STENCIL_HOST_DEVICE inline bool insideExtent(I P, I N) {
  return P >= 0 && P < N;
}

/// The rule of dimension D of a grid declared with B (a rule or a Boundary).
template <class B, int R, int D> struct RuleOf {
  using type = B;
};
template <class... Rules, int R, int D>
struct RuleOf<Boundary<Rules...>, R, D> {
  static_assert(sizeof...(Rules) == R,
                "Boundary<...> names one rule per dimension of the grid");
  using type = std::tuple_element_t<D, std::tuple<Rules...>>;
};

template <class B> struct IsBoundaryList {
  static constexpr bool value = false;
};
template <class... Rules> struct IsBoundaryList<Boundary<Rules...>> {
  static constexpr bool value = true;
};

} // namespace detail
} // namespace stencil

#endif // STENCIL_BOUNDARY_HPP
