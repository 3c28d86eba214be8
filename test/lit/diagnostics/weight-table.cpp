// RUN: %stencilc --verify-diagnostics %s
#include <stencil/stencil.hpp>
using namespace stencil;

// Weight tables are read at constant indices only; other arrays are refused
// at their declaration (locals) or at the read (globals).
constexpr float W[5] = {1, 4, 6, 4, 1};
constexpr int K[2][3] = {{1, 2, 3}, {4, 5, 6}};
float Mutable[2] = {1, 2};

STENCIL_KERNEL void index_not_constant(In<float, 2> in, Out<float, 2> out, int n) {
  // expected-error@+2 {{index into weight table 'W' is not a constant}}
  // expected-note@+1 {{index the weight table with a constant (a loop variable of an unrolled loop, a literal or a constexpr value); each read becomes the element's value in the generated code}}
  float a = W[n];
  // expected-error@+2 {{index into weight table 'W' is not a constant}}
  // expected-note@+1 {{index the weight table with a constant (a loop variable of an unrolled loop, a literal or a constexpr value); each read becomes the element's value in the generated code}}
  float b = W[int(in())];
  // expected-error@+2 {{index into weight table 'K' is not a constant}}
  // expected-note@+1 {{index the weight table with a constant (a loop variable of an unrolled loop, a literal or a constexpr value); each read becomes the element's value in the generated code}}
  float c = K[1][index(0)];
  out() = a + b + c;
}

STENCIL_KERNEL void index_range(In<float, 1> in, Out<float, 1> out) {
  float acc = 0;
  for (int i = -2; i <= 2; ++i)
    // expected-error@+2 {{index 5 is outside weight table 'W' of 5 elements}}
    // expected-note@+1 {{indices of 'W' run from 0 to 4}}
    acc += W[i + 3] * in(i);
  for (int r = 1; r >= -1; --r)
    // expected-error@+2 {{index -1 is outside weight table 'K' of 2 elements}}
    // expected-note@+1 {{indices of 'K' run from 0 to 1}}
    acc += K[r][0];
  out() = acc;
}

STENCIL_KERNEL void not_a_table(In<double, 1> g, Out<double, 1> u) {
  // expected-error@+2 {{array 'w' is not a constant table}}
  // expected-note@+1 {{kernels read arrays only as weight tables: make it a const or constexpr array of float, double, int, int64_t or bool initialised with constants, and index it with constants}}
  double w[3] = {1, 2, 1};
  // expected-error@+2 {{array 'window' is not a constant table}}
  // expected-note@+1 {{kernels read arrays only as weight tables: make it a const or constexpr array of float, double, int, int64_t or bool initialised with constants, and index it with constants}}
  const double window[3] = {g(-1), g(), g(1)};
  // expected-error@+2 {{kernel reads global variable 'Mutable', which is not a constant}}
  // expected-note@+1 {{make it constexpr, or pass it as a scalar parameter}}
  u() = w[1] + window[1] + Mutable[0];
}
