// box125.spec.cpp - a 5 x 5 x 5 box average (box, radius 2), f32.
#include <stencil/stencil.hpp>
using namespace stencil;

STENCIL_KERNEL void box125(In<float, 3> u, Out<float, 3> v) {
  float acc = 0.0f;
  for (int i = -2; i <= 2; ++i)
    for (int j = -2; j <= 2; ++j)
      for (int k = -2; k <= 2; ++k)
        acc += u(i, j, k);
  v() = acc * 0.008f;
}
