// RUN: %stencilc --verify-diagnostics %s
#include <stencil/stencil.hpp>
using namespace stencil;

STENCIL_KERNEL void k(In<double, 1> g, Out<double, 1> u, int n) {
  double acc = 0;
  // expected-error@+2 {{unsupported statement 'switch'}}
  // expected-note@+1 {{write the cases as an if/else chain}}
  switch (n) {
  case 0:
    acc = 1;
  }
  for (int i = 0; i < 4; ++i) {
    if (g(i) > 0)
      // expected-error@+2 {{unsupported statement 'break'}}
      // expected-note@+1 {{loops are unrolled; guard the rest of the loop body with if instead}}
      break;
    // expected-error@+2 {{unsupported statement 'continue'}}
    // expected-note@+1 {{loops are unrolled; guard the rest of the loop body with if instead}}
    continue;
  }
  // expected-error@+2 {{unsupported statement 'goto'}}
  // expected-note@+1 {{structure the body with if/else}}
  goto done;
// expected-error@+2 {{unsupported statement 'label'}}
// expected-note@+1 {{structure the body with if/else}}
done:
  u() = acc;
}
