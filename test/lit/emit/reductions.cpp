// Reductions: accumulator types, the device accumulator (float sums widen to
// double), identities, the block-level combine and the result struct.
// RUN: %stencilc %s -o %t.cu --header %t.h
// RUN: FileCheck %s < %t.cu
// RUN: FileCheck %s --check-prefix=HDR < %t.h
#include <stencil/stencil.hpp>
using namespace stencil;

STENCIL_KERNEL void laplace(In<float, 2> A, Out<float, 2> Anew, Max<float> error) {
  float a = 0.25f * (A(0, -1) + A(0, 1) + A(-1, 0) + A(1, 0));
  Anew() = a;
  error = max(error, fabs(a - A()));
}
// CHECK-LABEL: // laplace (
// CHECK:         float* error_total_,
// CHECK:         float error = (-HUGE_VALF);
// CHECK:         error = stencil::detail::reduceMaxOf(error, fabsf((a - A[at_])));
// CHECK:         reduce{{BlockTree|WarpShuffle}}Atomic<stencil::detail::MaxOp>(stencil::detail::blockSlot(error_total_), error, reduction_smem_);
// CHECK:         result_.error = static_cast<float>(host_.error);
// CHECK:         for (auto& slot_ : identity_.error) slot_ = (-HUGE_VALF);
// HDR:       struct laplace_result {
// HDR-NEXT:    float error;
// HDR:       laplace_result laplace(
// HDR-NEXT:      const stencil::Grid<float, 2>& A,
// HDR-NEXT:      stencil::Grid<float, 2>& Anew,
// HDR-NEXT:      const stencil::LaunchOptions& opts = {});

