#include "dots.spec.cpp"
#include "dots_gen.h"
#include "../suite.hpp"

SUITE_CASE(dots) {
  suite::Kernel<2> C(S, {37, 41}, {8192, 8192});
  auto a = C.in<double>("a", suite::uniform(0.5, 1.5));
  auto b = C.in<double>("b", suite::uniform(-0.5, 1.5));
  auto ab = C.sum<double>("ab");
  auto aa = C.sum<double>("aa");
  auto bb = C.sum<double>("bb");
  C.run([&](auto &A) { A.run(dots, A[a], A[b], A[ab], A[aa], A[bb]); },
        [&](auto &A) {
          auto R = gpu::dots(A[a], A[b], A.opts);
          A.got(ab, R.ab);
          A.got(aa, R.aa);
          A.got(bb, R.bb);
        });
}
