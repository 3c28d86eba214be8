// poisson.spec.cpp - Jacobi iteration for -laplace(u) = f on the unit square
// with u = 0 on the boundary (docs/tutorial.md builds this step by step).
#include <stencil/stencil.hpp>
using namespace stencil;

constexpr double Pi = 3.141592653589793;

// The right-hand side at every point, from the point's coordinates; the
// exact solution is u = sin(pi x) sin(pi y).
STENCIL_KERNEL void source(Out<double, 2> f, double h) {
  double x = h * index(1);
  double y = h * index(0);
  f() = 2.0 * Pi * Pi * sin(Pi * x) * sin(Pi * y);
}

// One Jacobi sweep over the interior, and the largest change it made.
STENCIL_KERNEL void jacobi(In<double, 2> u, In<double, 2> f, Out<double, 2> unew,
                           Max<double> change, double h2) {
  double v = 0.25 * (u(0, -1) + u(0, 1) + u(-1, 0) + u(1, 0) + h2 * f());
  unew() = v;
  change = max(change, fabs(v - u()));
}

// The largest difference from the exact solution.
STENCIL_KERNEL void max_error(In<double, 2> u, Max<double> err, double h) {
  double x = h * index(1);
  double y = h * index(0);
  err = max(err, fabs(u() - sin(Pi * x) * sin(Pi * y)));
}
