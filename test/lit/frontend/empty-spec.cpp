// A spec without kernels (or whose kernels lack STENCIL_KERNEL) succeeds with
// a warning; so does an empty file.
// RUN: %stencilc %s --emit=ir 2>&1 | FileCheck %s
// RUN: printf '' > %t.cpp
// RUN: %stencilc %t.cpp --emit=ir 2>&1 | FileCheck %s --check-prefix=EMPTY
inline double not_a_kernel(double x) { return x; }

// CHECK: empty-spec.cpp:1:1: warning: spec defines no kernel
// CHECK: empty-spec.cpp:1:1: note: mark each kernel 'STENCIL_KERNEL void name(...)'; kernels in included files are not translated
// CHECK: module "{{.*}}empty-spec.cpp"
// CHECK-NOT: kernel

// EMPTY: .tmp.cpp:1:1: warning: spec defines no kernel
