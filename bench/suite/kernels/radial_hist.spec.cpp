// radial_hist.spec.cpp - the histogram of |(x, y)| / rmax over nbins equal
// bins, counted in double.
#include <stencil/stencil.hpp>
using namespace stencil;

STENCIL_KERNEL void radial_hist(In<double, 1> x, In<double, 1> y, Histogram<double> bins,
                                double rmax, int nbins) {
  double r = sqrt(x() * x() + y() * y());
  int bin = min(int(r / rmax * nbins), nbins - 1);
  bins[bin] += 1.0;
}
