// REQUIRES: nvcc
// --report=ptxas compiles the generated CUDA with nvcc -Xptxas -v and adds,
// per kernel, registers, shared memory (static from ptxas + the dynamic
// reduction scratch of the launcher), spills and the theoretical occupancy
// for the block size of the schedule.
// RUN: %stencilc %s --report=ptxas -o %t.cu 2>&1 | FileCheck %s
// RUN: %stencilc %s --report=ptxas --tile=norm:128x1 -o %t.cu 2>&1 | FileCheck %s --check-prefix=TILE
// RUN: %stencilc %s --report=ptxas --arch=sm_80 -o %t.cu 2>&1 | FileCheck %s --check-prefix=SM80
// -O0: the block-tree reduction takes one double of shared memory per thread.
// RUN: %stencilc %s --report=ptxas -O0 -o %t.cu 2>&1 | FileCheck %s --check-prefix=O0
// A missing nvcc is a usage error that says so.
// RUN: not %stencilc %s --report=ptxas --nvcc=%t.missing -o %t.cu 2>&1 | FileCheck %s --check-prefix=NONVCC
// A value other than ptxas is refused.
// RUN: not %stencilc %s --report=bogus 2>&1 | FileCheck %s --check-prefix=BOGUS
#include <stencil/stencil.hpp>
using namespace stencil;

STENCIL_KERNEL void norm(In<double, 2> a, Sum<double> total) { total += a() * a(); }

STENCIL_KERNEL void copy(In<float, 1> a, Out<float, 1> b) { b() = a(); }

// The remarks come first, the ptxas line after the memory line.
// CHECK:      report-ptxas.cpp:[[# @LINE-5]]:21: remark: kernel norm: memory:
// Stencil kernels are templates on their index type and, with reductions, on
// whether the last block combines the slots: one line per instance.
// CHECK-NEXT: report-ptxas.cpp:[[# @LINE-8]]:21: remark: kernel norm: ptxas: norm_kernel<int, true>: [[#]] registers, shared memory 16 B static + 256 B dynamic
// CHECK-NEXT: report-ptxas.cpp:[[# @LINE-9]]:21: remark: kernel norm: ptxas: norm_kernel<int64_t, false>: [[#]] registers, shared memory 0 B static + 256 B dynamic, 0 B stack, no spills; theoretical occupancy on sm_90 {{[0-9.]+}}% ([[#]] blocks of 256 threads, [[#]] of 64 warps per SM, limited by {{registers|threads}})
// CHECK-NEXT: report-ptxas.cpp:[[# @LINE-10]]:21: remark: kernel norm: ptxas: norm_kernel<int, false>: [[#]] registers, shared memory 0 B static + 256 B dynamic
// CHECK:      remark: kernel copy: ptxas: copy_kernel<{{int|int64_t}}>: [[#]] registers, shared memory 0 B static + 0 B dynamic, 0 B stack, no spills; theoretical occupancy on sm_90 {{.*}} blocks of 256 threads

// A histogram kernel is a template over its lowering: one line per instance.
STENCIL_KERNEL void hist(In<double, 1> x, Histogram<int> bins, int nbins) {
  bins[min(int(x() * nbins), nbins - 1)] += 1;
}
// CHECK-DAG: remark: kernel hist: ptxas: hist_kernel<plain-atomic>: [[#]] registers, shared memory 0 B static + 0 B dynamic, 0 B stack
// CHECK-DAG: remark: kernel hist: ptxas: hist_kernel<warp-aggregated>: [[#]] registers, shared memory 0 B static + 0 B dynamic, 0 B stack
// CHECK-DAG: remark: kernel hist: ptxas: hist_kernel<shared-privatized>: [[#]] registers, shared memory 0 B static + 0 B dynamic (+ the private bins, sized at launch)
// CHECK-DAG: remark: kernel hist: ptxas: hist_kernel<shared-warp-aggregated>: [[#]] registers,

// The block of --tile is the one the occupancy is computed for.
// TILE: remark: kernel norm: ptxas: {{.*}}theoretical occupancy on sm_90 {{.*}} blocks of 128 threads

// O0: remark: kernel norm: ptxas: norm_kernel<{{int|int64_t}}, {{true|false}}>: [[#]] registers, shared memory 0 B static + 2 KB dynamic,

// SM80: remark: kernel norm: ptxas: norm_kernel<{{int|int64_t}}, {{true|false}}>: [[#]] registers, {{.*}}; occupancy unknown: stencilc knows the limits of sm_90 only

// NONVCC: stencilc: error: no nvcc at '{{.*}}.missing' (--nvcc)
// BOGUS: for the --report option: Cannot find option named 'bogus'!
