// Histogram<T>: a kernel with histograms is a template over its lowering;
// each histogram is a HistogramTarget (cleared, updated, flushed), and the
// launcher picks the lowering per launch and launches that instantiation.
// RUN: %stencilc %s -o %t.cu --header %t.h
// RUN: FileCheck %s < %t.cu
// RUN: FileCheck %s --check-prefix=HDR < %t.h
// RUN: %stencilc %s -O0 -o %t.O0.cu --header %t.O0.h
// RUN: FileCheck %s --check-prefix=O0 < %t.O0.cu
// RUN: %stencilc %s --report -o %t.report.cu 2>&1 | FileCheck %s --check-prefix=REPORT
#include <stencil/stencil.hpp>
using namespace stencil;

STENCIL_KERNEL void histogram(In<double, 1> x, Histogram<int> bins, int nbins) {
  int bin = min(int(x() * nbins), nbins - 1);
  bins[bin] += 1;
}
// CHECK-LABEL: // histogram (
// CHECK:         // reductions: none; histograms: auto
// CHECK:       template <int histogram_lowering_>
// CHECK-NEXT:  __global__ void __launch_bounds__(1024) histogram_kernel(
// CHECK:         int* __restrict__ bins,
// CHECK-NEXT:    int64_t bins_size_,
// CHECK-NEXT:    stencil::detail::HistogramFault* bins_fault_,
// CHECK-NEXT:    int nbins,
// CHECK:         extern __shared__ double histogram_smem_[];
// CHECK-NEXT:    stencil::detail::HistogramTarget<histogram_lowering_, int> bins_hist_(bins, bins_size_, bins_fault_, histogram_smem_, 0);
// CHECK-NEXT:    bins_hist_.clear();
// CHECK-NEXT:    stencil::detail::histogramBarrier<histogram_lowering_>();
// CHECK:         int bin = stencil::detail::minOf(static_cast<int>(__dmul_rn(x[at_], static_cast<double>(nbins))), (nbins - 1));
// A constant value: warp aggregation counts the lanes.
// CHECK:         bins_hist_.template add<true>(static_cast<int64_t>(bin), 1);
// CHECK:         stencil::detail::histogramBarrier<histogram_lowering_>();
// CHECK-NEXT:    bins_hist_.flush();
// CHECK-NEXT:  }
// CHECK:       void histogram(
// A LaunchOptions::Block is refused above the launch bound, 1024 for the
// privatised launches, not the schedule's 256 threads.
// Tuning trials add to the bins: they are saved before the trials and
// restored around each (stencil/detail/tuning.hpp).
// CHECK:         [&](const stencil::LaunchOptions& trial_) { (void)histogram(x, bins, nbins, trial_); },
// The histogram's bytes are restored around trials and are part of the
// tuning class (its bins choose its lowering):
// CHECK-NEXT:        {{[{][{]}}bins.data(), bins.bytes(){{[}][}]}}, {bins.bytes()});
// CHECK-NEXT:    const dim3 block_ = stencil::detail::blockShape<1>(kernel_name_, {256, 1, 1}, 1024, tuned_opts_);
// CHECK:         const dim3 grid_ = stencil::detail::gridShape<1>(
// CHECK:         const dim3 shared_block_ = stencil::detail::histogramPrivatizedBlock<1>(block_, tuned_opts_, {stencil::detail::histogramShape(bins)});
// CHECK-NEXT:    const stencil::HistogramLowering histogram_lowering_ = stencil::detail::histogramLaunchLowering(
// CHECK-NEXT:        kernel_name_, tuned_opts_, stencil::HistogramLowering(0), {stencil::detail::histogramShape(bins)},
// CHECK-NEXT:        reinterpret_cast<const void*>(&histogram_kernel<3>), shared_block_);
// CHECK:         stencil::detail::HistogramFault bins;
// CHECK:         kernel_<<<grid, block, smem, tuned_opts_.Stream>>>(x.data(), bins.data(), bins.size(), &device_->bins, nbins, domain_);
// CHECK:         switch (histogram_lowering_) {
// CHECK:         case stencil::HistogramLowering::SharedPrivatized:
// CHECK-NEXT:    case stencil::HistogramLowering::SharedWarpAggregated: {
// CHECK:           ? &histogram_kernel<3>
// CHECK-NEXT:      : &histogram_kernel<4>;
// CHECK-NEXT:    const size_t shared_bytes_ = std::max<size_t>(0, stencil::detail::histogramSharedTotal({stencil::detail::histogramShape(bins)}));
// CHECK-NEXT:    launch_(kernel_, stencil::detail::persistentGrid(kernel_name_, reinterpret_cast<const void*>(kernel_), grid_, shared_block_, shared_bytes_),
// CHECK:         case stencil::HistogramLowering::WarpAggregated:
// CHECK-NEXT:      launch_(&histogram_kernel<2>, grid_, block_, 0);
// CHECK:         default:
// CHECK-NEXT:      launch_(&histogram_kernel<1>, grid_, block_, 0);
// CHECK:         checkHistogramFault(kernel_name_, "bins", host_.bins, bins.size());
// HDR:       #include <stencil/histogram.hpp>
// HDR:       /// Adds to histogram bins (not cleared; a bin outside it throws stencil::Error).
// HDR:       void histogram(
// HDR-NEXT:      const stencil::Grid<double, 1>& x,
// HDR-NEXT:      stencil::Grid<int, 1>& bins,
// HDR-NEXT:      int nbins,
// HDR-NEXT:      const stencil::LaunchOptions& opts = {});
// Without lower-histograms the launch default is plain atomics; the options
// may still force any lowering, so every instantiation is there.
// O0-LABEL: void histogram(
// O0:         kernel_name_, tuned_opts_, stencil::HistogramLowering(1), {stencil::detail::histogramShape(bins)},
// O0:         launch_(&histogram_kernel<2>, grid_, block_, 0);

