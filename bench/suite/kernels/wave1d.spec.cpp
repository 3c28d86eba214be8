// wave1d.spec.cpp - a leapfrog step of the 1-D wave equation, f32: the next
// displacement from the current and previous ones (3-point star), and its
// range (a Min and a Max).
#include <stencil/stencil.hpp>
using namespace stencil;

STENCIL_KERNEL void wave1d(In<float, 1> prev, In<float, 1> cur, Out<float, 1> next,
                           Min<float> lowest, Max<float> highest, float c2) {
  float u = 2.0f * cur() - prev() + c2 * (cur(-1) - 2.0f * cur() + cur(1));
  next() = u;
  lowest = min(lowest, u);
  highest = max(highest, u);
}
