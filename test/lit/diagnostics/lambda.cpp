// RUN: %stencilc --verify-diagnostics %s
#include <stencil/stencil.hpp>
using namespace stencil;

STENCIL_KERNEL void k(In<double, 1> g, Out<double, 1> u) {
  // expected-error@+2 {{lambdas are not supported in kernels}}
  // expected-note@+1 {{define an inline helper function 'T f(...) { return expr; }' outside the kernel and call it}}
  auto twice = [](double x) { return 2 * x; };
  // expected-error@+2 {{lambdas are not supported in kernels}}
  // expected-note@+1 {{define an inline helper function 'T f(...) { return expr; }' outside the kernel and call it}}
  u() = [](double x) { return x * x; }(g());
}
