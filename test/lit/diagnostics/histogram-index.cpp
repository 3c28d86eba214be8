// RUN: not %stencilc %s --emit=ir 2>&1 | FileCheck %s
#include <stencil/stencil.hpp>
using namespace stencil;

STENCIL_KERNEL void k(In<double, 1> x, Histogram<int> bins) {
  bins[x()] += 1;
  bins[int(x())] = 1;
}

// CHECK: {{.*}}histogram-index.cpp:6:8: error: histogram index has type 'double', not an integer
// CHECK: {{.*}}histogram-index.cpp:6:8: note: convert the bin explicitly, e.g. 'bins[int(x)] += 1'
// CHECK: {{.*}}histogram-index.cpp:7:3: error: histogram 'bins' can only be updated with 'bins[i] += e'
// CHECK: {{.*}}histogram-index.cpp:7:3: note: each point contributes one value through 'bins[i] += e'; other updates have no parallel meaning
// CHECK: 2 errors generated.
