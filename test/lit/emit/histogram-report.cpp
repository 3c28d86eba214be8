// --report says which histogram lowering runs for which bin range on the
// target, from stencil/histogram_model.hpp (the function the launcher asks).
// RUN: %stencilc %s --report -o /dev/null 2>&1 | FileCheck %s
// RUN: %stencilc %s --report --arch=sm_80 -o /dev/null 2>&1 | FileCheck %s --check-prefix=SM80
// RUN: %stencilc %s --report -O0 -o /dev/null 2>&1 | FileCheck %s --check-prefix=O0
// RUN: not %stencilc %s --arch=hopper -o /dev/null 2>&1 | FileCheck %s --check-prefix=ARCH
#include <stencil/stencil.hpp>
using namespace stencil;

STENCIL_KERNEL void counts(In<double, 1> x, Histogram<int> h, int nbins) {
  h[min(int(x() * nbins), nbins - 1)] += 1;
}
// 227 KiB less the 1 KiB reserve, in 4-byte counters: 57856 bins.
// CHECK:      histogram-report.cpp:[[@LINE-4]]:{{[0-9]+}}: remark: kernel counts: lower-histograms: 'h' (i32 counters): chosen per launch; on sm_90 (227 KiB shared memory per block): shared-privatized for 1..57856 bins, plain-atomic for 57857 bins and above
// CHECK:      remark: kernel counts: histogram: 'h': lowering chosen at each launch from the bin count (stencil/histogram_model.hpp); LaunchOptions::HistogramLowering forces one
// SM80:       remark: kernel counts: lower-histograms: 'h' (i32 counters): chosen per launch; on sm_80 (163 KiB shared memory per block): shared-privatized for 1..41472 bins, plain-atomic for 41473 bins and above
// O0-NOT:     lower-histograms:
// O0:         remark: kernel counts: histogram: 'h': plain-atomic
// ARCH:       malformed --arch=hopper (expected sm_NN, e.g. sm_90)

STENCIL_KERNEL void weights(In<double, 1> x, Histogram<double> d, Histogram<float> f,
                            Histogram<int64_t> l, int nbins) {
  int bin = min(int(x() * nbins), nbins - 1);
  d[bin] += x();
  f[bin] += float(x());
  l[bin] += int64_t(1);
}
// The report sorts by location: the kernel-wide remark comes before the per-histogram ones.
// Float counters aggregate the warp first at few bins.
// CHECK:      remark: kernel weights: lower-histograms: 3 histograms share one lowering: privatised only when their private copies fit in shared memory together
// CHECK:      remark: kernel weights: lower-histograms: 'd' (f64 counters): chosen per launch; on sm_90 (227 KiB shared memory per block): shared-warp-aggregated for 1..32 bins, shared-privatized for 33..28928 bins, plain-atomic for 28929 bins and above
// CHECK:      remark: kernel weights: lower-histograms: 'f' (f32 counters): chosen per launch; on sm_90 (227 KiB shared memory per block): shared-warp-aggregated for 1..32 bins, shared-privatized for 33..57856 bins, plain-atomic for 57857 bins and above
// Each point adds 1 to 'l': 32-bit private counters where the launch allows.
// CHECK:      remark: kernel weights: lower-histograms: 'l': each point adds at most 1 to it: 32-bit private counters (privatised up to 57856 bins then) on launches of at most 2147483647 points, 64-bit above
// CHECK:      remark: kernel weights: lower-histograms: 'l' (i64 counters): chosen per launch; on sm_90 (227 KiB shared memory per block): shared-privatized for 1..28928 bins, plain-atomic for 28929 bins and above
