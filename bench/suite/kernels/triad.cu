#include "triad.spec.cpp"
#include "triad_gen.h"
#include "../suite.hpp"

SUITE_CASE(triad) {
  suite::Kernel<1> C(S, {1013}, {int64_t(1) << 27}, {{int64_t(1) << 16}});
  auto b = C.in<float>("b", suite::uniform(-1.0, 1.0));
  auto c = C.in<float>("c", suite::uniform(-1.0, 1.0));
  auto a = C.out<float>("a");
  const float Scale = 3.0f;
  C.run([&](auto &A) { A.run(triad, A[b], A[c], A[a], Scale); },
        [&](auto &A) { gpu::triad(A[b], A[c], A[a], Scale, A.opts); });
}
