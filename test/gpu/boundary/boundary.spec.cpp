// boundary.spec.cpp - kernels with boundary rules (docs/dsl.md#boundary-conditions)
// for test/gpu/boundary: every rule at ranks 1-3 with offsets beyond small
// grids, per-dimension rules, reductions, merged and InOut grids in the shell,
// a periodic Game of Life, a correlation for the scipy.ndimage cross-check
// and the periodic f64 5-point sweep of the 1.05x target.
#include <stencil/stencil.hpp>
using namespace stencil;

// Every rule, rank 1: offsets up to 4 on either side.
#define RANK1(NAME, RULE)                                                                          \
  STENCIL_KERNEL void NAME(In<double, 1, RULE> a, Out<double, 1> u) {                             \
    u() = a(-3) + 2.0 * a(-1) + 3.0 * a(1) + 5.0 * a(4) + 7.0 * a();                               \
  }
RANK1(r1_periodic, Periodic)
RANK1(r1_clamp, Clamp)
RANK1(r1_reflect, Reflect)
RANK1(r1_mirror, Mirror)
RANK1(r1_constant, Constant<-2>)

// Rank 2: offsets up to 3, along both dimensions and diagonally.
#define RANK2(NAME, RULE)                                                                          \
  STENCIL_KERNEL void NAME(In<float, 2, RULE> a, Out<float, 2> u) {                               \
    u() = a(-1, 0) + 2.0f * a(1, 0) + 3.0f * a(0, -2) + 5.0f * a(0, 3) + 7.0f * a(2, 1) +          \
          11.0f * a(-3, -1) + 13.0f * a();                                                         \
  }
RANK2(r2_periodic, Periodic)
RANK2(r2_clamp, Clamp)
RANK2(r2_reflect, Reflect)
RANK2(r2_mirror, Mirror)
RANK2(r2_constant, Constant<7>)
using Mixed2 = Boundary<Periodic, Constant<3>>; // an alias names a rule too
RANK2(r2_mixed, Mixed2)

// Rank 3, integers: exact whatever the order.
#define RANK3(NAME, RULE)                                                                          \
  STENCIL_KERNEL void NAME(In<int, 3, RULE> a, Out<int, 3> u) {                                   \
    u() = a(-1, 0, 0) + 2 * a(0, 2, 0) + 3 * a(0, 0, -3) + 5 * a(1, 1, 1) + 7 * a(2, -1, 0) +       \
          11 * a();                                                                                \
  }
RANK3(r3_periodic, Periodic)
RANK3(r3_clamp, Clamp)
RANK3(r3_reflect, Reflect)
RANK3(r3_mirror, Mirror)
RANK3(r3_constant, Constant<-5>)
using Mixed3 = Boundary<Constant<1>, Mirror, Periodic>;
RANK3(r3_mixed, Mixed3)

// An Interior dimension: the domain skips rows, not columns.
STENCIL_KERNEL void r3_partial(In<double, 3, Boundary<Reflect, Interior, Clamp>> a,
                               Out<double, 3> u) {
  u() = a(-2, 0, 0) + 2.0 * a(0, 1, 0) + 3.0 * a(0, -1, 2) + 5.0 * a(1, 0, -4);
}

// Reductions in both kernels (integer: exact), merged centre-only grids and
// an InOut grid in the shell.
STENCIL_KERNEL void reduce(In<int64_t, 2, Boundary<Mirror, Periodic>> a, In<int64_t, 2> c0,
                           In<int64_t, 2> c1, InOut<int64_t, 2> q, Sum<int64_t> s,
                           Max<int64_t> m) {
  q() = q() + c0() * a(-1, 2) + c1() * a(3, -1);
  s += q();
  m = max(m, a(1, 1) - q());
}

// Conway's Game of Life on a torus.
STENCIL_KERNEL void life(In<int, 2, Periodic> a, Out<int, 2> b) {
  int n = a(-1, -1) + a(-1, 0) + a(-1, 1) + a(0, -1) + a(0, 1) + a(1, -1) + a(1, 0) + a(1, 1);
  b() = n == 3 || (n == 2 && a() == 1) ? 1 : 0;
}

// A 3 x 5 correlation with integer weights (exact on integer data): the
// scipy.ndimage cross-check (scipy_check.py) for each mode.
#define CORRELATE(NAME, RULE)                                                                      \
  STENCIL_KERNEL void NAME(In<double, 2, RULE> a, Out<double, 2> u) {                             \
    double acc = 0.0;                                                                              \
    for (int i = -1; i <= 1; ++i)                                                                  \
      for (int j = -2; j <= 2; ++j)                                                                \
        acc += ((i + 2) * 5 + j + 3) * a(i, j);                                                    \
    u() = acc;                                                                                     \
  }
CORRELATE(corr_wrap, Periodic)
CORRELATE(corr_nearest, Clamp)
CORRELATE(corr_reflect, Reflect)
CORRELATE(corr_mirror, Mirror)
CORRELATE(corr_constant, Constant<4>)

// The 1.05x target: the periodic 5-point f64 sweep and the same kernel
// without a rule (interior only).
STENCIL_KERNEL void sweep_periodic(In<double, 2, Periodic> u, Out<double, 2> v, double a) {
  v() = u() + a * (u(-1, 0) + u(1, 0) + u(0, -1) + u(0, 1) - 4.0 * u());
}
STENCIL_KERNEL void sweep_interior(In<double, 2> u, Out<double, 2> v, double a) {
  v() = u() + a * (u(-1, 0) + u(1, 0) + u(0, -1) + u(0, 1) - 4.0 * u());
}
