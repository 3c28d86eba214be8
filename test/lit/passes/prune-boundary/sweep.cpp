// A Jacobi-style sweep whose right-hand side and weight carry rules that no
// read can apply (read at offset 0 along the ruled dimensions): prune-boundary
// drops them, so the kernel is the one without rules: no boundary shell, and
// fuse-sweeps fuses it. Without the pass (--disable-pass=prune-boundary) the
// rules stay: a shell kernel, and no fusion.
// RUN: %stencilc %s --report -o %t.cu --header %t.h 2>&1 | FileCheck %s
// RUN: FileCheck %s --check-prefix=CUDA < %t.cu
// RUN: %stencilc %s --report --disable-pass=prune-boundary -o %t.off.cu --header %t.off.h 2>&1 | FileCheck %s --check-prefix=OFF
// RUN: FileCheck %s --check-prefix=OFF-CUDA < %t.off.cu
// RUN: %stencilc %s -O0 --emit=ir | FileCheck %s --check-prefix=O0
#include <stencil/stencil.hpp>
using namespace stencil;

STENCIL_KERNEL void relax(In<double, 2> u, In<double, 2, Periodic> rhs,
                          In<double, 2, Boundary<Clamp, Interior>> w, Out<double, 2> v,
                          Sum<double> change) {
  double n = 0.25 * (u(0, -1) + u(0, 1) + u(-1, 0) + u(1, 0) - rhs()) * w(0, 1);
  v() = n;
  change += (n - u()) * (n - u());
}

// CHECK-NOT: boundary: rules
// CHECK-DAG: :14:21: remark: kernel relax: pipeline: changed by prune-boundary,
// CHECK-DAG: :14:21: remark: kernel relax: fuse-sweeps: ping-pong u -> v: relax_sweeps and relax_until run 4 sweeps per launch
// CHECK-DAG: :14:68: remark: kernel relax: prune-boundary: 'rhs': dropped periodic along dimension 0, periodic along dimension 1 (read at offset 0 only there: the rule never applies)
// CHECK-DAG: :15:68: remark: kernel relax: prune-boundary: 'w': dropped clamp along dimension 0 (read at offset 0 only there: the rule never applies); the kernel has no boundary rule left
// CHECK-NOT: boundary: rules

// CUDA-NOT: relax_shell_kernel
// CUDA-NOT: mapCoordinate

// OFF-NOT: remark: kernel relax: prune-boundary
// OFF: kernel relax: boundary: rules rhs (periodic, periodic); w (clamp, interior): split launch
// OFF: kernel relax: fuse-sweeps: not fused: 'rhs' has boundary rules: fused tiles map the state's reads only

// OFF-CUDA: relax_shell_kernel

// -O0 runs no pass: the IR keeps the rules as written.
// O0: param in f64[2] rhs boundary (periodic, periodic)
// O0: param in f64[2] w boundary (clamp, interior)
