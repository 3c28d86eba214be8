// REQUIRES: nvcc
// Every DSL construct of the workloads, emitted and compiled for sm_90 with
// warnings as errors, optimised and not.
// RUN: %stencilc %s -o %t.cu --header %t.h
// RUN: %nvcc -Werror all-warnings -Xcompiler -Wall,-Wextra,-Werror -c %t.cu -o %t.o
// RUN: %stencilc %s -O0 -o %t.O0.cu --header %t.O0.h
// RUN: %nvcc -Werror all-warnings -Xcompiler -Wall,-Wextra,-Werror -c %t.O0.cu -o %t.O0.o
#include <stencil/stencil.hpp>
using namespace stencil;

STENCIL_KERNEL void initialize(Out<double, 2> f, Out<double, 2> u, double dx, double dy,
                               double alpha) {
  double x = -1.0 + dx * index(1);
  double y = -1.0 + dy * index(0);
  u() = 0.0;
  f() = -alpha * (1.0 - x * x) * (1.0 - y * y) - 2.0 * (1.0 - x * x) - 2.0 * (1.0 - y * y);
}

STENCIL_KERNEL void helmholtz_sweep(In<double, 2> uold, In<double, 2> f, Out<double, 2> u,
                                    Sum<double> error, double ax, double ay, double b,
                                    double omega) {
  double resid = (ax * (uold(0, -1) + uold(0, 1)) + ay * (uold(-1, 0) + uold(1, 0)) +
                  b * uold() - f()) / b;
  u() = uold() - omega * resid;
  error += resid * resid;
}

STENCIL_KERNEL void laplace(In<float, 2> A, Out<float, 2> Anew, Max<float> error) {
  float a = 0.25f * (A(0, -1) + A(0, 1) + A(-1, 0) + A(1, 0));
  Anew() = a;
  error = max(error, fabs(a - A()));
}

STENCIL_KERNEL void himeno(In<float, 3> p, In<float, 3> a0, In<float, 3> a1, In<float, 3> a2,
                           In<float, 3> a3, In<float, 3> b0, In<float, 3> b1, In<float, 3> b2,
                           In<float, 3> c0, In<float, 3> c1, In<float, 3> c2, In<float, 3> wrk1,
                           In<float, 3> bnd, Out<float, 3> wrk2, Sum<float, double> gosa,
                           float omega) {
  float s0 = a0() * p(1, 0, 0) + a1() * p(0, 1, 0) + a2() * p(0, 0, 1) +
             b0() * (p(1, 1, 0) - p(1, -1, 0) - p(-1, 1, 0) + p(-1, -1, 0)) +
             b1() * (p(0, 1, 1) - p(0, -1, 1) - p(0, 1, -1) + p(0, -1, -1)) +
             b2() * (p(1, 0, 1) - p(-1, 0, 1) - p(1, 0, -1) + p(-1, 0, -1)) +
             c0() * p(-1, 0, 0) + c1() * p(0, -1, 0) + c2() * p(0, 0, -1) + wrk1();
  float ss = (s0 * a3() - p()) * bnd();
  gosa += ss * ss;
  wrk2() = p() + omega * ss;
}

STENCIL_KERNEL void histogram(In<double, 1> x, Histogram<int> bins, int nbins) {
  int bin = min(int(x() * nbins), nbins - 1);
  bins[bin] += 1;
}

STENCIL_KERNEL void histogram_f64(In<double, 1> x, Histogram<double> bins, int nbins) {
  int bin = min(int(x() * nbins), nbins - 1);
  bins[bin] += 1.0;
}

STENCIL_KERNEL void misc(In<int64_t, 1> k, InOut<int, 1> n, Min<int64_t> kmin, Max<double> m,
                         Histogram<int64_t> h, bool flag) {
  int64_t a = k() > int64_t(0) ? k() : -k();
  if (flag)
    n() = n() + 1;
  else
    n() = int(a % int64_t(7));
  kmin = min(kmin, abs(k()));
  m = max(m, sqrt(double(a)) + cos(double(index(0))) + log(1.0 + double(a)) + ceil(0.5));
  h[a % int64_t(3)] += a;
}
