// smem-cache is off by default; --smem-cache=KERNEL forces it for one kernel:
// the multiply-read input grid is staged in shared memory with its halo, the
// once-read grid is not, and the tile is the (reshaped) block.
// RUN: %stencilc %s --print-after=smem-cache -o /dev/null 2>&1 | FileCheck %s --check-prefix=OFF
// RUN: %stencilc %s --smem-cache=jacobi --print-after=smem-cache --report -o %t.cu --header %t.h 2>&1 | FileCheck %s
// RUN: FileCheck %s --check-prefix=CUDA < %t.cu
// RUN: %stencilc %s --smem-cache=jacobi --disable-pass=smem-cache --print-after=smem-cache -o %t.off.cu --header %t.off.h 2>&1 | FileCheck %s --check-prefix=DISABLED
// RUN: FileCheck %s --check-prefix=CUDA-OFF < %t.off.cu
// RUN: %stencilc %s --smem-cache=jacobi --tile=jacobi:16x16:stream=none --report -o /dev/null 2>&1 | FileCheck %s --check-prefix=USER
#include <stencil/stencil.hpp>
using namespace stencil;

STENCIL_KERNEL void jacobi(In<float, 2> a, In<float, 2> f, Out<float, 2> b,
                           Sum<double> change) {
  b() = 0.25f * (a(0, -1) + a(0, 1) + a(-2, 0) + a(1, 0)) - f();
  change += a(1, 0) - a();
}
// OFF-LABEL:  kernel jacobi rank 2
// OFF-NOT:      cache

// CHECK:      remark: kernel jacobi: smem-cache: cached in shared memory: a (halo lo 2x1 hi 1x1), tile 8x32, 1496 bytes per block; block reshaped from {{[0-9]+x[0-9]+}} to 32x8 (a smaller halo)
// CHECK-LABEL: kernel jacobi rank 2
// CHECK:        schedule block (32, 8, 1)
// CHECK-NOT:    stream dim
// CHECK:        cache a tile (8, 32) halo lo (2, 1) hi (1, 1)
// CHECK-NOT:    cache f

// CUDA:       __shared__ float a_smem_[11 * 34];
// CUDA:       const int a_smem_at_ = (int(threadIdx.y) + 2) * 34 + int(threadIdx.x) + 1;
// CUDA:       for (Index t0_ = Index(dom_.Lo[0]) + Index(blockIdx.y) * 8; t0_ < Index(dom_.Hi[0]); t0_ += Index(gridDim.y) * 8) {
// CUDA:       for (int s_ = int(threadIdx.y) * 32 + int(threadIdx.x); s_ < 374; s_ += 256) {
// CUDA:       if (r_ >= 0 && r_ < Index(cache_extent0_) && c_ >= 0 && c_ < Index(cache_extent1_))
// CUDA-NEXT:    a_smem_[s_] = a[r_ * cache_stride_ + c_];
// CUDA:       __syncthreads();
// CUDA:       if (i0_ < Index(dom_.Hi[0]) && i1_ < Index(dom_.Hi[1])) {
// CUDA:       a_smem_[a_smem_at_ - 68]
// CUDA-SAME:  f[at_]
// CUDA:       a_smem_[a_smem_at_ + 34] - a_smem_[a_smem_at_]
// CUDA:       __syncthreads(); // the next tile overwrites the shared arrays
// CUDA:       reduceWarpShuffleAtomic
// CUDA:       if (block_.x != 32 || block_.y != 8)
// CUDA-NEXT:    throw stencil::Error(kernel_name_, "smem-cache compiled a 32x8 tile; a launch cannot change the block shape");
// CUDA:       extents_[0], extents_[1], domain_);

// DISABLED:   *** IR after smem-cache (disabled) ***
// DISABLED-NOT: cache a
// CUDA-OFF-NOT: a_smem_

// USER:       smem-cache: cached in shared memory: a (halo lo 2x1 hi 1x1), tile 16x16, 1368 bytes per block{{$}}
