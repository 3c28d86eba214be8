// RUN: not %stencilc %s --emit=ir 2>&1 | FileCheck %s
#include <stencil/stencil.hpp>
using namespace stencil;

template <class T> STENCIL_KERNEL void copy(In<T, 1> g, Out<T, 1> u) { u() = g(); }
template void copy<double>(In<double, 1>, Out<double, 1>);

template <class... Scalars>
STENCIL_KERNEL void scaled(In<double, 1> g, Out<double, 1> u, Scalars... s) { u() = g(); }

struct Solver {
  STENCIL_KERNEL static void sweep(In<double, 1> g, Out<double, 1> u) { u() = g(); }
};

// Valid C++ (two class-type parameters), but the host API needs a name.
STENCIL_KERNEL void operator+(In<double, 1> g, Out<double, 1> u) { u() = g(); }

// CHECK: {{.*}}kernel-form.cpp:5:40: error: kernel 'copy' must be a plain function
// CHECK: {{.*}}kernel-form.cpp:5:40: note: kernels cannot be templates, member functions or operators; write one named kernel per element type
// CHECK: {{.*}}kernel-form.cpp:9:21: error: kernel 'scaled' must be a plain function
// CHECK: {{.*}}kernel-form.cpp:12:30: error: kernel 'sweep' must be a plain function
// CHECK: {{.*}}kernel-form.cpp:16:21: error: kernel 'operator+' must be a plain function
// CHECK: 4 errors generated.
