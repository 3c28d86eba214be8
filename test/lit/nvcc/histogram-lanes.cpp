// REQUIRES: nvcc
// Histogram kernels in jammed and vector lanes: an update inside a branch
// declares the loads it reads first, as every other statement there does
// (test/diff seed 13000: an update read a vector nobody had declared, and
// nvcc refused the kernel).
// RUN: %stencilc %s -o %t.cu --header %t.h
// RUN: %nvcc -Werror all-warnings -Xcompiler -Wall,-Wextra,-Werror -c %t.cu -o %t.o
// RUN: FileCheck %s < %t.cu
#include <stencil/stencil.hpp>
using namespace stencil;

// Rank 1 reading neighbours: vectors of 4.
STENCIL_KERNEL void wide1(In<int, 1> a, Histogram<int> h, const int n) {
  int s = a(-6) + a(-5) + a(-4) + a(-3) + a(-2) + a(-1) + a(0) + a(1) + a(2) + a(3) +
          a(4) + a(5);
  h[(s + a(6) + a(-13) + a(13)) % n] += 1;
}

// Rank 2 read across rows: jammed rows of vectors.
STENCIL_KERNEL void wide2(In<float, 2> u, In<float, 2> v, Histogram<int> h) {
  float s = u(-5, 0) + u(-4, 0) + u(-3, 0) + u(-2, 0) + u(-1, 0) + u(0, 0) + u(1, 0) +
            u(2, 0) + u(3, 0) + u(4, 0) + u(5, 0);
  h[min(max(int(s + v(6, 1) - v(-6, -1)), 0), 15)] += 1;
}

// Rank 1 point-wise, 4 bytes a point: jammed by 4, a grid stride apart.
STENCIL_KERNEL void keyed(In<int, 1> k, Histogram<int64_t> h, const int n) {
  h[(k() * 7 + 3) % n] += int64_t(k() % 3);
}

// Rank 2 read across rows, the updates in branches reading grid values no
// statement before them read.
STENCIL_KERNEL void branchy(In<float, 2> u, In<int, 2> a, Histogram<int64_t> h,
                            const int n) {
  if (u(-1, 0) > 0.5f) {
    h[(a(2, 0) + a(0, 1)) % n] += int64_t(a(-2, 0) % 5);
  } else {
    if (u(1, 0) < 0.25f)
      h[(a(0, -1) * 3) % n] += 1;
  }
}

// The update's own reads come from loads declared before it.
// CHECK-LABEL: wide1_kernel(
// CHECK:         add<true>(
// CHECK-LABEL: wide2_kernel(
// CHECK:         add<true>(
// CHECK-LABEL: keyed_kernel(
// CHECK:         const int k_l0_ = k[at_];
// CHECK:         h_hist_.template add<false>(static_cast<int64_t>(stencil::detail::remainderInt(((k_l0_ * 7) + 3), n, mul_n, shift_n)), static_cast<int64_t>((k_l0_ % 3)));
// CHECK-LABEL: branchy_kernel(
// CHECK:         if ((u_v{{[0-9]+}}_.x > 0.5f)) {
// CHECK:           const int4 a_v[[A:[0-9]+]]_ = *reinterpret_cast<const int4*>(a + (at_ + 2 * stride0_));
// CHECK-NEXT:      h_hist_.template add<false>({{.*}}a_v[[A]]_.x
