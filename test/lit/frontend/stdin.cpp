// The spec can come from standard input, and arguments after `--` go to Clang.
// RUN: %stencilc - --emit=ir -O0 -- -DSCALE=3 < %s | FileCheck %s
// RUN: not %stencilc - --emit=ir -O0 < %s 2>&1 | FileCheck %s --check-prefix=NOSCALE
#include <stencil/stencil.hpp>
using namespace stencil;

STENCIL_KERNEL void scale(In<double, 1> a, Out<double, 1> b) {
  b() = SCALE * a();
}

// CHECK-LABEL: kernel scale rank 1
// CHECK:         store b = (f64(3) * a[0])
// NOSCALE: <stdin>:8:9: error: use of undeclared identifier 'SCALE'
