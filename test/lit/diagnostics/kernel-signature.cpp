// RUN: not %stencilc %s --emit=ir 2>&1 | FileCheck %s
#include <stencil/stencil.hpp>
using namespace stencil;

STENCIL_KERNEL void scale(In<double, 1> g, Out<double, 1> u, double a = 2.0) {
  u() = a * g();
}

STENCIL_KERNEL void copy(In<double, 1> g, Out<double, 1> u, ...) { u() = g(); }

// An overload and a namesake in a namespace: the host API names kernels by
// their unqualified names, so both would collide with the first 'copy'.
STENCIL_KERNEL void copy(In<float, 1> g, Out<float, 1> u) { u() = g(); }
namespace other {
STENCIL_KERNEL void copy(In<int, 1> g, Out<int, 1> u) { u() = g(); }
}

// CHECK: {{.*}}kernel-signature.cpp:13:21: error: second kernel named 'copy'
// CHECK: {{.*}}kernel-signature.cpp:9:21: note: the first 'copy' is here; the generated host functions are named after their kernels, so give each kernel its own name
// CHECK: {{.*}}kernel-signature.cpp:15:21: error: second kernel named 'copy'
// CHECK: {{.*}}kernel-signature.cpp:9:21: note: the first 'copy' is here
// CHECK: {{.*}}kernel-signature.cpp:5:73: error: kernel parameter 'a' has a default argument
// CHECK: {{.*}}kernel-signature.cpp:5:73: note: the generated host function takes every argument; drop the default and pass the value at the launch
// CHECK: {{.*}}kernel-signature.cpp:9:21: error: kernel 'copy' cannot be variadic
// CHECK: {{.*}}kernel-signature.cpp:9:21: note: the generated host function takes a fixed list of arguments; name each parameter
// CHECK: 4 errors generated.
