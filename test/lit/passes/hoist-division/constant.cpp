// hoist-division on constant divisors: a power of two becomes a multiply by
// its reciprocal (both round the same real number, so the bits are the
// division's); a constant whose reciprocal lies within u/2 of 1 / d (81.0:
// proved for every dividend) takes exact_div1, one FMA correction, as does
// an f32 constant for which one correction rounds every quotient exactly
// when tried at compile time on all 2^23 significands (7.0f, whose
// reciprocal is 0.75 u off); an f64 constant that is neither (49.0, 0.72 u)
// takes exact_div's double-word reciprocal; a power of two whose reciprocal
// is not a normal float (2^127) takes the division's lowering too.
// RUN: %stencilc %s --print-after=hoist-division -o /dev/null 2>&1 | FileCheck %s
// RUN: %stencilc %s --report -o /dev/null 2>&1 | FileCheck %s --check-prefix=REPORT
// RUN: %stencilc %s -o %t.cu --header %t.h
// RUN: FileCheck %s --check-prefix=CUDA < %t.cu
#include <stencil/stencil.hpp>
using namespace stencil;

STENCIL_KERNEL void consts(In<float, 1> x, In<double, 1> y, Out<float, 1> a,
                           Out<double, 1> b, Out<float, 1> c, Out<float, 1> d,
                           Out<double, 1> e, Out<double, 1> g) {
  a() = x() / 64.0f + x() / -0.5f;
  b() = y() / 0.125;
  c() = x() / 7.0f;
  d() = x() / 0x1p127f;
  e() = y() / 81.0;
  g() = y() / 49.0;
}

// CHECK-LABEL: kernel consts rank 1
// CHECK:       store a = ((x[0] * 0.015625f) + (x[0] * -2.0f))
// CHECK-NEXT:  store b = (y[0] * 8.0)
// CHECK-NEXT:  store c = exact_div1(x[0], 7.0f, %rcp_{{[0-9]+}})
// CHECK-NEXT:  store d = exact_div(x[0], {{.*}}, %rcp_{{[0-9]+}}, %rcplo_{{[0-9]+}})
// CHECK-NEXT:  store e = exact_div1(y[0], 81.0, %rcp_{{[0-9]+}})
// CHECK-NEXT:  store g = exact_div(y[0], 49.0, %rcp_{{[0-9]+}}, %rcplo_{{[0-9]+}})
// REPORT: remark: kernel consts: hoist-division: division by the power of two '64.0f' became a multiply by 0.015625f (the same value: both round one number)
// REPORT: remark: kernel consts: hoist-division: division by '7.0f' uses %rcp_{{[0-9]+}} = 1 / 7.0f, computed once per launch, and one FMA correction, which rounds every quotient exactly as the division does (tried on every significand)
// REPORT: remark: kernel consts: hoist-division: division by '81.0' uses %rcp_{{[0-9]+}} = 1 / 81.0, computed once per launch, and one FMA correction: its reciprocal lies within u/2 of 1 / d, so every quotient rounds exactly as the division does
// REPORT: remark: kernel consts: hoist-division: division by '49.0' uses %rcp_{{[0-9]+}} = 1 / 49.0 and its low word %rcplo_{{[0-9]+}}, computed once per launch: a multiply and three FMAs that round exactly as the division does
// CUDA: c[at_] = stencil::detail::divideExactOneStep(x[at_], 7.0f, rcp_{{[0-9]+}});
// CUDA: e[at_] = stencil::detail::divideExactOneStep(y[at_], 81.0, rcp_{{[0-9]+}});
// CUDA: g[at_] = stencil::detail::divideExact(y[at_], 49.0, rcp_{{[0-9]+}}, rcplo_{{[0-9]+}});
