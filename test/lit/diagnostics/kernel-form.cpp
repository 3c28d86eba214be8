// RUN: %stencilc --verify-diagnostics %s
#include <stencil/stencil.hpp>
using namespace stencil;

// expected-error@+2 {{kernel 'copy' must be a plain function}}
// expected-note@+1 {{kernels cannot be templates, member functions or operators; write one named kernel per element type}}
template <class T> STENCIL_KERNEL void copy(In<T, 1> g, Out<T, 1> u) { u() = g(); }
template void copy<double>(In<double, 1>, Out<double, 1>);

// expected-error@+3 {{kernel 'scaled' must be a plain function}}
// expected-note@+2 {{kernels cannot be templates, member functions or operators; write one named kernel per element type}}
template <class... Scalars>
STENCIL_KERNEL void scaled(In<double, 1> g, Out<double, 1> u, Scalars... s) { u() = g(); }

struct Solver {
  // expected-error@+2 {{kernel 'sweep' must be a plain function}}
  // expected-note@+1 {{kernels cannot be templates, member functions or operators; write one named kernel per element type}}
  STENCIL_KERNEL static void sweep(In<double, 1> g, Out<double, 1> u) { u() = g(); }
};

// Valid C++ (two class-type parameters), but the host API needs a name.
// expected-error@+2 {{kernel 'operator+' must be a plain function}}
// expected-note@+1 {{kernels cannot be templates, member functions or operators; write one named kernel per element type}}
STENCIL_KERNEL void operator+(In<double, 1> g, Out<double, 1> u) { u() = g(); }
