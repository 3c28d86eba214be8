#include "key_hist.spec.cpp"
#include "key_hist_gen.h"
#include "../suite.hpp"

SUITE_CASE(key_hist) {
  suite::Kernel<1> C(S, {10007}, {int64_t(1) << 28});
  auto key = C.in<int>("key", suite::integers(0, (1 << 27) - 1));
  const int Bins = 4096;
  auto counts = C.histogram<int64_t>("counts", Bins);
  auto key_sum = C.sum<int64_t>("key_sum");
  C.run([&](auto &A) { A.run(key_hist, A[key], A[counts], A[key_sum], Bins); },
        [&](auto &A) {
          A.got(key_sum,
                gpu::key_hist(A[key], A[counts], Bins, A.opts).key_sum);
        });
}
