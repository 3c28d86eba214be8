// RUN: %stencilc --verify-diagnostics %s
#include <stencil/stencil.hpp>
using namespace stencil;

STENCIL_KERNEL void k(In<int, 1> g, Out<int, 1> u, int n) {
  // expected-error@+2 {{unsupported operator '<<'}}
  // expected-note@+1 {{kernels support + - * / % unary - ! comparisons && || and ?:}}
  int a = n << 1;
  // expected-error@+2 {{unsupported operator '~'}}
  // expected-note@+1 {{kernels support + - * / % unary - ! comparisons && || and ?:}}
  int b = ~n;
  // expected-warning@+3 {{left operand of comma operator has no effect}}
  // expected-error@+2 {{unsupported operator ','}}
  // expected-note@+1 {{kernels support + - * / % unary - ! comparisons && || and ?:}}
  int c = (a, b);
  // expected-error@+2 {{type 'unsigned int' is not supported in kernels}}
  // expected-note@+1 {{use float, double, int, int64_t or bool}}
  unsigned d = 1u;
  // expected-error@+2 {{assignment or update inside an expression}}
  // expected-note@+1 {{write it as a statement of its own}}
  int e = a++;
  // expected-error@+2 {{unsupported expression 'sizeof'}}
  // expected-note@+1 {{kernel expressions are arithmetic, comparisons, &&, ||, ?:, casts, grid reads, index(d) and math functions}}
  u() = g() + a + b + c + e + sizeof(int);
}
