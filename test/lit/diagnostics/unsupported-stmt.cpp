// RUN: not %stencilc %s --emit=ir 2>&1 | FileCheck %s
#include <stencil/stencil.hpp>
using namespace stencil;

STENCIL_KERNEL void k(In<double, 1> g, Out<double, 1> u, int n) {
  double acc = 0;
  switch (n) {
  case 0:
    acc = 1;
  }
  for (int i = 0; i < 4; ++i) {
    if (g(i) > 0)
      break;
    continue;
  }
  goto done;
done:
  u() = acc;
}

// CHECK: {{.*}}unsupported-stmt.cpp:7:3: error: unsupported statement 'switch'
// CHECK: {{.*}}unsupported-stmt.cpp:7:3: note: write the cases as an if/else chain
// CHECK: {{.*}}unsupported-stmt.cpp:13:7: error: unsupported statement 'break'
// CHECK: {{.*}}unsupported-stmt.cpp:13:7: note: loops are unrolled; guard the rest of the loop body with if instead
// CHECK: {{.*}}unsupported-stmt.cpp:14:5: error: unsupported statement 'continue'
// CHECK: {{.*}}unsupported-stmt.cpp:14:5: note: loops are unrolled; guard the rest of the loop body with if instead
// CHECK: {{.*}}unsupported-stmt.cpp:16:3: error: unsupported statement 'goto'
// CHECK: {{.*}}unsupported-stmt.cpp:16:3: note: structure the body with if/else
// CHECK: {{.*}}unsupported-stmt.cpp:17:1: error: unsupported statement 'label'
// CHECK: {{.*}}unsupported-stmt.cpp:17:1: note: structure the body with if/else
// CHECK: 5 errors generated.
