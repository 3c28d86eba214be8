// RUN: %stencilc %s --emit=ir -O0 2>&1 | FileCheck %s --implicit-check-not=error:
#include <stencil/stencil.hpp>
using namespace stencil;

// Attributes and loop pragmas change nothing in the translation.
[[maybe_unused]] STENCIL_KERNEL void k(In<double, 1> g, [[maybe_unused]] Out<double, 1> u,
                                       [[maybe_unused]] double unused) {
  [[maybe_unused]] double acc = 0;
  if (g() > 0) [[likely]] {
    acc = g();
  } else [[unlikely]] {
    acc = -g();
  }
#pragma unroll
  for (int i = 0; i < 2; ++i)
    acc += g(i);
  u() = acc;
}

// CHECK-LABEL: kernel k rank 1
// CHECK:         let %acc: f64 = f64(0)
// CHECK-NEXT:    if (g[0] > f64(0)) {
// CHECK-NEXT:      %acc = g[0]
// CHECK-NEXT:    } else {
// CHECK-NEXT:      %acc = -g[0]
// CHECK-NEXT:    }
// CHECK-NEXT:    %acc = (%acc + g[0])
// CHECK-NEXT:    %acc = (%acc + g[1])
// CHECK-NEXT:    store u = %acc
