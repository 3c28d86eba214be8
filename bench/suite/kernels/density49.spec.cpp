// density49.spec.cpp - occupied cells within a 7 x 7 window (box, radius 3),
// int, and the sparsest window.
#include <stencil/stencil.hpp>
using namespace stencil;

STENCIL_KERNEL void density49(In<int, 2> occupied, Out<int, 2> count, Min<int> sparsest) {
  int n = 0;
  for (int i = -3; i <= 3; ++i)
    for (int j = -3; j <= 3; ++j)
      n += occupied(i, j);
  count() = n;
  sparsest = min(sparsest, n);
}
