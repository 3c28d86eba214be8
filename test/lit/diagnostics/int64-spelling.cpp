// RUN: %stencilc --verify-diagnostics %s
#include <stencil/stencil.hpp>
using namespace stencil;

// Inside the DSL's parameter templates a 64-bit integer is int64_t: on
// LP64 Linux that is 'long', and 'long long' is another C++ type, so a
// HostGrid<long long, R> could not be passed to the launcher's
// Grid<int64_t, R>. Scalars and locals of type long long convert by value
// and stay allowed.

// expected-error@+3 {{parameter 'a' uses 'long long', which is not int64_t}}
// expected-error@+2 {{parameter 'b' uses 'long long', which is not int64_t}}
// expected-note@+1 2 {{the generated host API takes int64_t, which is 'long' on this target, a different type from 'long long' (a HostGrid<long long, R> cannot be uploaded to a Grid<int64_t, R>); write int64_t}}
STENCIL_KERNEL void grids(In<long long, 1> a, Out<long long, 1> b) { b() = a(); }

// expected-error@+4 {{parameter 's' uses 'long long', which is not int64_t}}
// expected-error@+3 {{parameter 'h' uses 'long long', which is not int64_t}}
// expected-error@+2 {{parameter 'm' uses 'long long', which is not int64_t}}
// expected-note@+1 3 {{the generated host API takes int64_t, which is 'long' on this target, a different type from 'long long' (a HostGrid<long long, R> cannot be uploaded to a Grid<int64_t, R>); write int64_t}}
STENCIL_KERNEL void reductions(In<int, 1> a, Sum<int, long long> s, Histogram<long long> h, Max<long long> m) {
  s += a();
  h[a()] += 1;
  m = max(m, (long long)a());
}

STENCIL_KERNEL void accepted(In<int64_t, 1> a, InOut<long, 1> b, Sum<int, int64_t> s, long long n) {
  long long x = a() + n;
  b() = b() + x;
  s += int(x);
}
