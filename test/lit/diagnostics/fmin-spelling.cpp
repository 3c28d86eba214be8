// RUN: %stencilc --verify-diagnostics %s
// RUN: not %stencilc %s --emit=ir 2>&1 | FileCheck %s --check-prefix=LOC
#include <stencil/stencil.hpp>
using namespace stencil;

// fmin and fmax on values are the DSL's stencil::fmin/stencil::fmax (IEEE
// 754-2019 minimumNumber/maximumNumber). Every other spelling is refused:
// C's fmin leaves the sign of fmin(-0.0, +0.0) to the library, so the CPU
// reference's answer would depend on the host compiler's flags (glibc's
// fminf returns its second operand; g++ -O1 folds a call on constants to
// -0.0: test/diff seed 43028). An unqualified fmin finds C's ::fmin as well,
// which wins for doubles (and for floats under nvcc), so it is refused even
// where Clang resolves it to the DSL's. LOC checks the printed location.
inline double clamp1(double x) {
  // expected-error@+4 {{'fmin' leaves the sign of fmin(-0.0, +0.0) to the C library}}
  // expected-note@+3 {{write 'stencil::fmin(a, b)': the DSL's fmin gives -0.0 for zeros of opposite signs in either order and the other operand for a NaN, in the CPU reference as on the GPU (unqualified, 'fmin' finds C's ::fmin as well)}}
  // LOC-DAG: {{^.*}}fmin-spelling.cpp:[[@LINE+2]]:10: error: 'fmin' leaves the sign of fmin(-0.0, +0.0) to the C library{{$}}
  // LOC-DAG: {{^.*}}fmin-spelling.cpp:[[@LINE+1]]:10: note: write 'stencil::fmin(a, b)': the DSL's fmin
  return fmin(x, 1.0);
}

STENCIL_KERNEL void k(In<double, 1> x, In<float, 1> f, Out<double, 1> u, Out<float, 1> v,
                      Min<double> lo, Max<float> hi) {
  // expected-error@+3 {{'std::fmin' leaves the sign of fmin(-0.0, +0.0) to the C library}}
  // expected-note@+2 {{write 'stencil::fmin(a, b)'}}
  // LOC-DAG: {{^.*}}fmin-spelling.cpp:[[@LINE+1]]:14: error: 'std::fmin' leaves
  double a = std::fmin(x(), 1.0);
  // expected-error@+3 {{'std::fmax' leaves the sign of fmax(-0.0, +0.0) to the C library}}
  // expected-note@+2 {{write 'stencil::fmax(a, b)': the DSL's fmax gives +0.0 for zeros of opposite signs in either order and the other operand for a NaN, in the CPU reference as on the GPU (unqualified, 'fmax' finds C's ::fmax as well)}}
  // LOC-DAG: {{^.*}}fmin-spelling.cpp:[[@LINE+1]]:14: error: 'std::fmax' leaves
  double c = std::fmax(x(), 0.0);
  // expected-error@+3 {{'::fmin' leaves the sign of fmin(-0.0, +0.0) to the C library}}
  // expected-note@+2 {{write 'stencil::fmin(a, b)'}}
  // LOC-DAG: {{^.*}}fmin-spelling.cpp:[[@LINE+1]]:14: error: '::fmin' leaves
  double d = ::fmin(x(), 2.0);
  // expected-error@+3 {{'fmax' leaves the sign of fmax(-0.0, +0.0) to the C library}}
  // expected-note@+2 {{write 'stencil::fmax(a, b)'}}
  // LOC-DAG: {{^.*}}fmin-spelling.cpp:[[@LINE+1]]:14: error: 'fmax' leaves
  double e = fmax(x(), -2.0);
  // expected-error@+3 {{'fminf' leaves the sign of fmin(-0.0, +0.0) to the C library}}
  // expected-note@+2 {{write 'stencil::fmin(a, b)'}}
  // LOC-DAG: {{^.*}}fmin-spelling.cpp:[[@LINE+1]]:13: error: 'fminf' leaves
  float b = fminf(f(), 1.0f);
  // expected-error@+3 {{'fmaxf' leaves the sign of fmax(-0.0, +0.0) to the C library}}
  // expected-note@+2 {{write 'stencil::fmax(a, b)'}}
  // LOC-DAG: {{^.*}}fmin-spelling.cpp:[[@LINE+1]]:13: error: 'fmaxf' leaves
  float g = fmaxf(f(), 0.0f);
  // Floats: Clang resolves this one to stencil::fmin, nvcc's host compiler
  // to CUDA's ::fmin(float, float), which is fminf.
  // expected-error@+3 {{'fmin' leaves the sign of fmin(-0.0, +0.0) to the C library}}
  // expected-note@+2 {{write 'stencil::fmin(a, b)'}}
  // LOC-DAG: {{^.*}}fmin-spelling.cpp:[[@LINE+1]]:13: error: 'fmin' leaves
  float h = fmin(f(), 2.0f);
  // Accepted: the DSL's own, on values and mixed types, and the reductions'
  // updates (their overloads fold with the same rule).
  u() = a + c + d + e + clamp1(x()) + stencil::fmin(x(), 3.0) + stencil::fmax(f(), 1.0);
  v() = b + g + h + stencil::fmax(f(), 0.5f);
  lo = fmin(lo, x());
  hi = stencil::fmax(f(), hi);
}
// LOC: {{^}}8 errors generated.{{$}}
