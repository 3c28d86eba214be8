// RUN: %stencilc %s --emit=ir -O0 | FileCheck %s
#include <stencil/stencil.hpp>
using namespace stencil;

// Locals are unique in the IR: shadowed and re-declared names get a suffix.
STENCIL_KERNEL void shadow(In<double, 1> g, Out<double, 1> u, double w) {
  double x = g();
  double acc;
  {
    double x = 2.0 * g(1);
    acc = x;
  }
  if (acc > 0.0) {
    double x = acc;
    acc += x;
  }
  {
    double w = 1.0;
    acc -= w;
  }
  int n = 3;
  n++;
  --n;
  n *= 2;
  n %= 5;
  acc /= n;
  bool neg = acc < 0.0;
  u() = neg ? -acc : acc + x;
}

// CHECK-LABEL: kernel shadow rank 1
// CHECK:         let %x: f64 = g[0]
// Uninitialised locals start at zero.
// CHECK-NEXT:    let %acc: f64 = 0.0
// CHECK-NEXT:    let %x.1: f64 = (2.0 * g[1])
// CHECK-NEXT:    %acc = %x.1
// CHECK-NEXT:    if (%acc > 0.0) {
// CHECK-NEXT:      let %x.2: f64 = %acc
// CHECK-NEXT:      %acc = (%acc + %x.2)
// CHECK-NEXT:    }
// A local shadowing a parameter is renamed too.
// CHECK-NEXT:    let %w.1: f64 = 1.0
// CHECK-NEXT:    %acc = (%acc - %w.1)
// CHECK-NEXT:    let %n: i32 = 3
// CHECK-NEXT:    %n = (%n + 1)
// CHECK-NEXT:    %n = (%n - 1)
// CHECK-NEXT:    %n = (%n * 2)
// CHECK-NEXT:    %n = (%n % 5)
// CHECK-NEXT:    %acc = (%acc / f64(%n))
// CHECK-NEXT:    let %neg: bool = (%acc < 0.0)
// CHECK-NEXT:    store u = (%neg ? -%acc : (%acc + %x))
