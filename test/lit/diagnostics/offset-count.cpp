// RUN: %stencilc --verify-diagnostics %s
#include <stencil/stencil.hpp>
using namespace stencil;

STENCIL_KERNEL void k(In<double, 2> g, Out<double, 2> u) {
  // expected-error@+3 {{grid 'g' of rank 2 takes 0 or 2 offsets, not 1}}
  // expected-error@+2 {{grid 'g' of rank 2 takes 0 or 2 offsets, not 3}}
  // expected-note@+1 2 {{pass one offset per dimension, or none to read the centre}}
  u() = g(1) + g(0, 1, 0);
}
