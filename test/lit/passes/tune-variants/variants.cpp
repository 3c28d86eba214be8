// tune-variants: with --tune-variants=N each kernel gets up to N schedule
// variants (jam flipped, register bound flipped, vectors halved, jam and bound), each
// verified, none equal to tile's schedule or to another, the first N of
// those in that order; kernels whose
// lowering leaves no such choice get none and say why. The emitter compiles
// each as a launcher in stencil_variants_ that the kernel's launcher calls
// for LaunchOptions::Variant; without the flag nothing changes.
// RUN: %stencilc %s --tune-variants=3 --smem-cache=cached --print-after=tune-variants -o /dev/null 2>&1 | FileCheck %s
// RUN: %stencilc %s --tune-variants=3 --smem-cache=cached --report -o /dev/null 2>&1 | FileCheck %s --check-prefix=REPORT
// RUN: %stencilc %s --tune-variants=1 --print-after=tune-variants -o /dev/null 2>&1 | FileCheck %s --check-prefix=ONE
// RUN: %stencilc %s --print-after=tune-variants -o /dev/null 2>&1 | FileCheck %s --check-prefix=OFF
// RUN: %stencilc %s --tune-variants=2 --smem-cache=cached -o %t.cu --header %t.h
// RUN: FileCheck %s --input-file=%t.cu --check-prefix=CUDA
// RUN: FileCheck %s --input-file=%t.h --check-prefix=HEADER
// RUN: %stencilc %s -o %t.plain.cu --header %t.plain.h
// RUN: FileCheck %s --input-file=%t.plain.cu --check-prefix=PLAIN
// The variants read back: the IR printed, read by stencilc-opt and printed
// again is the same text, and its CUDA is the same.
// RUN: %stencilc %s --tune-variants=3 --emit=ir -o %t.sir
// RUN: %stencilc-opt %t.sir -o %t.again.sir
// RUN: diff %t.sir %t.again.sir
// RUN: %stencilc-opt %t.sir --emit=cuda -o %t.opt.cu --header %t.opt.h
// RUN: %stencilc %s --tune-variants=3 -o %t.3.cu --header %t.opt.h
// RUN: diff %t.3.cu %t.opt.cu
// RUN: not %stencilc %s --tune-variants=5 -o /dev/null 2>&1 | FileCheck %s --check-prefix=BAD
#include <stencil/stencil.hpp>
using namespace stencil;

// A rank-2 f64 star: streamed, no vectors, no jam, registers bounded.
STENCIL_KERNEL void star(In<double, 2> g, Out<double, 2> u, Sum<double> s) {
  double v = 0.25 * (g(0, -1) + g(0, 1) + g(-1, 0) + g(1, 0));
  u() = v;
  s += v * v;
}
// CHECK-LABEL: kernel star rank 2
// CHECK:         schedule block (256, 1, 1) stream dim 0 points-per-thread [[PPT:[0-9]+]]{{( persistent)?}} min-blocks [[MB:[0-9]+]]
// CHECK-NEXT:    variant block (256, 1, 1) stream dim 0 points-per-thread [[PPT]] jam 2
// CHECK-NEXT:    variant block (256, 1, 1) stream dim 0 points-per-thread [[PPT]]{{( persistent)?$}}
// CHECK-NEXT:    variant block (256, 1, 1) stream dim 0 points-per-thread [[PPT]] jam 2{{( persistent)?}} min-blocks [[MB]]
// CHECK:         applied {{.*}}tile{{.*}}, tune-variants
// ONE-LABEL:   kernel star rank 2
// ONE:           schedule
// ONE-NEXT:      variant {{.*}} jam 2
// ONE-NOT:       variant block
// ONE:           applied
// OFF-NOT:     variant block

// A rank-1 f32 kernel: jammed 4 points a grid stride apart, no bound.
STENCIL_KERNEL void scale(In<float, 1> a, Out<float, 1> b, float k) {
  b() = k * a();
}
// CHECK-LABEL: kernel scale rank 1
// CHECK:         schedule block (256, 1, 1) points-per-thread 4 jam 4
// CHECK-NEXT:    variant block (256, 1, 1) points-per-thread 4{{$}}
// CHECK-NEXT:    variant block (256, 1, 1) points-per-thread 4 jam 4 min-blocks 6
// CHECK-NEXT:    variant block (256, 1, 1) points-per-thread 4 min-blocks 6
// CHECK-NOT:     variant block

// A rank-2 f32 star: vectors of 4 along the rows.
STENCIL_KERNEL void blur(In<float, 2> p, Out<float, 2> q) {
  q() = 0.2f * (p(0, 0) + p(0, -1) + p(0, 1) + p(-1, 0) + p(1, 0));
}
// CHECK-LABEL: kernel blur rank 2
// CHECK:         schedule block (128, 2, 1) stream dim 0 points-per-thread 4 vector 4 min-blocks 6
// CHECK-NEXT:    variant block (128, 2, 1) stream dim 0 points-per-thread 4 jam 2 vector 4{{$}}
// CHECK-NEXT:    variant block (128, 2, 1) stream dim 0 points-per-thread 4 vector 4{{$}}
// CHECK-NEXT:    variant block (128, 2, 1) stream dim 0 points-per-thread 4 vector 2 min-blocks 6
// CHECK-NOT:     variant block

