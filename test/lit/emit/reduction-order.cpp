// Reductions whose totals cannot depend on the order in which the GPU folds
// terms (docs/dsl.md#reductions): Min/Max fold with reduceMinOf/reduceMaxOf
// (-0.0 before +0.0, NaN terms ignored) from the infinities, whichever
// spelling the update uses; integer sums wrap (wrapAdd), as in the reference.
// RUN: %stencilc %s -o %t.cu --header %t.h
// RUN: FileCheck %s < %t.cu
#include <stencil/stencil.hpp>
using namespace stencil;

STENCIL_KERNEL void order(In<float, 1> x, In<int, 1> k, Min<float> lo, Max<double> hi,
                          Sum<int> count, Sum<int64_t> wide) {
  lo = fmin(x(), lo);
  hi = max(double(x(1)), hi);
  count += k();
  wide += k(-1);
}
// CHECK-LABEL: order_kernel(
// CHECK:         float lo = (HUGE_VALF); // this thread's partial Min
// CHECK-NEXT:    double hi = (-HUGE_VAL); // this thread's partial Max
// CHECK-NEXT:    int count = 0; // this thread's partial Sum
// CHECK-NEXT:    int64_t wide = int64_t(0); // this thread's partial Sum
// CHECK:         lo = stencil::detail::reduceMinOf(lo, x[at_]);
// CHECK:         hi = stencil::detail::reduceMaxOf(hi, static_cast<double>(x[at_ + 1]));
// CHECK:         count = stencil::detail::wrapAdd(count, k[at_]);
// CHECK:         wide = stencil::detail::wrapAdd(wide, static_cast<int64_t>(k[at_ - 1]));
// CHECK:         for (auto& slot_ : identity_.lo) slot_ = (HUGE_VALF);
// CHECK-NEXT:    for (auto& slot_ : identity_.hi) slot_ = (-HUGE_VAL);
