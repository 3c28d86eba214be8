#include <stencil/stencil.hpp>
using namespace stencil;

STENCIL_KERNEL void copy(In<double, 2> a, Out<double, 2> b) { b() = a(); }
