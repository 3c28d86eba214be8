#!/usr/bin/env python3
"""bench/proto/range_bits_header.py IN OUT - variant C of session 46's A/B
call: exact_division.hpp with inFastRange testing the dividend's magnitude on
its bit pattern (the high word for double: an AND, a subtract and one
unsigned compare on the integer pipe) instead of two floating-point compares
(DSETP, on the FP64 pipe for double).

Same values by construction: the range only chooses between two exact paths
(divideExactOneStep's fast path inside it, the division itself outside), and
the bit test accepts a subset of the old range: for double every |A| in
[2^-800, 2^800) (2^800 itself now takes the division), for float exactly
[2^-60, 2^60]. NaN and infinities have the largest exponent and fall outside.

Prediction: mean81 (f64, 81-term sums, 8 divisions a thread) -1 to -2% if
its FP64 pipe is the bound (2 of ~86 FP64 instructions a point move to the
integer pipe); box5/blur9 (float: FSETP is not on a scarce pipe) within +-1%.
"""
import sys

src = open(sys.argv[1]).read()
old_start = src.index("template <class T> STENCIL_EXACT_DIVISION_HD inline bool inFastRange(T A, T B) {")
old_end = src.index("}\n", old_start) + 2
new = r'''STENCIL_EXACT_DIVISION_HD inline bool dividendInFastRange(double A) {
  unsigned long long Bits;
  memcpy(&Bits, &A, sizeof Bits);
  const unsigned Hi = unsigned(Bits >> 32) & 0x7fffffffu;
  return Hi - (unsigned(1023 - 800) << 20) < (1600u << 20);
}
STENCIL_EXACT_DIVISION_HD inline bool dividendInFastRange(float A) {
  unsigned Bits;
  memcpy(&Bits, &A, sizeof Bits);
  Bits &= 0x7fffffffu;
  return Bits - (unsigned(127 - 60) << 23) <= (120u << 23);
}
template <class T> STENCIL_EXACT_DIVISION_HD inline bool inFastRange(T A, T B) {
  using Range = ExactDivisionRange<T>;
  const T MagB = magnitude(B);
  return dividendInFastRange(A) &&
         MagB >= Range::MinDivisor && MagB <= Range::MaxDivisor;
}
'''
src = src[:old_start] + new + src[old_end:]
src = src.replace("#include <cmath>\n", "#include <cmath>\n#include <cstring>\n", 1)
open(sys.argv[2], "w").write(src)
