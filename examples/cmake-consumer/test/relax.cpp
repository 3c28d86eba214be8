// A test that is its own spec: a relaxation step with a division by a
// scalar. hoist-division computes 1 / (1 + w) once per launch and keeps the
// division's exact rounding; --fast-math makes it a plain multiply.
// RUN: %stencilc %s --report -o %t.cu 2>&1 | FileCheck %s
// RUN: %stencilc %s --report --fast-math -o %t.fast.cu 2>&1 | FileCheck %s --check-prefix=FAST
// RUN: %stencilc %s --print-after=hoist-division -o /dev/null 2>&1 | FileCheck %s --check-prefix=IR
#include <stencil/stencil.hpp>
using namespace stencil;

STENCIL_KERNEL void relax(In<double, 1> u, Out<double, 1> v, double w) {
  v() = (u(-1) + w * u() + u(1)) / (2.0 + w);
}
// CHECK: relax.cpp:[[# @LINE - 2]]:{{[0-9]+}}: remark: kernel relax: hoist-division: division by '(2.0 + w)' uses %{{[a-z_0-9]+}} = 1 / (2.0 + w) and its low word %{{[a-z_0-9]+}}, computed once per launch: a multiply and three FMAs that round exactly as the division does
// FAST: relax.cpp:[[# @LINE - 3]]:{{[0-9]+}}: remark: kernel relax: hoist-division: division by '(2.0 + w)' became a multiply
// IR-LABEL: kernel relax rank 1
// IR:       uniform %[[DIV:[a-z_0-9]+]]: f64 = (2.0 + w)
// IR:       store v = exact_div({{.*}}, %[[DIV]], %{{[a-z_0-9]+}}, %{{[a-z_0-9]+}})
