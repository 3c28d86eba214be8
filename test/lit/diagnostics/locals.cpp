// RUN: %stencilc --verify-diagnostics %s
#include <stencil/stencil.hpp>
#include <cstddef>
using namespace stencil;

struct Pair { double a, b; };

// Each refused local is reported once, at its declaration; later uses of it
// add nothing. `static constexpr` is a constant and is fine.
STENCIL_KERNEL void k(In<double, 1> g, Out<double, 1> u) {
  static constexpr int Reach = 1;
  // expected-error@+2 {{unsupported statement 'static local variable'}}
  // expected-note@+1 {{locals live per point; drop 'static', or make it a constexpr global}}
  static double calls = 0;
  // expected-error@+2 {{unsupported statement 'static local variable'}}
  // expected-note@+1 {{locals live per point; drop 'static', or make it a constexpr global}}
  thread_local double last = 0;
  // expected-error@+2 {{array 'window' is not a constant table}}
  // expected-note@+1 {{kernels read arrays only as weight tables: make it a const or constexpr array of float, double, int, int64_t or bool initialised with constants, and index it with constants}}
  double window[3] = {g(-1), g(), g(1)};
  // expected-error@+2 {{type 'Pair' is not supported in kernels}}
  // expected-note@+1 {{use float, double, int, int64_t or bool}}
  Pair p{g(), g(Reach)};
  double centre = g();
  // expected-error@+2 {{pointers are not supported in kernels}}
  // expected-note@+1 {{read grids with g(offsets...) and keep values in local variables; no address-of, dereference or pointer arithmetic}}
  double &alias = centre;
  // expected-error@+2 {{type 'unsigned int' is not supported in kernels}}
  // expected-note@+1 {{use float, double, int, int64_t or bool}}
  unsigned count = 1;
  // expected-error@+2 {{type 'short' is not supported in kernels}}
  // expected-note@+1 {{use float, double, int, int64_t or bool}}
  short small = 2;
  // expected-error@+2 {{type 'long double' is not supported in kernels}}
  // expected-note@+1 {{use float, double, int, int64_t or bool}}
  long double wide = 3;
  // expected-error@+2 {{type 'std::size_t' is not supported in kernels}}
  // expected-note@+1 {{use float, double, int, int64_t or bool}}
  std::size_t size = 4;
  // expected-error@+2 {{type 'char' is not supported in kernels}}
  // expected-note@+1 {{use float, double, int, int64_t or bool}}
  char letter = 'a';
  u() = calls + last + window[1] + p.a + alias + count + small + wide + size + letter;
}