// Two histograms share the shared memory, one after the other; a value that
// varies per point is summed over the lanes, not counted. Each point adds 1
// to the int64 'counts': 32-bit private counters on launches of fewer than
// 2^31 points (narrow_; the kernel's instances 3 | 8 and 4 | 8).
STENCIL_KERNEL void weighted(In<double, 2> x, In<double, 2> w, Histogram<double> bins,
                             Histogram<int64_t> counts, int nbins) {
  int bin = min(int(x() * nbins), nbins - 1);
  bins[bin] += w();
  counts[bin] += int64_t(1);
}
// CHECK-LABEL: // weighted (
// CHECK:         stencil::detail::HistogramTarget<histogram_lowering_, double> bins_hist_(bins, bins_size_, bins_fault_, histogram_smem_, 0);
// CHECK-NEXT:    stencil::detail::HistogramTarget<histogram_lowering_, int64_t, true> counts_hist_(counts, counts_size_, counts_fault_, histogram_smem_, bins_hist_.sharedEnd());
// CHECK-NEXT:    bins_hist_.clear();
// CHECK-NEXT:    counts_hist_.clear();
// CHECK:         bins_hist_.template add<false>(static_cast<int64_t>(bin),
// CHECK:         counts_hist_.template add<true>(static_cast<int64_t>(bin), {{int64_t\(1\)|static_cast<int64_t>\(1\)}});
// CHECK:         bins_hist_.flush();
// CHECK-NEXT:    counts_hist_.flush();
// CHECK-NEXT:  }
// CHECK:         const bool narrow_ = stencil::narrowCountersFit(stencil::detail::domainPoints<2>(domain_), {1});
// CHECK:         const dim3 shared_block_ = stencil::detail::histogramPrivatizedBlock<2>(block_, tuned_opts_, {stencil::detail::histogramShape(bins), stencil::detail::histogramShape(counts, narrow_)});
// CHECK:         ? (narrow_ ? &weighted_kernel<11> : &weighted_kernel<3>)
// CHECK-NEXT:    : (narrow_ ? &weighted_kernel<12> : &weighted_kernel<4>);
// HDR:       void weighted(
// HDR-NEXT:      const stencil::Grid<double, 2>& x,
// HDR-NEXT:      const stencil::Grid<double, 2>& w,
// HDR-NEXT:      stencil::Grid<double, 1>& bins,
// HDR-NEXT:      stencil::Grid<int64_t, 1>& counts,

