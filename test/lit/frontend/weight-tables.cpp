// RUN: %stencilc %s --emit=ir -O0 | FileCheck %s
#include <stencil/stencil.hpp>
using namespace stencil;

// Weight tables: const or constexpr arrays of scalars with a constant
// initialiser, at namespace scope or in the kernel, read at indices that
// are constants once loops are unrolled. Each read is the element's value.
constexpr float W[5] = {1, 4, 6, 4, 1};
const double Half[2] = {0.5, -0.5};
constexpr int K[2][3] = {{1, 2, 3}, {4}}; // K[1][1] and K[1][2] are 0

inline float tap(int i) { return W[i]; }

STENCIL_KERNEL void binomial(In<float, 2> in, Out<float, 2> out) {
  float acc = 0;
  for (int i = -2; i <= 2; ++i)
    for (int j = -2; j <= 2; ++j)
      acc += W[i + 2] * W[j + 2] * in(i, j);
  out() = acc / 256;
}
// CHECK-LABEL: kernel binomial rank 2
// CHECK:         %acc = (%acc + ((1.0f * 1.0f) * in[-2, -2]))
// CHECK-NEXT:    %acc = (%acc + ((1.0f * 4.0f) * in[-2, -1]))
// CHECK-NEXT:    %acc = (%acc + ((1.0f * 6.0f) * in[-2, 0]))
// CHECK:         %acc = (%acc + ((6.0f * 6.0f) * in[0, 0]))
// CHECK:         %acc = (%acc + ((1.0f * 1.0f) * in[2, 2]))
// CHECK-NEXT:    store out =

STENCIL_KERNEL void local_tables(In<double, 1> g, Out<double, 1> u) {
  const double w[3] = {0.25, 0.5, 0.25};
  static constexpr int Sign[2] = {1, -1};
  constexpr bool Use[2] = {true, false};
  double acc = 0;
  for (int k = 0; k < 3; ++k)
    acc += w[k] * g(k - 1);
  for (int r = 0; r < 2; ++r)
    for (int c = 1; c < 3; ++c)
      acc += Sign[r] * K[r][c];
  u() = Use[0] ? acc + Half[1] + tap(3) : 0.0;
}
// The tables declare nothing.
// CHECK-LABEL: kernel local_tables rank 1
// CHECK:       {
// CHECK-NEXT:    let %acc: f64 = f64(0)
// CHECK-NEXT:    %acc = (%acc + (0.25 * g[-1]))
// CHECK-NEXT:    %acc = (%acc + (0.5 * g[0]))
// CHECK-NEXT:    %acc = (%acc + (0.25 * g[1]))
// CHECK-NEXT:    %acc = (%acc + f64((1 * 2)))
// CHECK-NEXT:    %acc = (%acc + f64((1 * 3)))
// CHECK-NEXT:    %acc = (%acc + f64((-1 * 0)))
// CHECK-NEXT:    %acc = (%acc + f64((-1 * 0)))
// CHECK-NEXT:    store u = (true ? ((%acc + -0.5) + f64(4.0f)) : 0.0)
