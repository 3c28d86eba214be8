// stencil/stencil.hpp - the stencilc DSL.
//
// A spec file includes this header and defines kernels with STENCIL_KERNEL.
// stencilc (the Clang libTooling frontend) reads the same declarations and
// translates the kernel bodies into its IR; a plain C++17 compile of the spec
// gives the reference semantics below, which stencil::reference() runs on the
// CPU. That reference is the oracle for every GPU test.
//
// Reference semantics
// - A kernel body runs once per point of its domain, sequentially, in
//   row-major order. Reductions accumulate in that order in their
//   accumulator type.
// - The default domain is the interior: the points at which every read the
//   kernel executes stays inside its grid. The reference finds it with a
//   probe pass over all points (reads clamped, writes discarded) that records
//   the most negative and most positive offset per dimension. stencilc derives
//   the same box from every read in the body, so the two agree unless a read
//   sits in a branch that no point takes (then the GPU domain is smaller).
//   Pass a Region to pin the domain explicitly.
// - A grid declared with a boundary rule (In<T, R, Periodic>, ...;
//   boundary.hpp) is read through the rule's index mapping wherever a read
//   leaves it; its reads along the dimensions with a rule do not shrink the
//   domain, so a kernel whose reads all have rules runs over every point.
// - Writes go to the centre only; reads of In grids at constant offsets.
#ifndef STENCIL_STENCIL_HPP
#define STENCIL_STENCIL_HPP

#include "stencil/boundary.hpp"
#include "stencil/fminmax.hpp"
#include "stencil/grid.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <limits>
#include <stdexcept>
#include <string>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

#if defined(__clang__)
#define STENCIL_KERNEL [[clang::annotate("stencil_kernel")]] inline
#else
#define STENCIL_KERNEL inline
#endif

// stencilc parses specs with __STENCILC__ defined. The accessors below are
// then declared permissively (any offsets, assignable, readable reductions),
// so that misuse such as writing an In grid or reading a Sum reaches the
// frontend's DSL diagnostics, with a location and a fix, instead of failing
// as a template error inside this header. Plain C++ compiles never see them.

