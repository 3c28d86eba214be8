// stats.spec.cpp - sum, minimum and maximum of an f64 series (one reduction
// of each kind, no output grid).
#include <stencil/stencil.hpp>
using namespace stencil;

STENCIL_KERNEL void stats(In<double, 1> x, Sum<double> total, Min<double> lowest,
                          Max<double> highest) {
  total += x();
  lowest = min(lowest, x());
  highest = max(highest, x());
}
