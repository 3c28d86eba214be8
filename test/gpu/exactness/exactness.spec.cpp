// exactness.spec.cpp - kernels for the GPU test of the exactness rule
// (issue 10; docs/dsl.md#reductions, docs/testing.md): each targets one way
// a GPU result could differ from stencil::reference.
#include <stencil/stencil.hpp>
using namespace stencil;

// Min/Max over terms with NaN, zeros of both signs and infinities: the total
// must not depend on the order in which the GPU folds them.
STENCIL_KERNEL void extremes(In<float, 1> x, In<double, 1> y, Min<float> lo,
                             Max<float> hi, Min<double> dlo, Max<double> dhi) {
  lo = min(lo, x());
  hi = fmax(x(), hi);
  dlo = fmin(y(), dlo);
  dhi = max(dhi, y());
}

// Integer sums that overflow: they wrap, on the GPU as in the reference.
STENCIL_KERNEL void counts(In<int, 1> k, In<int64_t, 1> w, Sum<int> s,
                           Sum<int64_t> s64, Sum<int, int64_t> wide) {
  s += k();
  s64 += w();
  wide += k();
}

// Float histograms: integer weights keep every partial sum exact (bit-
// identical); fractional weights differ only by summation order.
STENCIL_KERNEL void weights(In<double, 1> v, Histogram<float> whole,
                            Histogram<double> frac, Histogram<int> n,
                            const int nbins) {
  int b = min(max(int(v() * nbins), 0), nbins - 1);
  whole[b] += float(int(v() * 100.0) % 7 + 1);
  frac[b] += v() * 0.1;
  n[b] += 1;
}

// Histogram<int64_t>: a block's private copy in shared memory adds the low
// and high 32-bit words with a carry (stencil/detail/atomics.hpp,
// atomicAddWords). Weights whose low halves wrap, negative weights and
// weights above 2^32 land in the same bins.
STENCIL_KERNEL void carries(In<int64_t, 1> w, In<int, 1> b, Histogram<int64_t> bins,
                            const int nbins) {
  bins[b() % nbins] += w();
}

// Vector lanes of a histogram kernel (docs/passes/tile.md#vectors): each
// lane adds its own bin, the int64 one with signed weights from its column.
STENCIL_KERNEL void lanes(In<float, 2> u, Histogram<int> n, Histogram<int64_t> w,
                          const int nbins) {
  int b = min(max(int(u() * float(nbins)), 0), nbins - 1);
  n[b] += 1;
  w[(b * 7) % nbins] += int64_t(index(1)) - 3;
}

// int / and % by a scalar (hoist-division: a multiplier and shifts computed
// once per launch, stencil/detail/exact_division.hpp), negative dividends and
// divisors included.
STENCIL_KERNEL void intdiv(In<int, 1> a, Out<int, 1> q, Out<int, 1> r, const int d) {
  q() = a() / d;
  r() = a(1) % d + a(-1) / d;
}

// An InOut value read back after its own store, in a ?: against an In grid
// (test/diff seed 238): nvcc 13.0 loaded it through the read-only path.
STENCIL_KERNEL void reload(In<int, 1> a3, In<int64_t, 1> a2, InOut<int64_t, 1> q,
                           Sum<float> s) {
  q() = (int64_t)(a3(1));
  s += max((int64_t)(a3(2)), min(((2.0f != float(a3(-1))) ? q() : a2(-1)), int64_t(7)));
}

// Negated operands of int min/max (test/diff seeds 835 and 10195): ptxas
// fused two of them into a three-input VIMNMX3 and dropped the negation
// (stencil/detail/numerics.hpp, minMaxOperand).
STENCIL_KERNEL void negminmax(In<int64_t, 1> x, In<float, 1> f, In<int, 1> a,
                              Min<int> lo, Max<int> hi, Out<int, 1> o,
                              Out<int, 1> p) {
  const int r = int(x() % 10000);
  lo = min(lo, a());
  lo = min(lo, -r);
  lo = min(lo, int(x(1) % 10000));
  hi = max(hi, a(1));
  hi = max(hi, -int(f()) - 3 / (abs(a(-1) + index(0) % 7) + 1));
  hi = max(hi, int(f(-1)));
  o() = min(min(a(), -r), a(-1));
  p() = max(max(a(1), -int(f()) - 3 / (abs(a(-1) + index(0) % 7) + 1)),
            int(f(-1)));
}

// Unroll-and-jam (docs/passes/tile.md#unroll-and-jam): wide boxes whose
// points share loads. Every point's statements keep their order, so the
// fields are the reference's bit for bit; the locals of an if, reads in a
// ?:, coordinates, an InOut centre and order-free reductions each get a
// lane of their own.
STENCIL_KERNEL void jam2(In<float, 2> u, In<float, 2> c, InOut<float, 2> w,
                         Out<double, 2> o, Max<float> peak, Sum<int64_t> odd) {
  float acc = 0.0f;
  for (int i = -3; i <= 3; ++i)
    for (int j = -2; j <= 2; ++j)
      acc += (c(i, 0) > 0.0f ? u(i, j) : 0.5f * u(i, -j)) * float(3 + i - j);
  if (acc > 1.0f) {
    float t = u(-3, 2) - u(3, -2);
    acc = acc * 0.75f + t;
  } else {
    acc = acc - u(1, 1) * float(index(0) % 5);
  }
  w() = w() * 0.5f + acc;
  o() = double(acc) / 3.0 + index(1);
  peak = max(peak, acc);
  odd += int64_t(acc * 1000.0f) % 2;
}

STENCIL_KERNEL void jam3(In<double, 3> u, Out<double, 3> v, Min<double> lo) {
  double acc = 0.0;
  for (int i = -1; i <= 1; ++i)
    for (int j = -1; j <= 1; ++j)
      for (int k = -2; k <= 2; ++k)
        acc += u(i, j, k) * (1.0 + 0.125 * (i + j * k));
  v() = acc;
  lo = min(lo, acc - u());
}

// Vectors along the row (docs/passes/tile.md#vectors): adjacent points of
// one thread read their rows as aligned vectors; an InOut centre, a branch,
// coordinates and order-free reductions are each lane's own, the domain's
// edge columns go one point at a time, and rows that are not whole vectors
// take the one-point instance: the reference's values bit for bit.
// (vec2 has no reductions: a rank-2 reduction sweep takes a persistent grid
// and no vectors; vec1's and vec3's reductions take each lane's value.)
STENCIL_KERNEL void vec2(In<float, 2> u, InOut<float, 2> w, Out<int, 2> odd) {
  float s = 1.5f * (u(0, -2) + u(0, 2)) - u(0, -1) * u(0, 1) + u(-1, 0);
  if (s > w())
    s = s - 0.25f * u(1, 0) * float(index(1) % 7);
  w() = w() * 0.5f + s;
  odd() = int(s * 1000.0f) % 2;
}

STENCIL_KERNEL void vec1(In<int64_t, 1> a, Out<int64_t, 1> d, Min<int64_t> lo) {
  int64_t v = 3 * a(3) - a(-1) + a(1) * int64_t(index(0) % 5);
  d() = v;
  lo = min(lo, v);
}

STENCIL_KERNEL void vec3(In<double, 3> u, Out<double, 3> v, Max<double> hi) {
  double x = u(0, 0, -1) * 0.25 + u(0, 0, 1) * 0.75 - u(1, 0, 0) + u(0, -1, 0);
  v() = x;
  hi = max(hi, x);
}
