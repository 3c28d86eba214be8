// RUN: %stencilc %s --emit=ir -O0 | FileCheck %s
#include <stencil/stencil.hpp>
using namespace stencil;

// if / else if / else, ?:, &&, ||, ! and unrolled for loops.
constexpr int Radius = 2;

STENCIL_KERNEL void branches(In<double, 2> g, Out<double, 2> u, int mode, bool flag) {
  double v = g();
  if (mode == 0) {
    v = 0.0;
  } else if (mode == 1 && !flag) {
    v = -v;
  } else {
    v = v > 0.0 || flag ? v : 1.0;
  }
  u() = v;
}

// Only the branch `if constexpr` keeps is translated.
STENCIL_KERNEL void compile_time(In<double, 2> g, Out<double, 2> u) {
  if constexpr (Radius > 1)
    u() = g();
  else
    u() = g(Radius, 0);
}

STENCIL_KERNEL void unrolled(In<double, 2> g, Out<double, 2> u) {
  double acc = 0.0;
  for (int i = -Radius; i <= Radius; ++i) {
    double w = i * 0.5;
    acc += w * g(i, 0);
  }
  for (int j = 4; j > 0; j -= 2) {
    const int k = j - 1;
    acc += g(0, k);
  }
  for (int i = 0; i != 2; i++)
    for (int j = 0; j < 2; j++)
      acc += g(i, -j);
  u() = acc;
  return;
}

// CHECK-LABEL: kernel branches rank 2
// CHECK:         if (mode == 0) {
// CHECK-NEXT:      %v = 0.0
// CHECK-NEXT:    } else {
// CHECK-NEXT:      if ((mode == 1) && !flag) {
// CHECK-NEXT:        %v = -%v
// CHECK-NEXT:      } else {
// CHECK-NEXT:        %v = (((%v > 0.0) || flag) ? %v : 1.0)
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:    store u = %v

// CHECK-LABEL: kernel compile_time rank 2
// CHECK-NEXT:    param in f64[2] g
// CHECK-NEXT:    param out f64[2] u
// The discarded branch's g(Radius, 0) leaves no trace in the footprint.
// CHECK-NEXT:    footprint g lo (0, 0) hi (0, 0) offsets (0, 0)
// CHECK-NEXT:    domain interior lo (0, 0) hi (0, 0)
// CHECK-NEXT:  {
// CHECK-NEXT:    store u = g[0, 0]
// CHECK-NEXT:  }

// CHECK-LABEL: kernel unrolled rank 2
// CHECK:         let %w: f64 = (f64(-2) * 0.5)
// CHECK-NEXT:    %acc = (%acc + (%w * g[-2, 0]))
// CHECK-NEXT:    let %w.1: f64 = (f64(-1) * 0.5)
// CHECK-NEXT:    %acc = (%acc + (%w.1 * g[-1, 0]))
// CHECK:         let %w.4: f64 = (f64(2) * 0.5)
// CHECK-NEXT:    %acc = (%acc + (%w.4 * g[2, 0]))
// A const local computed from the loop variable is a constant offset.
// CHECK-NEXT:    let %k: i32 = (4 - 1)
// CHECK-NEXT:    %acc = (%acc + g[0, 3])
// CHECK-NEXT:    let %k.1: i32 = (2 - 1)
// CHECK-NEXT:    %acc = (%acc + g[0, 1])
// CHECK-NEXT:    %acc = (%acc + g[0, 0])
// CHECK-NEXT:    %acc = (%acc + g[0, -1])
// CHECK-NEXT:    %acc = (%acc + g[1, 0])
// CHECK-NEXT:    %acc = (%acc + g[1, -1])
// CHECK-NEXT:    store u = %acc
// CHECK-NEXT:  }

