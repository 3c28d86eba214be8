// RUN: %stencilc --verify-diagnostics %s
// A grid the body never names (unless it is the kernel's only grid, which
// sets the domain) and a reduction or histogram the body never updates are
// warnings: the kernel still translates, and the launcher still takes them.
// RUN: %stencilc %s -o %t.cu 2>&1 | FileCheck %s --check-prefix=OUT
// OUT: 4 warnings generated.
// RUN: test -s %t.cu
#include <stencil/stencil.hpp>
using namespace stencil;

STENCIL_KERNEL void k(In<float, 1> a,
                      // expected-warning@+2 {{grid 'b' is never read or written}}
                      // expected-note@+1 {{the launcher still takes 'b' and checks its extents against the kernel's other grids; remove the parameter if the kernel does not need it}}
                      In<float, 1> b, Out<float, 1> o,
                      // expected-warning@+2 {{sum reduction 's' is never updated}}
                      // expected-note@+1 {{the kernel adds nothing to 's'; update it in the body or remove the parameter}}
                      Sum<double> s,
                      // expected-warning@+2 {{min reduction 'lo' is never updated}}
                      // expected-note@+1 {{the kernel adds nothing to 'lo'; update it in the body or remove the parameter}}
                      Min<float> lo,
                      // expected-warning@+2 {{histogram 'h' is never updated}}
                      // expected-note@+1 {{the kernel adds nothing to 'h'; update it in the body or remove the parameter}}
                      Histogram<int> h,
                      float unused_scalar) {
  o() = a(1) - a(-1);
}

// The only grid sets the domain: no warning for 'x'.
STENCIL_KERNEL void count(In<float, 1> x, Sum<int> n) { n += 1; }
