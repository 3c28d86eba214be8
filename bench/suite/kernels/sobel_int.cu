#include "sobel_int.spec.cpp"
#include "sobel_int_gen.h"
#include "../suite.hpp"

SUITE_CASE(sobel_int) {
  suite::Kernel<2> C(S, {37, 41}, {8192, 8192});
  auto image = C.in<int>("image", suite::integers(0, 255));
  auto magnitude = C.out<int>("magnitude");
  auto gx_max = C.max<int>("gx_max");
  auto gy_max = C.max<int>("gy_max");
  auto magnitude_max = C.max<int>("magnitude_max");
  C.run(
      [&](auto &A) {
        A.run(sobel_int, A[image], A[magnitude], A[gx_max], A[gy_max],
              A[magnitude_max]);
      },
      [&](auto &A) {
        auto R = gpu::sobel_int(A[image], A[magnitude], A.opts);
        A.got(gx_max, R.gx_max);
        A.got(gy_max, R.gy_max);
        A.got(magnitude_max, R.magnitude_max);
      });
}