// A rank-3 f64 star with vectors of 2: a jam of planes with vectors (tile
// never chooses one; its edge columns go one point at a time).
STENCIL_KERNEL void heat(In<double, 3> t, Out<double, 3> n) {
  n() = t(-1, 0, 0) + t(1, 0, 0) + t(0, -1, 0) + t(0, 1, 0) + t(0, 0, -1) + t(0, 0, 1);
}
// CHECK-LABEL: kernel heat rank 3
// CHECK:         schedule block (64, 8, 1) stream dim 0 points-per-thread 8 vector 2 min-blocks 3
// CHECK-NEXT:    variant block (64, 8, 1) stream dim 0 points-per-thread 8 jam 2 vector 2 prefetch
// CHECK-NEXT:    variant block (64, 8, 1) stream dim 0 points-per-thread 8 vector 2{{$}}
// CHECK-NEXT:    variant block (64, 8, 1) stream dim 0 points-per-thread 8 min-blocks 3
// CHECK-NOT:     variant block

// Cached in shared memory: one point per thread per tile, nothing to vary.
STENCIL_KERNEL void cached(In<float, 2> p, Out<float, 2> q) {
  q() = p(-1, -1) + p(-1, 1) + p(1, -1) + p(1, 1) + p(0, 0);
}
// CHECK-LABEL: kernel cached rank 2
// CHECK-NOT:     variant block
// CHECK:         applied

// REPORT-DAG: remark: kernel star: tune-variants: 3 schedule variants for STENCIL_TUNE (1: jam 2, no register bound; 2: no register bound; 3: jam 2){{$}}
// REPORT-DAG: remark: kernel scale: tune-variants: 3 schedule variants for STENCIL_TUNE (1: no jam; 2: registers bounded for 6 blocks per SM; 3: no jam, registers bounded for 6 blocks per SM){{$}}
// REPORT-DAG: remark: kernel blur: tune-variants: 3 schedule variants for STENCIL_TUNE (1: jam 2, no register bound; 2: no register bound; 3: vectors of 2){{$}}
// REPORT-DAG: remark: kernel heat: tune-variants: 3 schedule variants for STENCIL_TUNE (1: jam 2, no register bound, prefetch; 2: no register bound; 3: no vectors){{$}}
// REPORT-DAG: remark: kernel cached: tune-variants: no schedule variants: cached in shared memory (its lowering has no jam, bound or vector choice)

// The variants' launchers come first, each in stencil_variants_, named in
// errors as the kernel, neither tuned nor dispatching.
// CUDA:        namespace stencil_variants_ { // star's variant 1 (--tune-variants)
// CUDA:        namespace async {
// CUDA:        stencil::Pending<star_result> star_variant1(
// CUDA:          static const char kernel_name_[] = "star";
// CUDA-NOT:      tunedOptions
// CUDA:          const stencil::LaunchOptions& tuned_opts_ = opts;
// CUDA:        } // namespace stencil_variants_
// CUDA:        namespace stencil_variants_ { // star's variant 2 (--tune-variants)
// CUDA:        stencil::Pending<star_result> star_variant2(
// CUDA:        } // namespace stencil_variants_
// The kernel's own launcher: the compiled shape says it has 2 variants, and
// LaunchOptions::Variant picks one.
// CUDA:        stencil::Pending<star_result> star(
// CUDA:          stencil::detail::tunedOptions<2>(
// CUDA-NEXT:       kernel_name_, {{[0-9]+}}ull, extents_, {2, {256, 1, 1}, 4, true, false, 256, 2}, opts,
// CUDA:          if (tuned_opts_.Variant != 0) { // a schedule variant (--tune-variants)
// CUDA:            case 1:
// CUDA-NEXT:         return stencil_variants_::async::star_variant1(g, u, variant_opts_);
// CUDA:            case 2:
// CUDA-NEXT:         return stencil_variants_::async::star_variant2(g, u, variant_opts_);
// CUDA:        namespace stencil_variants_ { // scale's variant 1 (--tune-variants)
// CUDA:        void scale_variant1(
// CUDA:        void scale(
// CUDA:            case 1:
// CUDA-NEXT:         return stencil_variants_::scale_variant1(a, b, k, variant_opts_);
// CUDA-NOT:    cached's variant
// The header declares the kernels only.
// HEADER-NOT:  _variant
// Without the flag: no variants, no dispatch, the compiled shape as before.
// PLAIN-NOT:   stencil_variants_
// PLAIN-NOT:   tuned_opts_.Variant
// BAD: --tune-variants=5 is outside 0 to 4
