#include "box5.spec.cpp"
#include "box5_gen.h"
#include "../suite.hpp"

SUITE_CASE(box5) {
  suite::Kernel<2> C(S, {37, 41}, {8192, 8192});
  auto image = C.in<float>("image", suite::uniform(0.0, 1.0));
  auto smooth = C.out<float>("smooth");
  auto peak = C.max<float>("peak");
  auto total = C.sum<float>("total");
  C.run([&](auto &A) { A.run(box5, A[image], A[smooth], A[peak], A[total]); },
        [&](auto &A) {
          auto R = gpu::box5(A[image], A[smooth], A.opts);
          A.got(peak, R.peak);
          A.got(total, R.total);
        });
}
