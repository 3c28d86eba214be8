#include "blur9.spec.cpp"
#include "blur9_gen.h"
#include "../suite.hpp"

SUITE_CASE(blur9) {
  suite::Kernel<2> C(S, {37, 41}, {8192, 8192}, {{256, 512}});
  auto image = C.in<float>("image", suite::uniform(0.0, 1.0));
  auto blurred = C.out<float>("blurred");
  C.run([&](auto &A) { A.run(blur9, A[image], A[blurred]); },
        [&](auto &A) { gpu::blur9(A[image], A[blurred], A.opts); });
}
