// RUN: %stencilc --verify-diagnostics %s
#include <stencil/stencil.hpp>
using namespace stencil;

// In C++ `bins[b] += 1.5` on an int bin is bin = int(bin + 1.5): with a
// negative or fractional contribution no atomic add reproduces it.
STENCIL_KERNEL void k(In<double, 1> x, Histogram<int> bins, Histogram<double> sums) {
  // expected-error@+2 {{histogram 'bins' counts int but the contribution has type 'double'}}
  // expected-note@+1 {{C++ would add before truncating; convert the contribution explicitly, e.g. 'bins[i] += int(e)'}}
  bins[int(x())] += x();
  bins[0] += int(x());
  sums[0] += x();
}
