// majority3d.spec.cpp - a 3-D majority vote over a cell and its six face
// neighbours (star, radius 1), int 0/1, and the number of cells that flip.
#include <stencil/stencil.hpp>
using namespace stencil;

STENCIL_KERNEL void majority3d(In<int, 3> s, Out<int, 3> t, Sum<int> flips) {
  int votes = s(-1, 0, 0) + s(1, 0, 0) + s(0, -1, 0) + s(0, 1, 0) + s(0, 0, -1) +
              s(0, 0, 1) + s();
  int v = votes >= 4 ? 1 : 0;
  t() = v;
  flips += v != s() ? 1 : 0;
}
