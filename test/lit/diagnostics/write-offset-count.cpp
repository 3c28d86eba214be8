// RUN: %stencilc --verify-diagnostics %s
#include <stencil/stencil.hpp>
using namespace stencil;

// Writes and InOut reads with the wrong number of offsets say so, rather
// than that they are off the centre; a char loop variable is a type the DSL
// lacks, not a loop without a constant trip count.
STENCIL_KERNEL void k(In<double, 2> g, Out<double, 2> u, InOut<double, 2> v) {
  // expected-error@+2 {{grid 'u' of rank 2 takes 0 or 2 offsets, not 1}}
  // expected-note@+1 {{pass one offset per dimension, or none to read the centre}}
  u(0) = g();
  // expected-error@+2 {{grid 'v' of rank 2 takes 0 or 2 offsets, not 3}}
  // expected-note@+1 {{pass one offset per dimension, or none to read the centre}}
  v() = v(0, 0, 0);
  double acc = 0;
  // expected-error@+2 {{type 'char' is not supported in kernels}}
  // expected-note@+1 {{use float, double, int, int64_t or bool}}
  for (char c = 0; c < 4; ++c)
    acc += 1;
  u() = acc;
}
