// RUN: %stencilc --verify-diagnostics %s
#include <stencil/stencil.hpp>
using namespace stencil;

STENCIL_KERNEL void k(In<double, 1> g, Out<double, 1> u, int n) {
  double acc = 0;
  // expected-error@+2 {{loop without a constant trip count}}
  // expected-note@+1 {{write 'for (int i = A; i < B; ++i)' with constant A, B and step; the loop is unrolled}}
  for (int i = 0; i < n; ++i)
    acc += 1.0;
  // expected-error@+2 {{loop without a constant trip count}}
  // expected-note@+1 {{write 'for (int i = A; i < B; ++i)' with constant A, B and step; the loop is unrolled}}
  while (acc > 1.0)
    acc *= 0.5;
  // expected-error@+2 {{loop without a constant trip count}}
  // expected-note@+1 {{write 'for (int i = A; i < B; ++i)' with constant A, B and step; the loop is unrolled}}
  do {
    acc += 1.0;
  } while (acc < 0.0);
  u() = acc;
}
