// RUN: %stencilc --verify-diagnostics %s
#include <stencil/stencil.hpp>
using namespace stencil;

STENCIL_KERNEL void k(In<double, 2> g, Out<double, 2> u, int n) {
  int i = n / 2;
  // expected-error@+2 2 {{offset of grid 'g' is not a constant}}
  // expected-note@+1 2 {{offsets must be integer constants: literals, constexpr variables or the variable of a loop with a constant trip count}}
  u() = g(i, 0) + g(0, n);
}
