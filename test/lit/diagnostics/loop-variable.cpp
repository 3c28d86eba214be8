// RUN: %stencilc --verify-diagnostics %s
#include <stencil/stencil.hpp>
using namespace stencil;

STENCIL_KERNEL void k(In<double, 1> g, Out<double, 1> u) {
  double acc = 0;
  for (int i = 0; i < 4; ++i) {
    acc += g(i);
    // expected-error@+2 {{cannot modify loop variable 'i' inside the loop}}
    // expected-note@+1 {{the loop is unrolled with 'i' a constant in each copy; change it only in the increment}}
    i += 1;
  }
  u() = acc;
}
