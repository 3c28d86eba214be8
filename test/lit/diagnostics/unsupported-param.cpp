// RUN: not %stencilc %s --emit=ir 2>&1 | FileCheck %s
#include <stencil/stencil.hpp>
using namespace stencil;

#include <vector>
STENCIL_KERNEL void k(In<double, 2> g, Out<double, 2> u, double *p,
                      const In<double, 2> &h, std::vector<double> v, unsigned n) {
  u() = g();
}

// CHECK: {{.*}}unsupported-param.cpp:6:66: error: parameter 'p' has unsupported type 'double *'
// CHECK: {{.*}}unsupported-param.cpp:6:66: note: kernel parameters are In/Out/InOut<T, R>, Sum/Max/Min<T>, Histogram<T>, or float, double, int, int64_t or bool, all passed by value
// CHECK: {{.*}}unsupported-param.cpp:7:44: error: parameter 'h' has unsupported type 'const In<double, 2> &'
// CHECK: {{.*}}unsupported-param.cpp:7:44: note: kernel parameters are In/Out/InOut<T, R>, Sum/Max/Min<T>, Histogram<T>, or float, double, int, int64_t or bool, all passed by value
// CHECK: {{.*}}unsupported-param.cpp:7:67: error: parameter 'v' has unsupported type 'std::vector<double>'
// CHECK: {{.*}}unsupported-param.cpp:7:67: note: kernel parameters are In/Out/InOut<T, R>, Sum/Max/Min<T>, Histogram<T>, or float, double, int, int64_t or bool, all passed by value
// CHECK: {{.*}}unsupported-param.cpp:7:79: error: parameter 'n' has unsupported type 'unsigned int'
// CHECK: {{.*}}unsupported-param.cpp:7:79: note: kernel parameters are In/Out/InOut<T, R>, Sum/Max/Min<T>, Histogram<T>, or float, double, int, int64_t or bool, all passed by value
// CHECK: 4 errors generated.
