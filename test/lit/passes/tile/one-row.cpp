// Point-wise kernels (every grid read at its centre, no index(d)) of rank 2
// and 3 with vectors: a domain of whole rows is one contiguous range of each
// grid, which the launcher walks as one row (docs/passes/tile.md#one-row):
// row_domain_, a block of x threads alone, points per thread along the row,
// and the instance of skew 0 whatever the rows' length. A kernel that reads a
// neighbour or index(d), or has no vectors, keeps its rows.
// RUN: %stencilc %s --report -o /dev/null 2>&1 | FileCheck %s --check-prefix=REPORT
// RUN: %stencilc %s -o %t.cu --header %t.h
// RUN: FileCheck %s < %t.cu
// RUN: FileCheck %s --check-prefix=KEEP < %t.cu
#include <stencil/stencil.hpp>
using namespace stencil;

// Rank 3, InOut, a Sum: one row.
STENCIL_KERNEL void relax(In<float, 3> rhs, InOut<float, 3> x, Sum<float, double> r2,
                          float omega) {
  float r = rhs() - x();
  x() = x() + omega * r;
  r2 += r * r;
}

// Rank 2, point-wise but reads index(1): rows (its coordinates are the row's).
STENCIL_KERNEL void ramp(In<float, 2> a, Out<float, 2> b) {
  b() = a() + float(index(1));
}

// Rank 2, a neighbour along the row: rows.
STENCIL_KERNEL void shift(In<float, 2> a, Out<float, 2> b) { b() = a(0, 1) - a(); }

// REPORT: kernel relax: tile: {{.*}}vectors of 4{{.*}}; point-wise: a domain of whole rows runs as one row (its vectors aligned whatever the rows' length)
// REPORT-NOT: kernel ramp: tile: {{.*}}one row
// REPORT-NOT: kernel shift: tile: {{.*}}one row

// CHECK-LABEL: relax(
// CHECK:         const stencil::detail::Domain<3> domain_ = stencil::detail::launchDomain<3>(kernel_name_, extents_, {0, 0, 0}, {0, 0, 0}, opts);
// CHECK:         const bool one_row_ = stencil::detail::runsAsOneRow<3>(domain_, extents_, tuned_opts_);
// CHECK-NEXT:    const stencil::detail::Domain<3> row_domain_ = one_row_ ? stencil::detail::oneRow<3>(domain_) : domain_;
// CHECK-NEXT:    const dim3 block_ = one_row_ ? stencil::detail::oneRowBlock(stencil::detail::blockShape<3>(
// CHECK-NEXT:        : stencil::detail::fitBlockToRows<3>(
// The one row is skew 0: its vectors start on a multiple of 4 of the grid.
// CHECK:         const int skew_ = one_row_ ? 0 : int(extents_[1] * extents_[2] % 4) * 4 + int(extents_[2] % 4);
// CHECK:         points_per_thread_ = stencil::detail::pointsToFill<3>(row_domain_, block_, points_per_thread_, (one_row_ ? 2 : 0),
// CHECK:         const dim3 grid_ = persistent_ ? stencil::detail::persistentGridShape<3>(row_domain_, block_, points_per_thread_, (one_row_ ? 2 : 0), {{.*}} : stencil::detail::gridShape<3>(row_domain_, block_, points_per_thread_, (one_row_ ? 2 : 0), vec_ ? 4 : 1);
// CHECK:         stencil::detail::launchAfterPrevious(kernel_name_, {{.*}}, row_domain_);

// KEEP-LABEL: void ramp(
// KEEP-NOT:     one_row_
// KEEP:         stencil::detail::launchAfterPrevious(kernel_name_, kernel_, grid_, block_, smem_, tuned_opts_.Stream, a.data(), b.data(), domain_);
// KEEP-LABEL: void shift(
// KEEP-NOT:     one_row_
// KEEP:         stencil::detail::launchAfterPrevious(kernel_name_, kernel_, grid_, block_, smem_, tuned_opts_.Stream, a.data(), b.data(), domain_);
