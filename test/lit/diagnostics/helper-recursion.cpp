// RUN: %stencilc --verify-diagnostics %s
#include <stencil/stencil.hpp>
using namespace stencil;

// expected-error@+2 {{helper 'factorial' calls itself, directly or through other helpers}}
// expected-note@+1 {{helpers are inlined, so recursion never ends; compute the value with a loop of constant trip count in the kernel}}
inline double factorial(int n) { return n <= 1 ? 1.0 : n * factorial(n - 1); }

inline double odd(int n);
inline double even(int n) { return n == 0 ? 1.0 : odd(n - 1); }
// expected-error@+2 {{helper 'even' calls itself, directly or through other helpers}}
// expected-note@+1 {{helpers are inlined, so recursion never ends; compute the value with a loop of constant trip count in the kernel}}
inline double odd(int n) { return n == 0 ? 0.0 : even(n - 1); }

STENCIL_KERNEL void k(In<double, 1> g, Out<double, 1> u) {
  u() = g() * factorial(4) + even(3);
}
