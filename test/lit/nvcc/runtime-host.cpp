// REQUIRES: nvcc
// Host-side pieces of stencil/runtime.hpp that need no GPU: launch shapes,
// domains and their errors, the profiler table, LaunchOptions helpers.
// RUN: %nvcc -Werror all-warnings -Xcompiler -Wall,-Wextra,-Werror %s -x cu -o %t
// RUN: %t | FileCheck %s
#include <stencil/histogram.hpp>
#include <stencil/runtime.hpp>

#include <cstdio>

using namespace stencil;

template <class F> void expectError(F &&Fn) {
  try {
    Fn();
    std::printf("no error\n");
  } catch (const Error &E) {
    std::printf("%s\n", E.what());
  }
}

int main() {
  // CHECK: divUp 3 1 0
  std::printf("divUp %lld %lld %lld\n", (long long)detail::divUp(9, 4),
              (long long)detail::divUp(1, 32), (long long)detail::divUp(0, 32));

  LaunchOptions None;
  dim3 B1 = detail::blockShape<1>({32, 8, 1}, None);
  dim3 B2 = detail::blockShape<2>({32, 8, 1}, None);
  dim3 B3 = detail::blockShape<3>({32, 4, 2}, None);
  // CHECK-NEXT: block 256x1x1 32x8x1 32x4x2
  std::printf("block %ux%ux%u %ux%ux%u %ux%ux%u\n", B1.x, B1.y, B1.z, B2.x, B2.y, B2.z,
              B3.x, B3.y, B3.z);
  LaunchOptions Wide;
  Wide.Block = {128, 2, 1};
  dim3 BO = detail::blockShape<2>({32, 8, 1}, Wide);
  // CHECK-NEXT: override 128x2x1
  std::printf("override %ux%ux%u\n", BO.x, BO.y, BO.z);

  // Interior of a 5000 x 5120 grid with a radius-1 footprint.
  Extents<2> E{5000, 5120};
  detail::Domain<2> D = detail::launchDomain<2>("k", E, {1, 1, 0}, {1, 1, 0}, None);
  // CHECK-NEXT: domain [1,4999) [1,5119) strides 5120 1
  std::printf("domain [%lld,%lld) [%lld,%lld) strides %lld %lld\n", (long long)D.Lo[0],
              (long long)D.Hi[0], (long long)D.Lo[1], (long long)D.Hi[1],
              (long long)D.Stride[0], (long long)D.Stride[1]);
  dim3 G = detail::gridShape<2>(D, B2, 1, 0);
  // CHECK-NEXT: grid 160x625x1
  std::printf("grid %ux%ux%u\n", G.x, G.y, G.z);
  dim3 GP = detail::gridShape<2>(D, B2, 4, 0);
  // CHECK-NEXT: grid ppt4 160x157x1
  std::printf("grid ppt4 %ux%ux%u\n", GP.x, GP.y, GP.z);
  // A huge outer extent is clamped to CUDA's limit; the kernels' grid-stride
  // loops cover the rest.
  detail::Domain<2> Tall = detail::launchDomain<2>("k", Extents<2>{10000000, 4}, {0, 0, 0},
                                                    {0, 0, 0}, None);
  dim3 GT = detail::gridShape<2>(Tall, B2, 1, 0);
  // CHECK-NEXT: tall 1x65535x1
  std::printf("tall %ux%ux%u\n", GT.x, GT.y, GT.z);

  // Regions: inside is fine, outside the footprint's reach throws.
  Region<2> Box{{1, 1}, {4999, 5119}};
  detail::Domain<2> R = detail::launchDomain<2>("k", E, {1, 1, 0}, {1, 1, 0}, region(Box));
  // CHECK-NEXT: region 1 4999 empty 0
  std::printf("region %lld %lld empty %d\n", (long long)R.Lo[0], (long long)R.Hi[0],
              int(R.empty()));
  // CHECK-NEXT: stencil: sweep: region [0, 10) along dimension 0 with the kernel's reads at offsets -1..1 leaves grids of extents [5000x5120]; it must lie within [1, 4999)
  expectError([&] {
    detail::launchDomain<2>("sweep", E, {1, 1, 0}, {1, 1, 0}, region(Region<2>{{0, 1}, {10, 10}}));
  });
  // CHECK-NEXT: stencil: sweep: region [1, 5120) along dimension 1
  expectError([&] {
    detail::launchDomain<2>("sweep", E, {1, 1, 0}, {1, 1, 0},
                            region(Region<2>{{1, 1}, {10, 5120}}));
  });
  // An empty region launches nothing and is not an error.
  detail::Domain<2> Empty = detail::launchDomain<2>("k", E, {1, 1, 0}, {1, 1, 0},
                                                     region(Region<2>{{0, 0}, {0, 0}}));
  // CHECK-NEXT: empty region 1
  std::printf("empty region %d\n", int(Empty.empty()));
  // Grids smaller than the footprint: an empty interior.
  detail::Domain<2> Tiny = detail::launchDomain<2>("k", Extents<2>{2, 2}, {1, 1, 0},
                                                    {1, 1, 0}, None);
  // CHECK-NEXT: tiny interior empty 1
  std::printf("tiny interior empty %d\n", int(Tiny.empty()));

  // CHECK-NEXT: stencil: k: grids of one kernel must have equal extents, but 'a' is [4x5] and 'b' is [4x6]
  expectError([] {
    detail::requireSameExtents<2>("k", "a", Extents<2>{4, 5}, "b", Extents<2>{4, 6});
  });
  // CHECK-NEXT: stencil: hist: histogram 'bins': bin -3 outside [0, 10)
  expectError([] { detail::checkHistogramFault("hist", "bins", {1, -3}, 10); });
  // The per-launch histogram lowering: forced, compiled, or unknown (the
  // model's choice and forced shared lowerings ask the device: GPU tests).
  LaunchOptions Lowering;
  Lowering.HistogramLowering = HistogramLowering::WarpAggregated;
  // CHECK-NEXT: forced warp-aggregated
  std::printf("forced %s\n", histogramLoweringName(detail::histogramLaunchLowering(
                                 "hist", Lowering, HistogramLowering::Auto, {{10, 4, false}}, nullptr, dim3(512))));
  // CHECK-NEXT: compiled plain-atomic
  std::printf("compiled %s\n", histogramLoweringName(detail::histogramLaunchLowering(
                                   "hist", LaunchOptions{}, HistogramLowering::PlainAtomic,
                                   {{10, 4, false}}, nullptr, dim3(512))));
  Lowering.HistogramLowering = static_cast<HistogramLowering>(9);
  // CHECK-NEXT: stencil: hist: unknown histogram lowering 9
  expectError([&] {
    detail::histogramLaunchLowering("hist", Lowering, HistogramLowering::Auto, {{10, 4, false}},
                                    nullptr, dim3(512));
  });
  // CHECK-NEXT: stencil: Grid: extents [0x3] must all be positive
  expectError([] { Grid<float, 2> G(Extents<2>{0, 3}); });

  // CUDA failures carry the expression, CUDA's name and string, and the kernel.
  // CHECK-NEXT: stencil: jacobi: cudaErrorInvalidValue failed: cudaErrorInvalidValue: invalid argument
  expectError([] { STENCIL_CUDA_CHECK(cudaErrorInvalidValue, "jacobi"); });

  // The profiler's table (printed at exit when STENCIL_PROFILE=1).
  detail::Profiler &P = detail::Profiler::instance();
  P.addLaunch("sweep", 2.0, dim3(160, 625, 1), dim3(32, 8, 1));
  P.addLaunch("sweep", 1.0, dim3(160, 625, 1), dim3(32, 8, 1));
  P.addBytes("sweep", 8, 16);
  P.addBytes(detail::Profiler::TransfersRow, 1000, 2000);
  std::fputs(P.table().c_str(), stdout);
  // CHECK-NEXT: stencil profile (STENCIL_PROFILE=1)
  // CHECK-NEXT: kernel{{ +}}launches{{ +}}total ms{{ +}}avg ms{{ +}}min ms{{ +}}max ms grid{{ +}}block{{ +}}host->dev B{{ +}}dev->host B
  // CHECK-NEXT: sweep{{ +}}2{{ +}}3.000{{ +}}1.5000{{ +}}1.0000{{ +}}2.0000 160x625x1{{ +}}32x8x1{{ +}}8{{ +}}16
  // CHECK-NEXT: (Grid transfers){{ +}}0{{ +}}0.000 {{.*}} -{{ +}}-{{ +}}1000{{ +}}2000
  // Aliasing (no GPU needed: the check compares addresses and sizes).
  // CHECK: stencil: k: 'a' (read) and 'b' (written) are the same grid: a launch may not read a grid it writes, or write one grid twice; pass separate grids
  // CHECK-NEXT: stencil: k: 'a' (read and written) and 'b' (written) overlap in memory
  // CHECK-NEXT: no error
  // CHECK-NEXT: no error
  double Buffer[16];
  expectError([&] {
    detail::requireDisjoint("k", "a", "read", Buffer, sizeof Buffer, "b",
                            "written", Buffer, sizeof Buffer);
  });
  expectError([&] {
    detail::requireDisjoint("k", "a", "read and written", Buffer, 8 * sizeof(double),
                            "b", "written", Buffer + 7, 2 * sizeof(double));
  });
  expectError([&] {
    detail::requireDisjoint("k", "a", "read", Buffer, 8 * sizeof(double), "b",
                            "written", Buffer + 8, 8 * sizeof(double));
  });
  expectError([&] {
    detail::requireDisjoint("k", "a", "read", nullptr, 0, "b", "written",
                            Buffer, sizeof Buffer);
  });
  return 0;
}
