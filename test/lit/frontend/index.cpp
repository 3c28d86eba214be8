// RUN: %stencilc %s --emit=ir -O0 | FileCheck %s
#include <stencil/stencil.hpp>
using namespace stencil;

// index(d) is the coordinate of the point along d.
STENCIL_KERNEL void initialize(Out<double, 3> f, double dx) {
  const int last = 2;
  f() = dx * index(0) + index(1) + index(last);
}

// CHECK-LABEL: kernel initialize rank 3
// CHECK:         store f = (((dx * f64(index(0))) + f64(index(1))) + f64(index(2)))
