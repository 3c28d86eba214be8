// A fused step's float Min/Max counts only the tile's own points by taking
// the reduction's identity elsewhere (a select: the float fold has no
// branch, numerics.hpp), in groups of rows and in single rows alike; other
// reductions branch around the update (emit.cpp).
// RUN: %stencilc %s -o %t.cu
// RUN: FileCheck %s < %t.cu
#include <stencil/stencil.hpp>
using namespace stencil;

STENCIL_KERNEL void relax(In<float, 2> a, Out<float, 2> b, Max<float> change,
                          Min<float> low, Sum<float> total) {
  float n = 0.25f * (a(0, -1) + a(0, 1) + a(-1, 0) + a(1, 0));
  b() = n;
  change = max(change, fabs(n - a()));
  low = min(low, n);
  total += n;
}

// The one-sweep kernel: no guard.
// CHECK:      change = stencil::detail::reduceMaxOf(change, fabsf((n - a[at_])));
// CHECK-LABEL: relax_fused_kernel(
// CHECK:      const bool own1_ =
// CHECK:      change = stencil::detail::reduceMaxOf(change, (own_ ? fabsf((n - a_s_l{{[0-9]+}}_)) : (-HUGE_VALF)));
// CHECK-NEXT: change = stencil::detail::reduceMaxOf(change, (own1_ ? fabsf((n_j1 - a_s_l{{[0-9]+}}_)) : (-HUGE_VALF)));
// CHECK:      low = stencil::detail::reduceMinOf(low, (own_ ? n : (HUGE_VALF)));
// CHECK-NEXT: low = stencil::detail::reduceMinOf(low, (own1_ ? n_j1 : (HUGE_VALF)));
// CHECK:      if (own_) total += n;
// CHECK-NEXT: if (own1_) total += n_j1;
// The rows after the last group:
// CHECK:      change = stencil::detail::reduceMaxOf(change, (own_ ? fabsf((n - src_[sat_])) : (-HUGE_VALF)));
// CHECK-NOT:  if (own_) change
