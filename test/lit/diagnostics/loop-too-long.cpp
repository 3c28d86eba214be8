// RUN: %stencilc --verify-diagnostics %s
#include <stencil/stencil.hpp>
using namespace stencil;

STENCIL_KERNEL void k(In<double, 1> g, Out<double, 1> u) {
  double acc = 0;
  // expected-error@+2 {{loop runs more than 4096 iterations}}
  // expected-note@+1 {{loops are unrolled; shorten the loop or restructure it}}
  for (int i = 0; i < 100000; ++i)
    acc += 1.0;
  // expected-error@+2 {{loop runs more than 4096 iterations}}
  // expected-note@+1 {{loops are unrolled; shorten the loop or restructure it}}
  for (int i = 0; i < 10; i += 0)
    acc += 1.0;
  u() = acc;
}
