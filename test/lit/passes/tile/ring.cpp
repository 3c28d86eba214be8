// Register rings (docs/passes/tile.md#ring): a streamed kernel whose
// statements read planes in order along the streamed dimension walks its
// chunk one plane at a time, each lane of the ring a point whose footprint
// spans the plane just reached. Each plane's elements are loaded once for
// all lanes; a read of a plane behind its statement's phase (c() after the
// sum) is the lane's own; index(0) is the lane's point. While the ring fills
// and empties, each lane runs behind a test of its point, then the ring
// turns (each carried local passes to the next lane); in between, groups of
// lanes() steps are unrolled, the lanes interleaved, and the ring turns by
// renaming. tile takes a ring where arithmetic bounds the kernel (box125:
// 126 operations for 8 bytes a point); --ring=KERNEL forces one where the
// body allows, in rank 2 as well.
// RUN: %stencilc %s --ring=box27 --ring=inout --ring=blur --emit=ir -o %t.sir
// RUN: FileCheck %s --check-prefix=IR < %t.sir
// RUN: %stencilc-opt %t.sir | FileCheck %s --check-prefix=IR
// RUN: %stencilc %s --ring=box27 --ring=inout --ring=blur --report -o /dev/null 2>&1 | FileCheck %s --check-prefix=REPORT
// RUN: %stencilc %s --ring=box27 --ring=inout --ring=blur -o %t.cu --header %t.h
// RUN: FileCheck %s < %t.cu
// RUN: %stencilc-opt %t.sir --emit=cuda -o %t2.cu --header %t.h
// RUN: diff %t.cu %t2.cu
// Without --ring, only box125 is a ring:
// RUN: %stencilc %s --emit=ir -o - | FileCheck %s --check-prefix=RULE
#include <stencil/stencil.hpp>
using namespace stencil;

// 125 ordered adds for 8 bytes a point: bound by issuing them.
STENCIL_KERNEL void box125(In<float, 3> u, Out<float, 3> v) {
  float acc = 0.0f;
  for (int i = -2; i <= 2; ++i)
    for (int j = -2; j <= 2; ++j)
      for (int k = -2; k <= 2; ++k)
        acc += u(i, j, k);
  v() = acc * 0.008f;
}

STENCIL_KERNEL void box27(In<double, 3> u, In<double, 3> c, Out<double, 3> v,
                          Sum<double> s) {
  double acc = 0.0;
  for (int i = -1; i <= 1; ++i)
    for (int j = -1; j <= 1; ++j)
      for (int k = -1; k <= 1; ++k)
        acc += u(i, j, k);
  double w = acc * c(0, 0, 0) + index(0);
  v() = w;
  s += w;
}

// The same box summed with dimension 0 innermost: every statement after the
// first three would read a plane behind its phase; jammed instead.
STENCIL_KERNEL void across(In<double, 3> u, Out<double, 3> v) {
  double acc = 0.0;
  for (int k = -1; k <= 1; ++k)
    for (int j = -1; j <= 1; ++j)
      for (int i = -1; i <= 1; ++i)
        acc += u(i, j, k);
  v() = acc;
}

// An InOut grid: no ring (its value lives in a local per point).
STENCIL_KERNEL void inout(In<float, 3> u, InOut<float, 3> w) {
  float acc = 0.0f;
  for (int i = -1; i <= 1; ++i)
    for (int j = -1; j <= 1; ++j)
      for (int k = -1; k <= 1; ++k)
        acc += u(i, j, k);
  w() = w() + acc;
}

STENCIL_KERNEL void blur(In<float, 2> u, Out<float, 2> v) {
  float acc = 0.0f;
  for (int i = -1; i <= 1; ++i)
    for (int j = -1; j <= 1; ++j)
      acc += u(i, j);
  v() = acc;
}

// IR-LABEL: kernel box125 rank 3
// IR:       schedule block (32, 16, 1) stream dim 0 points-per-thread 32 ring{{$}}
// IR-LABEL: kernel box27 rank 3
// IR:       schedule block (64, 8, 1) stream dim 0 points-per-thread 32 ring{{$}}
// IR-LABEL: kernel across rank 3
// IR:       schedule {{.*}} jam 4 prefetch{{$}}
// IR-LABEL: kernel inout rank 3
// IR:       schedule {{.*}} jam 4 prefetch{{$}}
// IR-LABEL: kernel blur rank 2
// IR:       schedule block (128, 2, 1) stream dim 0 points-per-thread 32 ring{{$}}
// RULE-LABEL: kernel box125 rank 3
// RULE:       schedule {{.*}} ring{{$}}
// RULE-LABEL: kernel box27 rank 3
// RULE:       schedule {{.*}} jam 4 prefetch{{$}}
// RULE-LABEL: kernel blur rank 2
// RULE:       schedule {{.*}} jam 4 vector 4{{$}}
// REPORT: remark: kernel box125: tile: {{.*}}; register ring along dimension 0: each thread holds the points whose footprint spans the plane it has loaded, 25 loads per point instead of 125
// REPORT: remark: kernel box27: tile: {{.*}}; register ring along dimension 0: {{.*}}, 10 loads per point instead of 28
// REPORT-NOT: kernel across: tile: {{.*}}ring
// REPORT: remark: kernel inout: tile: --ring=inout ignored: it has inout 'w'

