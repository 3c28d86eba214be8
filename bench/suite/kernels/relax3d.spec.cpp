// relax3d.spec.cpp - a damped point-Jacobi update of x for the diagonal
// system diag * x = rhs, in place (InOut), f32, with the squared residual
// summed in double. Every grid is read at the centre only.
#include <stencil/stencil.hpp>
using namespace stencil;

STENCIL_KERNEL void relax3d(In<float, 3> rhs, In<float, 3> diag, InOut<float, 3> x,
                            Sum<float, double> residual, float omega) {
  float r = rhs() - diag() * x();
  x() = x() + omega * r / diag();
  residual += r * r;
}
