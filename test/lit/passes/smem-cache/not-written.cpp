// smem-cache is not written yet: --list-passes says so, and it records
// nothing (no cache decision in the IR, no remark, no shared-memory tile).
// RUN: %stencilc --list-passes | FileCheck %s --check-prefix=LIST
// RUN: %stencilc %s --print-after=smem-cache --report -o %t.cu --header %t.h 2>&1 | FileCheck %s
// RUN: FileCheck %s --check-prefix=CUDA < %t.cu
#include <stencil/stencil.hpp>
using namespace stencil;

STENCIL_KERNEL void jacobi(In<double, 2> a, Out<double, 2> b) {
  b() = 0.25 * (a(0, -1) + a(0, 1) + a(-1, 0) + a(1, 0));
}
// LIST:        smem-cache {{.*}}(not yet written: runs as a no-op)
// CHECK-LABEL: kernel jacobi rank 2
// CHECK-NOT:     cache
// CHECK-NOT:   [smem-cache]
// CUDA-NOT:    __shared__
