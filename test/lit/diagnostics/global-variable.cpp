// RUN: %stencilc --verify-diagnostics %s
#include <stencil/stencil.hpp>
using namespace stencil;

double Scale = 2.0;
constexpr double Shift = 1.0;
STENCIL_KERNEL void k(In<double, 1> g, Out<double, 1> u) {
  // expected-error@+2 {{kernel reads global variable 'Scale', which is not a constant}}
  // expected-note@+1 {{make it constexpr, or pass it as a scalar parameter}}
  u() = Scale * g() + Shift;
}
