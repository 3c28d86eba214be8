// RUN: not %stencilc %s --emit=ir 2>&1 | FileCheck %s
#include <stencil/stencil.hpp>
using namespace stencil;

// In C++ `bins[b] += 1.5` on an int bin is bin = int(bin + 1.5): with a
// negative or fractional contribution no atomic add reproduces it.
STENCIL_KERNEL void k(In<double, 1> x, Histogram<int> bins, Histogram<double> sums) {
  bins[int(x())] += x();
  bins[0] += int(x());
  sums[0] += x();
}

// CHECK: {{.*}}histogram-contribution.cpp:8:21: error: histogram 'bins' counts int but the contribution has type 'double'
// CHECK: {{.*}}histogram-contribution.cpp:8:21: note: C++ would add before truncating; convert the contribution explicitly, e.g. 'bins[i] += int(e)'
// CHECK: 1 error generated.
