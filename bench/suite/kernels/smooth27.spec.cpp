// smooth27.spec.cpp - a 3 x 3 x 3 weighted smoothing (box, radius 1), f64:
// weight 8 at the centre, 4 on faces, 2 on edges, 1 on corners.
#include <stencil/stencil.hpp>
using namespace stencil;

STENCIL_KERNEL void smooth27(In<double, 3> u, Out<double, 3> v) {
  double acc = 0.0;
  for (int i = -1; i <= 1; ++i)
    for (int j = -1; j <= 1; ++j)
      for (int k = -1; k <= 1; ++k)
        acc += (2 - abs(i)) * (2 - abs(j)) * (2 - abs(k)) * u(i, j, k);
  v() = acc / 64.0;
}
