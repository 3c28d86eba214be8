// RUN: %stencilc --verify-diagnostics %s
#include <stencil/stencil.hpp>
#include <cassert>
using namespace stencil;

// C++ that has no place in a kernel is named as the user wrote it, not by
// Clang's class names.
STENCIL_KERNEL void k(In<double, 1> g, Out<double, 1> u, Histogram<int> h) {
  double x = g();
  // expected-error@+2 {{unsupported statement 'assert'}}
  // expected-note@+1 {{a kernel cannot stop at one point; check the condition in the reference run on the CPU}}
  assert(x > 0);
  // expected-error@+2 {{unsupported statement 'try'}}
  // expected-note@+1 {{kernel bodies hold declarations, assignments, if/else and for loops with a constant trip count}}
  try {
    x = 1;
  } catch (...) {
  }
  if (x < 0)
    // expected-error@+2 {{unsupported expression 'throw'}}
    // expected-note@+1 {{kernel expressions are arithmetic, comparisons, &&, ||, ?:, casts, grid reads, index(d) and math functions}}
    throw 1;
  // expected-error@+2 {{unsupported statement 'asm'}}
  // expected-note@+1 {{kernel bodies hold declarations, assignments, if/else and for loops with a constant trip count}}
  asm("nop");
  // An unsigned bin is a type the DSL lacks, not a non-integer.
  // expected-error@+2 {{type 'unsigned int' is not supported in kernels}}
  // expected-note@+1 {{use float, double, int, int64_t or bool}}
  h[1u] += 1;
  u() = x;
}
