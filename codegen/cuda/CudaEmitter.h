//===- CudaEmitter.h - IR to CUDA source and host header ------------------===//
//
// Writes NAME.cu (one __global__ kernel and one host launcher per IR kernel)
// and NAME.h (the host API: one function per kernel taking stencil::Grid
// arguments and scalars, returning the reductions). The emitter follows the
// decisions recorded on each ir::Kernel by the passes (schedule, uniforms,
// cached grids, merged arrays, reduction and histogram lowering); it makes no
// decisions of its own beyond the straightforward lowering.
//
//===----------------------------------------------------------------------===//
#ifndef STENCILC_CODEGEN_CUDA_CUDAEMITTER_H
#define STENCILC_CODEGEN_CUDA_CUDAEMITTER_H

#include "codegen/IR.h"

#include <string>

namespace stencilc {

struct EmitOptions {
  std::string Namespace = "gpu"; ///< C++ namespace of the host API
  std::string HeaderName;        ///< how NAME.cu includes NAME.h
  std::string Arch = "sm_90";    ///< target architecture (for comments/checks)
  bool LineDirectives = false;   ///< emit #line pointing into the spec
  /// Let nvcc fuse a*b+c into FMAs (its default). Off, floating multiplies
  /// are emitted as __fmul_rn/__dmul_rn, which nvcc never contracts, so the
  /// GPU rounds exactly as the CPU reference does: with contraction,
  /// -1 + dx*i at the boundary gives -4.4e-16 where the reference has 0.
  bool ContractFma = false;
  /// Also declare and define, per kernel, a launcher over
  /// stencil::DistGrid (stencil/distributed.hpp; DistributedLauncher.cpp).
  /// Off, NAME.h and NAME.cu are what they were before distributed grids.
  bool Distributed = false;
};

struct EmitResult {
  std::string Cuda;   ///< NAME.cu
  std::string Header; ///< NAME.h
};

EmitResult emitCuda(const ir::Module &M, const EmitOptions &Opts);

} // namespace stencilc

#endif
