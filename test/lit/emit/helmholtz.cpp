// The straightforward lowering of the PGI tutorial's kernels: grid reads at
// constant offsets, a Sum reduction, a hoisted uniform, index(d).
// RUN: %stencilc %s -o %t.cu --header %t.h
// RUN: FileCheck %s < %t.cu
// RUN: FileCheck %s --check-prefix=HDR < %t.h
// RUN: %stencilc %s -O0 -o %t.O0.cu --header %t.O0.h
// RUN: FileCheck %s --check-prefix=O0 < %t.O0.cu
#include <stencil/stencil.hpp>
using namespace stencil;

STENCIL_KERNEL void helmholtz_sweep(In<double, 2> uold, In<double, 2> f, Out<double, 2> u,
                                    Sum<double> error, double ax, double ay, double b,
                                    double omega) {
  double resid = (ax * (uold(0, -1) + uold(0, 1)) + ay * (uold(-1, 0) + uold(1, 0)) +
                  b * uold() - f()) / b;
  u() = uold() - omega * resid;
  error += resid * resid;
}
// CHECK:       #include "{{.*}}.h"
// CHECK-LABEL: // helmholtz_sweep (helmholtz.cpp:
// CHECK-SAME:  [[# @LINE - 10]]): passes applied: {{.*}}hoist-division
// CHECK:       // reductions: {{block-tree-atomic|warp-shuffle-atomic}}; histograms: none
// CHECK:       __global__ void __launch_bounds__({{[0-9]+(, [0-9]+)?}}) helmholtz_sweep_kernel(
// CHECK-NEXT:      const double* __restrict__ uold,
// CHECK-NEXT:      const double* __restrict__ f,
// CHECK-NEXT:      double* __restrict__ u,
// CHECK-NEXT:      double* error_total_,
// CHECK-NEXT:      double ax,
// CHECK:           double omega,
// CHECK-NEXT:      double [[RCP:[A-Za-z0-9_]+]],
// CHECK-NEXT:      double [[RCPLO:[A-Za-z0-9_]+]],
// CHECK-NEXT:      helmholtz_sweep_accumulators_* acc_,
// CHECK-NEXT:      helmholtz_sweep_totals_* totals_,
// CHECK-NEXT:      int points_per_thread_,
// CHECK-NEXT:      stencil::detail::Domain<2> dom_) {
// CHECK:         double error = 0.0;
// CHECK:         for (Index i1_ = Index(dom_.Lo[1]) + (Index(blockIdx.x) * Index(blockDim.x) + Index(threadIdx.x)); i1_ < Index(dom_.Hi[1]);
// CHECK:         for (Index chunk0_ = Index(dom_.Lo[0]) + (Index(blockIdx.y) * Index(blockDim.y) + Index(threadIdx.y)) * points_per_thread_; chunk0_ < Index(dom_.Hi[0]);
// CHECK:         Index at_ = chunk0_ * stride0_ + i1_;
// CHECK:         for (Index i0_ = chunk0_; i0_ < end0_; ++i0_, at_ += stride0_) {
// CHECK-NEXT:    // helmholtz.cpp:[[# @LINE - 27]]
// CHECK-NEXT:    double resid = stencil::detail::divideExact((((__dmul_rn(ax, (uold[at_ - 1] + uold[at_ + 1])) + __dmul_rn(ay, (uold[at_ - stride0_] + uold[at_ + stride0_]))) + __dmul_rn(b, uold[at_])) - f[at_]), b, [[RCP]], [[RCPLO]]);
// CHECK-NEXT:    // helmholtz.cpp:[[# @LINE - 27]]
// CHECK-NEXT:    u[at_] = (uold[at_] - __dmul_rn(omega, resid));
// CHECK-NEXT:    // helmholtz.cpp:[[# @LINE - 28]]
// CHECK-NEXT:    error += __dmul_rn(resid, resid);
// CHECK:         stencil::detail::reduce{{BlockTree|WarpShuffle}}Atomic<stencil::detail::SumOp>(stencil::detail::blockSlot(error_total_), error, reduction_smem_);
// The reader converts the totals (device types) to the result.
// CHECK:       helmholtz_sweep_result helmholtz_sweep_read_(const void* totals_) {
// CHECK:         result_.error = static_cast<double>(host_.error);
// The async:: launcher validates, computes the uniform on the host, launches,
// checks, and returns a Pending on the launch's ring entry; the plain
// launcher is it and get().
// CHECK:       namespace async {
// CHECK:       stencil::Pending<helmholtz_sweep_result> helmholtz_sweep(
// CHECK:         requireSameExtents<2>(kernel_name_, "uold", extents_, "f", f.extents());
// CHECK-NEXT:    requireSameExtents<2>(kernel_name_, "uold", extents_, "u", u.extents());
// Every grid read against every grid written, before anything runs; the two
// inputs are not compared with each other.
// CHECK-NEXT:    requireDisjoint(kernel_name_, "uold", "read", uold.data(), uold.bytes(), "u", "written", u.data(), u.bytes());
// CHECK-NEXT:    requireDisjoint(kernel_name_, "f", "read", f.data(), f.bytes(), "u", "written", u.data(), u.bytes());
// CHECK-NEXT:    launchDomain<2>(kernel_name_, extents_, {1, 1, 0}, {1, 1, 0}, opts);
// CHECK-NEXT:    const double [[RCP]] = (1.0 / b); // uniform, once per launch
// CHECK-NEXT:    const double [[RCPLO]] = stencil::detail::reciprocalLow(b); // uniform, once per launch
// The launch shape: the caller's, a tuned one, or the compiled one
// (stencil/detail/tuning.hpp); a trial launch calls the launcher again with a
// shape and waits for its result. Nothing is restored: no InOut grid.
// CHECK-NEXT:    const stencil::LaunchOptions tuned_opts_ = stencil::detail::tunedOptions<2>(
// CHECK-NEXT:        kernel_name_, {{[0-9]+}}ull, extents_, {2, {256, 1, 1}, 4, true, false, 256}, opts,
// CHECK-NEXT:        [&](const stencil::LaunchOptions& trial_) { (void)helmholtz_sweep(uold, f, u, ax, ay, b, omega, trial_).get(); },
// CHECK-NEXT:        {});
// CHECK-NEXT:    blockShape<2>(kernel_name_, {{{[0-9]+, [0-9]+, 1}}}, {{[0-9]+}}, tuned_opts_);
// CHECK:         for (auto& slot_ : identity_.error) slot_ = 0.0;
// CHECK-NEXT:    identity_.blocks_done_ = 0;
// CHECK-NEXT:    accumulators_.prepare(kernel_name_, identity_);
// CHECK:         const stencil::detail::RingEntry entry_ = accumulators_.ring().begin();
// CHECK:         stencil::detail::launchAfterPrevious(kernel_name_, launched_, grid_, block_, smem_, tuned_opts_.Stream, uold.data(), f.data(), u.data(), device_->error, ax, ay, b, omega, [[RCP]], [[RCPLO]], device_, static_cast<helmholtz_sweep_totals_*>(accumulators_.ring().onDevice(entry_)), points_per_thread_, domain_);
// CHECK-NEXT:    STENCIL_CUDA_CHECK(cudaGetLastError(), kernel_name_);
// CHECK:         if (!last_block_) {
// CHECK-NEXT:      helmholtz_sweep_finalize<<<1, stencil::detail::ReductionSlots, 32 * sizeof(double), tuned_opts_.Stream>>>(device_, static_cast<helmholtz_sweep_totals_*>(accumulators_.ring().onDevice(entry_)));
// CHECK-NEXT:      STENCIL_CUDA_CHECK(cudaGetLastError(), kernel_name_);
// CHECK-NEXT:    }
// CHECK-NEXT:    accumulators_.ring().recorded(kernel_name_, entry_, tuned_opts_.Stream);
// CHECK-NEXT:    return stencil::Pending<helmholtz_sweep_result>(kernel_name_, &accumulators_.ring(), entry_, &helmholtz_sweep_read_);
// CHECK-NEXT:  }
// An empty domain: the identities, no launch.
// CHECK-NEXT:  // An empty domain: the identities, without a launch.
// CHECK-NEXT:  helmholtz_sweep_totals_ identities_;
// CHECK-NEXT:  identities_.error = 0.0;
// CHECK-NEXT:  return stencil::Pending<helmholtz_sweep_result>(helmholtz_sweep_read_(&identities_));
// CHECK:       } // namespace async
// CHECK:       helmholtz_sweep_result helmholtz_sweep(
// CHECK:         return async::helmholtz_sweep(uold, f, u, ax, ay, b, omega, tuned_opts_).get();
// CHECK-NEXT:  }

