// triad.spec.cpp - STREAM's triad a = b + s * c, f32, point-wise.
#include <stencil/stencil.hpp>
using namespace stencil;

STENCIL_KERNEL void triad(In<float, 1> b, In<float, 1> c, Out<float, 1> a, float s) {
  a() = b() + s * c();
}
