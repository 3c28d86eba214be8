// RUN: %stencilc --verify-diagnostics %s
#include <stencil/stencil.hpp>
using namespace stencil;

// Clang folds 2147483647 * 2 to -2 with a warning; C++ leaves it undefined,
// so it is no offset (it used to read g[-2, 0]).
STENCIL_KERNEL void k(In<double, 2> g, Out<double, 2> u) {
  // expected-warning@+3 {{overflow in expression; result is -2 with type 'int'}}
  // expected-error@+2 {{offset of grid 'g' is not a constant}}
  // expected-note@+1 {{offsets must be integer constants: literals, constexpr variables or the variable of a loop with a constant trip count}}
  u() = g(2147483647 * 2, 0);
}

// The same in an unrolled loop, where stencilc evaluates the offset itself
// (the loop variable is a constant only in each copy).
STENCIL_KERNEL void in_loop(In<double, 2> g, Out<double, 2> u) {
  double acc = 0;
  for (int i = 1; i < 2; ++i)
    // expected-error@+2 {{offset of grid 'g' is not a constant}}
    // expected-note@+1 {{offsets must be integer constants: literals, constexpr variables or the variable of a loop with a constant trip count}}
    acc += g(0, i * 2147483647 + i);
  u() = acc;
}
