// nvvm-nc-select.cu - an nvcc (NVVM) miscompile found by test/diff (seed
// 238, kernel 0): with CUDA 13.0 for sm_90, `c ? q[i] : a[i]` with q written
// earlier in the thread (int64_t* __restrict__) and a read-only (const
// int64_t* __restrict__) becomes one ld.global.nc through select(q, a): the
// read-only path, for a location the kernel has just stored to, which ptxas
// then schedules before the store. 335 of these 1000 points come out wrong
// on an H100; without __restrict__ on a, or with ptxas -O0, all are right.
// stencilc avoids the pattern: an InOut grid's value is read from a local
// after its store (KernelEmitter::collectInOutLocals). test/gpu/run-all runs
// this as an expected failure. Exit 1 while the bug is there.
#include <cstdio>
#include <cstdint>
#include <cstdlib>
template <class T> __host__ __device__ inline T maxOf(T A, T B) { return (A < B) ? B : A; }
template <class T> __host__ __device__ inline T minOf(T A, T B) { return (B < A) ? B : A; }
__global__ void k(const int* __restrict__ a3, const int64_t* __restrict__ a2, int64_t* __restrict__ q5, float* __restrict__ out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  q5[i] = static_cast<int64_t>(a3[i + 1]);
  out[i] = static_cast<float>(maxOf(static_cast<int64_t>(a3[i + 2]), minOf(((2.0f != static_cast<float>(a3[i + 3])) ? q5[i] : a2[i]), static_cast<int64_t>(7))));
}
int main() {
  const int n = 1000;
  int *a3; int64_t *a2, *q5; float *out;
  cudaMallocManaged(&a3, (n + 4) * sizeof(int)); cudaMallocManaged(&a2, n * 8); cudaMallocManaged(&q5, n * 8); cudaMallocManaged(&out, n * 4);
  srand(1);
  for (int i = 0; i < n + 4; ++i) a3[i] = rand() % 201 - 100;
  for (int i = 0; i < n; ++i) { a2[i] = rand() % 2001 - 1000; q5[i] = rand() % 2001 - 1000; }
  k<<<(n + 127) / 128, 128>>>(a3, a2, q5, out, n);
  if (cudaDeviceSynchronize() != cudaSuccess) { printf("cuda error\n"); return 2; }
  int bad = 0;
  for (int i = 0; i < n; ++i) {
    int64_t q = a3[i + 1];
    float want = (float)maxOf((int64_t)a3[i + 2], minOf((2.0f != (float)a3[i + 3]) ? q : a2[i], (int64_t)7));
    if (want != out[i]) { if (bad < 5) printf("i=%d want %g got %g\n", i, want, out[i]); ++bad; }
  }
  printf("%d of %d wrong\n", bad, n);
  return bad != 0;
}