// CHECK-LABEL: box27_kernel(
// CHECK:         Index at_ = chunk0_ * stride0_ + i1_ * stride1_ + i2_;
// CHECK-NEXT:    double acc{}, acc_j1{}, acc_j2{};
// CHECK-NEXT:    Index i0_ = chunk0_;
// CHECK-NEXT:    #pragma unroll 1
// CHECK-NEXT:    for (; i0_ < chunk0_ + 2 && i0_ < end0_ + 2; ++i0_, at_ += stride0_) { // the ring fills
// The plane i0_ - 1: the newest point's first, the oldest's last.
// CHECK-NEXT:      const double u_l0_ = u[at_ - stride0_ - stride1_ - 1];
// CHECK:           const double u_l8_ = u[at_ - stride0_ + stride1_ + 1];
// CHECK-NEXT:      if (i0_ >= chunk0_ + 2 && i0_ < end0_) {
// CHECK-NEXT:        // ring.cpp:{{[0-9]+}}
// CHECK-NEXT:        acc = 0.0;
// CHECK-NEXT:        // ring.cpp:{{[0-9]+}}
// CHECK-NEXT:        acc_j1 = (acc_j1 + u_l0_);
// CHECK-NEXT:        acc_j2 = (acc_j2 + u_l0_);
// CHECK-NEXT:        acc = (acc + u_l0_);
// CHECK:             acc = (acc + u_l8_);
// CHECK-NEXT:        // ring.cpp:{{[0-9]+}}
// CHECK-NEXT:        double w_j2 = (__dmul_rn(acc_j2, c[at_ - 2 * stride0_]) + static_cast<double>(static_cast<int>(i0_ - 2)));
// CHECK-NEXT:        // ring.cpp:{{[0-9]+}}
// CHECK-NEXT:        v[at_ - 2 * stride0_] = w_j2;
// CHECK-NEXT:        // ring.cpp:{{[0-9]+}}
// CHECK-NEXT:        s += w_j2;
// CHECK-NEXT:      } else {
// CHECK-NEXT:        if (i0_ < end0_) {
// CHECK-NEXT:          // ring.cpp:{{[0-9]+}}
// CHECK-NEXT:          acc = 0.0;
// CHECK:             }
// CHECK-NEXT:        if (i0_ >= chunk0_ + 1 && i0_ < end0_ + 1) {
// CHECK-NEXT:          // ring.cpp:{{[0-9]+}}
// CHECK-NEXT:          acc_j1 = (acc_j1 + u_l0_);
// CHECK:             }
// CHECK-NEXT:        if (i0_ >= chunk0_ + 2) {
// CHECK:               v[at_ - 2 * stride0_] = w_j2;
// CHECK-NEXT:          // ring.cpp:{{[0-9]+}}
// CHECK-NEXT:          s += w_j2;
// CHECK-NEXT:        }
// CHECK-NEXT:      }
// The ring turns: each lane's sum passes to the lane one plane older.
// CHECK-NEXT:      acc_j2 = acc_j1;
// CHECK-NEXT:      acc_j1 = acc;
// CHECK-NEXT:    }
// Three steps unrolled: step 1's newest point (lane 0) is i0_ + 1 and
// starts in slot 2, which step 0's oldest point has just left.
// CHECK-NEXT:    #pragma unroll 1
// CHECK-NEXT:    for (; i0_ + 3 <= end0_; i0_ += 3, at_ += 3 * stride0_) { // every lane's point in the chunk
// CHECK-NEXT:      {
// CHECK-NEXT:        const double u_l{{[0-9]+}}_ = u[at_ - stride0_ - stride1_ - 1];
// CHECK:             double w_j2 = (__dmul_rn(acc_j2, c[at_ - 2 * stride0_]) + static_cast<double>(static_cast<int>(i0_ - 2)));
// CHECK:           }
// CHECK-NEXT:      { // the point 1 further along
// CHECK-NEXT:        const double u_l{{[0-9]+}}_ = u[at_ - stride1_ - 1];
// CHECK:             acc_j2 = 0.0;
// CHECK:             double w_j2 = (__dmul_rn(acc_j1, c[at_ - stride0_]) + static_cast<double>(static_cast<int>(i0_ - 1)));
// CHECK-NEXT:        // ring.cpp:{{[0-9]+}}
// CHECK-NEXT:        v[at_ - stride0_] = w_j2;
// CHECK:           }
// CHECK-NEXT:      { // the point 2 further along
// CHECK-NEXT:        const double u_l{{[0-9]+}}_ = u[at_ + stride0_ - stride1_ - 1];
// CHECK:             acc_j1 = 0.0;
// CHECK:             double w_j2 = (__dmul_rn(acc, c[at_]) + static_cast<double>(static_cast<int>(i0_)));
// CHECK:           }
// CHECK-NEXT:    }
// CHECK-NEXT:    #pragma unroll 1
// CHECK-NEXT:    for (; i0_ < end0_ + 2; ++i0_, at_ += stride0_) { // the ring empties
// CHECK-LABEL: across_kernel(
// CHECK-NOT:     acc_j1{}
// CHECK:         for (; i0_ + 4 <= end0_; i0_ += 4, at_ += 4 * stride0_) {
// CHECK-LABEL: blur_kernel(
// CHECK:         Index at_ = chunk0_ * stride0_ + i1_;
// CHECK-NEXT:    float acc{}, acc_j1{}, acc_j2{};
// CHECK-NEXT:    Index i0_ = chunk0_;
// CHECK-NEXT:    #pragma unroll 1
// CHECK-NEXT:    for (; i0_ < chunk0_ + 2 && i0_ < end0_ + 2; ++i0_, at_ += stride0_) { // the ring fills
// CHECK-NEXT:      const float u_l{{[0-9]+}}_ = u[at_ - stride0_ - 1];
// CHECK-NEXT:      const float u_l{{[0-9]+}}_ = u[at_ - stride0_];
// CHECK-NEXT:      const float u_l{{[0-9]+}}_ = u[at_ - stride0_ + 1];
