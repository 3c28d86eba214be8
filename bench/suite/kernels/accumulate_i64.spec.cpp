// accumulate_i64.spec.cpp - running totals in int64 updated in place
// (InOut) by int increments, point-wise, and the sum of the new totals.
#include <stencil/stencil.hpp>
using namespace stencil;

STENCIL_KERNEL void accumulate_i64(In<int, 1> delta, InOut<int64_t, 1> running,
                                   Sum<int64_t> grand_total) {
  int64_t t = running() + delta();
  running() = t;
  grand_total += t;
}
