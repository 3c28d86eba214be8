// REQUIRES: nvcc
// The single stream of `stencilc - -o -` (header, then CUDA) is a complete
// translation unit: nvcc compiles it as it is.
// RUN: %stencilc - -o - < %s > %t.cu
// RUN: %nvcc -c %t.cu -o %t.o
#include <stencil/stencil.hpp>
using namespace stencil;

STENCIL_KERNEL void scale(In<float, 1> a, Out<float, 1> b, Sum<double> total, float s) {
  b() = s * a();
  total += s * a();
}
