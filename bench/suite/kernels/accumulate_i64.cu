#include "accumulate_i64.spec.cpp"
#include "accumulate_i64_gen.h"
#include "../suite.hpp"

SUITE_CASE(accumulate_i64) {
  suite::Kernel<1> C(S, {1013}, {int64_t(1) << 26});
  auto delta = C.in<int>("delta", suite::integers(-1000, 1000));
  auto running = C.inout<int64_t>(
      "running", suite::integers(-1'000'000'000, 1'000'000'000));
  auto grand = C.sum<int64_t>("grand_total");
  C.run([&](auto &A) { A.run(accumulate_i64, A[delta], A[running], A[grand]); },
        [&](auto &A) {
          A.got(grand,
                gpu::accumulate_i64(A[delta], A[running], A.opts).grand_total);
        });
}
