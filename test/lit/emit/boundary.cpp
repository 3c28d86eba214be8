// Boundary rules (docs/passes/boundary.md): the interior kernel is the one a
// kernel without rules gets; the shell kernel maps each ruled read at a
// non-zero offset; the launcher splits the domain and launches both; the IR
// and --report say so.
// RUN: %stencilc %s -o %t.cu --header %t.h --report 2> %t.report
// RUN: FileCheck %s < %t.cu
// RUN: FileCheck %s --check-prefix=HDR < %t.h
// RUN: FileCheck %s --check-prefix=REPORT < %t.report
// RUN: %stencilc %s --emit=ir -O0 | FileCheck %s --check-prefix=IR
#include <stencil/stencil.hpp>
using namespace stencil;

STENCIL_KERNEL void heat(In<double, 2, Periodic> u, Out<double, 2> v, double a) {
  v() = u() + a * (u(-1, 0) + u(1, 0) + u(0, -1) + u(0, 1) - 4 * u());
}
// IR-LABEL: kernel heat rank 2
// IR:         param in f64[2] u boundary (periodic, periodic)
// IR:         domain boundary lo (0, 0) hi (0, 0) interior lo (1, 1) hi (1, 1)

// The interior kernel: plain loads, no mapping.
// CHECK-LABEL: // heat (
// CHECK:       void __launch_bounds__({{[0-9]+(, [0-9]+)?}}) heat_kernel(
// CHECK-NOT:   mapCoordinate
// CHECK:       v[at_] = (u[at_] + __dmul_rn(a, ((((u[at_ - stride0_] + u[at_ + stride0_]) + u[at_ - 1]) + u[at_ + 1])
// The shell kernel: one point per thread over the shell's boxes.
// CHECK:       __global__ void __launch_bounds__(stencil::detail::ShellThreads) heat_shell_kernel(
// CHECK-NEXT:      const double* __restrict__ u,
// CHECK-NEXT:      double* __restrict__ v,
// CHECK-NEXT:      double a,
// CHECK-NEXT:      stencil::detail::Shell<2> shell_) {
// CHECK:         stencil::detail::shellPoint<2>(shell_, t_, p_);
// CHECK:         const Index at_ = i0_ * stride0_ + i1_;
// CHECK:         v[at_] = (u[at_] + __dmul_rn(a, ((((u[stencil::detail::mapCoordinate<Index>(stencil::Edge::Periodic, (i0_ - 1), Index(shell_.Extent[0])) * stride0_ + i1_] + u[stencil::detail::mapCoordinate<Index>(stencil::Edge::Periodic, (i0_ + 1), Index(shell_.Extent[0])) * stride0_ + i1_]) + u[i0_ * stride0_ + stencil::detail::mapCoordinate<Index>(stencil::Edge::Periodic, (i1_ - 1), Index(shell_.Extent[1]))])
// The launcher: every point, split into the interior and the shell.
// CHECK:       void heat(
// CHECK:         const stencil::detail::Domain<2> full_ = stencil::detail::launchDomain<2>(kernel_name_, extents_, {0, 0, 0}, {0, 0, 0}, opts);
// CHECK-NEXT:    const stencil::detail::Domain<2> domain_ = stencil::detail::interiorDomain<2>(full_, extents_, {1, 1, 0}, {1, 1, 0});
// CHECK-NEXT:    const stencil::detail::Shell<2> shell_ = stencil::detail::shellOf<2>(full_, domain_, extents_);
// CHECK:         if (!full_.empty()) {
// CHECK-NEXT:      if (!domain_.empty()) {
// CHECK:             stencil::detail::launchAfterPrevious(kernel_name_, kernel_, grid_, block_, smem_, tuned_opts_.Stream, u.data(), v.data(), a, {{.*}}domain_);
// CHECK:           if (shell_.points() > 0) {
// CHECK:             static const char shell_name_[] = "heat (boundary shell)";
// CHECK:             shell_kernel_<<<shell_grid_, shell_block_, 0, tuned_opts_.Stream>>>(u.data(), v.data(), a, shell_);
// HDR-LABEL: /// heat (
// HDR:       /// Domain: every point [0..E0, 0..E1), or opts's region (checked against the footprint).
// HDR-NEXT:  /// Boundary of u: periodic, periodic (the interior kernel, then the shell kernel).
// REPORT: remark: kernel heat: launch: rank 2, domain every point,
// REPORT: remark: kernel heat: boundary: rules u (periodic, periodic): split launch, the kernel above over the interior (skips (1, 1) points at the low end, (1, 1) at the high end; branch-free, unchanged) then heat_shell_kernel over the rest

// Per-dimension rules, a constant (the outermost leaving dimension's value
// first), an unruled grid that keeps the domain off one edge, and a sum
// reduced by both kernels into the same slots.
STENCIL_KERNEL void mixed(In<float, 2, Boundary<Constant<-3>, Mirror>> u, In<float, 2> w,
                          Out<float, 2> v, Sum<float> s) {
  v() = u(-2, 1) + w(0, 1);
  s += u(1, 1);
}
// IR-LABEL: kernel mixed rank 2
// IR:         param in f32[2] u boundary (constant -3, mirror)
// IR:         domain boundary lo (0, 0) hi (0, 1) interior lo (2, 0) hi (1, 1)
// CHECK-LABEL: // mixed (
// CHECK:       mixed_shell_kernel(
// CHECK:         float s = 0.0f; // this thread's partial Sum
// CHECK:         v[at_] = ((!stencil::detail::insideExtent<Index>((i0_ - 2), Index(shell_.Extent[0])) ? (-3.0f) : u[stencil::detail::mapCoordinate<Index>(stencil::Edge::Constant, (i0_ - 2), Index(shell_.Extent[0])) * stride0_ + stencil::detail::mapCoordinate<Index>(stencil::Edge::Mirror, (i1_ + 1), Index(shell_.Extent[1]))]) + w[at_ + 1]);
// CHECK:         reduce{{BlockTree|WarpShuffle}}Atomic<stencil::detail::SumOp>(stencil::detail::blockSlot(s_total_), static_cast<double>(s), reduction_smem_);
// CHECK:       launchDomain<2>(kernel_name_, extents_, {0, 0, 0}, {0, 1, 0}, opts);
// CHECK:       interiorDomain<2>(full_, extents_, {2, 0, 0}, {1, 1, 0});
// CHECK:       shell_kernel_<<<shell_grid_, shell_block_, {{.*}}, tuned_opts_.Stream>>>(u.data(), w.data(), v.data(), device_->s, shell_);
// CHECK:       mixed_finalize<<<
