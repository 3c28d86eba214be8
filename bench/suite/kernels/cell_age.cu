#include "cell_age.spec.cpp"
#include "cell_age_gen.h"
#include "../suite.hpp"

SUITE_CASE(cell_age) {
  suite::Kernel<2> C(S, {37, 41}, {8192, 8192});
  auto alive = C.in<int>("alive", suite::bits(0.4));
  auto age = C.inout<int>("age", suite::integers(0, 999));
  C.run([&](auto &A) { A.run(cell_age, A[alive], A[age]); },
        [&](auto &A) { gpu::cell_age(A[alive], A[age], A.opts); });
}
