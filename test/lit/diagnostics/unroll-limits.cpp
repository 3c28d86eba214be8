// RUN: not %stencilc %s --emit=ir 2>&1 | FileCheck %s
#include <stencil/stencil.hpp>
using namespace stencil;

STENCIL_KERNEL void k(In<double, 1> g, Out<double, 1> u) {
  double acc = 0;
  // Each loop is short; together they would make 16M copies of the body
  // (this used to run for minutes).
  for (int i = 0; i < 4096; ++i)
    for (int j = 0; j < 4096; ++j)
      acc += g();
  // 2147483600 + 30 + 30 overflows int before the condition stops the loop.
  for (int i = 2147483600; i < 2147483647; i += 30)
    acc += 1;
  for (int i = 0; i < 64; ++i)
    for (int j = 0; j < 64; ++j)
      for (int l = 0; l < 2; ++l)
        acc += 1;
  u() = acc;
}

// CHECK: {{.*}}unroll-limits.cpp:10:5: error: nested loops unroll to more than 4096 copies of their body
// CHECK: {{.*}}unroll-limits.cpp:10:5: note: loops are unrolled; shorten the loops or restructure them
// CHECK: {{.*}}unroll-limits.cpp:13:12: error: loop variable 'i' takes the value 2147483660, which does not fit in its type
// CHECK: {{.*}}unroll-limits.cpp:13:12: note: give the loop variable a wider type (int64_t) or change the bounds
// CHECK: {{.*}}unroll-limits.cpp:17:7: error: nested loops unroll to more than 4096 copies of their body
// CHECK: 3 errors generated.
