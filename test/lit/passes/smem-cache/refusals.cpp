// What smem-cache refuses when forced, each with a "not cached" remark and
// the kernel left as it was.
// RUN: %stencilc %s --smem-cache=poisson3d --smem-cache=pointwise --smem-cache=huge --print-after=smem-cache --report -o %t.cu --header %t.h 2>&1 | FileCheck %s
// RUN: FileCheck %s --check-prefix=CUDA < %t.cu
#include <stencil/stencil.hpp>
using namespace stencil;

STENCIL_KERNEL void poisson3d(In<float, 3> p, Out<float, 3> q) {
  q() = p(-1, 0, 0) + p(1, 0, 0) + p(0, -1, 0) + p(0, 1, 0) + p(0, 0, -1) + p(0, 0, 1);
}
STENCIL_KERNEL void pointwise(In<double, 2> x, Out<double, 2> y) { y() = 2.0 * x(); }
STENCIL_KERNEL void huge(In<double, 2> x, Out<double, 2> y) {
  y() = x(-100, 0) + x(100, 0);
}
// CHECK: remark: kernel poisson3d: smem-cache: not cached: rank 3 kernels are not supported yet (only rank 2)
// CHECK: remark: kernel pointwise: smem-cache: not cached: no input grid is read at more than one offset
// CHECK: remark: kernel huge: smem-cache: not cached: tile {{[0-9]+x[0-9]+}} needs {{[0-9]+}} bytes of shared memory, more than 49152
// CHECK-NOT: cache {{[a-z]+}} tile
// CUDA-NOT: _smem_at_
