// RUN: %stencilc --verify-diagnostics %s
#include <stencil/stencil.hpp>
using namespace stencil;

// expected-error@+2 {{kernel parameter 'a' has a default argument}}
// expected-note@+1 {{the generated host function takes every argument; drop the default and pass the value at the launch}}
STENCIL_KERNEL void scale(In<double, 1> g, Out<double, 1> u, double a = 2.0) {
  u() = a * g();
}

// expected-error@+2 {{kernel 'copy' cannot be variadic}}
// expected-note@+1 {{the generated host function takes a fixed list of arguments; name each parameter}}
STENCIL_KERNEL void copy(In<double, 1> g, Out<double, 1> u, ...) { u() = g(); } // #first_copy

// An overload and a namesake in a namespace: the host API names kernels by
// their unqualified names, so both would collide with the first 'copy'. Each
// error has its note at the first 'copy' (#first_copy above).
// expected-error@+2 {{second kernel named 'copy'}}
// expected-note@#first_copy {{the first 'copy' is here; the generated host functions are named after their kernels, so give each kernel its own name}}
STENCIL_KERNEL void copy(In<float, 1> g, Out<float, 1> u) { u() = g(); }
namespace other {
// expected-error@+2 {{second kernel named 'copy'}}
// expected-note@#first_copy {{the first 'copy' is here}}
STENCIL_KERNEL void copy(In<int, 1> g, Out<int, 1> u) { u() = g(); }
}
