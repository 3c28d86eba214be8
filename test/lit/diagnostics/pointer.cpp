// RUN: %stencilc --verify-diagnostics %s
#include <stencil/stencil.hpp>
using namespace stencil;

STENCIL_KERNEL void k(In<double, 2> g, Out<double, 2> u) {
  double x = g();
  // expected-error@+2 {{pointers are not supported in kernels}}
  // expected-note@+1 {{read grids with g(offsets...) and keep values in local variables; no address-of, dereference or pointer arithmetic}}
  double *p = &x;
  // expected-error@+2 {{pointers are not supported in kernels}}
  // expected-note@+1 {{read grids with g(offsets...) and keep values in local variables; no address-of, dereference or pointer arithmetic}}
  double y = *(&x + 1);
  u() = x + y;
}
