// fused.spec.cpp - ping-pong sweeps that fuse-sweeps fuses (issue 14), for
// test/gpu/fused/main.cu: each is checked against its own one-sweep
// launcher, bit for bit, through NAME_sweeps and NAME_until.
#include <stencil/stencil.hpp>

using namespace stencil;

/// The Helmholtz Jacobi sweep (examples/jacobi2d): a 5-point star, a
/// read-only right-hand side, a division hoisted, a Sum.
STENCIL_KERNEL void helmholtz(In<double, 2> uold, In<double, 2> f,
                              Out<double, 2> u, Sum<double> error, double ax,
                              double ay, double b, double omega) {
  double resid = (ax * (uold(0, -1) + uold(0, 1)) +
                  ay * (uold(-1, 0) + uold(1, 0)) + b * uold() - f()) /
                 b;
  u() = uold() - omega * resid;
  error += resid * resid;
}

/// f32, radius 2 along x and 1 along y, a coefficient grid read at an
/// offset, the coordinates, and all three reduction kinds.
STENCIL_KERNEL void wide(In<float, 2> s, In<float, 2> k, Out<float, 2> t,
                         Sum<float, double> total, Max<float> top,
                         Min<float> bottom, float c) {
  float v = 0.25f * (s(0, -2) + s(0, 2)) + 0.125f * (s(-1, 0) + s(1, 0)) +
            c * k(0, 1) * s() + 0.0001f * index(1);
  if (v > 4.0f)
    v = v - 8.0f;
  t() = v;
  total += v;
  top = max(top, v);
  bottom = min(bottom, v);
}

/// int64 without reductions: a 9-point box, wrapping arithmetic.
STENCIL_KERNEL void life(In<int64_t, 2> a, Out<int64_t, 2> b) {
  int64_t n = a(-1, -1) + a(-1, 0) + a(-1, 1) + a(0, -1) + a(0, 1) + a(1, -1) +
              a(1, 0) + a(1, 1);
  b() = (n * 3 + a() * 7 + index(0)) % 1000003;
}

/// Rank 3, Himeno-like (streamed along dimension 0 when fused): the state
/// read at the centre, its 6 faces and 3 edges (radius 1 in every
/// dimension), a coefficient grid at the centre, an if on a local, a Sum
/// and a Max. The state's weights add up to 0.85 and |c| < 1, so with w
/// 0.1 every value stays within [-1, 1] over any number of sweeps; the fold
/// keeps points near it flipping between two values, so the state does not
/// settle and every sweep's change stays far from zero.
STENCIL_KERNEL void relax3(In<float, 3> p, In<float, 3> c, Out<float, 3> q,
                           Sum<float, double> change, Max<float> top, float w) {
  float v = 0.1f * (p(-1, 0, 0) + p(1, 0, 0) + p(0, -1, 0) + p(0, 1, 0) +
                    p(0, 0, -1) + p(0, 0, 1)) +
            0.05f * (p(1, 1, 0) + p(-1, 0, 1) + p(0, -1, -1)) + 0.1f * p() +
            w * c();
  if (v > 0.3f)
    v = 0.6f - v;
  float ss = v - p();
  q() = v;
  change += ss * ss;
  top = max(top, v);
}

/// Rank 3, f64, three coefficient grids read only at the centre:
/// merge-arrays packs them into records of two double2 (a padding field),
/// so the fused kernel loads them from the records and carries them to the
/// next step one value at a time (FusedStream.cpp, carriedValues; Himeno's
/// twelve f32 fields, three whole float4, are carried as vectors). The
/// weights' magnitudes add up to at most 1 for coefficients in [-1, 1].
STENCIL_KERNEL void relax3c(In<double, 3> p, In<double, 3> a, In<double, 3> b,
                            In<double, 3> c, Out<double, 3> q,
                            Sum<double> change) {
  double v = 0.3 * a() * (p(-1, 0, 0) + p(1, 0, 0)) +
             0.15 * b() * (p(0, -1, 0) + p(0, 1, 0)) +
             0.1 * c() * (p(0, 0, -1) + p(0, 0, 1)) + 0.1 * p();
  q() = v;
  change += (v - p()) * (v - p());
}

