// RUN: not %stencilc %s --emit=ir 2>&1 | FileCheck %s
#include <stencil/stencil.hpp>
using namespace stencil;

STENCIL_KERNEL void k(In<double, 1> g, Out<double, 1> u) {
  double acc = 0;
  for (int i = 0; i < 100000; ++i)
    acc += 1.0;
  for (int i = 0; i < 10; i += 0)
    acc += 1.0;
  u() = acc;
}

// CHECK: {{.*}}loop-too-long.cpp:7:3: error: loop runs more than 4096 iterations
// CHECK: {{.*}}loop-too-long.cpp:7:3: note: loops are unrolled; shorten the loop or restructure it
// CHECK: {{.*}}loop-too-long.cpp:9:3: error: loop runs more than 4096 iterations
// CHECK: {{.*}}loop-too-long.cpp:9:3: note: loops are unrolled; shorten the loop or restructure it
// CHECK: 2 errors generated.
