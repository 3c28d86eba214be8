// RUN: not %stencilc %s --emit=ir 2>&1 | FileCheck %s
#include <stencil/stencil.hpp>
#include <cassert>
using namespace stencil;

// C++ that has no place in a kernel is named as the user wrote it, not by
// Clang's class names.
STENCIL_KERNEL void k(In<double, 1> g, Out<double, 1> u, Histogram<int> h) {
  double x = g();
  assert(x > 0);
  try {
    x = 1;
  } catch (...) {
  }
  if (x < 0)
    throw 1;
  asm("nop");
  h[1u] += 1;
  u() = x;
}

// CHECK: {{.*}}unsupported-constructs.cpp:10:3: error: unsupported statement 'assert'
// CHECK: {{.*}}unsupported-constructs.cpp:10:3: note: a kernel cannot stop at one point; check the condition in the reference run on the CPU
// CHECK: {{.*}}unsupported-constructs.cpp:11:3: error: unsupported statement 'try'
// CHECK: {{.*}}unsupported-constructs.cpp:16:5: error: unsupported expression 'throw'
// CHECK: {{.*}}unsupported-constructs.cpp:17:3: error: unsupported statement 'asm'
// An unsigned bin is a type the DSL lacks, not a non-integer.
// CHECK: {{.*}}unsupported-constructs.cpp:18:5: error: type 'unsigned int' is not supported in kernels
// CHECK: 5 errors generated.
