// Histogram kernels take vectors along the row like the others
// (docs/passes/tile.md#vectors): each lane adds its own bin, one update per
// lane in lane order. The kernel is a template on its lowering and on the
// width; the launcher picks the vector instance (vec_) for every lowering.
// A rank-1 histogram is jammed instead, as other rank-1 kernels are: 4
// points a grid stride apart, their loads issued together, each lane's
// update in turn.
// RUN: %stencilc %s --emit=ir -o - | FileCheck %s --check-prefix=IR
// RUN: %stencilc %s --max-vector=1 --emit=ir -o - | FileCheck %s --check-prefix=OFF
// RUN: %stencilc %s -o %t.cu --header %t.h
// RUN: FileCheck %s < %t.cu
#include <stencil/stencil.hpp>
using namespace stencil;

STENCIL_KERNEL void luma(In<float, 2> r, In<float, 2> g, Histogram<int> bins) {
  int bin = min(int((r() + g()) * 128.0f), 255);
  bins[bin] += 1;
}

STENCIL_KERNEL void flat(In<double, 1> x, Histogram<double> h, const int n) {
  h[int(x() * n) % n] += x();
}

// IR-LABEL: kernel luma rank 2
// IR:       schedule block (128, 2, 1) vector 4{{$}}
// IR-LABEL: kernel flat rank 1
// IR:       schedule block (256, 1, 1) jam 4{{$}}
// OFF-NOT: {{ vector [0-9]}}

// CHECK-LABEL: template <int histogram_lowering_, int Vec>
// CHECK-NEXT:  __global__ void __launch_bounds__(1024) luma_kernel(
// CHECK:         for (Index i1_ = Index(dom_.Lo[1]) / Vec * Vec + Vec * (
// CHECK:           if (Vec > 1 && i1_ >= Index(dom_.Lo[1]) && i1_ + Vec <= Index(dom_.Hi[1])) {
// CHECK-DAG:         const float4 g_v[[G:[0-9]+]]_ = *reinterpret_cast<const float4*>(g + (at_));
// CHECK-DAG:         const float4 r_v[[R:[0-9]+]]_ = *reinterpret_cast<const float4*>(r + (at_));
// CHECK:             int bin_j3 = stencil::detail::minOf(static_cast<int>(__fmul_rn((r_v[[R]]_.w + g_v[[G]]_.w), 128.0f)), 255);
// CHECK:             bins_hist_.template add<true>(static_cast<int64_t>(bin), 1);
// CHECK-NEXT:        bins_hist_.template add<true>(static_cast<int64_t>(bin_j1), 1);
// CHECK-NEXT:        bins_hist_.template add<true>(static_cast<int64_t>(bin_j2), 1);
// CHECK-NEXT:        bins_hist_.template add<true>(static_cast<int64_t>(bin_j3), 1);
// CHECK-NEXT:      } else {
// CHECK:             for (Index lane_ = 0; lane_ < Vec; ++lane_) {
// CHECK:               bins_hist_.template add<true>(static_cast<int64_t>(bin), 1);
// CHECK-LABEL: void luma(
// A point-wise kernel: a domain of whole rows runs as one row (one-row.cpp),
// which need not be whole vectors.
// CHECK:         const bool vec_ = stencil::detail::vectorAligned<2>(extents_, 4, 4, {std::as_const(r).data(), std::as_const(g).data()}, /*WholeRows=*/!one_row_) &&
// CHECK:         const dim3 grid_ = stencil::detail::gridShape<2>(row_domain_, block_, points_per_thread_, (one_row_ ? 1 : 0), vec_ ? 4 : 1);
// CHECK:         reinterpret_cast<const void*>((vec_ ? &luma_kernel<3, 4> : &luma_kernel<3, 1>)), shared_block_);
// CHECK:         ? (vec_ ? &luma_kernel<3, 4> : &luma_kernel<3, 1>)
// CHECK-NEXT:    : (vec_ ? &luma_kernel<4, 4> : &luma_kernel<4, 1>);
// CHECK:         launch_((vec_ ? &luma_kernel<2, 4> : &luma_kernel<2, 1>), grid_, block_, 0);
// CHECK:         launch_((vec_ ? &luma_kernel<1, 4> : &luma_kernel<1, 1>), grid_, block_, 0);
// The rank-1 kernel: one lowering parameter, no width; 4 lanes a grid
// stride apart.
// CHECK-LABEL: template <int histogram_lowering_>
// CHECK-NEXT:  __global__ void __launch_bounds__(1024) flat_kernel(
// CHECK:         const double x_l0_ = x[at_];
// CHECK-NEXT:    const double x_l1_ = x[at_ + step0_];
// CHECK:         h_hist_.template add<false>({{.*}}x_l3_);
// CHECK:         launch_(&flat_kernel<1>, grid_, block_, 0);
