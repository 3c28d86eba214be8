// scale.spec.cpp - y = a x + b at every point, and the sum of y.
#include <stencil/stencil.hpp>

using namespace stencil;

STENCIL_KERNEL void scale_add(In<float, 2> x, Out<float, 2> y, Sum<double> total,
                              float a, float b) {
  float v = a * x() + b;
  y() = v;
  total += v;
}
