// RUN: %stencilc --verify-diagnostics %s
// RUN: not %stencilc %s --emit=ir 2>/dev/null | count 0
#include <stencil/stencil.hpp>
using namespace stencil;

// An error inside a helper is printed once however many kernels inline it;
// every one of them fails (no IR is printed).
// expected-error@+2 {{offset of grid 'g' is not a constant}}
// expected-note@+1 {{offsets must be integer constants: literals, constexpr variables or the variable of a loop with a constant trip count}}
inline double shifted(In<double, 1> a, int by) { return a(by); }

STENCIL_KERNEL void first(In<double, 1> g, Out<double, 1> u, int n) { u() = shifted(g, n); }
STENCIL_KERNEL void second(In<double, 1> g, Out<double, 1> u, int n) { u() = shifted(g, n); }
