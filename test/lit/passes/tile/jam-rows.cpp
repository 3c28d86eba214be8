// Rows a grid stride apart (docs/passes/tile.md#jam): a rank-2 reduction
// over a grid read only at the centre runs on a persistent grid, one
// point's 8 bytes in flight per thread; tile jams it by 4, so that each
// thread loads 4 rows a grid stride apart together (the row loop inside
// the jammed one, index(0) each lane's row), then the thread's last rows
// one at a time. Not for a star (neighbours), nor for 16 bytes a point.
// RUN: %stencilc %s --emit=ir -o %t.sir
// RUN: FileCheck %s --check-prefix=IR < %t.sir
// RUN: %stencilc-opt %t.sir | FileCheck %s --check-prefix=IR
// RUN: %stencilc %s --report -o /dev/null 2>&1 | FileCheck %s --check-prefix=REPORT
// RUN: %stencilc %s -o %t.cu --header %t.h
// RUN: FileCheck %s < %t.cu
// RUN: %stencilc-opt %t.sir --emit=cuda -o %t2.cu --header %t.h
// RUN: diff %t.cu %t2.cu
// RUN: %stencilc %s --max-jam=1 --emit=ir -o - | FileCheck %s --check-prefix=OFF
#include <stencil/stencil.hpp>
using namespace stencil;

STENCIL_KERNEL void norm(In<double, 2> u, Sum<double> error, double dy) {
  double y = dy * index(0);
  double t = u() - y;
  error += t * t;
}

STENCIL_KERNEL void star(In<double, 2> u, Sum<double> s) {
  s += u(0, -1) + u(0, 1) - 2.0 * u();
}

STENCIL_KERNEL void pair(In<double, 2> a, In<double, 2> b, Sum<double> ab) {
  ab += a() * b();
}

// IR-LABEL: kernel norm rank 2
// IR:         schedule block (64, 4, 1) jam 4 persistent
// IR-LABEL: kernel star rank 2
// IR-NOT:     jam
// IR-LABEL: kernel pair rank 2
// IR-NOT:     jam
// IR:       }

// REPORT: remark: kernel norm: tile: {{.*}}persistent grid {{.*}}; unroll-and-jam 4: each thread loads 4 rows a grid stride apart together
// REPORT-NOT: kernel star: tile: {{.*}}unroll-and-jam
// REPORT-NOT: kernel pair: tile: {{.*}}unroll-and-jam

// CHECK-LABEL: norm_kernel(
// CHECK:         const Index step0_ = Index(gridDim.y) * Index(blockDim.y);
// CHECK-NEXT:    Index i0_ = Index(dom_.Lo[0]) + (Index(blockIdx.y) * Index(blockDim.y) + Index(threadIdx.y));
// CHECK-NEXT:    #pragma unroll 1
// CHECK-NEXT:    for (; int64_t(i0_) + 3 * int64_t(step0_) < int64_t(Index(dom_.Hi[0])); i0_ += 4 * step0_) {
// CHECK-NEXT:      for (Index i1_ = Index(dom_.Lo[1]) + (Index(blockIdx.x) * Index(blockDim.x) + Index(threadIdx.x)); i1_ < Index(dom_.Hi[1]); i1_ += Index(gridDim.x) * Index(blockDim.x)) {
// CHECK-NEXT:        const Index at_ = i0_ * stride0_ + i1_;
// CHECK-NEXT:        const double u_l0_ = u[at_];
// CHECK-NEXT:        const double u_l1_ = u[at_ + step0_ * stride0_];
// CHECK-NEXT:        const double u_l2_ = u[at_ + 2 * step0_ * stride0_];
// CHECK-NEXT:        const double u_l3_ = u[at_ + 3 * step0_ * stride0_];
// CHECK:             double y_j3 = __dmul_rn(dy, static_cast<double>(static_cast<int>(i0_ + 3 * step0_)));
// CHECK:             error += __dmul_rn(t_j3, t_j3);
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:    for (; i0_ < Index(dom_.Hi[0]); i0_ += step0_) {
// CHECK-NEXT:      for (Index i1_ = Index(dom_.Lo[1]) + (Index(blockIdx.x) * Index(blockDim.x) + Index(threadIdx.x)); i1_ < Index(dom_.Hi[1]); i1_ += Index(gridDim.x) * Index(blockDim.x)) {
// CHECK-NEXT:        const Index at_ = i0_ * stride0_ + i1_;
// CHECK:             double y = __dmul_rn(dy, static_cast<double>(static_cast<int>(i0_)));

// --max-jam=1 turns it off.
// OFF-LABEL: kernel norm rank 2
// OFF-NOT:     jam
// OFF:       }
