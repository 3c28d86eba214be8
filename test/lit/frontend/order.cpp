// RUN: %stencilc %s --emit=ir -O0 | FileCheck %s
// Kernels come out in source order, also from namespaces; helpers and
// non-kernel functions are not kernels.
#include <stencil/stencil.hpp>
using namespace stencil;

inline double helper(double x) { return x; }

namespace solver {
STENCIL_KERNEL void second(In<double, 1> a, Out<double, 1> b) { b() = a(); }
} // namespace solver

STENCIL_KERNEL void first(In<double, 1> a, Out<double, 1> b) { b() = helper(a()); }

// CHECK-NOT:   kernel helper
// CHECK-LABEL: kernel second rank 1 loc(10:{{[0-9]+}}){{$}}
// CHECK-LABEL: kernel first rank 1 loc(13:{{[0-9]+}}){{$}}
// CHECK-NOT:   kernel
