// sobel_int.spec.cpp - the Sobel gradient of an 8-bit image held in int
// (box, radius 1): |gx| + |gy|, and the largest gx, gy and magnitude.
#include <stencil/stencil.hpp>
using namespace stencil;

STENCIL_KERNEL void sobel_int(In<int, 2> image, Out<int, 2> magnitude, Max<int> gx_max,
                              Max<int> gy_max, Max<int> magnitude_max) {
  int gx = image(-1, 1) + 2 * image(0, 1) + image(1, 1) - image(-1, -1) -
           2 * image(0, -1) - image(1, -1);
  int gy = image(1, -1) + 2 * image(1, 0) + image(1, 1) - image(-1, -1) -
           2 * image(-1, 0) - image(-1, 1);
  int m = abs(gx) + abs(gy);
  magnitude() = m;
  gx_max = max(gx_max, gx);
  gy_max = max(gy_max, gy);
  magnitude_max = max(magnitude_max, m);
}
