#include "luma_hist.spec.cpp"
#include "luma_hist_gen.h"
#include "../suite.hpp"

SUITE_CASE(luma_hist) {
  suite::Kernel<2> C(S, {37, 41}, {8192, 8192});
  auto red = C.in<float>("red", suite::uniform(0.0, 1.0));
  auto green = C.in<float>("green", suite::uniform(0.0, 1.0));
  auto blue = C.in<float>("blue", suite::uniform(0.0, 1.0));
  auto bins = C.histogram<int>("bins", 256);
  C.run([&](auto &A) { A.run(luma_hist, A[red], A[green], A[blue], A[bins]); },
        [&](auto &A) {
          gpu::luma_hist(A[red], A[green], A[blue], A[bins], A.opts);
        });
}
