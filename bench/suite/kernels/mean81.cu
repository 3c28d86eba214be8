#include "mean81.spec.cpp"
#include "mean81_gen.h"
#include "../suite.hpp"

SUITE_CASE(mean81) {
  suite::Kernel<2> C(S, {37, 41}, {6144, 6144});
  auto u = C.in<double>("u", suite::uniform(-1.0, 1.0));
  auto mean = C.out<double>("mean");
  C.run([&](auto &A) { A.run(mean81, A[u], A[mean]); },
        [&](auto &A) { gpu::mean81(A[u], A[mean], A.opts); });
}
