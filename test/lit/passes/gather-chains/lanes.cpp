// Integer chains shared between a thread's lanes (gather-chains,
// codegen/Chains.h): a 9-point int64 window (the suite's window_i64) in
// vectors of 2. Its sum, max and min are each one chain after the pass; the
// two lanes compute the 8 terms they have in common once (a node), and each
// lane adds its own ninth. Sums in uint64_t (defined wrap-around), min and
// max in int64_t. Without the pass each lane has its own chains, and the
// one-point instance (no lanes) is the spec's order either way.
// RUN: %stencilc %s -o %t.cu --header %t.h
// RUN: FileCheck %s < %t.cu
// RUN: %stencilc %s --disable-pass=gather-chains -o %t.off.cu --header %t.off.h
// RUN: FileCheck %s --check-prefix=OFF < %t.off.cu
// RUN: %stencilc %s --report -o /dev/null 2>&1 | FileCheck %s --check-prefix=REPORT
#include <stencil/stencil.hpp>
using namespace stencil;

STENCIL_KERNEL void window(In<int64_t, 1> a, Out<int64_t, 1> total,
                           Max<int64_t> widest) {
  int64_t sum = 0;
  int64_t hi = a(-4);
  int64_t lo = a(-4);
  for (int i = -4; i <= 4; ++i) {
    sum += a(i);
    hi = max(hi, a(i));
    lo = min(lo, a(i));
  }
  total() = sum;
  widest = max(widest, hi - lo);
}
// CHECK-LABEL: // window (
// CHECK:         const longlong2 a_v0_ = *reinterpret_cast<const longlong2*>(a + (at_ - 4));
// CHECK:         const longlong2 a_v4_ = *reinterpret_cast<const longlong2*>(a + (at_ + 4));
// The common terms, a[-3] .. a[4] of lane 0 (lane 1's a[-4] .. a[3]).
// CHECK:         const uint64_t [[S:chain_s[0-9]+_]] = {{.*}}static_cast<uint64_t>(int64_t(a_v0_.y)) + {{.*}}static_cast<uint64_t>(int64_t(a_v4_.x));
// CHECK-NEXT:    const uint64_t [[S0:chain_s[0-9]+_]] = [[S]] + static_cast<uint64_t>(int64_t(a_v0_.x));
// CHECK-NEXT:    const uint64_t [[S1:chain_s[0-9]+_]] = [[S]] + static_cast<uint64_t>(int64_t(a_v4_.y));
// CHECK-NEXT:    int64_t sum = static_cast<int64_t>([[S0]]);
// CHECK-NEXT:    int64_t sum_j1 = static_cast<int64_t>([[S1]]);
// a[-4] twice (the initial value and the first term) counts once in a max.
// CHECK:         const int64_t [[H:chain_s[0-9]+_]] = stencil::detail::maxOf({{.*}}int64_t(a_v4_.x));
// CHECK-NEXT:    const int64_t [[H0:chain_s[0-9]+_]] = stencil::detail::maxOf([[H]], int64_t(a_v0_.x));
// CHECK-NEXT:    const int64_t [[H1:chain_s[0-9]+_]] = stencil::detail::maxOf([[H]], int64_t(a_v4_.y));
// CHECK-NEXT:    int64_t hi = [[H0]];
// CHECK-NEXT:    int64_t hi_j1 = [[H1]];
// CHECK:         const int64_t [[L:chain_s[0-9]+_]] = stencil::detail::minOf(
// CHECK:         int64_t lo_j1 = chain_s{{[0-9]+}}_;
// The one-point instance: the spec's order.
// CHECK:         int64_t sum = (((((((((int64_t(0) + a[at_ - 4]) + a[at_ - 3])

// OFF-NOT:       chain_s
// OFF:           int64_t sum_j1 = int64_t(0);
// OFF:           sum_j1 = (sum_j1 + int64_t(a_v0_.y));

// REPORT: lanes.cpp:16:21: remark: kernel window: gather-chains: integer chains gathered into their definitions: %sum (9 updates), %hi (9 updates), %lo (9 updates)
