// --report --tune-cache=FILE: the shape an autotuning cache holds for each
// kernel, matched by the kernel's IR hash (the one its launcher carries);
// entries of another version are stale; a corrupt line is reported and
// skipped; a kernel without entries says so; without --report, or with a
// file that cannot be read, it is a usage error (exit 2, nothing written).
// RUN: %stencilc %s -o %t.cu --header %t.h
// RUN: sed -n 's/.*kernel_name_, \([0-9]*\)ull, extents_.*/\1/p' %t.cu > %t.hash
// RUN: awk 'NR == 1 { print "stencilc-tune 1"; print $1 " smooth NVIDIA_H100 8192x8192 128x2x1 8 0 0.25"; print "12345 smooth NVIDIA_H100 4096x4096 64x4x1 1 1 0.5"; print "broken line" }' %t.hash > %t.cache
// RUN: %stencilc %s --report --tune-cache=%t.cache -o %t2.cu 2>&1 | FileCheck %s
// RUN: not %stencilc %s --tune-cache=%t.cache -o %t3.cu 2>&1 | FileCheck %s --check-prefix=USAGE
// RUN: rm -f %t4.cu
// RUN: sh -c '%stencilc %s --report --tune-cache=%t.missing -o %t4.cu; echo "exit=$?"' 2>&1 | FileCheck %s --check-prefix=MISSING
// RUN: not ls %t4.cu
#include <stencil/stencil.hpp>
using namespace stencil;

STENCIL_KERNEL void smooth(In<double, 2> g, Out<double, 2> u) {
  u() = 0.25 * (g(0, -1) + g(0, 1) + g(-1, 0) + g(1, 0));
}
STENCIL_KERNEL void copy(In<float, 1> a, Out<float, 1> b) { b() = a(); }
// CHECK: warning: line 4 does not parse: ignored
// CHECK-DAG: tune-cache.cpp:17:21: remark: kernel smooth: tune-cache: NVIDIA_H100 at extents class 8192x8192: block 128x2x1, 8 points per thread, not persistent (0.25 ms when tuned)
// CHECK-DAG: remark: kernel smooth: tune-cache: stale entry (another version of the kernel) for NVIDIA_H100 at extents class 4096x4096: not used
// CHECK-DAG: remark: kernel copy: tune-cache: no entry in {{.*}}.cache (the compiled schedule is used; STENCIL_TUNE=1 tunes)
// USAGE: --tune-cache needs --report
// MISSING: stencilc: error: cannot read the tuning cache '{{.*}}.missing' (STENCIL_TUNE=1 writes it; docs/runtime.md#autotuning)
// MISSING-NEXT: exit=2
// A build with schedule variants (--tune-variants): an entry naming variant 1
// is described by how the variant differs; one naming a variant the kernel
// does not have is not used.
// RUN: %stencilc %s --tune-variants=2 -o %t.v.cu --header %t.v.h
// RUN: sed -n 's/.*kernel_name_, \([0-9]*\)ull, extents_.*/\1/p' %t.v.cu > %t.v.hash
// RUN: awk 'NR == 1 { print "stencilc-tune 2"; print $1 " smooth NVIDIA_H200 8192x8192 0x0x0 0 -1 1 0.2"; print $1 " smooth NVIDIA_H200 4096x4096 64x4x1 2 0 2 0.1"; print $1 " smooth NVIDIA_H200 2048x2048 0x0x0 0 -1 3 0.1" }' %t.v.hash > %t.v.cache
// RUN: %stencilc %s --tune-variants=2 --report --tune-cache=%t.v.cache -o %t5.cu 2>&1 | FileCheck %s --check-prefix=VARIANT
// VARIANT-DAG: remark: kernel smooth: tune-cache: NVIDIA_H200 at extents class 8192x8192: schedule variant 1 (jam 2, no register bound) (0.2 ms when tuned)
// VARIANT-DAG: remark: kernel smooth: tune-cache: NVIDIA_H200 at extents class 4096x4096: schedule variant 2 (no register bound), block 64x4x1, 2 points per thread, not persistent (0.1 ms when tuned)
// VARIANT-DAG: remark: kernel smooth: tune-cache: NVIDIA_H200 at extents class 2048x2048: schedule variant 3, which the kernel does not have: not used
// A fused kernel's NAME_sweeps tunes its depth under the name NAME_sweeps
// (LaunchOptions::SweepDepth in the DEPTH column of version 3): each entry
// is reported with the kernel, a version-2 line naming it at depth 0.
// RUN: awk 'NR == 1 { print "stencilc-tune 3"; print $1 " smooth_sweeps NVIDIA_H200 512x512 0x0x0 0 -1 0 2 1.5"; print $1 " smooth_sweeps NVIDIA_H200 64x64 0x0x0 0 -1 0 -1 0.1"; print $1 " smooth_sweeps NVIDIA_H200 128x128 0x0x0 0 -1 0 0 0.2"; print "777 smooth_sweeps NVIDIA_H200 256x256 0x0x0 0 -1 0 3 0.3"; print $1 " copy_sweeps NVIDIA_H200 64 0x0x0 0 -1 0 2 0.1" }' %t.hash > %t.d.cache
// RUN: %stencilc %s --report --tune-cache=%t.d.cache -o %t6.cu 2>&1 | FileCheck %s --check-prefix=DEPTH
// DEPTH-DAG: remark: kernel smooth: tune-cache: smooth_sweeps: NVIDIA_H200 at extents class 512x512: 2 sweeps per launch (1.5 ms for 12 sweeps when tuned)
// DEPTH-DAG: remark: kernel smooth: tune-cache: smooth_sweeps: NVIDIA_H200 at extents class 64x64: one-sweep launches (0.1 ms for 12 sweeps when tuned)
// DEPTH-DAG: remark: kernel smooth: tune-cache: smooth_sweeps: NVIDIA_H200 at extents class 128x128: as compiled (no depth beat it by 3%) (0.2 ms for 12 sweeps when tuned)
// DEPTH-DAG: remark: kernel smooth: tune-cache: smooth_sweeps: stale entry (another version of the kernel) for NVIDIA_H200 at extents class 256x256: not used
// copy is not fused: its NAME_sweeps has no depth to tune, and an entry
// under its name is not one of copy's.
// DEPTH-DAG: remark: kernel copy: tune-cache: no entry in {{.*}}.d.cache
