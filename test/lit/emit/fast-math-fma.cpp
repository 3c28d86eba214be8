// --fast-math lets nvcc fuse a floating multiply into the add it feeds (an
// FMA rounds once where the CPU reference rounds twice): the multiplies are
// emitted as plain `*`, which nvcc contracts by default, and the report says
// so for each kernel with a floating multiply. Without it they are
// __fmul_rn/__dmul_rn, which nvcc never contracts (docs/cli.md#--fast-math).
// RUN: %stencilc %s -o %t.cu --header %t.h
// RUN: FileCheck %s --check-prefix=EXACT < %t.cu
// RUN: %stencilc %s --fast-math -o %t.fast.cu --header %t.fast.h
// RUN: FileCheck %s --check-prefix=FAST < %t.fast.cu
// RUN: %stencilc %s --fast-math --report -o /dev/null 2>&1 | FileCheck %s --check-prefix=REPORT
// RUN: %stencilc %s --report -o /dev/null 2>&1 | FileCheck %s --check-prefix=NOREPORT
#include <stencil/stencil.hpp>
using namespace stencil;

STENCIL_KERNEL void axpy(In<float, 1> x, In<double, 1> y, Out<double, 1> z, float a) {
  z() = double(a * x() + x(1)) + 0.5 * y();
}
// EXACT-LABEL: // axpy (
// EXACT:         z[at_] = (static_cast<double>((__fmul_rn(a, x[at_]) + x[at_ + 1])) + __dmul_rn(0.5, y[at_]));
// FAST-LABEL:  // axpy (
// FAST-NOT:      __fmul_rn
// FAST-NOT:      __dmul_rn
// FAST:          z[at_] = (static_cast<double>(((a * x[at_]) + x[at_ + 1])) + (0.5 * y[at_]));

// No floating multiply: nothing to contract, no remark.
STENCIL_KERNEL void shift(In<int, 1> k, Out<int, 1> m) { m() = k(1) * 3 + k(); }
// REPORT:      kernel axpy: fast-math: floating multiplies may fuse with the adds they feed (FMA contraction): results may differ from the CPU reference in the last ulp
// REPORT-NOT:  kernel shift: fast-math
// NOREPORT-NOT: : fast-math:
