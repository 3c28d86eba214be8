// laplace_i64.spec.cpp - the 5-point Laplacian (star, radius 1) of int64
// values, and its sum.
#include <stencil/stencil.hpp>
using namespace stencil;

STENCIL_KERNEL void laplace_i64(In<int64_t, 2> a, Out<int64_t, 2> lap, Sum<int64_t> total) {
  int64_t l = a(-1, 0) + a(1, 0) + a(0, -1) + a(0, 1) - 4 * a();
  lap() = l;
  total += l;
}
