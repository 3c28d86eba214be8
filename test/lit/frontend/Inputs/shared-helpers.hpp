// Helpers shared between specs; included with "" so they are the user's.
#include <stencil/stencil.hpp>

inline double average(double a, double b) { return 0.5 * (a + b); }

// A kernel of an included spec is that spec's, not the includer's.
STENCIL_KERNEL void included_kernel(stencil::In<double, 1> g, stencil::Out<double, 1> u) {
  u() = g();
}
