// RUN: %stencilc %s --emit=ir -O0 | FileCheck %s
#include <stencil/stencil.hpp>
using namespace std;
using namespace stencil;

// With both namespaces open, an unqualified update still calls the DSL's
// min/max (more specialised than the std:: declarations stencilc sees,
// which exist only to report std::min(r, e)), and plain min/max of two
// values are std's.
STENCIL_KERNEL void k(In<double, 1> x, Min<double> lo, Max<double> hi, Out<double, 1> u) {
  lo = min(lo, x());
  hi = max(x(1), hi);
  u() = min(x(), 1.0) + max(x(-1), 0.0);
}
// CHECK-LABEL: kernel k rank 1
// CHECK:         reduce lo min= x[0]
// CHECK-NEXT:    reduce hi max= x[1]
// CHECK-NEXT:    store u = (min(x[0], 1.0) + max(x[-1], 0.0))
