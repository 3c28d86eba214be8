// main.cu - runs scale_add and max_abs on the GPU through the host API that
// stencilc_add_kernels generated (stencilc/scale.h, stencilc/norm.h), or, on a
// machine without a CUDA device, on the CPU through the same specs and
// stencil::reference. Either way it checks the results against a plain loop
// and prints PASS or FAIL.
#include "norm.spec.cpp" // the kernels, for the CPU reference
#include "scale.spec.cpp"

#include "norm.h" // generated: namespace kernels
#include "scale.h"

#include <cuda_runtime.h>

#include <cmath>
#include <cstdio>
#include <exception>

namespace {

constexpr float A = 2.0f, B = 0.5f;

bool haveGpu() {
  int Count = 0;
  return cudaGetDeviceCount(&Count) == cudaSuccess && Count > 0;
}

bool close(double Got, double Want, double Tolerance, const char *What) {
  if (std::fabs(Got - Want) <= Tolerance * std::fmax(1.0, std::fabs(Want)))
    return true;
  std::printf("mismatch in %s: got %.9g, expected %.9g\n", What, Got, Want);
  return false;
}

} // namespace

int main() {
  const stencil::Extents<2> E{300, 200};
  stencil::HostGrid<float, 2> X(E);
  for (int64_t I = 0; I < E[0]; ++I)
    for (int64_t J = 0; J < E[1]; ++J)
      X(I, J) = float((I * 31 + J * 17) % 101) / 50.0f - 1.0f;

  // What both paths must reproduce.
  double WantTotal = 0.0;
  float WantPeak = 0.0f;
  for (int64_t I = 0; I < E[0]; ++I)
    for (int64_t J = 0; J < E[1]; ++J) {
      float V = A * X(I, J) + B;
      WantTotal += V;
      WantPeak = std::fmax(WantPeak, std::fabs(V));
    }

  try {
    stencil::HostGrid<float, 2> Y(E);
    double Total = 0.0;
    float Peak = 0.0f;
    const char *Where;
    if (haveGpu()) {
      Where = "gpu";
      stencil::Grid<float, 2> DeviceX(X), DeviceY(E);
      Total = kernels::scale_add(DeviceX, DeviceY, A, B).total;
      Peak = kernels::max_abs(DeviceY).peak;
      Y = DeviceY.download();
    } else {
      Where = "cpu";
      std::printf(
          "no CUDA device: running the CPU reference (stencil::reference)\n");
      stencil::reference(scale_add, X, Y, Total, A, B);
      stencil::reference(max_abs, Y, Peak);
    }
    bool Ok = close(Total, WantTotal, 1e-9, "total") &&
              close(Peak, WantPeak, 1e-6, "peak");
    for (int64_t I = 0; Ok && I < E[0]; ++I)
      for (int64_t J = 0; Ok && J < E[1]; ++J)
        Ok = close(Y(I, J), A * X(I, J) + B, 1e-6, "y");
    std::printf("[%s] scale_add total = %.6f, max_abs peak = %.6f: %s\n", Where,
                Total, double(Peak), Ok ? "PASS" : "FAIL");
    return Ok ? 0 : 1;
  } catch (const std::exception &Error) {
    std::fprintf(stderr, "scale_consumer: error: %s\n", Error.what());
    return 1;
  }
}
