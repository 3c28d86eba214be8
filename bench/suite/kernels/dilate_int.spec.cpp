// dilate_int.spec.cpp - grey-level dilation of an 8-bit image held in int:
// each pixel becomes the largest value of its 5 x 5 window (box, radius 2).
#include <stencil/stencil.hpp>
using namespace stencil;

STENCIL_KERNEL void dilate_int(In<int, 2> image, Out<int, 2> dilated) {
  int v = image(-2, -2);
  for (int i = -2; i <= 2; ++i)
    for (int j = -2; j <= 2; ++j)
      v = max(v, image(i, j));
  dilated() = v;
}