/// Not fused (v is written on some paths only: points where a > 0.75 keep
/// the value their buffer holds): NAME_sweeps runs the loop of one-sweep
/// launches, or, where the grids fit in L2, persistent launches
/// (PersistentSweeps.cpp). f32, so the one-sweep kernel has vectors and an
/// instance per row skew.
STENCIL_KERNEL void clip2(In<float, 2> u, In<float, 2> k, Out<float, 2> v,
                          Max<float> top, Sum<float, double> total) {
  float a = 0.25f * (u(0, -1) + u(0, 1) + u(-1, 0) + u(1, 0)) + 0.01f * k();
  if (a <= 0.75f)
    v() = a;
  top = max(top, a);
  total += a;
}

/// Fused after fuse-sweeps sinks its stores (v written in both branches of
/// an if: one store of a local ends the body, docs/passes/fuse-sweeps.md
/// #stores-in-branches): the fused steps compute each branch's value as
/// the one-sweep kernel does.
STENCIL_KERNEL void clip2s(In<float, 2> u, In<float, 2> k, Out<float, 2> v,
                           Max<float> top, Sum<float, double> total) {
  float a = 0.25f * (u(0, -1) + u(0, 1) + u(-1, 0) + u(1, 0)) + 0.01f * k();
  if (a > 0.75f)
    v() = 0.75f - 0.5f * u();
  else
    v() = a;
  top = max(top, a);
  total += a;
}

/// Rank 1 (fuse-sweeps lowers ranks 2 and 3): the loop, or persistent
/// launches; radius 2, an f64 Sum and Min.
STENCIL_KERNEL void smooth1(In<double, 1> a, In<double, 1> k, Out<double, 1> b,
                            Sum<double> change, Min<double> low) {
  double v = 0.2 * (a(-2) + a(-1) + a() + a(1) + a(2)) + 0.001 * k();
  b() = v;
  change += (v - a()) * (v - a());
  low = min(low, v);
}

/// Boundary rules on the state along both dimensions, not periodic
/// (docs/passes/fuse-sweeps.md#boundary-rules): fused, each tile at the
/// grid's edge loading level 0 through the rules and filling each level's
/// halo outside the grid from the level's own points. A 9-point box (the
/// corners outside the grid in both dimensions), Clamp rows and Reflect
/// columns, f64.
STENCIL_KERNEL void heatc(In<double, 2, Boundary<Clamp, Reflect>> u, In<double, 2> k,
                          Out<double, 2> v, Sum<double> change, Max<double> peak) {
  double c = 0.05 * (u(-1, -1) + u(-1, 1) + u(1, -1) + u(1, 1)) +
             0.15 * (u(-1, 0) + u(1, 0) + u(0, -1) + u(0, 1)) + 0.2 * u() +
             0.001 * k();
  v() = c;
  change += (c - u()) * (c - u());
  peak = max(peak, c);
}

/// heatc without rules (the interior, a ring of one point kept): fused
/// --bench times both, the rules' cost in fused tiles.
STENCIL_KERNEL void heatu(In<double, 2> u, In<double, 2> k, Out<double, 2> v,
                          Sum<double> change, Max<double> peak) {
  double c = 0.05 * (u(-1, -1) + u(-1, 1) + u(1, -1) + u(1, 1)) +
             0.15 * (u(-1, 0) + u(1, 0) + u(0, -1) + u(0, 1)) + 0.2 * u() +
             0.001 * k();
  v() = c;
  change += (c - u()) * (c - u());
  peak = max(peak, c);
}

/// Mirror rows and Constant<1> columns at radius 2 (the value outside the
/// grid, and levels two points deep outside it), f32.
STENCIL_KERNEL void mirc(In<float, 2, Boundary<Mirror, Constant<1>>> u, In<float, 2> k,
                         Out<float, 2> v, Sum<float, double> change, Max<float> peak) {
  float c = 0.125f * (u(0, -2) + u(0, 2) + u(-1, 0) + u(1, 0)) +
            0.25f * (u(0, -1) + u(0, 1)) + 0.01f * k();
  v() = c;
  change += (c - u()) * (c - u());
  peak = max(peak, c);
}

/// Reflect rows and no rule along the columns, read there at offset 0 only
/// (the domain still every point): the tiles' columns outside the grid are
/// never read, and their loads stay in the grid (compute-sanitizer's
/// memcheck runs check-quick). f64, a Min.
STENCIL_KERNEL void rowc(In<double, 2, Boundary<Reflect, Interior>> u, In<double, 2> k,
                         Out<double, 2> v, Sum<double> change, Min<double> peak) {
  double c = 0.25 * (u(-1, 0) + u(1, 0)) + 0.5 * u() - 0.01 * k();
  v() = c;
  change += (c - u()) * (c - u());
  peak = min(peak, c);
}
