// RUN: not %stencilc %s --emit=ir 2>&1 | FileCheck %s
#include <stencil/stencil.hpp>
using namespace stencil;

double noise(int seed);
STENCIL_KERNEL void k(In<double, 2> g, Out<double, 2> u) {
  u() = g() + noise(index(0));
}

// CHECK: {{.*}}unsupported-call.cpp:7:15: error: call to 'noise', which is neither a math function nor a helper
// CHECK: {{.*}}unsupported-call.cpp:7:15: note: kernels may call sqrt, fabs/abs, min/max/fmin/fmax, exp, log, pow, sin, cos, floor, ceil and inline helpers whose body is 'return expr;'; inline the expression
// CHECK: 1 error generated.
