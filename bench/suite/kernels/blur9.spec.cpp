// blur9.spec.cpp - a 3 x 3 box blur of a single-channel f32 image, the
// 9 taps written as two loops with constant trip counts.
#include <stencil/stencil.hpp>
using namespace stencil;

STENCIL_KERNEL void blur9(In<float, 2> image, Out<float, 2> blurred) {
  float acc = 0.0f;
  for (int dy = -1; dy <= 1; ++dy)
    for (int dx = -1; dx <= 1; ++dx)
      acc += image(dy, dx);
  blurred() = acc / 9.0f;
}
