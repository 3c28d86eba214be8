// RUN: %stencilc --verify-diagnostics %s
#include <stencil/stencil.hpp>
using namespace stencil;

STENCIL_KERNEL void k(In<double, 2> g, Out<double, 2> u, Sum<double> error, Max<double> m, Histogram<int> h) {
  // expected-error@+2 {{cannot read sum reduction 'error' inside a kernel}}
  // expected-note@+1 {{its value is known only after the launch, which returns it to the host}}
  double x = error;
  // expected-error@+2 {{cannot read max reduction 'm' inside a kernel}}
  // expected-note@+1 {{its value is known only after the launch, which returns it to the host}}
  double y = m + 1.0;
  // expected-error@+2 {{cannot read histogram 'h' inside a kernel}}
  // expected-note@+1 {{its value is known only after the launch, which returns it to the host}}
  int z = h[0];
  u() = x + y + z;
}
