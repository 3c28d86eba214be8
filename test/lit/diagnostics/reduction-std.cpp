// RUN: %stencilc --verify-diagnostics %s
#include <stencil/stencil.hpp>
using namespace stencil;

// Min/Max updates call the DSL's min/max/fmin/fmax (unqualified or
// stencil::), which fold with the reduction's order-independent rule. The
// std:: and C spellings are refused: std::min and std::max do not compile
// on a reduction in C++, and std::fmin/std::fmax would fold the term in the
// CPU reference with the C library's order of zeros.
STENCIL_KERNEL void k(In<double, 1> x, In<float, 1> f, Min<double> lo, Max<float> hi) {
  // expected-error@+2 {{min reduction 'lo' cannot be updated through 'std::min'}}
  // expected-note@+1 {{write 'lo = min(lo, e)' with the name unqualified: 'std::min' needs both arguments of one type; the DSL's min/max/fmin/fmax fold the term with the reduction's order-independent rule (-0.0 before +0.0, NaN terms ignored)}}
  lo = std::min(lo, x());
  // expected-error@+2 {{max reduction 'hi' cannot be updated through 'std::max'}}
  // expected-note@+1 {{write 'hi = max(hi, e)' with the name unqualified: 'std::max' needs both arguments of one type; the DSL's min/max/fmin/fmax fold the term with the reduction's order-independent rule (-0.0 before +0.0, NaN terms ignored)}}
  hi = std::max(f(), hi);
  // expected-error@+2 {{min reduction 'lo' cannot be updated through 'std::fmin'}}
  // expected-note@+1 {{write 'lo = min(lo, e)' with the name unqualified: 'std::fmin' would fold it in the CPU reference with an order of its own for zeros and NaNs; the DSL's min/max/fmin/fmax fold the term with the reduction's order-independent rule (-0.0 before +0.0, NaN terms ignored)}}
  lo = std::fmin(lo, x());
  // expected-error@+2 {{max reduction 'hi' cannot be updated through 'std::fmax'}}
  // expected-note@+1 {{write 'hi = max(hi, e)' with the name unqualified: 'std::fmax' would fold it in the CPU reference with an order of its own for zeros and NaNs; the DSL's min/max/fmin/fmax fold the term with the reduction's order-independent rule (-0.0 before +0.0, NaN terms ignored)}}
  hi = std::fmax(f(), hi);
  // expected-error@+2 {{min reduction 'lo' cannot be updated through '::fmin'}}
  // expected-note@+1 {{write 'lo = min(lo, e)' with the name unqualified: '::fmin' would fold it in the CPU reference with an order of its own for zeros and NaNs; the DSL's min/max/fmin/fmax fold the term with the reduction's order-independent rule (-0.0 before +0.0, NaN terms ignored)}}
  lo = ::fmin(x(), lo);
  // expected-error@+2 {{max reduction 'hi' cannot be updated through 'fmaxf'}}
  // expected-note@+1 {{write 'hi = max(hi, e)' with the name unqualified: 'fmaxf' would fold it in the CPU reference with an order of its own for zeros and NaNs; the DSL's min/max/fmin/fmax fold the term with the reduction's order-independent rule (-0.0 before +0.0, NaN terms ignored)}}
  hi = fmaxf(hi, f());
  // expected-error@+2 {{min reduction 'lo' cannot be updated through 'std::min<double>'}}
  // expected-note@+1 {{write 'lo = min(lo, e)' with the name unqualified: 'std::min<double>' would fold it in the CPU reference with an order of its own for zeros and NaNs; the DSL's min/max/fmin/fmax fold the term with the reduction's order-independent rule (-0.0 before +0.0, NaN terms ignored)}}
  lo = std::min<double>(lo, x());
  // The wrong function is the wrong function, however it is spelled.
  // expected-error@+2 {{min reduction 'lo' can only be updated with 'lo = min(lo, e)'}}
  // expected-note@+1 {{each point contributes one value through 'lo = min(lo, e)'; other updates have no parallel meaning}}
  lo = std::max(lo, x());
  // Accepted: the DSL's own overloads.
  lo = min(lo, x());
  lo = stencil::fmin(x(), lo);
  hi = max(hi, f());
}
