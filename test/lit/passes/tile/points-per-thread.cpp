// Points per thread where the suite measured them to pay (docs/passes/
// tile.md#measurements): a rank-1 kernel without reductions walks 4 points
// per thread (grid-stride, not persistent); one with reductions keeps the
// persistent grid; a rank-3 kernel with reductions that reads nothing across
// dimension 0 (so is not streamed) takes 2 points per thread along it (16
// until session 24); a streamed rank-3 kernel keeps its chunks of 8.
// RUN: %stencilc %s --emit=ir -o - | FileCheck %s
#include <stencil/stencil.hpp>
using namespace stencil;

STENCIL_KERNEL void triad(In<float, 1> a, In<float, 1> b, Out<float, 1> c, float s) {
  c() = a() + s * b();
}
// CHECK-LABEL: kernel triad rank 1
// CHECK:         schedule block (256, 1, 1) points-per-thread 4 jam 4{{( min-blocks [0-9]+)?$}}
STENCIL_KERNEL void total(In<float, 1> a, Sum<float> t) { t += a(); }
// A rank-1 reduction: 16 points per thread, a block per tile (not
// persistent), jammed by 4 points a grid stride apart.
// CHECK-LABEL: kernel total rank 1
// CHECK:         schedule block (256, 1, 1) points-per-thread 16 jam 4{{( min-blocks [0-9]+)?$}}
STENCIL_KERNEL void relax(InOut<float, 3> q, Sum<float, double> t) {
  q() = 0.5f * q();
  t += q();
}
// CHECK-LABEL: kernel relax rank 3
// CHECK:         schedule block (128, 4, 1) points-per-thread 2 vector 4{{( min-blocks [0-9]+)?$}}
STENCIL_KERNEL void heat(In<double, 3> u, Out<double, 3> v, Sum<double> t) {
  v() = u(1, 0, 0) + u(-1, 0, 0);
  t += u();
}
// CHECK-LABEL: kernel heat rank 3
// CHECK:         schedule block (64, 8, 1) stream dim 0 points-per-thread 8 vector 2{{( min-blocks [0-9]+)?$}}
