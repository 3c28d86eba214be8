// box5.spec.cpp - a 5 x 5 smoothing filter with pyramid weights (box,
// radius 2), f32, with the brightest output and the total.
#include <stencil/stencil.hpp>
using namespace stencil;

STENCIL_KERNEL void box5(In<float, 2> image, Out<float, 2> smooth, Max<float> peak,
                         Sum<float> total) {
  float acc = 0.0f;
  for (int i = -2; i <= 2; ++i)
    for (int j = -2; j <= 2; ++j)
      acc += (3 - abs(i)) * (3 - abs(j)) * image(i, j);
  float v = acc / 81.0f;
  smooth() = v;
  peak = max(peak, v);
  total += v;
}
