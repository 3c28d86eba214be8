// Histogram<T>: h[i] += e lowers to a bounds-checked atomic; a bin outside
// the buffer sets a fault that the launcher turns into stencil::Error.
// RUN: %stencilc %s -o %t.cu --header %t.h
// RUN: FileCheck %s < %t.cu
// RUN: FileCheck %s --check-prefix=HDR < %t.h
#include <stencil/stencil.hpp>
using namespace stencil;

STENCIL_KERNEL void histogram(In<double, 1> x, Histogram<int> bins, int nbins) {
  int bin = min(int(x() * nbins), nbins - 1);
  bins[bin] += 1;
}
// CHECK-LABEL: // histogram (
// CHECK:         // reductions: none; histograms: plain-atomic
// CHECK:         int* __restrict__ bins,
// CHECK-NEXT:    int64_t bins_size_,
// CHECK-NEXT:    stencil::detail::HistogramFault* bins_fault_,
// CHECK-NEXT:    int nbins,
// CHECK:         int bin = stencil::detail::minOf(static_cast<int>(__dmul_rn(x[at_], static_cast<double>(nbins))), (nbins - 1));
// CHECK:         stencil::detail::histogramAddPlainAtomic(bins, bins_size_, bins_fault_, static_cast<int64_t>(bin), 1);
// CHECK:       void histogram(
// CHECK:         requireHistogramLowering(kernel_name_, 1, "plain-atomic", opts);
// CHECK:         blockShape<1>({{.*}}, opts);
// CHECK:         stencil::detail::HistogramFault bins;
// CHECK:         kernel_<<<grid_, block_, smem_, opts.Stream>>>(x.data(), bins.data(), bins.size(), &device_->bins, nbins, domain_);
// CHECK:         checkHistogramFault(kernel_name_, "bins", host_.bins, bins.size());
// HDR:       /// Adds to histogram bins (not cleared; a bin outside it throws stencil::Error).
// HDR:       void histogram(
// HDR-NEXT:      const stencil::Grid<double, 1>& x,
// HDR-NEXT:      stencil::Grid<int, 1>& bins,
// HDR-NEXT:      int nbins,
// HDR-NEXT:      const stencil::LaunchOptions& opts = {});

STENCIL_KERNEL void weighted(In<double, 2> x, In<double, 2> w, Histogram<double> bins,
                             Histogram<int64_t> counts, int nbins) {
  int bin = min(int(x() * nbins), nbins - 1);
  bins[bin] += w();
  counts[bin] += int64_t(1);
}
// CHECK-LABEL: // weighted (
// CHECK:         histogramAddPlainAtomic(bins, bins_size_, bins_fault_, static_cast<int64_t>(bin), w[at_]);
// CHECK:         histogramAddPlainAtomic(counts, counts_size_, counts_fault_, static_cast<int64_t>(bin), {{int64_t\(1\)|static_cast<int64_t>\(1\)}});
// HDR:       void weighted(
// HDR-NEXT:      const stencil::Grid<double, 2>& x,
// HDR-NEXT:      const stencil::Grid<double, 2>& w,
// HDR-NEXT:      stencil::Grid<double, 1>& bins,
// HDR-NEXT:      stencil::Grid<int64_t, 1>& counts,
