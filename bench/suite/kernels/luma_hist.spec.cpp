// luma_hist.spec.cpp - the 256-bin luma histogram of an RGB image held as
// three f32 planes (each read at the centre only), int counters.
#include <stencil/stencil.hpp>
using namespace stencil;

STENCIL_KERNEL void luma_hist(In<float, 2> red, In<float, 2> green, In<float, 2> blue,
                              Histogram<int> bins) {
  float luma = 0.299f * red() + 0.587f * green() + 0.114f * blue();
  int bin = min(int(luma * 256.0f), 255);
  bins[bin] += 1;
}