namespace stencil {

namespace detail {

enum class Mode { Run, Probe };

/// The reference interpreter's state: the current point and, while probing,
/// the extreme offsets seen.
struct Context {
  Mode M = Mode::Run;
  int Rank = 0;
  std::array<int64_t, 3> Point{0, 0, 0};
  std::array<int, 3> ProbeLo{0, 0, 0};
  std::array<int, 3> ProbeHi{0, 0, 0};
};

inline Context &context() {
  static thread_local Context C;
  return C;
}

template <class T> T &sink() {
  static thread_local T Sink{};
  return Sink;
}

/// Coordinate Point[D] + Off along dimension D of extent N without a rule:
/// records the offset while probing (clamping into the grid) and throws if a
/// run-mode read leaves the grid.
inline int64_t locateDim(int D, int Off, int64_t N, const char *What) {
  Context &C = context();
  int64_t P = C.Point[D] + Off;
  if (C.M == Mode::Probe) {
    C.ProbeLo[D] = std::min(C.ProbeLo[D], Off);
    C.ProbeHi[D] = std::max(C.ProbeHi[D], Off);
    return std::clamp<int64_t>(P, 0, N - 1);
  }
  if (P < 0 || P >= N)
    throw std::out_of_range(
        std::string("stencil::reference: ") + What + " at offset " +
        std::to_string(Off) + " leaves the grid along dimension " +
        std::to_string(D) + " (point " + std::to_string(C.Point[D]) +
        ", extent " + std::to_string(N) + ")");
  return P;
}

/// Position of Point + Offsets in a grid of extents E (locateDim per
/// dimension).
template <int R>
int64_t locate(const Extents<R> &E, const std::array<int, R> &Off,
               const char *What) {
  int64_t L = 0;
  for (int D = 0; D < R; ++D)
    L = L * E[D] + locateDim(D, Off[D], E[D], What);
  return L;
}

template <class B, int R, size_t... D>
constexpr std::array<Edge, R> edgesOf(std::index_sequence<D...>) {
  return {RuleOf<B, R, int(D)>::type::edge...};
}

template <class T, class Rule> constexpr T fillOf() {
  if constexpr (Rule::edge == Edge::Constant) {
    using V = decltype(Rule::value);
    static_assert(std::is_integral<V>::value && !std::is_same<V, bool>::value,
                  "Constant<V> takes an integer constant");
    static_assert(static_cast<V>(static_cast<T>(Rule::value)) == Rule::value,
                  "the grid's element type does not represent Constant<V>'s "
                  "value exactly");
    return static_cast<T>(Rule::value);
  } else {
    return T();
  }
}

template <class T, class B, int R, size_t... D>
constexpr std::array<T, R> fillsOf(std::index_sequence<D...>) {
  return {fillOf<T, typename RuleOf<B, R, int(D)>::type>()...};
}

/// A read of a grid declared with B at offsets Off: dimensions with a rule
/// map the coordinate (boundary.hpp) and leave the probe's radii alone;
/// a Constant dimension that the read leaves gives its value (the outermost
/// such dimension's, when several do).
template <class T, int R, class B>
T readWithRules(const T *Data, const Extents<R> &E,
                const std::array<int, R> &Off) {
  constexpr std::array<Edge, R> Edges =
      edgesOf<B, R>(std::make_index_sequence<R>{});
  constexpr std::array<T, R> Fills =
      fillsOf<T, B, R>(std::make_index_sequence<R>{});
  const Context &C = context();
  int64_t L = 0;
  int Outside = -1;
  for (int D = 0; D < R; ++D) {
    int64_t P;
    if (Edges[D] == Edge::Interior) {
      P = locateDim(D, Off[D], E[D], "read");
    } else {
      P = C.Point[D] + Off[D];
      if (Edges[D] == Edge::Constant && Outside < 0 &&
          !insideExtent<int64_t>(P, E[D]))
        Outside = D;
      P = mapCoordinate<int64_t>(Edges[D], P, E[D]);
    }
    L = L * E[D] + P;
  }
  if (Outside >= 0 && C.M == Mode::Run)
    return Fills[Outside];
  return Data[L];
}

template <int R> std::array<int, R> centre() { return std::array<int, R>{}; }

} // namespace detail

/// Read-only grid: g(d0, ..., dR-1) reads at constant offsets, g() the centre.
/// B: what a read outside the grid returns (boundary.hpp; Interior: such a
/// read is an error and the domain keeps clear of it).
template <class T, int R, class B = Interior> class In {
  static_assert(R >= 1 && R <= 3, "grids have rank 1, 2 or 3");

public:
  using value_type = T;
  static constexpr int rank = R;
  In(const T *D, const Extents<R> &E) : Data(D), Ext(E) {}
  In(const HostGrid<T, R> &G) : Data(G.data()), Ext(G.extents()) {}

#if defined(__STENCILC__)
  template <class... O> T &operator()(O... Off) const;
#else
  template <class... O> T operator()(O... Off) const {
    static_assert(sizeof...(O) == 0 || sizeof...(O) == R,
                  "a grid read takes no offsets or one per dimension");
    std::array<int, R> A{};
    if constexpr (sizeof...(O) == R)
      A = std::array<int, R>{static_cast<int>(Off)...};
    if constexpr (std::is_same<B, Interior>::value)
      return Data[detail::locate<R>(Ext, A, "read")];
    else
      return detail::readWithRules<T, R, B>(Data, Ext, A);
  }
#endif
  const Extents<R> &extents() const { return Ext; }

private:
  const T *Data;
  Extents<R> Ext;
};

/// Written once per point, at the centre: g() = e.
/// A boundary rule (B) applies to In grids only: stencilc refuses one here.
template <class T, int R, class B = Interior> class Out {
#if !defined(__STENCILC__)
  static_assert(std::is_same<B, Interior>::value,
                "a boundary rule applies to In grids only");
#endif

public:
  using value_type = T;
  static constexpr int rank = R;
  Out(T *D, const Extents<R> &E) : Data(D), Ext(E) {}
  Out(HostGrid<T, R> &G) : Data(G.data()), Ext(G.extents()) {}

#if defined(__STENCILC__)
  template <class... O> T &operator()(O... Off) const;
#else
  T &operator()() const {
    int64_t L = detail::locate<R>(Ext, detail::centre<R>(), "write");
    if (detail::context().M == detail::Mode::Probe)
      return detail::sink<T>();
    return Data[L];
  }
#endif
  const Extents<R> &extents() const { return Ext; }

private:
  T *Data;
  Extents<R> Ext;
};

/// Read and written at the centre only.
/// A boundary rule (B) applies to In grids only: stencilc refuses one here.
template <class T, int R, class B = Interior> class InOut {
#if !defined(__STENCILC__)
  static_assert(std::is_same<B, Interior>::value,
                "a boundary rule applies to In grids only");
#endif

public:
  using value_type = T;
  static constexpr int rank = R;
  InOut(T *D, const Extents<R> &E) : Data(D), Ext(E) {}
  InOut(HostGrid<T, R> &G) : Data(G.data()), Ext(G.extents()) {}

#if defined(__STENCILC__)
  template <class... O> T &operator()(O... Off) const;
#else
  T &operator()() const {
    int64_t L = detail::locate<R>(Ext, detail::centre<R>(), "access");
    if (detail::context().M == detail::Mode::Probe)
      return detail::sink<T>() = Data[L];
    return Data[L];
  }
#endif
  const Extents<R> &extents() const { return Ext; }

private:
  T *Data;
  Extents<R> Ext;
};

/// r += e; accumulated in Acc.
template <class T, class Acc = T> class Sum {
public:
  using value_type = T;
  using accumulator_type = Acc;
  explicit Sum(Acc *A) : Value(A) {}
  static Acc identity() { return Acc(0); }
  template <class E> const Sum &operator+=(E V) const {
    if (detail::context().M != detail::Mode::Run)
      return *this;
    if constexpr (std::is_integral<Acc>::value) // wraps, as on the GPU
      *Value = static_cast<Acc>(
          static_cast<std::make_unsigned_t<Acc>>(*Value) +
          static_cast<std::make_unsigned_t<Acc>>(static_cast<Acc>(V)));
    else
      *Value += static_cast<Acc>(V);
    return *this;
  }
#if defined(__STENCILC__)
  template <class E> const Sum &operator=(E V) const;
  template <class E> const Sum &operator-=(E V) const;
  template <class E> const Sum &operator*=(E V) const;
  template <class E> const Sum &operator/=(E V) const;
  operator Acc() const;
#endif

private:
  Acc *Value;
};

/// r = max(r, e).
template <class T, class Acc = T> class Max {
public:
  using value_type = T;
  using accumulator_type = Acc;
  explicit Max(Acc *A) : Value(A) {}
#if defined(__STENCILC__)
  template <class E> const Max &operator-=(E V) const;
  template <class E> const Max &operator*=(E V) const;
  template <class E> const Max &operator/=(E V) const;
  template <class E> const Max &operator+=(E V) const;
#endif

  static Acc identity() {
    return std::numeric_limits<Acc>::has_infinity
               ? -std::numeric_limits<Acc>::infinity()
               : std::numeric_limits<Acc>::lowest();
  }
  operator Acc() const { return *Value; }
  template <class E> const Max &operator=(E V) const {
    if (detail::context().M == detail::Mode::Run)
      *Value = static_cast<Acc>(V);
    return *this;
  }

private:
  Acc *Value;
};

/// r = min(r, e).
template <class T, class Acc = T> class Min {
public:
  using value_type = T;
  using accumulator_type = Acc;
  explicit Min(Acc *A) : Value(A) {}
#if defined(__STENCILC__)
  template <class E> const Min &operator-=(E V) const;
  template <class E> const Min &operator*=(E V) const;
  template <class E> const Min &operator/=(E V) const;
  template <class E> const Min &operator+=(E V) const;
#endif

  static Acc identity() {
    return std::numeric_limits<Acc>::has_infinity
               ? std::numeric_limits<Acc>::infinity()
               : std::numeric_limits<Acc>::max();
  }
  operator Acc() const { return *Value; }
  template <class E> const Min &operator=(E V) const {
    if (detail::context().M == detail::Mode::Run)
      *Value = static_cast<Acc>(V);
    return *this;
  }

private:
  Acc *Value;
};

/// h[i] += e with a data-dependent bin i in [0, size). Adds to the buffer's
/// contents; an index outside the buffer is an error.
template <class T> class Histogram {
public:
  using value_type = T;
  Histogram(T *D, int64_t N) : Data(D), Size(N) {}
  Histogram(std::vector<T> &V)
      : Data(V.data()), Size(static_cast<int64_t>(V.size())) {}

#if defined(__STENCILC__)
  template <class I> T &operator[](I Bin) const;
#else
  template <class I> T &operator[](I Bin) const {
    static_assert(std::is_integral<I>::value, "histogram bins are integers");
    if (detail::context().M == detail::Mode::Probe)
      return detail::sink<T>();
    int64_t B = static_cast<int64_t>(Bin);
    if (B < 0 || B >= Size)
      throw std::out_of_range("stencil::reference: histogram bin " +
                              std::to_string(B) + " outside [0, " +
                              std::to_string(Size) + ")");
    return Data[B];
  }
#endif
  int64_t size() const { return Size; }

private:
  T *Data;
  int64_t Size;
};

/// The current point's coordinate along dimension d.
inline int index(int D) { return static_cast<int>(detail::context().Point[D]); }

// Math functions a kernel may call. Mixed-type min/max are refused as in C++.
using std::abs;
using std::ceil;
using std::cos;
using std::exp;
using std::fabs;
using std::floor;
using std::log;
using std::max;
using std::min;
using std::pow;
using std::sin;
using std::sqrt;

namespace detail {
/// fmin/fmax's type, as std::fmin's: float for two floats, else double
/// (integers convert to double). No long double: the DSL has none.
template <class A, class B>
using FminFmaxResult =
    std::enable_if_t<std::is_arithmetic<A>::value &&
                         std::is_arithmetic<B>::value &&
                         !std::is_same<A, long double>::value &&
                         !std::is_same<B, long double>::value,
                     std::conditional_t<std::is_same<A, float>::value &&
                                            std::is_same<B, float>::value,
                                        float, double>>;
} // namespace detail

/// fmin and fmax on values, written stencil::fmin(a, b): IEEE 754-2019
/// minimumNumber and maximumNumber (-0.0 below +0.0; a NaN operand yields
/// the other), the functions the GPU's code calls (stencil/fminmax.hpp), not
/// C's, which leave the sign of fmin(-0.0, +0.0) to the implementation.
/// Templates, so that they never make an unqualified call ambiguous: with
/// `using namespace stencil`, fmin(x, y) on doubles still finds C's
/// ::fmin(double, double), an exact match that nothing in this namespace can
/// outrank, and nvcc gives host code a ::fmin(float, float) too; stencilc
/// refuses every spelling but stencil::fmin (docs/dsl.md, the body).
template <class A, class B> detail::FminFmaxResult<A, B> fmin(A X, B Y) {
  using R = detail::FminFmaxResult<A, B>;
  return detail::minimumNumber(static_cast<R>(X), static_cast<R>(Y));
}
template <class A, class B> detail::FminFmaxResult<A, B> fmax(A X, B Y) {
  using R = detail::FminFmaxResult<A, B>;
  return detail::maximumNumber(static_cast<R>(X), static_cast<R>(Y));
}

namespace detail {
/// The fold of Min/Max reductions, as runtime/include/stencil/detail/
/// numerics.hpp has it for the GPU: signedZeroLess's order (stencil/
/// fminmax.hpp: -0.0 before +0.0); a NaN term is never taken (IEEE 754-2019
/// minimumNumber/maximumNumber), so the total does not depend on the order
/// in which terms are folded in.
template <class T, class A, class E> T reduceMax(const Max<T, A> &R, E V) {
  const T Acc = static_cast<T>(static_cast<A>(R)), X = static_cast<T>(V);
  return signedZeroLess(Acc, X) ? X : Acc;
}
template <class T, class A, class E> T reduceMin(const Min<T, A> &R, E V) {
  const T Acc = static_cast<T>(static_cast<A>(R)), X = static_cast<T>(V);
  return signedZeroLess(X, Acc) ? X : Acc;
}
} // namespace detail

// r = max(r, e), max(e, r), fmax(r, e), fmax(e, r) and the stencil::
// spellings all fold e into the reduction with that one rule
// (docs/dsl.md#reductions); stencilc refuses the std:: ones.
template <class T, class A, class E> T max(const Max<T, A> &R, E V) {
  return detail::reduceMax(R, V);
}
template <class T, class A, class E> T max(E V, const Max<T, A> &R) {
  return detail::reduceMax(R, V);
}
template <class T, class A, class E> T fmax(const Max<T, A> &R, E V) {
  return detail::reduceMax(R, V);
}
template <class T, class A, class E> T fmax(E V, const Max<T, A> &R) {
  return detail::reduceMax(R, V);
}
template <class T, class A, class E> T min(const Min<T, A> &R, E V) {
  return detail::reduceMin(R, V);
}
template <class T, class A, class E> T min(E V, const Min<T, A> &R) {
  return detail::reduceMin(R, V);
}
template <class T, class A, class E> T fmin(const Min<T, A> &R, E V) {
  return detail::reduceMin(R, V);
}
template <class T, class A, class E> T fmin(E V, const Min<T, A> &R) {
  return detail::reduceMin(R, V);
}
#if defined(__STENCILC__)
// Mixed-up updates (m = min(m, e) on a Max) parse, so stencilc can say so.
template <class T, class A, class E> T min(const Max<T, A> &R, E V);
template <class T, class A, class E> T min(E V, const Max<T, A> &R);
template <class T, class A, class E> T max(const Min<T, A> &R, E V);
template <class T, class A, class E> T max(E V, const Min<T, A> &R);

namespace detail {
template <class R> struct IsMinMax : std::false_type {};
template <class T, class A> struct IsMinMax<Min<T, A>> : std::true_type {};
template <class T, class A> struct IsMinMax<Max<T, A>> : std::true_type {};
template <class X, class Y>
using MinMaxValue =
    typename std::conditional_t<IsMinMax<X>::value, X, Y>::value_type;
} // namespace detail
} // namespace stencil

