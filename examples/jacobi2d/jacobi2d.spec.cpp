// jacobi2d.spec.cpp - Jacobi iteration for the 2-D Helmholtz equation, the
// PGI Accelerator tutorial's workload (WORKLOADS.md section 1).
//
// Grids are Extents{m, n}: index 0 is y (j, m points), index 1 is x (i, n
// points, contiguous), so a grid read g(dj, di) is g[j + dj][i + di] in the
// tutorial's C. The same file is the CPU reference (any C++17 compiler) and
// the input of stencilc, which emits the GPU version.
#include <stencil/stencil.hpp>

using namespace stencil;

/// Right-hand side f and the initial guess u = 0 at every point, from the
/// point's coordinates x = -1 + dx i, y = -1 + dy j.
STENCIL_KERNEL void initialize(Out<double, 2> f, Out<double, 2> u, double dx,
                               double dy, double alpha) {
  double x = -1.0 + dx * index(1);
  double y = -1.0 + dy * index(0);
  u() = 0.0;
  f() = -alpha * (1.0 - x * x) * (1.0 - y * y) - 2.0 * (1.0 - x * x) -
        2.0 * (1.0 - y * y);
}

/// One Jacobi sweep over the interior, from the previous iterate uold into u;
/// error receives the sum of the squared residuals.
STENCIL_KERNEL void helmholtz_sweep(In<double, 2> uold, In<double, 2> f,
                                    Out<double, 2> u, Sum<double> error,
                                    double ax, double ay, double b,
                                    double omega) {
  double resid = (ax * (uold(0, -1) + uold(0, 1)) +
                  ay * (uold(-1, 0) + uold(1, 0)) + b * uold() - f()) /
                 b;
  u() = uold() - omega * resid;
  error += resid * resid;
}

/// Sum over every point of the squared difference between u and the exact
/// solution (1 - x^2)(1 - y^2).
STENCIL_KERNEL void error_check(In<double, 2> u, Sum<double> error, double dx,
                                double dy) {
  double x = -1.0 + dx * index(1);
  double y = -1.0 + dy * index(0);
  double t = u() - (1.0 - x * x) * (1.0 - y * y);
  error += t * t;
}
