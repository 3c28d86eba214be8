// RUN: %stencilc %s --emit=ir -O0 | FileCheck %s
// Constructs at the edges of the DSL contract that are accepted, and what
// they translate to.
#include "Inputs/shared-helpers.hpp"
#include <cmath>
using namespace stencil;

enum Side { West = -1, East = 1 };
constexpr int reach() { return 2; }

// An Out grid written twice keeps the last value; written on one branch it
// keeps its old contents elsewhere, as the reference does.
STENCIL_KERNEL void writes(In<double, 1> g, Out<double, 1> u, Out<double, 1> w) {
  u() = 1.0;
  u() = g();
  if (g() > 0.0)
    w() = g();
}
// CHECK-LABEL: kernel writes rank 1
// CHECK:         store u = 1.0
// CHECK-NEXT:    store u = g[0]
// CHECK-NEXT:    if (g[0] > 0.0) {
// CHECK-NEXT:      store w = g[0]
// CHECK-NEXT:    }

// A reduction updated under a condition; stores that narrow double to int
// truncate as C++ does.
STENCIL_KERNEL void conditional_sum(In<double, 1> g, Out<int, 1> n, Sum<double> s) {
  if (g() > 1.0)
    s += g();
  n() = g() * 2.5;
}
// CHECK-LABEL: kernel conditional_sum rank 1
// CHECK:         if (g[0] > 1.0) {
// CHECK-NEXT:      reduce s += g[0]
// CHECK-NEXT:    }
// CHECK-NEXT:    store n = i32((g[0] * 2.5))

// Compound assignment and increments of an InOut grid at the centre.
STENCIL_KERNEL void updates(InOut<double, 1> v, InOut<int, 1> c) {
  v() += 1.0;
  v()++;
  --c();
}
// CHECK-LABEL: kernel updates rank 1
// CHECK:         store v = (v[0] + 1.0)
// CHECK-NEXT:    store v = (v[0] + 1.0)
// CHECK-NEXT:    store c = (c[0] - 1)

// Offsets from enum constants and constexpr functions; char and bool
// offsets are the integers C++ makes of them.
STENCIL_KERNEL void offsets(In<double, 2> g, Out<double, 2> u) {
  u() = g(West, East) + g(reach(), 0) + g(0, true);
}
// CHECK-LABEL: kernel offsets rank 2
// CHECK:         store u = ((g[-1, 1] + g[2, 0]) + g[0, 1])

// Math through std::, ::, C's float variants (fmax only as stencil::fmax)
// and std::min with an explicit type: each computes in the type its
// declaration gives the call.
STENCIL_KERNEL void maths(In<float, 1> g, Out<double, 1> u, Out<float, 1> f) {
  u() = std::sqrt(g()) + ::sqrt(g()) + std::min<double>(g(), 1);
  f() = sqrtf(g()) + stencil::fmax(g(), 0.5f) + std::pow(g(), 2);
}
// CHECK-LABEL: kernel maths rank 1
// CHECK:         store u = ((f64(sqrt(g[0])) + sqrt(f64(g[0]))) + min(f64(g[0]), f64(1)))
// CHECK-NEXT:    store f = f32((f64((sqrt(g[0]) + fmax(g[0], 0.5f))) + pow(f64(g[0]), f64(2))))

// Helpers: from an included header, taking a grid by value or by const
// reference, and templates.
inline double east(In<double, 1> a) { return a(1); }
inline double west(const In<double, 1> &a) { return a(-1); }
template <class T> T square(T x) { return x * x; }
STENCIL_KERNEL void helpers(In<double, 1> g, Out<double, 1> u) {
  u() = average(east(g), west(g)) + square(g());
}
// CHECK-LABEL: kernel helpers rank 1
// CHECK:         store u = ((0.5 * (g[1] + g[-1])) + (g[0] * g[0]))

// A kernel in a namespace keeps its own name.
namespace solver {
STENCIL_KERNEL void scoped(In<double, 1> g, Out<double, 1> u) { u() = -g(); }
}
// CHECK-LABEL: kernel scoped rank 1
// CHECK:         store u = -g[0]

// CHECK-NOT: kernel included_kernel

// C++ constants fold to their values: elements and members of constexpr
// globals, static constexpr locals. Helpers may take scalars by const
// reference. `(void)x;` computes nothing.
constexpr double Weights[3] = {0.25, 0.5, 0.25};
struct Stencil { double scale; int reach; };
constexpr Stencil Wide{1.5, 1};
inline double twice(const double &x) { return 2 * x; }
inline double at(In<double, 1> a, const int &o) { return a(o); }
STENCIL_KERNEL void constants(In<double, 1> g, Out<double, 1> u) {
  static constexpr int R = 1;
  double x = Weights[0] * g(-R) + Weights[1] * g() + Wide.scale * g(Wide.reach);
  (void)x;
  u() = twice(x) + at(g, R);
}
// CHECK-LABEL: kernel constants rank 1
// CHECK-NEXT:    param in f64[1] g
// CHECK:         let %x: f64 = (((0.25 * g[-1]) + (0.5 * g[0])) + (1.5 * g[1]))
// CHECK-NEXT:    store u = ((f64(2) * %x) + g[1])

// The centre spelled out with zero offsets is the centre, for writes and for
// reads of an InOut grid.
STENCIL_KERNEL void explicit_centre(In<double, 2> g, Out<double, 2> u, InOut<double, 2> v) {
  u(0, 0) = g(0, 0);
  v(0, 0) = v(0, 0) * 2;
}
// CHECK-LABEL: kernel explicit_centre rank 2
// CHECK:         store u = g[0, 0]
// CHECK-NEXT:    store v = (v[0, 0] * f64(2))
