// RUN: %stencilc --verify-diagnostics %s
#include <stencil/stencil.hpp>
using namespace stencil;

STENCIL_KERNEL void k(In<double, 1> g, Out<double, 1> u) {
  double acc = 0;
  // Each loop is short; together they would make 16M copies of the body
  // (this used to run for minutes).
  for (int i = 0; i < 4096; ++i)
    // expected-error@+2 {{nested loops unroll to more than 4096 copies of their body}}
    // expected-note@+1 {{loops are unrolled; shorten the loops or restructure them}}
    for (int j = 0; j < 4096; ++j)
      acc += g();
  // 2147483600 + 30 + 30 overflows int before the condition stops the loop.
  // expected-error@+2 {{loop variable 'i' takes the value 2147483660, which does not fit in its type}}
  // expected-note@+1 {{give the loop variable a wider type (int64_t) or change the bounds}}
  for (int i = 2147483600; i < 2147483647; i += 30)
    acc += 1;
  for (int i = 0; i < 64; ++i)
    for (int j = 0; j < 64; ++j)
      // expected-error@+2 {{nested loops unroll to more than 4096 copies of their body}}
      // expected-note@+1 {{loops are unrolled; shorten the loops or restructure them}}
      for (int l = 0; l < 2; ++l)
        acc += 1;
  u() = acc;
}
