// RUN: not %stencilc %s --emit=ir 2>&1 | FileCheck %s
#include <stencil/stencil.hpp>
using namespace stencil;

STENCIL_KERNEL void k(In<double, 1> g, Out<double, 1> u, int n) {
  double acc = 0;
  for (int i = 0; i < n; ++i)
    acc += 1.0;
  while (acc > 1.0)
    acc *= 0.5;
  do {
    acc += 1.0;
  } while (acc < 0.0);
  u() = acc;
}

// CHECK: {{.*}}non-constant-loop.cpp:7:3: error: loop without a constant trip count
// CHECK: {{.*}}non-constant-loop.cpp:7:3: note: write 'for (int i = A; i < B; ++i)' with constant A, B and step; the loop is unrolled
// CHECK: {{.*}}non-constant-loop.cpp:9:3: error: loop without a constant trip count
// CHECK: {{.*}}non-constant-loop.cpp:9:3: note: write 'for (int i = A; i < B; ++i)' with constant A, B and step; the loop is unrolled
// CHECK: {{.*}}non-constant-loop.cpp:11:3: error: loop without a constant trip count
// CHECK: {{.*}}non-constant-loop.cpp:11:3: note: write 'for (int i = A; i < B; ++i)' with constant A, B and step; the loop is unrolled
// CHECK: 3 errors generated.
