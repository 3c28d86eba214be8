#include "laplace_i64.spec.cpp"
#include "laplace_i64_gen.h"
#include "../suite.hpp"

SUITE_CASE(laplace_i64) {
  suite::Kernel<2> C(S, {37, 41}, {4096, 8192});
  auto a = C.in<int64_t>(
      "a", suite::integers(-(int64_t(1) << 40), int64_t(1) << 40));
  auto lap = C.out<int64_t>("lap");
  auto total = C.sum<int64_t>("total");
  C.run([&](auto &A) { A.run(laplace_i64, A[a], A[lap], A[total]); },
        [&](auto &A) {
          A.got(total, gpu::laplace_i64(A[a], A[lap], A.opts).total);
        });
}
