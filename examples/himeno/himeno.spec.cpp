// himeno.spec.cpp - the Himeno benchmark's Point-Jacobi sweep (RIKEN), as
// close to the original C as the DSL allows (WORKLOADS.md section 3).
//
// The original indexes p[i][j][k] with k contiguous; so do grids here:
// g(di, dj, dk) is g[i + di][j + dj][k + dk]. The twelve coefficient arrays
// are separate grids, as in the C (a[0..3], b[0..2], c[0..2], bnd, wrk1);
// merging them into records is stencilc's job (merge-arrays).
//
// gosa is a Sum<float, double>: the original accumulates in a float, which at
// L and XL is far from the float64 sum (WORKLOADS.md); the accumulator type
// argument asks for double on the CPU and the GPU alike. The original's float
// sum, sequential in loop order, is main.cu's --cpu (its own copy of the C
// loop, which must give the same p as this kernel on every point).
#include <stencil/stencil.hpp>

using namespace stencil;

STENCIL_KERNEL void jacobi(In<float, 3> p, In<float, 3> a0, In<float, 3> a1,
                           In<float, 3> a2, In<float, 3> a3, In<float, 3> b0,
                           In<float, 3> b1, In<float, 3> b2, In<float, 3> c0,
                           In<float, 3> c1, In<float, 3> c2,
                           In<float, 3> wrk1, In<float, 3> bnd,
                           Out<float, 3> wrk2, Sum<float, double> gosa,
                           float omega) {
  float s0 = a0() * p(1, 0, 0) + a1() * p(0, 1, 0) + a2() * p(0, 0, 1) +
             b0() * (p(1, 1, 0) - p(1, -1, 0) - p(-1, 1, 0) + p(-1, -1, 0)) +
             b1() * (p(0, 1, 1) - p(0, -1, 1) - p(0, 1, -1) + p(0, -1, -1)) +
             b2() * (p(1, 0, 1) - p(-1, 0, 1) - p(1, 0, -1) + p(-1, 0, -1)) +
             c0() * p(-1, 0, 0) + c1() * p(0, -1, 0) + c2() * p(0, 0, -1) +
             wrk1();
  float ss = (s0 * a3() - p()) * bnd();
  gosa += ss * ss;
  wrk2() = p() + omega * ss;
}
