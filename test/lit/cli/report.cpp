// --report: one line per decision, FILE:LINE:COL: remark: kernel NAME: TOPIC:
// MESSAGE, sorted by spec location within a kernel; launch and pipeline
// first, memory last.
// RUN: %stencilc %s --report -o %t.cu 2>&1 | FileCheck %s --match-full-lines
// RUN: %stencilc %s --report -O0 -o %t.cu 2>&1 | FileCheck %s --check-prefix=O0
// RUN: %stencilc %s --report --disable-pass=hoist-division -o %t.cu 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NOHOIST
// Nothing on stderr without --report.
// RUN: %stencilc %s -o %t.cu 2>&1 | count 0
// Standard input is named <stdin>, as in Clang's diagnostics.
// RUN: %stencilc - --report -o %t.cu < %s 2>&1 | FileCheck %s --check-prefix=STDIN
#include <stencil/stencil.hpp>
using namespace stencil;

STENCIL_KERNEL void sweep(In<double, 2> uold, In<double, 2> f, Out<double, 2> u,
                          Sum<double> error, double b) {
  double resid = (uold(0, -1) + uold(0, 1) + uold(-1, 0) + uold(1, 0) - f()) / b;
  u() = uold() - resid;
  error += resid * resid;
}

STENCIL_KERNEL void fill(Out<float, 3> p) { p() = 1.0f; }

// CHECK:      {{.*}}report.cpp:[[# @LINE-9]]:21: remark: kernel sweep: launch: rank 2, domain the interior (skips (1, 1) points at the low end, (1, 1) at the high end), block 256x1x1 (256 threads), 4 points per thread along dimension 0, grid = domain / block, 32-bit indices while every linear index fits
// CHECK-NEXT: {{.*}}report.cpp:[[# @LINE-10]]:21: remark: kernel sweep: pipeline: changed by hoist-division, tile, warp-aggregate, fuse-sweeps
// CHECK-NEXT: {{.*}}report.cpp:[[# @LINE-11]]:21: remark: kernel sweep: tile: block 256x1x1 {{.*}}
// CHECK-NEXT: {{.*}}report.cpp:[[# @LINE-12]]:21: remark: kernel sweep: warp-aggregate: {{.*}}
// CHECK-NEXT: {{.*}}report.cpp:[[# @LINE-13]]:21: remark: kernel sweep: fuse-sweeps: ping-pong uold -> u: sweep_sweeps and sweep_until run 4 sweeps per launch {{.*}}
// CHECK-NEXT: {{.*}}report.cpp:[[# @LINE-13]]:39: remark: kernel sweep: reduction: sum 'error' (f64, accumulated in f64 on the device): warp-shuffle-atomic; blocks add to 128 slots; the last block to finish (grids of at most two waves) or a finalize kernel hands the totals to pinned host memory and resets the slots
// CHECK-NEXT: {{.*}}report.cpp:[[# @LINE-13]]:{{[0-9]+}}: remark: kernel sweep: hoist-division: division by 'b' uses %rcp_b = 1 / b and its low word %rcplo_b, computed once per launch: a multiply and three FMAs that round exactly as the division does
// CHECK-NEXT: {{.*}}report.cpp:[[# @LINE-16]]:21: remark: kernel sweep: memory: estimated 24 bytes per point when each grid is read once
// CHECK-NEXT: {{.*}}report.cpp:[[# @LINE-10]]:21: remark: kernel fill: launch: rank 3, domain every point, block 128x4x1 (512 threads), grid = domain / block, 32-bit indices while every linear index fits
// CHECK-NEXT: {{.*}}report.cpp:[[# @LINE-11]]:21: remark: kernel fill: pipeline: changed by tile
// CHECK-NEXT: {{.*}}report.cpp:[[# @LINE-12]]:21: remark: kernel fill: tile: {{.*}}
// CHECK-NEXT: {{.*}}report.cpp:[[# @LINE-13]]:21: remark: kernel fill: memory: estimated 4 bytes per point when each grid is read once
// CHECK-NEXT: {{.*}}report.cpp:{{[0-9]+}}:21: remark: kernel hist: launch: {{.*}}

// O0: remark: kernel sweep: launch: {{.*}} block 32x8x1
// O0-NEXT: remark: kernel sweep: pipeline: no pass changed this kernel
// O0-NEXT: remark: kernel sweep: reduction: sum 'error' {{.*}}: block-tree-atomic
// O0-NOT:  hoist-division
// O0:      remark: kernel sweep: memory:

// NOHOIST:     kernel sweep: pipeline: changed by tile, warp-aggregate
// NOHOIST-NOT: hoist-division:

// STDIN: <stdin>:[[# @LINE-32]]:21: remark: kernel sweep: launch:

// Histograms: the lowering is chosen per launch unless a pass fixed it.
STENCIL_KERNEL void hist(In<double, 1> x, Histogram<int> bins, int nbins) {
  bins[min(int(x() * nbins), nbins - 1)] += 1;
}
// CHECK-HIST: report.cpp:[[# @LINE-3]]:58: remark: kernel hist: histogram: 'bins': lowering chosen at each launch from the bin count (stencil/histogram_model.hpp)
// RUN: %stencilc %s --report -o %t.cu 2>&1 | FileCheck %s --check-prefix=CHECK-HIST
