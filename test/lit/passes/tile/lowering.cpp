// tile's decisions in the CUDA: the streamed dimension walked in chunks
// innermost (the linear index an induction variable of the chunk's loop),
// points per thread from the launch options, the persistent grid; without the
// pass, one point per thread on the whole domain. (Vectors, which this
// kernel also takes, are tested in vector.cpp.)
// RUN: %stencilc %s --max-vector=1 -o %t.cu --header %t.h
// RUN: FileCheck %s < %t.cu
// RUN: %stencilc %s --disable-pass=tile -o %t.off.cu --header %t.off.h
// RUN: FileCheck %s --check-prefix=OFF < %t.off.cu
#include <stencil/stencil.hpp>
using namespace stencil;

STENCIL_KERNEL void sweep3(In<float, 3> p, Out<float, 3> q, Sum<float, double> s) {
  float v = p(1, 0, 0) + p(-1, 0, 0) + p(0, 1, 0) + p(0, 0, -1);
  q() = v;
  s += v * v;
}
// CHECK-LABEL: // sweep3 (
// CHECK:         template <class Index, bool LastBlock>
// CHECK-NEXT:    __global__ void __launch_bounds__(512, 3) sweep3_kernel(
// CHECK:           int points_per_thread_,
// CHECK-NEXT:      stencil::detail::Domain<3> dom_) {
// The streamed dimension 0 is the innermost loop, in chunks.
// CHECK:         for (Index i1_ = Index(dom_.Lo[1]) + (Index(blockIdx.y) * Index(blockDim.y) + Index(threadIdx.y));
// CHECK-NEXT:      for (Index i2_ = Index(dom_.Lo[2]) + (Index(blockIdx.x) * Index(blockDim.x) + Index(threadIdx.x));
// CHECK-NEXT:        for (Index chunk0_ = Index(dom_.Lo[0]) + (Index(blockIdx.z) * Index(blockDim.z) + Index(threadIdx.z)) * points_per_thread_; chunk0_ < Index(dom_.Hi[0]); chunk0_ += (Index(gridDim.z) * Index(blockDim.z)) * points_per_thread_) {
// CHECK-NEXT:          const Index end0_ = chunk0_ + points_per_thread_ < Index(dom_.Hi[0]) ? chunk0_ + points_per_thread_ : Index(dom_.Hi[0]);
// CHECK-NEXT:          Index at_ = chunk0_ * stride0_ + i1_ * stride1_ + i2_;
// CHECK-NEXT:          #pragma unroll 1
// CHECK-NEXT:          for (Index i0_ = chunk0_; i0_ < end0_; ++i0_, at_ += stride0_) {
// CHECK-NOT:             at_ =
// CHECK:                 q[at_] = v;
// CHECK:                 s += static_cast<double>(__fmul_rn(v, v));
// CHECK-NEXT:          }
// CHECK-NEXT:        }
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK:         const dim3 block_ = stencil::detail::blockShape<3>(kernel_name_, {128, 4, 1}, 512, tuned_opts_);
// CHECK-NEXT:    int points_per_thread_ = tuned_opts_.PointsPerThread > 0 ? tuned_opts_.PointsPerThread : 8;
// CHECK:         const bool narrow_ = stencil::detail::fitsNarrowIndex<3>(extents_, 1);
// CHECK-NEXT:    auto* const kernel_ = narrow_ ? &sweep3_kernel<int, false> : &sweep3_kernel<int64_t, false>;
// CHECK:         static stencil::detail::ResidentBlocks resident_;
// CHECK-NEXT:    const int64_t resident_blocks_ = resident_.get(kernel_name_, kernel_, block_, smem_);
// CHECK-NEXT:    const bool persistent_ = tuned_opts_.Persistent < 0 ? false : tuned_opts_.Persistent > 0;
// A launch-bound size takes fewer points per thread, unless the options say.
// CHECK:         if (tuned_opts_.PointsPerThread <= 0 && !persistent_)
// CHECK-NEXT:      points_per_thread_ = stencil::detail::pointsToFill<3>(domain_, block_, points_per_thread_, 0, resident_blocks_, 1, 1);
// CHECK-NEXT:    const dim3 grid_ = persistent_ ? stencil::detail::persistentGridShape<3>(domain_, block_, points_per_thread_, 0, resident_blocks_) : stencil::detail::gridShape<3>(domain_, block_, points_per_thread_, 0);
// A grid of at most two waves takes the instance whose last block combines
// the slots.
// CHECK:         const bool last_block_ = narrow_ && stencil::detail::lastBlockCombines(grid_, resident_blocks_);
// CHECK-NEXT:    auto* const launched_ = last_block_ ? &sweep3_kernel<int, true> : kernel_;
// CHECK:         stencil::detail::launchAfterPrevious(kernel_name_, launched_, grid_, block_, smem_, tuned_opts_.Stream, p.data(), q.data(), device_->s, device_, static_cast<sweep3_totals_*>(accumulators_.ring().onDevice(entry_)), points_per_thread_, domain_);

// OFF-LABEL:   // sweep3 (
// OFF-NOT:       chunk0_
// OFF-NOT:       points_per_thread_,
// OFF:           for (Index i0_ = Index(dom_.Lo[0]) + (Index(blockIdx.z) * Index(blockDim.z) + Index(threadIdx.z)); i0_ < Index(dom_.Hi[0]); i0_ += Index(gridDim.z) * Index(blockDim.z)) {
// OFF-NEXT:        for (Index i1_
// OFF-NEXT:          for (Index i2_
// OFF:           const dim3 block_ = stencil::detail::blockShape<3>(kernel_name_, {32, 8, 1}, 256, tuned_opts_);
// OFF:           const bool persistent_ = tuned_opts_.Persistent < 0 ? false : tuned_opts_.Persistent > 0;
