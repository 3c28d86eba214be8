// RUN: not %stencilc %s --emit=ir 2>&1 | FileCheck %s --implicit-check-not=error:
#include <stencil/stencil.hpp>
#include <cstddef>
using namespace stencil;

struct Pair { double a, b; };

// Each refused local is reported once, at its declaration; later uses of it
// add nothing. `static constexpr` is a constant and is fine.
STENCIL_KERNEL void k(In<double, 1> g, Out<double, 1> u) {
  static constexpr int Reach = 1;
  static double calls = 0;
  thread_local double last = 0;
  double window[3] = {g(-1), g(), g(1)};
  Pair p{g(), g(Reach)};
  double centre = g();
  double &alias = centre;
  unsigned count = 1;
  short small = 2;
  long double wide = 3;
  std::size_t size = 4;
  char letter = 'a';
  u() = calls + last + window[1] + p.a + alias + count + small + wide + size + letter;
}

// CHECK: {{.*}}locals.cpp:12:17: error: unsupported statement 'static local variable'
// CHECK: {{.*}}locals.cpp:12:17: note: locals live per point; drop 'static', or make it a constexpr global
// CHECK: {{.*}}locals.cpp:13:23: error: unsupported statement 'static local variable'
// CHECK: {{.*}}locals.cpp:14:10: error: type 'double[3]' is not supported in kernels
// CHECK: {{.*}}locals.cpp:15:8: error: type 'Pair' is not supported in kernels
// CHECK: {{.*}}locals.cpp:17:11: error: pointers are not supported in kernels
// CHECK: {{.*}}locals.cpp:18:12: error: type 'unsigned int' is not supported in kernels
// CHECK: {{.*}}locals.cpp:19:9: error: type 'short' is not supported in kernels
// CHECK: {{.*}}locals.cpp:20:15: error: type 'long double' is not supported in kernels
// CHECK: {{.*}}locals.cpp:21:15: error: type 'std::size_t' is not supported in kernels
// CHECK: {{.*}}locals.cpp:22:8: error: type 'char' is not supported in kernels
// CHECK: 10 errors generated.