// A float sum is combined across threads in double: float atomics of block
// partials drift far from the float64 reference at Himeno's sizes.
STENCIL_KERNEL void norms(In<float, 1> x, Sum<float> total, Sum<float, double> wide,
                          Min<int> lowest, Max<int64_t> highest, Min<double> dmin) {
  total += x() * x();
  wide += x();
  lowest = min(lowest, int(x()));
  highest = max(highest, int64_t(x()));
  dmin = min(dmin, double(x()));
}
// CHECK-LABEL: // norms (
// The accumulators stay on the device between launches, ReductionSlots each.
// CHECK:         struct norms_accumulators_ {
// CHECK-NEXT:      double total[stencil::detail::ReductionSlots * stencil::detail::slotStride<double>()];
// CHECK-NEXT:      double wide[stencil::detail::ReductionSlots * stencil::detail::slotStride<double>()];
// CHECK-NEXT:      int lowest[stencil::detail::ReductionSlots * stencil::detail::slotStride<int>()];
// CHECK-NEXT:      int64_t highest[stencil::detail::ReductionSlots * stencil::detail::slotStride<int64_t>()];
// CHECK-NEXT:      double dmin[stencil::detail::ReductionSlots * stencil::detail::slotStride<double>()];
// CHECK-NEXT:      unsigned blocks_done_; // of the running launch (stencil::detail::lastBlockToFinish)
// CHECK-NEXT:    };
// CHECK:         struct norms_totals_ {
// CHECK-NEXT:      double total;
// CHECK-NEXT:      double wide;
// CHECK-NEXT:      int lowest;
// CHECK-NEXT:      int64_t highest;
// CHECK-NEXT:      double dmin;
// CHECK-NEXT:    };
// The kernel is a template on whether its last block combines the slots.
// CHECK:         template <class Index, bool LastBlock>
// CHECK:         double* total_total_,
// CHECK-NEXT:    double* wide_total_,
// CHECK-NEXT:    int* lowest_total_,
// CHECK-NEXT:    int64_t* highest_total_,
// CHECK-NEXT:    double* dmin_total_,
// CHECK-NEXT:    norms_accumulators_* acc_,
// CHECK-NEXT:    norms_totals_* totals_,
// Launched after the kernel before it (launchAfterPrevious): its first
// statement waits for that kernel.
// CHECK:         stencil::detail::Domain<1> dom_) {
// CHECK-NEXT:      stencil::detail::waitForPreviousGrid(); // a dependent launch
// CHECK:         float total = 0.0f;
// CHECK-NEXT:    double wide = 0.0;
// CHECK-NEXT:    int lowest = 2147483647;
// CHECK-NEXT:    int64_t highest = (int64_t(-9223372036854775807) - 1);
// CHECK-NEXT:    double dmin = (HUGE_VAL);
// CHECK:         total += __fmul_rn(x[at_], x[at_]);
// CHECK:         wide += static_cast<double>(x[at_]);
// CHECK:         lowest = stencil::detail::reduceMinOf(lowest, static_cast<int>(x[at_]));
// CHECK:         highest = stencil::detail::reduceMaxOf(highest, static_cast<int64_t>(x[at_]));
// CHECK:         <stencil::detail::SumOp>(stencil::detail::blockSlot(total_total_), static_cast<double>(total), reduction_smem_);
// CHECK-NEXT:    <stencil::detail::SumOp>(stencil::detail::blockSlot(wide_total_), wide, reduction_smem_);
// CHECK-NEXT:    <stencil::detail::MinOp>(stencil::detail::blockSlot(lowest_total_), lowest, reduction_smem_);
// CHECK-NEXT:    <stencil::detail::MaxOp>(stencil::detail::blockSlot(highest_total_), highest, reduction_smem_);
// CHECK-NEXT:    <stencil::detail::MinOp>(stencil::detail::blockSlot(dmin_total_), dmin, reduction_smem_);
// In the LastBlock instance the block that finishes last combines the slots,
// as the finalize kernel below does.
// CHECK:         if (LastBlock && stencil::detail::lastBlockToFinish(&acc_->blocks_done_)) {
// CHECK-NEXT:      const double total = stencil::detail::collectSlots<stencil::detail::SumOp>(acc_->total, static_cast<double>(0.0f), reduction_smem_);
// CHECK:           const double dmin = stencil::detail::collectSlots<stencil::detail::MinOp>(acc_->dmin, (HUGE_VAL), reduction_smem_);
// CHECK-NEXT:      if (stencil::detail::flatThreadIndex() == 0) {
// CHECK-NEXT:        totals_->total = total;
// CHECK:               stencil::detail::markWritten(totals_);
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:  }
// Otherwise blocks add to their slot; one finalize block combines the slots,
// resets them and hands the totals to the host.
// CHECK:         __global__ void norms_finalize(norms_accumulators_* acc_, norms_totals_* totals_) {
// CHECK:           const double total = stencil::detail::collectSlots<stencil::detail::SumOp>(acc_->total, static_cast<double>(0.0f), reduction_smem_);
// CHECK-NEXT:      const double wide = stencil::detail::collectSlots<stencil::detail::SumOp>(acc_->wide, 0.0, reduction_smem_);
// CHECK-NEXT:      const int lowest = stencil::detail::collectSlots<stencil::detail::MinOp>(acc_->lowest, 2147483647, reduction_smem_);
// CHECK-NEXT:      const int64_t highest = stencil::detail::collectSlots<stencil::detail::MaxOp>(acc_->highest, (int64_t(-9223372036854775807) - 1), reduction_smem_);
// CHECK-NEXT:      const double dmin = stencil::detail::collectSlots<stencil::detail::MinOp>(acc_->dmin, (HUGE_VAL), reduction_smem_);
// CHECK-NEXT:      if (stencil::detail::flatThreadIndex() == 0) {
// CHECK-NEXT:        totals_->total = total;
// CHECK:             stencil::detail::markWritten(totals_);
// The reader converts the totals to the value types of the result.
// CHECK:         norms_result norms_read_(const void* totals_) {
// CHECK:         result_.total = static_cast<float>(static_cast<float>(host_.total));
// CHECK-NEXT:    result_.wide = static_cast<float>(host_.wide);
// CHECK-NEXT:    result_.lowest = static_cast<int>(host_.lowest);
// CHECK:         for (auto& slot_ : identity_.total) slot_ = static_cast<double>(0.0f);
// CHECK:         identity_.blocks_done_ = 0;
// The launcher takes the LastBlock instance for grids of a few waves (int
// indices), and launches the finalize kernel otherwise.
// CHECK:         const stencil::detail::RingEntry entry_ = accumulators_.ring().begin();
// CHECK-NEXT:    // A grid of a few waves (int indices): the instance whose last block combines
// CHECK-NEXT:    // the reductions' slots, no finalize kernel.
// CHECK-NEXT:    const bool last_block_ = narrow_ && stencil::detail::lastBlockCombines(grid_, resident_blocks_);
// CHECK-NEXT:    auto* const launched_ = last_block_ ? &norms_kernel<int, true> : kernel_;
// CHECK:         stencil::detail::launchAfterPrevious(kernel_name_, launched_, grid_, block_, smem_, tuned_opts_.Stream, x.data(), device_->total, device_->wide, device_->lowest, device_->highest, device_->dmin, device_, static_cast<norms_totals_*>(accumulators_.ring().onDevice(entry_)),
// CHECK:         if (!last_block_) {
// CHECK-NEXT:      norms_finalize<<<1, stencil::detail::ReductionSlots, 32 * sizeof(double), tuned_opts_.Stream>>>(device_, static_cast<norms_totals_*>(accumulators_.ring().onDevice(entry_)));
// CHECK-NEXT:      STENCIL_CUDA_CHECK(cudaGetLastError(), kernel_name_);
// CHECK-NEXT:    }
// CHECK-NEXT:    accumulators_.ring().recorded(kernel_name_, entry_, tuned_opts_.Stream);
// HDR:       struct norms_result {
// HDR-NEXT:    float total;
// HDR-NEXT:    float wide;
// HDR-NEXT:    int lowest;
// HDR-NEXT:    int64_t highest;
// HDR-NEXT:    double dmin;
// HDR-NEXT:  };
// HDR:       /// Returns wide: Sum<float, double>.
// HDR:       norms_result norms(
// HDR-NEXT:      const stencil::Grid<float, 1>& x,
// HDR-NEXT:      const stencil::LaunchOptions& opts = {});
