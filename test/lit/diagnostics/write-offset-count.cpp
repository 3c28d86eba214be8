// RUN: not %stencilc %s --emit=ir 2>&1 | FileCheck %s
#include <stencil/stencil.hpp>
using namespace stencil;

// Writes and InOut reads with the wrong number of offsets say so, rather
// than that they are off the centre; a char loop variable is a type the DSL
// lacks, not a loop without a constant trip count.
STENCIL_KERNEL void k(In<double, 2> g, Out<double, 2> u, InOut<double, 2> v) {
  u(0) = g();
  v() = v(0, 0, 0);
  double acc = 0;
  for (char c = 0; c < 4; ++c)
    acc += 1;
  u() = acc;
}

// CHECK: {{.*}}write-offset-count.cpp:9:3: error: grid 'u' of rank 2 takes 0 or 2 offsets, not 1
// CHECK: {{.*}}write-offset-count.cpp:10:9: error: grid 'v' of rank 2 takes 0 or 2 offsets, not 3
// CHECK: {{.*}}write-offset-count.cpp:12:13: error: type 'char' is not supported in kernels
// CHECK: 3 errors generated.
