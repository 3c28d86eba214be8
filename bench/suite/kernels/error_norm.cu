#include "error_norm.spec.cpp"
#include "error_norm_gen.h"
#include "../suite.hpp"

// 5000 x 5120 as issue 16 measured it (WORKLOADS.md section 1): 205 MB, so
// its class is "mid", under the 256 MB of the bandwidth-bound set.
SUITE_CASE(error_norm) {
  suite::Kernel<2> C(S, {37, 41}, {5000, 5120});
  auto u = C.in<double>("u", suite::uniform(0.0, 1.0));
  auto error = C.sum<double>("error");
  const double Dx = 2.0 / double(C.extents()[1] - 1),
               Dy = 2.0 / double(C.extents()[0] - 1);
  C.run([&](auto &A) { A.run(error_norm, A[u], A[error], Dx, Dy); },
        [&](auto &A) {
          A.got(error, gpu::error_norm(A[u], Dx, Dy, A.opts).error);
        });
}
