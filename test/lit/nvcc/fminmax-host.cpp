// REQUIRES: nvcc
// The CPU reference's stencil::fmin/stencil::fmax give the same bits at every
// optimisation of the host compiler, and compiled by nvcc as the GPU tests
// compile it (CUDA's headers add a global fmin(float, float)): IEEE 754-2019
// minimumNumber/maximumNumber, -0.0 below +0.0 in either operand order, a
// NaN operand yields the other. C's fmin does not: glibc's returns its
// second operand, g++ -O1 folds fmin(+0.0, -0.0) to -0.0 (test/diff seed
// 43028). test/unit/FminFmaxTest.cpp checks the same table
// (test/unit/FminFmaxTable.h) at the unit tests' optimisation.
// RUN: %nvcc -O0 -Xcompiler -O0 %s -x cu -o %t.O0 && %t.O0 | FileCheck %s
// RUN: %nvcc -O1 -Xcompiler -O1 %s -x cu -o %t.O1 && %t.O1 | FileCheck %s
// RUN: %nvcc -O3 -Xcompiler -O3 %s -x cu -o %t.O3 && %t.O3 | FileCheck %s
#include <stencil/stencil.hpp>

#include "../../unit/FminFmaxTable.h"

#include <cmath>
#include <cstdio>
#include <cstring>
#include <limits>

using namespace stencil;

// The reference of a spec that writes both spellings the DSL accepts in
// value context, in both operand orders.
STENCIL_KERNEL void fminmax(In<double, 1> a, In<double, 1> b, Out<double, 1> lo,
                            Out<double, 1> hi, Out<float, 1> flo,
                            Out<float, 1> fhi) {
  lo() = stencil::fmin(a(), b());
  hi() = stencil::fmax(b(), a());
  flo() = stencil::fmin(float(b()), float(a()));
  fhi() = stencil::fmax(float(a()), float(b()));
}

namespace {

using namespace fminfmax_table;

template <class T> bool follows(T Got, bool IsMax, int A, int B) {
  const T Want = valueOf<T>(expected(IsMax, A, B));
  return std::memcmp(&Got, &Want, sizeof(T)) == 0 ||
         (std::isnan(Got) && std::isnan(Want));
}
const char *sign(double V) { return std::signbit(V) ? "-0" : "+0"; }

} // namespace

int main() {
  const int Pairs = NumValues * NumValues;
  HostGrid<double, 1> A(Extents<1>{Pairs}), B(Extents<1>{Pairs});
  for (int I = 0; I < Pairs; ++I) {
    A.data()[I] = valueOf<double>(I / NumValues);
    B.data()[I] = valueOf<double>(I % NumValues);
  }
  HostGrid<double, 1> Lo(Extents<1>{Pairs}), Hi(Extents<1>{Pairs});
  HostGrid<float, 1> FLo(Extents<1>{Pairs}), FHi(Extents<1>{Pairs});
  reference(fminmax, A, B, Lo, Hi, FLo, FHi);
  int Differ = 0;
  for (int I = 0; I < Pairs; ++I) {
    const int X = I / NumValues, Y = I % NumValues;
    if (!follows(Lo.data()[I], false, X, Y) || !follows(Hi.data()[I], true, X, Y) ||
        !follows(FLo.data()[I], false, X, Y) || !follows(FHi.data()[I], true, X, Y)) {
      ++Differ;
      std::printf("differs at (%g, %g): %g %g %g %g\n", A.data()[I], B.data()[I],
                  Lo.data()[I], Hi.data()[I], FLo.data()[I], FHi.data()[I]);
    }
  }
  // CHECK-NOT: differs
  // CHECK: 49 pairs, 0 differ
  std::printf("%d pairs, %d differ\n", Pairs, Differ);
  // Literals, which the host compiler folds from -O1 on.
  // CHECK-NEXT: fmin(-0,+0) -0 fmin(+0,-0) -0 fmax(-0,+0) +0 fmax(+0,-0) +0
  std::printf("fmin(-0,+0) %s fmin(+0,-0) %s fmax(-0,+0) %s fmax(+0,-0) %s\n",
              sign(stencil::fmin(-0.0, 0.0)), sign(stencil::fmin(0.0, -0.0)),
              sign(stencil::fmax(-0.0, 0.0)), sign(stencil::fmax(0.0, -0.0)));
  // CHECK-NEXT: fminf(-0,+0) -0 fminf(+0,-0) -0 fmaxf(-0,+0) +0 fmaxf(+0,-0) +0
  std::printf("fminf(-0,+0) %s fminf(+0,-0) %s fmaxf(-0,+0) %s fmaxf(+0,-0) %s\n",
              sign(stencil::fmin(-0.0f, 0.0f)), sign(stencil::fmin(0.0f, -0.0f)),
              sign(stencil::fmax(-0.0f, 0.0f)), sign(stencil::fmax(0.0f, -0.0f)));
}
