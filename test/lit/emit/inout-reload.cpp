// An InOut grid read after its own store, in a ?: against a read of an In
// grid: the pattern of test/diff seed 238, where nvcc 13.0 loaded the InOut
// value through the read-only path before the store had happened. The point's
// value must come from a local after the store, never from a reload.
// RUN: %stencilc %s -o %t.cu --header %t.h
// RUN: FileCheck %s < %t.cu
#include <stencil/stencil.hpp>
using namespace stencil;

STENCIL_KERNEL void pick(In<int, 2> a3, In<int64_t, 2> a2, InOut<int64_t, 2> q,
                         Sum<float> s) {
  q() = (int64_t)(a3(1, 0));
  s += max((int64_t)(a3(3, -1)), min(((2.0f != float(a3(-1, 1))) ? q() : a2(-3, -3)), int64_t(7)));
}
// CHECK-LABEL: pick_kernel(
// CHECK:         int64_t q_c_ = q[at_];
// CHECK-NEXT:    // inout-reload.cpp:12
// CHECK-NEXT:    q_c_ = static_cast<int64_t>(a3[at_ + stride0_]);
// CHECK-NEXT:    q[at_] = q_c_;
// CHECK-NEXT:    // inout-reload.cpp:13
// CHECK-NEXT:    s += static_cast<float>(stencil::detail::maxOf(static_cast<int64_t>(a3[at_ + 3 * stride0_ - 1]), stencil::detail::minOf(((2.0f != static_cast<float>(a3[at_ - stride0_ + 1])) ? q_c_ : a2[at_ - 3 * stride0_ - 3]), int64_t(7))));
// CHECK-NOT:     = q[
