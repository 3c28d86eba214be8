// hoist-division: a floating division by a launch-uniform value uses a
// reciprocal computed once per launch. By default the division stays exact
// (exact_div from the reciprocal's high and low words: a multiply and three
// FMAs, the division's bits);
// with --fast-math it is a plain multiply, and --report says it may change
// the last ulp. An i32 division (or %) by a launch-uniform value uses a
// multiplier and shifts computed once per launch (int_div, int_rem: the same
// value as the division). Divisions by grid values and by index(d) stay.
// RUN: %stencilc %s --print-after=hoist-division -o /dev/null 2>&1 | FileCheck %s
// RUN: %stencilc %s --fast-math --print-after=hoist-division -o /dev/null 2>&1 | FileCheck %s --check-prefix=FAST
// RUN: %stencilc %s --disable-pass=hoist-division --print-after=hoist-division -o /dev/null 2>&1 | FileCheck %s --check-prefix=OFF
// RUN: %stencilc %s --report -o /dev/null 2>&1 | FileCheck %s --check-prefix=REPORT
// RUN: %stencilc %s --fast-math --report -o /dev/null 2>&1 | FileCheck %s --check-prefix=FAST-REPORT
// RUN: %stencilc %s -o %t.cu --header %t.h
// RUN: FileCheck %s --check-prefix=CUDA < %t.cu
// RUN: %stencilc %s --fast-math -o %t.fast.cu --header %t.fast.h
// RUN: FileCheck %s --check-prefix=FAST-CUDA < %t.fast.cu
#include <stencil/stencil.hpp>
using namespace stencil;

STENCIL_KERNEL void scaled(In<double, 2> u, Out<double, 2> v, double b, double c, int n) {
  v() = u() / b + u(0, 1) / (b * c) + u() / u(0, 1) + double(index(0) / n) + u() / index(1);
}
// CHECK-LABEL: kernel scaled rank 2
// CHECK:         uniform %rcp_b: f64 = (1.0 / b)
// CHECK-NEXT:    uniform %rcplo_b: f64 = rcp_low(b)
// A divisor that is not a parameter is a uniform too: the host computes the
// reciprocal of the very value the device divides by.
// CHECK-NEXT:    uniform %div_2: f64 = (b * c)
// CHECK-NEXT:    uniform %rcp_div_2: f64 = (1.0 / %div_2)
// CHECK-NEXT:    uniform %rcplo_div_2: f64 = rcp_low(%div_2)
// CHECK-NEXT:    uniform %mul_n: i32 = int_div_multiplier(n)
// CHECK-NEXT:    uniform %shift_n: i32 = int_div_shifts(n)
// CHECK:         store v = ((((exact_div(u[0, 0], b, %rcp_b, %rcplo_b) + exact_div(u[0, 1], %div_2, %rcp_div_2, %rcplo_div_2)) + (u[0, 0] / u[0, 1])) + f64(int_div(index(0), n, %mul_n, %shift_n))) + (u[0, 0] / f64(index(1))))
// FAST-LABEL:  kernel scaled rank 2
// FAST:          uniform %rcp_b: f64 = (1.0 / b)
// FAST-NEXT:     uniform %rcp_1: f64 = (1.0 / (b * c))
// FAST:          store v = (((((u[0, 0] * %rcp_b) + (u[0, 1] * %rcp_1)) + (u[0, 0] / u[0, 1])) + f64(int_div(index(0), n, %mul_n, %shift_n))) + (u[0, 0] / f64(index(1))))
// OFF-LABEL:   kernel scaled rank 2
// OFF-NOT:       uniform
// OFF:           store v = (((((u[0, 0] / b) + (u[0, 1] / (b * c)))
// REPORT:      remark: kernel scaled: hoist-division: division by 'b' uses %rcp_b = 1 / b and its low word %rcplo_b, computed once per launch: a multiply and three FMAs that round exactly as the division does
// REPORT:      remark: kernel scaled: hoist-division: division by '(b * c)' uses %rcp_div_2 = 1 / (b * c) and its low word %rcplo_div_2, computed once per launch: a multiply and three FMAs that round exactly as the division does
// REPORT:      remark: kernel scaled: hoist-division: integer division by 'n' uses %mul_n and %shift_n, computed once per launch: a multiply-high and two shifts, the same value as the division
// REPORT-NOT:  last ulp
// FAST-REPORT: remark: kernel scaled: hoist-division: division by 'b' became a multiply by %rcp_b = 1 / b, computed once per launch (--fast-math: may differ from the division in the last ulp)
// CUDA-LABEL:  // scaled (
// CUDA:            double rcp_b,
// CUDA-NEXT:       double rcplo_b,
// CUDA-NEXT:       double div_2,
// CUDA-NEXT:       double rcp_div_2,
// CUDA-NEXT:       double rcplo_div_2,
// CUDA-NEXT:       int mul_n,
// CUDA-NEXT:       int shift_n,
// CUDA:          stencil::detail::divideExact(u[at_], b, rcp_b, rcplo_b)
// CUDA-SAME:     stencil::detail::divideExact(u[at_ + 1], div_2, rcp_div_2, rcplo_div_2)
// CUDA-SAME:     (u[at_] / u[at_ + 1])
// CUDA:          const double rcp_b = (1.0 / b); // uniform, once per launch
// CUDA-NEXT:     const double rcplo_b = stencil::detail::reciprocalLow(b); // uniform, once per launch
// CUDA-NEXT:     const double div_2 = (b * c); // uniform, once per launch
// CUDA-NEXT:     const double rcp_div_2 = (1.0 / div_2); // uniform, once per launch
// CUDA-NEXT:     const double rcplo_div_2 = stencil::detail::reciprocalLow(div_2); // uniform, once per launch
// CUDA-NEXT:     const int mul_n = stencil::detail::intDivisorMultiplier(n); // uniform, once per launch
// CUDA-NEXT:     const int shift_n = stencil::detail::intDivisorShifts(n); // uniform, once per launch
// (--fast-math also lets nvcc fuse the multiplies into the adds: plain *.)
// FAST-CUDA:     ((u[at_] * rcp_b) + (u[at_ + 1] * rcp_1))

STENCIL_KERNEL void narrow(In<float, 1> x, Out<float, 1> y, float s) {
  y() = x() / s;
}
// f32 hoists the same way, with the f32 reciprocal.
// CHECK-LABEL: kernel narrow rank 1
// CHECK:         uniform %rcp_s: f32 = (1.0f / s)
// CHECK-NEXT:    uniform %rcplo_s: f32 = rcp_low(s)
// CHECK:         store y = exact_div(x[0], s, %rcp_s, %rcplo_s)
