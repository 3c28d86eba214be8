// dots.spec.cpp - three dot products of two f64 grids read at the centre
// only: a.b, a.a and b.b (three Sums, no output grid).
#include <stencil/stencil.hpp>
using namespace stencil;

STENCIL_KERNEL void dots(In<double, 2> a, In<double, 2> b, Sum<double> ab, Sum<double> aa,
                         Sum<double> bb) {
  ab += a() * b();
  aa += a() * a();
  bb += b() * b();
}
