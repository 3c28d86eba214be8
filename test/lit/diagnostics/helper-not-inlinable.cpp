// RUN: %stencilc --verify-diagnostics %s
#include <stencil/stencil.hpp>
using namespace stencil;

inline double twice(double x) {
  double y = 2.0 * x;
  return y;
}
STENCIL_KERNEL void k(In<double, 1> g, Out<double, 1> u) {
  // expected-error@+2 {{helper 'twice' cannot be inlined into a kernel}}
  // expected-note@+1 {{a helper's body must be a single 'return expr;' over scalar or grid parameters; inline the expression}}
  u() = twice(g());
}