// Counts in double and float bins: each point adds an integer (1.0, and
// 1 to 4 converted to float), so a block's private copies are 32-bit integer
// counters too (one atomic add where a float or double add in shared memory
// is a compare-and-swap loop); the double 'frac' adds fractions: its own type.
STENCIL_KERNEL void counted(In<double, 1> x, Histogram<double> hits,
                            Histogram<float> weights, Histogram<double> frac,
                            int nbins) {
  int bin = min(int(x() * nbins), nbins - 1);
  hits[bin] += 1.0;
  weights[bin] += float(bin % 4 + 1);
  frac[bin] += x();
}
// CHECK-LABEL: // counted (
// CHECK:         stencil::detail::HistogramTarget<histogram_lowering_, double, true> hits_hist_(
// CHECK-NEXT:    stencil::detail::HistogramTarget<histogram_lowering_, float, true> weights_hist_(
// CHECK-NEXT:    stencil::detail::HistogramTarget<histogram_lowering_, double> frac_hist_(
// CHECK:         const bool narrow_ = stencil::narrowCountersFit(stencil::detail::domainPoints<1>(domain_), {1, 4});
// CHECK:         {stencil::detail::histogramShape(hits, narrow_), stencil::detail::histogramShape(weights, narrow_), stencil::detail::histogramShape(frac)}
// REPORT:      kernel counted: lower-histograms: 'hits': each point adds at most 1 to it: 32-bit private counters (privatised up to {{[0-9]+}} bins then) on launches of at most 2147483647 points, double above
// REPORT:      kernel counted: lower-histograms: 'weights': each point adds at most 4 to it: 32-bit private counters (privatised up to {{[0-9]+}} bins then) on launches of at most 536870911 points, float above
// REPORT-NOT:  'frac': each point adds
// REPORT:      kernel counted: lower-histograms: 'frac' (f64 counters): chosen per launch

// An int64 grid's values added: unbounded, 64-bit private counters always.
STENCIL_KERNEL void wide(In<int64_t, 1> v, Histogram<int64_t> sums, int nbins) {
  sums[int(v() % nbins)] += v();
}
// CHECK-LABEL: // wide (
// CHECK:         stencil::detail::HistogramTarget<histogram_lowering_, int64_t> sums_hist_(
// CHECK-NOT:     narrow_
// CHECK:         : &wide_kernel<4>;

// A scalar reduction after the flush reuses the shared memory: one more
// barrier, and the launch's shared memory covers both.
STENCIL_KERNEL void with_sum(In<float, 1> x, Histogram<float> bins, Sum<double> total,
                             int nbins) {
  int bin = min(int(x() * float(nbins)), nbins - 1);
  bins[bin] += x();
  total += x();
}
// CHECK-LABEL: // with_sum (
// CHECK:         bins_hist_.flush();
// CHECK-NEXT:    // The block reductions reuse the shared memory.
// CHECK-NEXT:    stencil::detail::histogramBarrier<histogram_lowering_>();
// CHECK:         stencil::detail::reduceWarpShuffleAtomic<stencil::detail::SumOp>(total_total_,
// CHECK:         const size_t shared_bytes_ = std::max<size_t>(32 * 8, stencil::detail::histogramSharedTotal({stencil::detail::histogramShape(bins)}));
// CHECK:         launch_(&with_sum_kernel<2>, grid_, block_, 32 * 8);
