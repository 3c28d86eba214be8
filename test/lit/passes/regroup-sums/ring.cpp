// Floating sums regrouped (regroup-sums, --reassociate) in a register ring
// (--ring, docs/passes/tile.md#ring): a 3 x 3 x 3 box, f32. After the pass
// each update adds one plane's sum; the ring's three lanes hold the points
// whose footprint spans the plane just loaded, and each adds that plane's
// sum: one expression of the same loaded values for all three (nvcc computes
// it once: 8 adds and 3 instead of 27 a point). Without --reassociate each
// lane adds the plane's 9 values one by one.
// RUN: %stencilc %s --reassociate --ring=box27 -o %t.cu --header %t.h
// RUN: FileCheck %s < %t.cu
// RUN: %stencilc %s --ring=box27 -o %t.off.cu --header %t.off.h
// RUN: FileCheck %s --check-prefix=OFF < %t.off.cu
#include <stencil/stencil.hpp>
using namespace stencil;

STENCIL_KERNEL void box27(In<float, 3> u, Out<float, 3> v) {
  float acc = 0.0f;
  for (int i = -1; i <= 1; ++i)
    for (int j = -1; j <= 1; ++j)
      for (int k = -1; k <= 1; ++k)
        acc += u(i, j, k);
  v() = acc * 0.037f;
}
// CHECK-LABEL: // box27 (ring.cpp:15): passes applied: regroup-sums, tile, fuse-sweeps
// CHECK:         float acc{}, acc_j1{}, acc_j2{};
// CHECK:         acc_j1 = (acc_j1 + [[PLANE:\(+u_l[0-9]+_ \+ u_l[0-9]+_\)( \+ u_l[0-9]+_\)){7}]]);
// CHECK-NEXT:    acc_j2 = (acc_j2 + [[PLANE]]);
// CHECK-NEXT:    acc = (acc + [[PLANE]]);

// OFF-LABEL:   // box27 (ring.cpp:15): passes applied: tile, fuse-sweeps
// OFF:         acc_j1 = (acc_j1 + u_l{{[0-9]+}}_);
// OFF-NEXT:    acc_j2 = (acc_j2 + u_l{{[0-9]+}}_);
