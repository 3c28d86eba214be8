// norm.spec.cpp - the largest magnitude in a grid.
#include <stencil/stencil.hpp>

using namespace stencil;

STENCIL_KERNEL void max_abs(In<float, 2> y, Max<float> peak) {
  peak = max(peak, fabs(y()));
}
