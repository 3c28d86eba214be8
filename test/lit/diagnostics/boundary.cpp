// RUN: %stencilc --verify-diagnostics %s
// Boundary rules (docs/dsl.md#boundary-conditions): each refusal at the rule's
// spelling, with its note.
#include <stencil/stencil.hpp>
using namespace stencil;

// expected-error@+2 {{boundary rule on Out grid 'u'}}
// expected-note@+1 {{a rule says what reads outside the grid return, and only In grids are read off the centre; drop the rule}}
STENCIL_KERNEL void on_out(In<double, 2> g, Out<double, 2, Periodic> u) { u() = g(); }

// expected-error@+2 {{boundary rule on InOut grid 'q'}}
// expected-note@+1 {{only In grids are read off the centre}}
STENCIL_KERNEL void on_inout(InOut<float, 1, Boundary<Clamp>> q) { q() = q() + 1.0f; }

// expected-error@+2 {{Boundary<...> of grid 'g' names 1 rules for a grid of rank 2}}
// expected-note@+1 {{name one rule per dimension, outermost first (Interior for a dimension without one)}}
STENCIL_KERNEL void count(In<double, 2, Boundary<Periodic>> g, Out<double, 2> u) { u() = g(1, 0); }

// expected-error@+2 {{boundary constant 16777217 of grid 'g' is not a value of type 'float'}}
// expected-note@+1 {{Constant<V> takes an integer constant that the element type holds exactly, e.g. Constant<0>; for another value, scale the grid}}
STENCIL_KERNEL void inexact(In<float, 1, Constant<16777217>> g, Out<float, 1> u) { u() = g(1); }

// expected-error@+2 {{boundary constant 4294967296 of grid 'g' is not a value of type 'int'}}
// expected-note@+1 {{Constant<V> takes an integer constant}}
STENCIL_KERNEL void too_big(In<int, 1, Constant<4294967296LL>> g, Out<int, 1> u) { u() = g(1); }

// expected-error@+2 {{boundary constant true of grid 'g' is not a value of type 'double'}}
// expected-note@+1 {{Constant<V> takes an integer constant}}
STENCIL_KERNEL void boolean(In<double, 1, Constant<true>> g, Out<double, 1> u) { u() = g(1); }

// expected-error@+2 {{'int' is not a boundary rule (grid 'g')}}
// expected-note@+1 {{write Periodic, Clamp, Reflect, Mirror, Constant<V> or Interior, or Boundary<...> with one of them per dimension}}
STENCIL_KERNEL void not_rule(In<int, 1, int> g, Out<int, 1> u) { u() = g(1); }

// expected-error@+2 {{boundary rule on grid 'x' in a kernel with histograms is not supported yet}}
// expected-note@+1 {{drop the rule (the kernel then runs over its interior), or compute the histogram in a kernel of its own}}
STENCIL_KERNEL void hist(In<double, 1, Periodic> x, Histogram<int> bins) { bins[int(x(1))] += 1; }

// Interior everywhere is no rule at all, on any grid.
STENCIL_KERNEL void fine(In<double, 2, Boundary<Interior, Interior>> g, Out<double, 2, Interior> u) { u() = g(1, 0); }
