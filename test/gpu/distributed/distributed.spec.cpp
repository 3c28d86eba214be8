// distributed.spec.cpp - kernels for the GPU test of distributed grids
// (issue 11; docs/distributed.md): compiled with stencilc --distributed, run
// on one grid and on 1, 2, 3 and 5 pieces of one device.
#include <stencil/stencil.hpp>
using namespace stencil;

// A 2-D weighted Jacobi sweep: a 5-point read of u, a Sum and a Max.
STENCIL_KERNEL void sweep2d(In<double, 2> u, In<double, 2> f, Out<double, 2> v,
                            Sum<double> res, Max<double> change, double w) {
  double r = 0.25 * (u(-1, 0) + u(1, 0) + u(0, -1) + u(0, 1) - f()) - u();
  v() = u() + w * r;
  res += r * r;
  change = max(change, fabs(w * r));
}

// A 3-D float sweep reaching two rows below and one above along dimension 0
// (a halo of {2, 1}, wider than the thinnest slabs), a float Sum of
// non-negative terms (summed in double on the device, in float by the
// reference) and a Max.
STENCIL_KERNEL void sweep3d(In<float, 3> a, In<float, 3> c, Out<float, 3> b,
                            Sum<float> total, Max<float> peak) {
  float m = (a(-2, 0, 0) + a(-1, 0, 0) + a(1, 0, 0) + a(0, -1, 0) + a(0, 1, 0) +
             a(0, 0, -1) + a(0, 0, 1)) * c() * 0.125f;
  b() = m;
  total += m * m;
  peak = max(peak, m);
}

// An InOut grid updated in place from another grid's neighbours, with a Min.
STENCIL_KERNEL void relax(InOut<double, 2> u, In<double, 2> g, Min<double> lo) {
  u() = u() + 0.5 * (g(1, 0) - g(-1, 0));
  lo = min(lo, u());
}

// A histogram added to by every piece, and an integer Sum.
STENCIL_KERNEL void census(In<double, 2> u, Histogram<int> h, Sum<int> n, int nbins) {
  int b = min(max(int((u() + 1.0) * 0.5 * nbins), 0), nbins - 1);
  h[b] += 1;
  n += b;
}

// Coordinates: on a piece, index(d) is the point's place in the whole grid.
STENCIL_KERNEL void coords(Out<double, 2> u, Sum<double> s, Max<int> top, double dx,
                           double dy) {
  double x = -1.0 + dx * index(0);
  double y = -1.0 + dy * index(1);
  u() = x * x - y;
  s += x * x + y + 1.0; // terms >= 0: a sum far from zero
  top = max(top, index(0) * 1000 + index(1));
}
