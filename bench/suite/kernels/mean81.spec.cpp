// mean81.spec.cpp - the mean over a 9 x 9 window (box, radius 4), f64.
#include <stencil/stencil.hpp>
using namespace stencil;

STENCIL_KERNEL void mean81(In<double, 2> u, Out<double, 2> mean) {
  double acc = 0.0;
  for (int i = -4; i <= 4; ++i)
    for (int j = -4; j <= 4; ++j)
      acc += u(i, j);
  mean() = acc / 81.0;
}