// std::min(r, e) and std::max(r, e) on a reduction parse, so that stencilc
// can point at them and say to write min(r, e) (C++ has no std::min for two
// types). Less specialised than stencil::min, so `using namespace std` does
// not make the unqualified update ambiguous.
namespace std {
template <class X, class Y,
          class = enable_if_t<stencil::detail::IsMinMax<X>::value ||
                              stencil::detail::IsMinMax<Y>::value>>
stencil::detail::MinMaxValue<X, Y> min(const X &, const Y &);
template <class X, class Y,
          class = enable_if_t<stencil::detail::IsMinMax<X>::value ||
                              stencil::detail::IsMinMax<Y>::value>>
stencil::detail::MinMaxValue<X, Y> max(const X &, const Y &);
} // namespace std

namespace stencil {
#endif

//===----------------------------------------------------------------------===//
// stencil::reference - run a kernel on the CPU over host arrays.
//===----------------------------------------------------------------------===//

namespace detail {

template <class P> struct Binder;

template <class T, int R, class B> struct Binder<In<T, R, B>> {
  static constexpr int Rank = R;
  const HostGrid<T, R> &G;
  explicit Binder(const HostGrid<T, R> &A) : G(A) {}
  In<T, R, B> param() const { return In<T, R, B>(G); }
  Extents<R> extents() const { return G.extents(); }
  void commit() {}
};
template <class T, int R, class B> struct Binder<Out<T, R, B>> {
  static constexpr int Rank = R;
  HostGrid<T, R> &G;
  explicit Binder(HostGrid<T, R> &A) : G(A) {}
  Out<T, R> param() const { return Out<T, R>(G); }
  Extents<R> extents() const { return G.extents(); }
  void commit() {}
};
template <class T, int R, class B> struct Binder<InOut<T, R, B>> {
  static constexpr int Rank = R;
  HostGrid<T, R> &G;
  explicit Binder(HostGrid<T, R> &A) : G(A) {}
  InOut<T, R> param() const { return InOut<T, R>(G); }
  Extents<R> extents() const { return G.extents(); }
  void commit() {}
};

template <template <class, class> class Red, class T, class Acc>
struct ReductionBinder {
  static constexpr int Rank = 0;
  T &Result;
  Acc Value = Red<T, Acc>::identity();
  explicit ReductionBinder(T &R) : Result(R) {}
  Red<T, Acc> param() { return Red<T, Acc>(&Value); }
  void commit() { Result = static_cast<T>(Value); }
};
template <class T, class A>
struct Binder<Sum<T, A>> : ReductionBinder<Sum, T, A> {
  using ReductionBinder<Sum, T, A>::ReductionBinder;
};
template <class T, class A>
struct Binder<Max<T, A>> : ReductionBinder<Max, T, A> {
  using ReductionBinder<Max, T, A>::ReductionBinder;
};
template <class T, class A>
struct Binder<Min<T, A>> : ReductionBinder<Min, T, A> {
  using ReductionBinder<Min, T, A>::ReductionBinder;
};

template <class T> struct Binder<Histogram<T>> {
  static constexpr int Rank = 0;
  T *Data;
  int64_t Size;
  explicit Binder(std::vector<T> &V)
      : Data(V.data()), Size(static_cast<int64_t>(V.size())) {}
  explicit Binder(HostGrid<T, 1> &G) : Data(G.data()), Size(G.size()) {}
  Histogram<T> param() const { return Histogram<T>(Data, Size); }
  void commit() {}
};

template <class P> struct ScalarBinder {
  static constexpr int Rank = 0;
  P Value;
  template <class A> explicit ScalarBinder(A &&V) : Value(static_cast<P>(V)) {}
  P param() const { return Value; }
  void commit() {}
};
template <> struct Binder<float> : ScalarBinder<float> {
  using ScalarBinder::ScalarBinder;
};
template <> struct Binder<double> : ScalarBinder<double> {
  using ScalarBinder::ScalarBinder;
};
template <> struct Binder<int> : ScalarBinder<int> {
  using ScalarBinder::ScalarBinder;
};
template <> struct Binder<int64_t> : ScalarBinder<int64_t> {
  using ScalarBinder::ScalarBinder;
};
template <> struct Binder<bool> : ScalarBinder<bool> {
  using ScalarBinder::ScalarBinder;
};

template <class P> using BinderOf = Binder<std::decay_t<P>>;

/// The kernel's rank: the largest rank among its parameters' grids.
template <class... P> constexpr int kernelRank() {
  int R = 0;
  ((R = BinderOf<P>::Rank > R ? BinderOf<P>::Rank : R), ...);
  return R;
}

template <int R> struct ExtentsCheck {
  bool Seen = false;
  Extents<R> E{};
  template <class B> void add(const B &Bind) {
    if constexpr (B::Rank == R) {
      Extents<R> X = Bind.extents();
      if (Seen && X != E)
        throw std::invalid_argument(
            "stencil::reference: grids of one kernel must have equal "
            "extents, got " +
            formatExtents<R>(E) + " and " + formatExtents<R>(X));
      E = X;
      Seen = true;
    }
  }
};

template <int R, class F> void forEachPoint(const Region<R> &Box, F &&Body) {
  Context &C = context();
  std::array<int64_t, 3> Lo{0, 0, 0}, Hi{1, 1, 1};
  for (int D = 0; D < R; ++D) {
    Lo[D] = Box.Lo[D];
    Hi[D] = Box.Hi[D];
  }
  for (int64_t I = Lo[0]; I < Hi[0]; ++I)
    for (int64_t J = Lo[1]; J < Hi[1]; ++J)
      for (int64_t K = Lo[2]; K < Hi[2]; ++K) {
        C.Point = {I, J, K};
        Body();
      }
}

template <class... P, class... A, size_t... N>
void run(const Region<kernelRank<P...>()> *Box, void (*Kernel)(P...),
         std::index_sequence<N...>, A &&...Args) {
  constexpr int R = kernelRank<P...>();
  static_assert(R >= 1, "a kernel needs at least one grid");
  // Braces: nvcc's host pass misparses the parenthesised pack expansion.
  std::tuple<BinderOf<P>...> Binders{BinderOf<P>(std::forward<A>(Args))...};
  ExtentsCheck<R> Check;
  (Check.add(std::get<N>(Binders)), ...);

  Context &C = context();
  C = Context();
  C.Rank = R;
  Region<R> Domain;
  if (Box) {
    Domain = *Box;
  } else {
    // Probe: run every point with clamped reads to find the radii.
    Region<R> All;
    All.Hi = Check.E;
    C.M = Mode::Probe;
    forEachPoint<R>(All, [&] { Kernel(std::get<N>(Binders).param()...); });
    C.M = Mode::Run;
    for (int D = 0; D < R; ++D) {
      Domain.Lo[D] = -C.ProbeLo[D];
      Domain.Hi[D] = Check.E[D] - C.ProbeHi[D];
    }
  }
  for (int D = 0; D < R; ++D)
    if (Domain.Lo[D] < 0 || Domain.Hi[D] > Check.E[D])
      throw std::out_of_range("stencil::reference: region leaves the grid "
                              "along dimension " +
                              std::to_string(D));
  forEachPoint<R>(Domain, [&] { Kernel(std::get<N>(Binders).param()...); });
  (std::get<N>(Binders).commit(), ...);
}

} // namespace detail

/// Runs Kernel over its default domain (the interior) on host arrays.
/// Grid parameters take HostGrid<T, R>&, reductions a T& that receives the
/// result, histograms a std::vector<T>& (added to), scalars their value.
template <class... P, class... A>
void reference(void (*Kernel)(P...), A &&...Args) {
  static_assert(sizeof...(P) == sizeof...(A), "wrong number of arguments");
  detail::run<P...>(nullptr, Kernel, std::index_sequence_for<P...>{},
                    std::forward<A>(Args)...);
}

/// Runs Kernel over an explicit region of its grids.
template <int R, class... P, class... A>
void reference(const Region<R> &Box, void (*Kernel)(P...), A &&...Args) {
  static_assert(sizeof...(P) == sizeof...(A), "wrong number of arguments");
  static_assert(R == detail::kernelRank<P...>(), "region rank != kernel rank");
  detail::run<P...>(&Box, Kernel, std::index_sequence_for<P...>{},
                    std::forward<A>(Args)...);
}

} // namespace stencil

#endif // STENCIL_STENCIL_HPP
