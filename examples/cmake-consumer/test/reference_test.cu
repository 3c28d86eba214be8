// reference_test.cu - the kernels of poisson.spec.cpp and scale.spec.cpp on
// the GPU against stencil::reference on the CPU, under stencilc's exactness
// rule (docs/testing.md): at the default -O2 every field and every Max/Min is
// bit-identical to the reference, and a floating-point Sum differs only by
// the order of summation. Exit status 0: pass; 1: a mismatch or an error;
// 77: no CUDA device (ctest reports the test as skipped).
#include "../poisson.spec.cpp" // the kernels, for the CPU reference
#include "../scale.spec.cpp"

#include "poisson.h" // generated: namespace gpu
#include "scale.h"

#include <cuda_runtime.h>

#include <cfloat>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <exception>

namespace {

/// Every point, the boundary too, compared as bits.
template <class T, int R>
bool sameBits(const stencil::HostGrid<T, R> &Gpu,
              const stencil::HostGrid<T, R> &Cpu, const char *What) {
  if (Gpu.extents() == Cpu.extents() &&
      std::memcmp(Gpu.data(), Cpu.data(), Gpu.size() * sizeof(T)) == 0)
    return true;
  std::printf("FAIL: %s is not bit-identical to the CPU reference\n", What);
  return false;
}

bool sameBits(double Gpu, double Cpu, const char *What) {
  if (std::memcmp(&Gpu, &Cpu, sizeof Gpu) == 0)
    return true;
  std::printf("FAIL: %s: GPU %.17g, CPU reference %.17g\n", What, Gpu, Cpu);
  return false;
}

} // namespace

int main() {
  int Devices = 0;
  if (cudaGetDeviceCount(&Devices) != cudaSuccess || Devices == 0) {
    std::printf("no CUDA device: nothing to compare the CPU reference with\n");
    return 77;
  }
  const stencil::Extents<2> E{257, 300};
  const double H = 1.0 / 256;
  stencil::HostGrid<double, 2> U(E), F(E);
  stencil::HostGrid<float, 2> X(E);
  for (int64_t I = 0; I < E[0]; ++I)
    for (int64_t J = 0; J < E[1]; ++J) {
      U(I, J) = std::sin(0.1 * double(I)) * std::cos(0.07 * double(J));
      F(I, J) = 1.0 + double((I * 7 + J * 3) % 11) / 3.0;
      X(I, J) = float((I * 31 + J * 17) % 101) / 7.0f - 3.0f;
    }
  try {
    // Fields and Max: bit for bit.
    stencil::HostGrid<double, 2> UnewCpu(E);
    double ChangeCpu = 0.0;
    stencil::reference(jacobi, U, F, UnewCpu, ChangeCpu, H * H);
    stencil::Grid<double, 2> DeviceU(U), DeviceF(F), DeviceUnew(E);
    double ChangeGpu = gpu::jacobi(DeviceU, DeviceF, DeviceUnew, H * H).change;
    bool Ok = sameBits(DeviceUnew.download(), UnewCpu, "jacobi: unew");
    Ok &= sameBits(ChangeGpu, ChangeCpu, "jacobi: change");

    // A Sum: within what reordering n terms can change, 2 n eps sum|t|.
    stencil::HostGrid<float, 2> YCpu(E);
    double TotalCpu = 0.0, Magnitude = 0.0;
    stencil::reference(scale_add, X, YCpu, TotalCpu, 2.0f, 0.5f);
    stencil::Grid<float, 2> DeviceX(X), DeviceY(E);
    double TotalGpu = gpu::scale_add(DeviceX, DeviceY, 2.0f, 0.5f).total;
    Ok &= sameBits(DeviceY.download(), YCpu, "scale_add: y");
    for (float V : YCpu.vector())
      Magnitude += std::fabs(double(V));
    double Bound = 2.0 * double(YCpu.size()) * DBL_EPSILON * Magnitude;
    if (std::fabs(TotalGpu - TotalCpu) > Bound) {
      std::printf("FAIL: scale_add: total: GPU %.17g, CPU reference %.17g, "
                  "more apart than %.3g\n",
                  TotalGpu, TotalCpu, Bound);
      Ok = false;
    }
    if (Ok)
      std::printf("PASS: jacobi: unew and change bit-identical; scale_add: y "
                  "bit-identical, total %.17g vs %.17g (bound %.3g)\n",
                  TotalGpu, TotalCpu, Bound);
    return Ok ? 0 : 1;
  } catch (const std::exception &Error) {
    std::fprintf(stderr, "reference_test: error: %s\n", Error.what());
    return 1;
  }
}
