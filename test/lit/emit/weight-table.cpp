// A weight table read inside unrolled loops: each read is the element's
// constant in the CUDA; no array reaches the generated code. Without
// fold-constants the product of two elements stays a multiply of the two
// constants; with it (the default) it is their product, 0.25f * 0.5f = 0.125f.
// RUN: %stencilc %s -o %t.cu --header %t.h
// RUN: FileCheck %s --check-prefix=FOLDED < %t.cu
// RUN: %stencilc %s --disable-pass=fold-constants -o %t.nofold.cu --header %t.nofold.h
// RUN: FileCheck %s < %t.nofold.cu
#include <stencil/stencil.hpp>
using namespace stencil;

constexpr float W[3] = {0.25f, 0.5f, 0.25f};

STENCIL_KERNEL void smooth(In<float, 2> in, Out<float, 2> out) {
  float acc = 0;
  for (int i = -1; i <= 1; ++i)
    for (int j = -1; j <= 1; ++j)
      acc += W[i + 1] * W[j + 1] * in(i, j);
  out() = acc;
}
// CHECK-LABEL: // smooth (
// CHECK-NOT:     W[
// CHECK:         __fmul_rn(0.25f, 0.25f), in[at_ - stride0_ - 1]
// CHECK:         __fmul_rn(0.25f, 0.5f), in[at_ - stride0_]
// CHECK:         __fmul_rn(0.5f, 0.5f), in[at_]
// CHECK:         __fmul_rn(0.25f, 0.25f), in[at_ + stride0_ + 1]
// CHECK-NOT:     W[
// FOLDED-LABEL: // smooth (
// FOLDED-NOT:     W[
// FOLDED:         __fmul_rn(0.0625f, in[at_ - stride0_ - 1])
// FOLDED:         __fmul_rn(0.125f, in[at_ - stride0_])
// FOLDED:         __fmul_rn(0.25f, in[at_])
// FOLDED:         __fmul_rn(0.0625f, in[at_ + stride0_ + 1])
// FOLDED-NOT:     W[