// O0-LABEL: // helmholtz_sweep (helmholtz.cpp:{{[0-9]+}}): passes applied: none
// O0:         double resid = ({{.*}} / b);
// O0-NOT:     uniform, once per launch
// O0-LABEL: // error_check

// HDR:       #pragma once
// HDR:       #include <stencil/runtime.hpp>
// HDR:       namespace gpu {
// HDR:       struct helmholtz_sweep_result {
// HDR-NEXT:    double error;
// HDR-NEXT:  };
// HDR:       /// Domain: the interior [1..E0-1, 1..E1-1)
// HDR:       /// Reads uold at (-1,0) (0,-1) (0,0) (0,1) (1,0).
// HDR:       helmholtz_sweep_result helmholtz_sweep(
// HDR-NEXT:      const stencil::Grid<double, 2>& uold,
// HDR-NEXT:      const stencil::Grid<double, 2>& f,
// HDR-NEXT:      stencil::Grid<double, 2>& u,
// HDR-NEXT:      double ax,
// HDR-NEXT:      double ay,
// HDR-NEXT:      double b,
// HDR-NEXT:      double omega,
// HDR-NEXT:      const stencil::LaunchOptions& opts = {});
// HDR:       namespace async {
// HDR:       stencil::Pending<helmholtz_sweep_result> helmholtz_sweep(
// HDR-NEXT:      const stencil::Grid<double, 2>& uold,
// HDR:           const stencil::LaunchOptions& opts = {});
// HDR-NEXT:  } // namespace async

STENCIL_KERNEL void error_check(In<double, 2> u, Sum<double> error, double dx, double dy) {
  double x = -1.0 + dx * index(1);
  double y = -1.0 + dy * index(0);
  double t = u() - (1.0 - x * x) * (1.0 - y * y);
  error += t * t;
}
// CHECK-LABEL: // error_check (helmholtz.cpp:
// CHECK-SAME:  [[# @LINE - 7]])
// CHECK:         double x = ((-1.0) + __dmul_rn(dx, static_cast<double>(static_cast<int>(i1_))));
// CHECK:         double y = ((-1.0) + __dmul_rn(dy, static_cast<double>(static_cast<int>(i0_))));
// CHECK:       stencil::Pending<error_check_result> error_check(
// CHECK:         launchDomain<2>(kernel_name_, extents_, {0, 0, 0}, {0, 0, 0}, opts);
// HDR:       /// Domain: every point [0..E0, 0..E1)
// HDR:       error_check_result error_check(
// HDR-NEXT:      const stencil::Grid<double, 2>& u,
// HDR-NEXT:      double dx,
// HDR-NEXT:      double dy,
// HDR-NEXT:      const stencil::LaunchOptions& opts = {});
