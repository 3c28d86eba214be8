#include "clamp3.spec.cpp"
#include "clamp3_gen.h"
#include "../suite.hpp"

SUITE_CASE(clamp3) {
  suite::Kernel<3> C(S, {13, 17, 19}, {384, 384, 384});
  auto a = C.in<float>("a", suite::uniform(-2.0, 2.0));
  auto lo = C.in<float>("lo", suite::uniform(-1.0, -0.125));
  auto hi = C.in<float>("hi", suite::uniform(0.25, 1.0));
  auto clamped = C.out<float>("clamped");
  auto a_min = C.min<float>("a_min");
  auto narrowest = C.min<float>("narrowest");
  auto clamped_min = C.min<float>("clamped_min");
  C.run(
      [&](auto &A) {
        A.run(clamp3, A[a], A[lo], A[hi], A[clamped], A[a_min], A[narrowest],
              A[clamped_min]);
      },
      [&](auto &A) {
        auto R = gpu::clamp3(A[a], A[lo], A[hi], A[clamped], A.opts);
        A.got(a_min, R.a_min);
        A.got(narrowest, R.narrowest);
        A.got(clamped_min, R.clamped_min);
      });
}
