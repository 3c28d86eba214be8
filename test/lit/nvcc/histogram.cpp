// REQUIRES: nvcc
// Histogram kernels of every counter type, several per kernel and beside a
// reduction, compile for sm_90 with warnings as errors in all four
// lowerings (each launcher instantiates them all), optimised and not.
// RUN: %stencilc %s -o %t.cu --header %t.h
// RUN: %nvcc -Werror all-warnings -Xcompiler -Wall,-Wextra,-Werror -c %t.cu -o %t.o
// The schedule variants (tune-variants) of histogram kernels (every lowering chosen per launch):
// their launchers and the dispatch compile without a warning.
// RUN: %stencilc %s --tune-variants=4 -o %t.variants.cu --header %t.variants.h
// RUN: %nvcc -Werror all-warnings -Xcompiler -Wall,-Wextra,-Werror -c %t.variants.cu -o %t.variants.o
// RUN: %stencilc %s -O0 -o %t.O0.cu --header %t.O0.h
// RUN: %nvcc -Werror all-warnings -Xcompiler -Wall,-Wextra,-Werror -c %t.O0.cu -o %t.O0.o
#include <stencil/stencil.hpp>
using namespace stencil;

STENCIL_KERNEL void counts(In<double, 1> x, Histogram<int> h, int nbins) {
  h[min(int(x() * nbins), nbins - 1)] += 1;
}

STENCIL_KERNEL void mixed(In<double, 2> x, Histogram<double> d, Histogram<float> f,
                          Histogram<int64_t> l, Max<double> peak, int nbins) {
  int bin = min(int(x() * nbins), nbins - 1);
  if (x() > 0.25) {
    d[bin] += x();
    f[bin] += 2.0f;
  }
  l[bin] += int64_t(1);
  peak = max(peak, x());
}
