// RUN: not %stencilc %s --emit=ir 2>&1 | FileCheck %s
#include <stencil/stencil.hpp>
using namespace stencil;

STENCIL_KERNEL void k(In<int, 1> g, Out<int, 1> u, int n) {
  int a = n << 1;
  int b = ~n;
  int c = (a, b);
  unsigned d = 1u;
  int e = a++;
  u() = g() + a + b + c + e + sizeof(int);
}

// CHECK: {{.*}}unsupported-expr.cpp:6:13: error: unsupported operator '<<'
// CHECK: {{.*}}unsupported-expr.cpp:6:13: note: kernels support + - * / % unary - ! comparisons && || and ?:
// CHECK: {{.*}}unsupported-expr.cpp:7:11: error: unsupported operator '~'
// CHECK: {{.*}}unsupported-expr.cpp:7:11: note: kernels support + - * / % unary - ! comparisons && || and ?:
// CHECK: {{.*}}unsupported-expr.cpp:8:13: error: unsupported operator ','
// CHECK: {{.*}}unsupported-expr.cpp:8:13: note: kernels support + - * / % unary - ! comparisons && || and ?:
// CHECK: {{.*}}unsupported-expr.cpp:9:12: error: type 'unsigned int' is not supported in kernels
// CHECK: {{.*}}unsupported-expr.cpp:9:12: note: use float, double, int, int64_t or bool
// CHECK: {{.*}}unsupported-expr.cpp:10:12: error: assignment or update inside an expression
// CHECK: {{.*}}unsupported-expr.cpp:10:12: note: write it as a statement of its own
// CHECK: {{.*}}unsupported-expr.cpp:11:31: error: unsupported expression 'sizeof'
// CHECK: {{.*}}unsupported-expr.cpp:11:31: note: kernel expressions are arithmetic, comparisons, &&, ||, ?:, casts, grid reads, index(d) and math functions
// CHECK: 1 warning and 6 errors generated.
