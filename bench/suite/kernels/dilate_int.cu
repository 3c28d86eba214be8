#include "dilate_int.spec.cpp"
#include "dilate_int_gen.h"
#include "../suite.hpp"

SUITE_CASE(dilate_int) {
  suite::Kernel<2> C(S, {37, 41}, {8192, 8192});
  auto image = C.in<int>("image", suite::integers(0, 255));
  auto dilated = C.out<int>("dilated");
  C.run([&](auto &A) { A.run(dilate_int, A[image], A[dilated]); },
        [&](auto &A) { gpu::dilate_int(A[image], A[dilated], A.opts); });
}
