// A spec saved as Latin-1 (for line-endings.cpp).
#include <stencil/stencil.hpp>
using namespace stencil;
// café au lait
STENCIL_KERNEL void k(In<double, 1> g, Out<double, 1> u) {
  u() = g();
  double été = 1;
}
