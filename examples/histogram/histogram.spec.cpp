// histogram.spec.cpp - the histogram of the reduction-with-atomics paper
// (WORKLOADS.md section 4): samples in [0,1) into nbins bins of equal width,
// bin = min(floor(x * nbins), nbins - 1), with int and double counters; and
// a kernel with every other counter type, a non-uniform value and a scalar
// reduction beside the histograms, for the tests.
#include <stencil/stencil.hpp>

using namespace stencil;

/// Counts samples per bin in int counters.
STENCIL_KERNEL void histogram_int(In<double, 1> x, Histogram<int> bins, int nbins) {
  int bin = min(int(x() * nbins), nbins - 1);
  bins[bin] += 1;
}

/// The same count in double counters (the paper's double atomics).
STENCIL_KERNEL void histogram_double(In<double, 1> x, Histogram<double> bins,
                                     int nbins) {
  int bin = min(int(x() * nbins), nbins - 1);
  bins[bin] += 1.0;
}

/// int64 counts, float weights that differ per sample (small integers, so
/// float sums stay exact below 2^24), and the sum of the samples.
STENCIL_KERNEL void histogram_mixed(In<double, 1> x, Histogram<int64_t> counts,
                                    Histogram<float> weights, Sum<double> total,
                                    int nbins) {
  int bin = min(int(x() * nbins), nbins - 1);
  counts[bin] += int64_t(1);
  weights[bin] += float(bin % 4 + 1);
  total += x();
}

/// The radial histogram of issue 10: bins of |(x, y)| / rmax. rmax is a
/// scalar, so hoist-division takes the division out of the loop; by default
/// it stays exact, so every count equals the CPU reference's (with
/// --fast-math, 7 of 100 bins and a quarter of 3,000,000 differed).
STENCIL_KERNEL void radial(In<double, 1> x, In<double, 1> y, Histogram<int> bins,
                           double rmax, int nbins) {
  double r = sqrt(x() * x() + y() * y());
  int bin = min(int(r / rmax * nbins), nbins - 1);
  bins[bin] += 1;
}
