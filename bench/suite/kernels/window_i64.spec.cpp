// window_i64.spec.cpp - a 9-point moving window (radius 4) over int64
// samples: the window sum, and three maxima (largest window sum, largest
// sample, largest spread within a window).
#include <stencil/stencil.hpp>
using namespace stencil;

STENCIL_KERNEL void window_i64(In<int64_t, 1> a, Out<int64_t, 1> total,
                               Max<int64_t> best_total, Max<int64_t> peak,
                               Max<int64_t> widest) {
  int64_t sum = 0;
  int64_t hi = a(-4);
  int64_t lo = a(-4);
  for (int i = -4; i <= 4; ++i) {
    sum += a(i);
    hi = max(hi, a(i));
    lo = min(lo, a(i));
  }
  total() = sum;
  best_total = max(best_total, sum);
  peak = max(peak, a());
  widest = max(widest, hi - lo);
}
