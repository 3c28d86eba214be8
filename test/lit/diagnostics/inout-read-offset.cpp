// RUN: not %stencilc %s --emit=ir 2>&1 | FileCheck %s
#include <stencil/stencil.hpp>
using namespace stencil;

STENCIL_KERNEL void k(InOut<double, 2> v) {
  v() = v(1, 0) + v();
}

// CHECK: {{.*}}inout-read-offset.cpp:6:9: error: InOut grid 'v' can only be read at the centre
// CHECK: {{.*}}inout-read-offset.cpp:6:9: note: read 'v()'; to read neighbours, read them from a separate In<T, R> grid holding the previous values
// CHECK: 1 error generated.
