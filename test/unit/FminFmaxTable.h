//===- FminFmaxTable.h - the special values fmin/fmax are checked on ------===//
//
// The table test/unit/FminFmaxTest.cpp and test/lit/nvcc/fminmax-host.cpp
// both check stencil::fmin/stencil::fmax against: -inf, -1, -0, +0, 1, inf
// in the rule's order (IEEE 754-2019 minimumNumber/maximumNumber, -0.0 below
// +0.0), and NaN outside it. Written from the rule, not from the code under
// test.
//
//===----------------------------------------------------------------------===//
#ifndef STENCIL_TEST_FMINFMAXTABLE_H
#define STENCIL_TEST_FMINFMAXTABLE_H

#include <limits>

namespace fminfmax_table {

/// The values, in the rule's order; NaN last, outside it.
enum Value { NegInf, NegOne, NegZero, PosZero, PosOne, PosInf, NaN, NumValues };

template <class T> T valueOf(int V) {
  const T Inf = std::numeric_limits<T>::infinity();
  const T Values[NumValues] = {-Inf,
                               T(-1),
                               T(-0.0),
                               T(0.0),
                               T(1),
                               Inf,
                               std::numeric_limits<T>::quiet_NaN()};
  return Values[V];
}

/// What the rule gives, as an index into the values (NaN only for two).
inline int expected(bool IsMax, int A, int B) {
  if (A == NaN)
    return B;
  if (B == NaN)
    return A;
  return IsMax ? (A > B ? A : B) : (A < B ? A : B);
}

} // namespace fminfmax_table

#endif // STENCIL_TEST_FMINFMAXTABLE_H
