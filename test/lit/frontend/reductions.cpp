// RUN: %stencilc %s --emit=ir -O0 | FileCheck %s
#include <stencil/stencil.hpp>
using namespace stencil;

// Sum (with an accumulator type), Max and Min in every accepted spelling
// (std:: spellings are refused: diagnostics/reduction-std.cpp), and
// histograms.
STENCIL_KERNEL void norms(In<float, 2> a, Sum<float, double> total, Max<float> hi, Min<double> lo) {
  total += a() * a();
  hi = max(hi, fabs(a()));
  hi = max(a(1, 0), hi);
  hi = fmax(hi, a(0, 1));
  lo = min(lo, a());
  lo = fmin(double(a(-1, 0)), lo);
  lo = stencil::min(lo, double(a(0, -1)));
}

STENCIL_KERNEL void histogram(In<double, 1> x, Histogram<int> bins, int nbins) {
  int bin = min(int(x() * nbins), nbins - 1);
  bins[bin] += 1;
}

STENCIL_KERNEL void weighted(In<double, 1> x, Histogram<double> bins) {
  bins[int64_t(x() * 10)] += x();
}

// CHECK-LABEL: kernel norms rank 2
// CHECK:         param sum f32 total acc f64
// CHECK-NEXT:    param max f32 hi
// CHECK-NEXT:    param min f64 lo
// CHECK:         reduce total += f64((a[0, 0] * a[0, 0]))
// CHECK-NEXT:    reduce hi max= abs(a[0, 0])
// CHECK-NEXT:    reduce hi max= a[1, 0]
// CHECK-NEXT:    reduce hi max= a[0, 1]
// CHECK-NEXT:    reduce lo min= f64(a[0, 0])
// CHECK-NEXT:    reduce lo min= f64(a[-1, 0])
// CHECK-NEXT:    reduce lo min= f64(a[0, -1])

// CHECK-LABEL: kernel histogram rank 1
// CHECK:         param histogram i32 bins
// CHECK:         let %bin: i32 = min(i32((x[0] * f64(nbins))), (nbins - 1))
// CHECK-NEXT:    hist bins[%bin] += 1

// CHECK-LABEL: kernel weighted rank 1
// CHECK:         param histogram f64 bins
// CHECK:         hist bins[i64((x[0] * f64(10)))] += x[0]
