// warp-aggregate: scalar reductions combine by warp shuffles (one shared
// slot per warp) instead of a shared-memory tree; one atomic per block
// either way (into one of the reduction slots).
// RUN: %stencilc %s --print-after=warp-aggregate -o /dev/null 2>&1 | FileCheck %s
// RUN: %stencilc %s --disable-pass=warp-aggregate --print-after=warp-aggregate -o /dev/null 2>&1 | FileCheck %s --check-prefix=OFF
// RUN: %stencilc %s -o %t.cu --header %t.h
// RUN: FileCheck %s --check-prefix=CUDA < %t.cu
// RUN: %stencilc %s --disable-pass=warp-aggregate -o %t.off.cu --header %t.off.h
// RUN: FileCheck %s --check-prefix=CUDA-OFF < %t.off.cu
#include <stencil/stencil.hpp>
using namespace stencil;

STENCIL_KERNEL void norms(In<float, 2> x, Sum<float, double> s, Max<float> m) {
  s += x() * x();
  m = max(m, fabs(x()));
}
// CHECK-LABEL: kernel norms rank 2
// CHECK:         reductions warp-shuffle-atomic
// OFF-LABEL:   kernel norms rank 2
// OFF:           reductions block-tree-atomic
// CUDA:          reduceWarpShuffleAtomic<stencil::detail::SumOp>(stencil::detail::blockSlot(s_total_), s, reduction_smem_);
// CUDA-NEXT:     reduceWarpShuffleAtomic<stencil::detail::MaxOp>(stencil::detail::blockSlot(m_total_), m, reduction_smem_);
// CUDA:          const size_t smem_ = 32 * 8;
// CUDA-OFF:      reduceBlockTreeAtomic<stencil::detail::SumOp>(stencil::detail::blockSlot(s_total_), s, reduction_smem_);
// CUDA-OFF:      const size_t smem_ = size_t(stencil::detail::threadsPerBlock(block_)) * 8;
