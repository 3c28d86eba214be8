#include "init_field.spec.cpp"
#include "init_field_gen.h"
#include "../suite.hpp"

SUITE_CASE(init_field) {
  suite::Kernel<3> C(S, {13, 17, 19}, {512, 512, 512});
  auto u = C.out<double>("u");
  const double H = 1.0 / double(C.extents()[2] - 1);
  C.run([&](auto &A) { A.run(init_field, A[u], H); },
        [&](auto &A) { gpu::init_field(A[u], H, A.opts); });
}
