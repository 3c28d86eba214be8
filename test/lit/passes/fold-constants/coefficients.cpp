// fold-constants on a spec: the suite's lap6_accumulate writes its centre
// weight as -49.0f / 9.0f. The C++ compiler folds that division in float for
// the CPU reference; without this pass it reached the GPU as a divideExact
// per point (hoist-division's exact lowering of a division by the constant
// 9.0f). Folded, the kernel multiplies by -5.4444447f, the float nearest to
// -49/9, and only the division by 90.0f, whose dividend is a sum of reads,
// stays a division (divideExactOneStep: one FMA correction suffices for
// 90.0f, hoist-division tried every significand).
// RUN: %stencilc %s --print-after=fold-constants -o /dev/null 2>&1 | FileCheck %s --check-prefix=IR
// RUN: %stencilc %s -o %t.cu --header %t.h
// RUN: FileCheck %s < %t.cu
// RUN: %stencilc %s --report -o /dev/null 2>&1 | FileCheck %s --check-prefix=REPORT
// RUN: %stencilc %s --disable-pass=fold-constants -o %t.off.cu --header %t.off.h
// RUN: FileCheck %s --check-prefix=OFF < %t.off.cu
#include <stencil/stencil.hpp>
using namespace stencil;

STENCIL_KERNEL void lap6(In<float, 2> u, InOut<float, 2> acc, float dt) {
  float lap = -49.0f / 9.0f * u();
  lap += 1.5f * (u(0, 1) + u(0, -1) + u(1, 0) + u(-1, 0));
  lap += (u(0, 3) + u(0, -3) + u(3, 0) + u(-3, 0)) / 90.0f;
  acc() = acc() + dt * lap;
}
// IR-LABEL:    kernel lap6 rank 2
// IR:            applied fold-constants{{$}}
// IR:            let %lap: f32 = (-5.4444447f * u[0, 0])
// IR:            %lap = (%lap + ({{.*}} / 9e+01f))

// CHECK-LABEL: // lap6 (
// CHECK-NOT:     divideExact((-49.0f), 9.0f
// CHECK:         float lap = __fmul_rn((-5.4444447f), u[at_]);
// CHECK-NOT:     divideExact((-49.0f), 9.0f
// CHECK:         stencil::detail::divideExactOneStep({{.*}}, 9e+01f, rcp_0)
// CHECK-NOT:     divideExact((-49.0f), 9.0f

// REPORT:      coefficients.cpp:[[# @LINE - 18]]:21: remark: kernel lap6: pipeline: changed by fold-constants, hoist-division, tile
// REPORT:      coefficients.cpp:[[# @LINE - 18]]:9: remark: kernel lap6: fold-constants: 1 constant subexpression folded: (-(49.0f) / 9.0f) -> -5.4444447f

// Without the pass the division of two literals runs at every point.
// OFF:         float lap = __fmul_rn(stencil::detail::divideExactOneStep((-49.0f), 9.0f, rcp_0), u[at_]);
