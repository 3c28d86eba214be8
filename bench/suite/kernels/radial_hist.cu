#include "radial_hist.spec.cpp"
#include "radial_hist_gen.h"
#include "../suite.hpp"

#include <cmath>

namespace {
/// 10^8 samples in [-1, 1)^2 into Bins double counters.
void radialCase(suite::Run &S, int Bins) {
  suite::Kernel<1> C(S, {10007}, {100'000'000});
  auto x = C.in<double>("x", suite::uniform(-1.0, 1.0));
  auto y = C.in<double>("y", suite::uniform(-1.0, 1.0));
  auto bins = C.histogram<double>("bins", Bins);
  const double Rmax = std::sqrt(2.0);
  C.run([&](auto &A) { A.run(radial_hist, A[x], A[y], A[bins], Rmax, Bins); },
        [&](auto &A) {
          gpu::radial_hist(A[x], A[y], A[bins], Rmax, Bins, A.opts);
        });
}
} // namespace

SUITE_CASE(radial_hist_b100) { radialCase(S, 100); }
SUITE_CASE(radial_hist_b10000) { radialCase(S, 10'000); }
SUITE_CASE(radial_hist_b1000000) { radialCase(S, 1'000'000); }
