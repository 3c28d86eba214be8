// Floating sums regrouped (regroup-sums, --reassociate) and shared between
// the rows of an unroll-and-jam group: a 5 x 5 mean, f64. Each update adds
// one row's sum along dimension 0; the jam group's lanes are rows, so lane 1's
// row sum for offset -2 is lane 0's for offset -1, the same expression of the
// same loaded values, which nvcc computes once. Without --reassociate every
// lane adds its 25 terms one by one in the spec's order.
// RUN: %stencilc %s --reassociate -o %t.cu --header %t.h
// RUN: FileCheck %s < %t.cu
// RUN: %stencilc %s -o %t.off.cu --header %t.off.h
// RUN: FileCheck %s --check-prefix=OFF < %t.off.cu
// RUN: %stencilc %s --reassociate --report -o /dev/null 2>&1 | FileCheck %s --check-prefix=REPORT
#include <stencil/stencil.hpp>
using namespace stencil;

STENCIL_KERNEL void mean25(In<double, 2> u, Out<double, 2> mean) {
  double acc = 0.0;
  for (int i = -2; i <= 2; ++i)
    for (int j = -2; j <= 2; ++j)
      acc += u(i, j);
  mean() = acc / 25.0;
}
// CHECK-LABEL: // mean25 (lanes.cpp:15): passes applied: hoist-division, regroup-sums, tile, fuse-sweeps
// CHECK:         double acc_j1 = 0.0;
// CHECK:         acc_j1 = (acc_j1 + [[ROW:\(\(\(\(u_l[0-9]+_ \+ u_l[0-9]+_\) \+ u_l[0-9]+_\) \+ u_l[0-9]+_\) \+ u_l[0-9]+_\)]]);
// CHECK-NEXT:    acc_j2 = (acc_j2 + [[ROW2:.*]]);
// CHECK:         acc = (acc + [[ROW]]);
// CHECK-NEXT:    acc_j1 = (acc_j1 + [[ROW2]]);

// OFF-LABEL:   // mean25 (lanes.cpp:15): passes applied: hoist-division, tile, fuse-sweeps
// OFF:         acc = (acc + u_l{{[0-9]+}}_);
// OFF-NEXT:    acc_j1 = (acc_j1 + u_l{{[0-9]+}}_);

// REPORT: lanes.cpp:15:21: remark: kernel mean25: regroup-sums: floating sums regrouped by their terms' offset along dimension 0 (--reassociate): %acc's updates: 25 terms in 5 groups (at most 5); points that read the same plane share its group's sum
