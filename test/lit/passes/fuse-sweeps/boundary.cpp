// fuse-sweeps with boundary rules (docs/passes/fuse-sweeps.md#boundary-rules):
// a rank-2 sweep whose state has its rules, none periodic, and whose domain is
// every point is fused; a tile at the grid's edge loads level 0 through the
// rules (a Constant dimension gives its value) and, after every step but the
// last, fills the level's points outside the grid from the level's own; the
// launcher sweeps the whole grid and runs the loop of one-sweep launches for
// a region. The rest are refused, each with its reason.
// RUN: %stencilc %s -o %t.cu --header %t.h --report 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: FileCheck %s < %t.cu
#include <stencil/stencil.hpp>
using namespace stencil;

// REMARK: :[[@LINE+1]]:21: remark: kernel clampd: fuse-sweeps: ping-pong u -> v: clampd_sweeps and clampd_until run 4 sweeps per launch on tiles of 32x56 points {{.*}}; boundary rules: tiles at the grid's edge load 'u' through its rules (clamp, clamp) and fill each step's points outside the grid from the step's own (no shell launch);
STENCIL_KERNEL void clampd(In<double, 2, Clamp> u, In<double, 2> f, Out<double, 2> v,
                           Sum<double> change) {
  double n = 0.25 * (u(0, -1) + u(0, 1) + u(-1, 0) + u(1, 0)) - f();
  v() = n;
  change += (n - u()) * (n - u());
}
// CHECK-LABEL: clampd_fused_kernel(
// CHECK:       } else {
// CHECK-NEXT:    // At the grid's edge: the state's reads through its rules (the
// CHECK:         static_assert(T0_ > R0_ && T1_ > R1_, "a grid narrower than the radius must lie in one tile");
// CHECK:           const Index m0_ = stencil::detail::mapCoordinate<Index>(stencil::Edge::Clamp, i0_, n0_);
// CHECK-NEXT:      const Index m1_ = stencil::detail::mapCoordinate<Index>(stencil::Edge::Clamp, i1_, n1_);
// CHECK-NEXT:      level0_[r_ * P1_ + tx_] = in_[m0_ * stride0_ + m1_];
// The fill after step 1 (and 2, 3), none after the deepest step.
// CHECK:       if (step_ < Steps && !inside_) {
// CHECK-NEXT:    // The level's halo outside the grid, through the rules.
// CHECK:             if (col_in_ && i0_ >= 0 && i0_ < n0_) continue; // computed
// CHECK:             dst_[r_ * P1_ + tx_] = dst_[int(s0_) * P1_ + int(s1_)];
// CHECK-COUNT-2: if (step_ < Steps && !inside_) {
// CHECK-NOT:   if (step_ < Steps && !inside_) {
// The launcher: the whole grid as the domain, a region through the loop.
// CHECK-LABEL: clampd_sweeps_at_(
// CHECK:       launchDomain<2>(kernel_name_, extents_, {0, 0, 0}, {0, 0, 0}, opts);
// CHECK:       if (!domain_.empty() && (domain_.Lo[0] != 0 || domain_.Hi[0] != extents_[0] || domain_.Lo[1] != 0 || domain_.Hi[1] != extents_[1]))
// CHECK-NEXT:    return clampd_sweeps_loop_(u, f, v, sweeps, opts);
// CHECK-NOT:   persistent_(
// CHECK:       clampd_fused_launch_(

// A Constant dimension: its value for the points outside the grid along it.
// REMARK: kernel constc: fuse-sweeps: ping-pong a -> b: constc_sweeps runs 2 sweeps per launch {{.*}} load 'a' through its rules (reflect, constant)
STENCIL_KERNEL void constc(In<float, 2, Boundary<Reflect, Constant<2>>> a, Out<float, 2> b) {
  b() = 0.5f * a() + 0.25f * (a(0, -2) + a(0, 2)) + 0.125f * (a(-1, 0) - a(1, 0));
}
// CHECK-LABEL: constc_fused_kernel(
// CHECK:       level0_[r_ * P1_ + tx_] = !stencil::detail::insideExtent<Index>(i1_, n1_) ? 2.0f : in_[m0_ * stride0_ + m1_];
// CHECK:       dst_[r_ * P1_ + tx_] = !stencil::detail::insideExtent<Index>(i1_, n1_) ? 2.0f : dst_[int(s0_) * P1_ + int(s1_)];
// Without reductions constc_sweeps returns with its launches queued: no
// scratch grid, which a call queued on another stream would share.
// CHECK-NOT:   constc_sweep_scratch_
// CHECK-LABEL: constc_sweeps_at_(
// CHECK:       float* const scratch_ = nullptr;
// CHECK-NEXT:  stencil::detail::PingPong<float> pp_(a.data(), b.data(), scratch_);

// No rule along the columns, read there at offset 0 only: fused, the
// columns outside the grid (never read) clamped into it.
// REMARK: kernel half: fuse-sweeps: ping-pong u -> v: half_sweeps runs 4 sweeps per launch on tiles of 32x64 points {{.*}} (reflect, interior)
STENCIL_KERNEL void half(In<double, 2, Boundary<Reflect, Interior>> u, Out<double, 2> v) {
  v() = 0.5 * (u(-1, 0) + u(1, 0));
}
// CHECK-LABEL: half_fused_kernel(
// CHECK:       mapCoordinate<Index>(stencil::Edge::Reflect, i0_, n0_);
// CHECK-NEXT:  mapCoordinate<Index>(stencil::Edge::Clamp, i1_, n1_);

// REMARK: kernel wrap1: fuse-sweeps: not fused: 'u' is periodic along dimension 1: a tile's halo would come from the grid's other side; wrap1_sweeps runs one sweep per launch
STENCIL_KERNEL void wrap1(In<double, 2, Boundary<Clamp, Periodic>> u, Out<double, 2> v) {
  v() = 0.5 * (u(0, -1) + u(0, 1)) + 0.25 * (u(-1, 0) - u(1, 0));
}

// REMARK: kernel other: fuse-sweeps: not fused: 'w' has boundary rules: fused tiles map the state's reads only; other_sweeps runs one sweep per launch
STENCIL_KERNEL void other(In<double, 2, Clamp> u, In<double, 2, Clamp> w, Out<double, 2> v) {
  v() = 0.25 * (u(0, -1) + u(0, 1) + u(-1, 0) + u(1, 0)) * w(1, 0);
}

// REMARK: kernel shrink: fuse-sweeps: not fused: a read without a rule at an offset along dimension 0 leaves a ring: fused tiles with boundary rules cover the grid; shrink_sweeps runs one sweep per launch
STENCIL_KERNEL void shrink(In<double, 2, Clamp> u, In<double, 2> w, Out<double, 2> v) {
  v() = 0.25 * (u(0, -1) + u(0, 1) + u(-1, 0) + u(1, 0)) * w(1, 0);
}

// REMARK: kernel cube: fuse-sweeps: not fused: boundary rules are lowered in rank-2 fused tiles only; cube_sweeps runs one sweep per launch
STENCIL_KERNEL void cube(In<double, 3, Clamp> u, Out<double, 3> v) {
  v() = (u(-1, 0, 0) + u(1, 0, 0) + u(0, -1, 0) + u(0, 1, 0) + u(0, 0, -1) + u(0, 0, 1)) / 6.0;
}
