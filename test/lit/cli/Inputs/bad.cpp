#include <stencil/stencil.hpp>
using namespace stencil;

// Writes its input grid: a spec error (exit 1).
STENCIL_KERNEL void copy(In<double, 2> a, Out<double, 2> b) {
  a() = 1.0;
  b() = a();
}
