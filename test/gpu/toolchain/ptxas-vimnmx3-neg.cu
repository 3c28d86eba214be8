// ptxas-vimnmx3-neg.cu - a ptxas miscompile found by test/diff (seed 835,
// kernel 2): with CUDA 13.0 (V13.0.88) for sm_90, min(min(a, -r), c), r an
// int64_t remainder by a constant truncated to int, runs as min(a, r, c): the
// negation is lost when ptxas forms the three-input VIMNMX3 (the PTX is
// right; ptxas -O0 gives the right answer). 947 of these 1000 points come out
// wrong on an H100. Each of -static_cast<int>(x % 10000) and min(a, -r) alone
// is right; so is the same with an int x. No spelling of the negation or the
// min avoided it; an identity byte permute of each operand does, and the
// runtime's int min/max take one (stencil/detail/numerics.hpp,
// minMaxOperand; GPU test exactness's negminmax). This raw reproducer stays:
// test/gpu/run-all runs it as an expected failure and reports when a
// toolchain fixes it. Exit 1 while the bug is there.
#include <cstdio>
#include <cstdint>
#include <cstdlib>
__global__ void k(const int* __restrict__ a, const int64_t* __restrict__ x, const int* __restrict__ c, int* __restrict__ out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  int m = a[i];
  const int r = static_cast<int>(x[i] % static_cast<int64_t>(10000));
  int t = -r;
  m = (t < m) ? t : m;
  m = (c[i] < m) ? c[i] : m;
  out[i] = m;
}
int main() {
  const int n = 1000;
  int *a, *c, *out; int64_t *x;
  cudaMallocManaged(&a, n * 4); cudaMallocManaged(&c, n * 4); cudaMallocManaged(&out, n * 4); cudaMallocManaged(&x, n * 8);
  srand(1);
  for (int i = 0; i < n; ++i) { a[i] = rand() % 2001 - 1000; c[i] = rand() % 201 - 100; x[i] = (int64_t)(rand() % 21001) - 10500; }
  k<<<(n + 127) / 128, 128>>>(a, x, c, out, n);
  if (cudaDeviceSynchronize() != cudaSuccess) { printf("cuda error\n"); return 2; }
  int bad = 0;
  for (int i = 0; i < n; ++i) {
    int m = a[i]; int t = -static_cast<int>(x[i] % 10000); m = t < m ? t : m; m = c[i] < m ? c[i] : m;
    if (m != out[i]) { if (bad < 3) printf("i=%d want %d got %d\n", i, m, out[i]); ++bad; }
  }
  printf("mini2: %d of %d wrong\n", bad, n);
  return bad != 0;
}
