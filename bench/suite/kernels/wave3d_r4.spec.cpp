// wave3d_r4.spec.cpp - a leapfrog step of the 3-D acoustic wave equation with
// the eighth-order Laplacian (25-point star, radius 4), f32. The next field
// overwrites the previous one in place (InOut); the squared velocity is read
// at the centre only.
#include <stencil/stencil.hpp>
using namespace stencil;

inline float fd8_weight(int r) {
  return r == 1 ? 1.6f : r == 2 ? -0.2f : r == 3 ? 0.0253968254f : -0.0017857143f;
}

STENCIL_KERNEL void wave3d_r4(In<float, 3> u, In<float, 3> vel2, InOut<float, 3> prev,
                              float dt2) {
  float lap = -8.5416667f * u();
  for (int r = 1; r <= 4; ++r)
    lap += fd8_weight(r) *
           (u(-r, 0, 0) + u(r, 0, 0) + u(0, -r, 0) + u(0, r, 0) + u(0, 0, -r) + u(0, 0, r));
  prev() = 2.0f * u() - prev() + dt2 * vel2() * lap;
}
