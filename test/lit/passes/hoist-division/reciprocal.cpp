// hoist-division: a floating division by a launch-uniform value becomes a
// multiply by a reciprocal computed once per launch; --report says the result
// may change in the last ulp. Divisions by grid values, by index(d) and
// integer divisions stay.
// RUN: %stencilc %s --print-after=hoist-division -o /dev/null 2>&1 | FileCheck %s
// RUN: %stencilc %s --disable-pass=hoist-division --print-after=hoist-division -o /dev/null 2>&1 | FileCheck %s --check-prefix=OFF
// RUN: %stencilc %s --report -o /dev/null 2>&1 | FileCheck %s --check-prefix=REPORT
// RUN: %stencilc %s -o %t.cu --header %t.h
// RUN: FileCheck %s --check-prefix=CUDA < %t.cu
#include <stencil/stencil.hpp>
using namespace stencil;

STENCIL_KERNEL void scaled(In<double, 2> u, Out<double, 2> v, double b, double c, int n) {
  v() = u() / b + u(0, 1) / (b * c) + u() / u(0, 1) + double(index(0) / n) + u() / index(1);
}
// CHECK-LABEL: kernel scaled rank 2
// CHECK:         uniform %rcp_b: f64 = (1.0 / b)
// CHECK-NEXT:    uniform %rcp_1: f64 = (1.0 / (b * c))
// CHECK:         store v = (((((u[0, 0] * %rcp_b) + (u[0, 1] * %rcp_1)) + (u[0, 0] / u[0, 1])) + f64((index(0) / n))) + (u[0, 0] / f64(index(1))))
// OFF-LABEL:   kernel scaled rank 2
// OFF-NOT:       uniform
// OFF:           store v = (((((u[0, 0] / b) + (u[0, 1] / (b * c)))
// REPORT:      remark: kernel scaled: hoist-division: division by 'b' became a multiply by %rcp_b = 1 / b, computed once per launch (may differ in the last ulp)
// REPORT:      remark: kernel scaled: hoist-division: division by '(b * c)' became a multiply by %rcp_1 = 1 / (b * c), computed once per launch (may differ in the last ulp)
// REPORT-NOT:  [hoist-division]
// CUDA-LABEL:  // scaled (
// CUDA:            double rcp_b,
// CUDA-NEXT:       double rcp_1,
// CUDA:          const double rcp_b = (1.0 / b); // uniform, once per launch
// CUDA-NEXT:     const double rcp_1 = (1.0 / (b * c)); // uniform, once per launch
