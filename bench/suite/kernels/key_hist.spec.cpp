// key_hist.spec.cpp - weighted counts of int keys hashed into nbins int64
// bins, and the sum of the keys.
#include <stencil/stencil.hpp>
using namespace stencil;

STENCIL_KERNEL void key_hist(In<int, 1> key, Histogram<int64_t> counts, Sum<int64_t> key_sum,
                             int nbins) {
  int bin = (key() * 7 + 3) % nbins;
  counts[bin] += int64_t(1 + key() % 3);
  key_sum += key();
}
