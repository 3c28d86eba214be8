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

// Histogram<int64_t> to which each point adds at most 1000 in magnitude
// (stencilc proves it from the % 1001): the shared-memory lowerings count in
// 32-bit private counters on launches of at most 2^31 / 1000 points, in
// 64-bit ones above (docs/passes/lower-histograms.md#narrow-counters).
STENCIL_KERNEL void narrow(In<int, 1> k, Histogram<int64_t> bins, const int nbins) {
  bins[(k() % nbins + nbins) % nbins] += int64_t(k() % 1001);
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

// Floating division (hoist-division, exact by default): by scalars
// (exact_div: the reciprocal's high and low words), by constants proved to
// need one correction (exact_div1: 9.0f and 81.0 whose reciprocals lie within
// u/2, 7.0f tried on every significand) and by one that is neither (49.0),
// bit for bit at zeros of both signs, infinities, NaN, subnormals and the
// edges of the fast path's range.
STENCIL_KERNEL void divide(In<float, 1> x, In<double, 1> y, Out<float, 1> fs, Out<float, 1> f7,
                           Out<float, 1> f9, Out<double, 1> ds, Out<double, 1> d81,
                           Out<double, 1> d49, const float s, const double t) {
  fs() = x() / s;
  f7() = x() / 7.0f;
  f9() = x() / 9.0f;
  ds() = y() / t;
  d81() = y() / 81.0;
  d49() = y() / 49.0;
}

// fmin/fmax on values are the DSL's (IEEE 754-2019 minimumNumber and
// maximumNumber: a NaN operand yields the other, -0.0 below +0.0, in either
// operand order; test/diff seed 43028: C's fmin left that sign to the host
// compiler), min/max std::'s (test/diff seed 21017: -fmin(-q, q) at q = +0.0
// was lowered as min).
STENCIL_KERNEL void fminmax(In<double, 1> a, In<double, 1> b, Out<double, 1> lo,
                            Out<double, 1> hi, Out<float, 1> flo, Out<float, 1> fhi,
                            Out<double, 1> neg, Out<double, 1> mm, Out<double, 1> mn,
                            Out<double, 1> mx) {
  lo() = stencil::fmin(a(), b());
  hi() = stencil::fmax(a(), b());
  flo() = stencil::fmin(float(a()), float(b()));
  fhi() = stencil::fmax(float(b()), float(a()));
  neg() = -stencil::fmin(-a(), a());
  mm() = min(a(), b()) + max(b(), a());
  mn() = min(a(), b());
  mx() = max(b(), a());
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

// A register ring (docs/passes/tile.md#ring; forced by stencilc.flags, as
// tile takes rings only where arithmetic bounds a kernel) with every kind
// of statement a
// phase may hold: the streamed coordinate in the first phase, a store after
// it, a local declared in the middle phase and read in the last, loads
// inside both branches of an if, a read of a plane behind the last phase,
// and order-free reductions.
STENCIL_KERNEL void ring3(In<float, 3> u, In<float, 3> c, Out<float, 3> first,
                          Out<float, 3> v, Max<float> hi, Sum<double> total) {
  float acc = 0.5f * float(index(0) % 7);
  for (int j = -1; j <= 1; ++j)
    for (int k = -2; k <= 2; ++k)
      acc += u(-1, j, k) * (1.0f + 0.25f * j);
  first() = acc;
  float mid = c(0, 0, 0) > 0.5f ? u(0, 0, 1) : -u(0, 0, -1);
  for (int j = -1; j <= 1; ++j)
    for (int k = -1; k <= 1; ++k) {
      if (c(0, j, k) > 0.25f)
        acc += u(0, j, k);
      else
        acc -= 0.5f * u(0, j, k);
    }
  for (int j = -1; j <= 1; ++j)
    acc += u(1, j, 0) * mid;
  v() = acc - u(-1, 0, 0);
  hi = max(hi, acc);
  total += double(acc * acc) * index(0); // terms >= 0: a sum to 1e-10
}

// A rank-2 ring (forced, stencilc.flags): int sums of rows read in order,
// a Min over them, the row coordinate in the middle phase.
STENCIL_KERNEL void ring2(In<int, 2> a, Out<int, 2> s, Min<int> lo) {
  int n = a(-2, 0) - a(-2, 1);
  n += a(-1, -1) * 3 + a(-1, 1);
  int m = n + index(0) % 5 + a(0, 0);
  n = m * 2 - a(2, -1) - a(2, 0) - a(2, 1);
  s() = n;
  lo = min(lo, n - a(1, 0));
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

// Edge vectors (docs/passes/tile.md#edge-vectors, rank 3): a kernel that reads
// along its rows only runs every row, so its domain's first vector starts at the
// grid's first element and its last ends at the grid's last. A vector at
// the domain's first and last columns runs its lanes (the lanes outside the
// domain compute from elements outside it and store and count nothing)
// except near the grid's ends, where its loads could leave the grid: there
// it goes one point at a time.
STENCIL_KERNEL void vecrow(In<float, 3> u, Out<float, 3> v, Histogram<int> h,
                           const int nb) {
  float x = 2.0f * u(0, 0, -1) + u(0, 0, 1) - u(0, 0, 2) * u();
  v() = x;
  h[min(max(int(x * 4.0f), 0), nb - 1)] += 1;
}

// boolcast: test/diff seed 18006 kernel 1, as generated (a bool made a
// double, truncated back to int and compared, twice in a row: ptxas took
// the second F2I for the first; stencilc converts bools to floating point
// through int, docs/difftest.md). The body is the generator's, less an
// unused local.
STENCIL_KERNEL void boolcast(In<int64_t, 3> a2, InOut<int, 3> q6, Out<int64_t, 3> u5, Histogram<int> h8, In<double, 3> a3, In<double, 3> a1, Out<float, 3> u4, Histogram<float> h9, Min<int> m7, const int nb_8, int nb_9, const int64_t s10, bool s11, double s12) {
  bool v1 = !!!((double)(q6()) <= double(a2(0, -2, -1)));
  for (int i0 = 1; i0 <= 3; i0 += 2) {
    for (int i1 = -1; i1 < 1; ++i1) {
      v1 = ((int64_t(a3(0, 1, -1)) % (abs(int64_t(8)) + int64_t(1))) >= abs(int64_t(a3(i1, 1, -3))));
    }
  }
  if ((static_cast<int64_t>(a1(0, 3, 2)) >= ((int64_t)(q6()) * int64_t(7)))) {
    for (int i0 = 1; i0 <= 7; i0 += 2) {
      v1 = !s11;
    }
    for (int i0 = -2; i0 < 0; ++i0) {
      v1 = (static_cast<int>(double(v1)) == (static_cast<int>(s10) * (int)(a3(3, 0, 0))));
    }
    if ((double(q6()) >= 1.5)) {
      h8[max(min(int(sqrt(stencil::fmin(stencil::fmax(float(v1), -10.0f), 10.0f) * stencil::fmin(stencil::fmax(float(v1), -10.0f), 10.0f) + stencil::fmin(stencil::fmax(0.001f, -10.0f), 10.0f) * stencil::fmin(stencil::fmax(0.001f, -10.0f), 10.0f)) / 15.0f * nb_8), nb_8 - 1), 0)] += ((static_cast<int>(floor((-double(a2(0, 0, 1)))))) % 5);
    } else {
      m7 = min(abs(((6 - 3) / (abs(abs(((index(0)) % 1000))) + 1))), m7);
      h9[max(min(int(sqrt((((double)(q6())) / (fabs((double)(q6())) + 1.0) * 10.0) * (((double)(q6())) / (fabs((double)(q6())) + 1.0) * 10.0) + stencil::fmin(stencil::fmax((((double)(a2(2, 0, 0)) / (fabs(double(v1)) + 1.0)) * ceil(static_cast<double>(v1))), -10.0), 10.0) * stencil::fmin(stencil::fmax((((double)(a2(2, 0, 0)) / (fabs(double(v1)) + 1.0)) * ceil(static_cast<double>(v1))), -10.0), 10.0)) / 15.0 * nb_9), nb_9 - 1), 0)] += float((((abs(((index(1)) % 9973)) - nb_9)) % 5));
    }
  } else {
    for (int i0 = -2; i0 < 0; i0 += 2) {
      q6() = (((4 + ((float(q6()) == stencil::fmin(stencil::fmax(float(index(1)), -10.0f), 10.0f)) ? (nb_8 + int(v1)) : (int(s12) + (int)(a2(i0-1, -2, i0+1)))))) % 1000);
      m7 = min(m7, (((((int)(a1(1, 0, 0)) == static_cast<int>(a1(-2, 1, 3))) || (stencil::fmin(stencil::fmax(float(index(0)), -100.0f), 100.0f) == float(a2(1, i0, -1)))) || (q6() != (int)(v1))) ? (-abs(int(v1))) : (int)(a1(3, i0, 1))));
    }
    m7 = min(m7, 4);
  }
  q6() = ((((((float(a2(2, 1, -1)) <= float(a3(0, 3, -2))) && (a2(0, 1, 0) <= int64_t(4))) ? ((index(1)) % 97) : (int)(floor(0.1f))) + (abs(q6()) - ((int)(a2(0, 1, 1)) + 2)))) % 1000);
  h8[abs(nb_9) % nb_8] += (((int)(ceil(fabs((float)(a1(-2, 0, 1)))))) % 5);
  h9[abs(7) % nb_9] += float(((((int)(a3(-1, 0, -1)) % (abs(((double(v1) <= (double)(s10)) ? 1 : static_cast<int>(s12))) + 1))) % 5));
  m7 = min(((static_cast<int>(a2(1, 3, 2)) + std::max(int(a3(1, -3, 0)), nb_9)) + (int)(ceil((0.001f / (fabs(static_cast<float>(a1(1, 0, -3))) + 1.0f))))), m7);
  m7 = min(m7, abs(int(v1)));
  u5() = int64_t(v1 ? 1 : 0);
  u4() = float(a3(1, 2, -1));
}

// Rows a grid stride apart (docs/passes/tile.md#jam): a rank-2 reduction
// over a grid read only at the centre (a persistent grid) is jammed by 4
// rows; each lane's index(0), its own row's value and store, and the order-
// free reductions: the reference's values bit for bit.
STENCIL_KERNEL void rows2(In<double, 2> u, Out<double, 2> v, Max<double> hi,
                          Min<int> lo) {
  double w = u() * (index(0) + 1) - index(1);
  v() = w;
  hi = max(hi, w);
  lo = min(lo, index(0) * 7 - index(1) * 3 + int(u() * 8.0));
}

// Integer chains that the lanes of a thread share (gather-chains,
// codegen/Chains.h): a 5 x 5 int box whose partial sums wrap around, a row
// window's int64 min and max, a sum with subtracted terms. The lanes' shared
// partials are summed in another order than the spec's; two's complement
// gives the same bits in any order.
STENCIL_KERNEL void chains2(In<int, 2> a, In<int64_t, 2> b, Out<int, 2> s,
                            Out<int64_t, 2> spread, Max<int> hi) {
  int n = 0;
  for (int i = -2; i <= 2; ++i)
    for (int j = -2; j <= 2; ++j)
      n += a(i, j);
  int64_t top = b(0, -3);
  int64_t low = b(0, -3);
  for (int j = -3; j <= 3; ++j) {
    top = max(top, b(0, j));
    low = min(low, b(0, j));
  }
  const int d = a(-1, 0) - a(1, 0) + a(0, -1) - a(0, 1) - a(0, 0);
  s() = n + d;
  spread() = top - low;
  hi = max(hi, n);
}
