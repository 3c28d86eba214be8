// RUN: %stencilc %s --emit=ir -O0 | FileCheck %s
#include <stencil/stencil.hpp>
using namespace stencil;

// Math functions: std::, stencil:: and unqualified spellings; fabs maps to
// abs; fmin and fmax (spelt stencil::, the only spelling accepted: test/diff
// seed 43028) stay fmin and fmax (minimumNumber's rule for NaN operands and
// zeros of opposite signs, not std::min's: test/diff seed 21017), and
// compute in std::fmin's type: double for a float and a double.
STENCIL_KERNEL void math(In<double, 1> a, In<float, 1> f, Out<double, 1> b, int n) {
  double x = a();
  double r = sqrt(x) + std::fabs(x) + stencil::abs(x) + exp(x) + log(x) + pow(x, 2.0)
             + sin(x) + cos(x) + floor(x) + ceil(x);
  double m = std::min(x, 1.0) + max(x, 0.0) + stencil::fmin(x, 2.0) + stencil::fmax(x, -1.0);
  double h = stencil::fmin(f(), 2.0) + stencil::fmax(f(), 1.5f) + stencil::fmin(n, 3);
  int k = abs(n) + min(n, 4);
  float s = sqrt(f());
  double p = pow(x, 2);
  b() = r + m + h + k + s + p;
}

// CHECK-LABEL: kernel math rank 1
// CHECK:         let %r: f64 = (((((((((sqrt(%x) + abs(%x)) + abs(%x)) + exp(%x)) + log(%x)) + pow(%x, 2.0)) + sin(%x)) + cos(%x)) + floor(%x)) + ceil(%x))
// CHECK-NEXT:    let %m: f64 = (((min(%x, 1.0) + max(%x, 0.0)) + fmin(%x, 2.0)) + fmax(%x, -(1.0)))
// CHECK-NEXT:    let %h: f64 = ((fmin(f64(f[0]), 2.0) + f64(fmax(f[0], 1.5f))) + fmin(f64(n), f64(3)))
// Integer min and abs stay integer.
// CHECK-NEXT:    let %k: i32 = (abs(n) + min(n, 4))
// CHECK-NEXT:    let %s: f32 = sqrt(f[0])
// std's promoting overloads compute in the result type.
// CHECK-NEXT:    let %p: f64 = pow(%x, f64(2))
