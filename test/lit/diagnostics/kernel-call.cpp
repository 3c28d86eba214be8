// RUN: %stencilc --verify-diagnostics %s
#include <stencil/stencil.hpp>
using namespace stencil;

STENCIL_KERNEL void init(Out<double, 1> u) { u() = 0.0; }
STENCIL_KERNEL void k(In<double, 1> g, Out<double, 1> u) {
  // expected-error@+2 {{kernel 'k' cannot call kernel 'init'}}
  // expected-note@+1 {{kernels are launched from the host; launch both from the host, or move the shared expression into an inline helper}}
  init(u);
  u() = g();
}
