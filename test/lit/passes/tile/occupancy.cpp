// Register bound (docs/passes/tile.md#occupancy): a rank-2 or rank-3 kernel
// that is not jammed and loads at most 9 In elements a point gets
// __launch_bounds__(threads, 1536 / threads), so that ptxas leaves 48 of an
// SM's 64 warps room; jammed kernels, wider footprints, rank 1 and histogram
// kernels keep the plain bound. The IR prints it (min-blocks) and reads it
// back.
// RUN: %stencilc %s --emit=ir -o %t.sir
// RUN: FileCheck %s --check-prefix=IR < %t.sir
// RUN: %stencilc-opt %t.sir | FileCheck %s --check-prefix=IR
// RUN: %stencilc %s --report -o /dev/null 2>&1 | FileCheck %s --check-prefix=REPORT
// RUN: %stencilc %s -o %t.cu --header %t.h
// RUN: FileCheck %s < %t.cu
// RUN: %stencilc %s --tile=heat:64x8x1 --emit=ir -o - | FileCheck %s --check-prefix=USER
#include <stencil/stencil.hpp>
using namespace stencil;

// 7 points in rank 3: bounded for 3 blocks of 512 threads.
STENCIL_KERNEL void heat(In<double, 3> u, Out<double, 3> v, Sum<double> s) {
  double l = u(-1, 0, 0) + u(1, 0, 0) + u(0, -1, 0) + u(0, 1, 0) + u(0, 0, -1) +
             u(0, 0, 1) - 6.0 * u();
  v() = u() + 0.1 * l;
  s += l * l;
}

// 27 points: not bounded.
STENCIL_KERNEL void box(In<float, 3> u, Out<float, 3> v) {
  float t = 0.0f;
  for (int i = -1; i <= 1; ++i)
    for (int j = -1; j <= 1; ++j)
      for (int k = -1; k <= 1; ++k)
        t += u(i, j, k);
  v() = t;
}

// Rank 1: not bounded.
STENCIL_KERNEL void line(In<double, 1> u, Out<double, 1> v) { v() = u(-1) + u(1); }

// IR-LABEL: kernel heat rank 3
// IR:       schedule block (64, 8, 1) stream dim 0 points-per-thread 8 vector 2 min-blocks 3{{$}}
// IR-LABEL: kernel box rank 3
// IR-NOT:   min-blocks
// IR-LABEL: kernel line rank 1
// IR-NOT:   min-blocks
// REPORT: remark: kernel heat: tile: {{.*}}; registers bounded for 3 blocks per SM (__launch_bounds__){{$}}
// CHECK: __global__ void __launch_bounds__(512, 3) heat_kernel(
// CHECK: __global__ void __launch_bounds__(512) box_kernel(
// CHECK: __global__ void __launch_bounds__(256) line_kernel(
// A schedule from --tile keeps the plain bound.
// USER-LABEL: kernel heat rank 3
// USER:       schedule block (64, 8, 1) [user]{{$}}
