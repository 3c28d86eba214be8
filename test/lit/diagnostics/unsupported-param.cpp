// RUN: %stencilc --verify-diagnostics %s
#include <stencil/stencil.hpp>
using namespace stencil;

#include <vector>
// expected-error@+2 {{parameter 'p' has unsupported type 'double *'}}
// expected-note@+1 {{kernel parameters are In/Out/InOut<T, R>, Sum/Max/Min<T>, Histogram<T>, or float, double, int, int64_t or bool, all passed by value}}
STENCIL_KERNEL void k(In<double, 2> g, Out<double, 2> u, double *p,
                      // expected-error@+4 {{parameter 'h' has unsupported type 'const In<double, 2> &'}}
                      // expected-error@+3 {{parameter 'v' has unsupported type 'std::vector<double>'}}
                      // expected-error@+2 {{parameter 'n' has unsupported type 'unsigned int'}}
                      // expected-note@+1 3 {{kernel parameters are In/Out/InOut<T, R>, Sum/Max/Min<T>, Histogram<T>, or float, double, int, int64_t or bool, all passed by value}}
                      const In<double, 2> &h, std::vector<double> v, unsigned n) {
  u() = g();
}
