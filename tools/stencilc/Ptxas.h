//===- Ptxas.h - compile generated CUDA with nvcc -Xptxas -v --------------===//
//
// `--report=ptxas` compiles the CUDA stencilc just generated, device code
// only (nvcc --cubin), with ptxas in verbose mode, and hands the log to
// codegen/Report.cpp, which reads registers, shared memory and spills per
// __global__ function from it. nvcc comes from PATH, else /usr/local/cuda/bin.
//
//===----------------------------------------------------------------------===//
#ifndef STENCILC_TOOLS_STENCILC_PTXAS_H
#define STENCILC_TOOLS_STENCILC_PTXAS_H

#include <optional>
#include <string>
#include <vector>

namespace stencilc {

/// The nvcc to use, or nullopt when there is none.
std::optional<std::string> findNvcc();

struct PtxasRun {
  bool Ok = false;
  std::string Log; ///< nvcc's and ptxas's output (ptxas -v writes to it)
};

/// Writes Header (as HeaderName) and Cuda into a fresh temporary directory
/// and compiles the CUDA for Arch with -Xptxas -v against IncludeDirs.
PtxasRun runPtxas(const std::string &Nvcc, const std::string &Cuda,
                  const std::string &Header, const std::string &HeaderName,
                  const std::string &Arch,
                  const std::vector<std::string> &IncludeDirs);

} // namespace stencilc

#endif
