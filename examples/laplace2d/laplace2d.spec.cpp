// laplace2d.spec.cpp - Jacobi iteration for the 2-D Laplace equation with the
// max-norm of the change, the OpenACC tutorial's workload (WORKLOADS.md
// section 2), in f32 and f64.
//
// A grid read A(dj, di) is A[j + dj][i + di] in the tutorial's C; i (index 1)
// is contiguous. The copy back A = Anew of the tutorial is not a kernel: the
// solver swaps the two grids, whose boundaries are equal and never written.
#include <stencil/stencil.hpp>

using namespace stencil;

/// One sweep over the interior: Anew is the mean of A's four neighbours;
/// error receives max |Anew - A|.
STENCIL_KERNEL void laplace_step_f32(In<float, 2> A, Out<float, 2> Anew,
                                     Max<float> error) {
  float anew = 0.25f * (A(0, 1) + A(0, -1) + A(-1, 0) + A(1, 0));
  Anew() = anew;
  error = max(error, fabs(anew - A()));
}

/// The same sweep in double precision.
STENCIL_KERNEL void laplace_step_f64(In<double, 2> A, Out<double, 2> Anew,
                                     Max<double> error) {
  double anew = 0.25 * (A(0, 1) + A(0, -1) + A(-1, 0) + A(1, 0));
  Anew() = anew;
  error = max(error, fabs(anew - A()));
}
