// clamp3.spec.cpp - clamps a into [lo, hi] point-wise, f32, with three
// minima: of a, of the interval widths, and of the clamped values.
#include <stencil/stencil.hpp>
using namespace stencil;

STENCIL_KERNEL void clamp3(In<float, 3> a, In<float, 3> lo, In<float, 3> hi,
                           Out<float, 3> clamped, Min<float> a_min, Min<float> narrowest,
                           Min<float> clamped_min) {
  float v = min(max(a(), lo()), hi());
  clamped() = v;
  a_min = min(a_min, a());
  narrowest = min(narrowest, hi() - lo());
  clamped_min = min(clamped_min, v);
}
