//===- BoundaryShell.cpp - kernels with boundary rules: the shell kernel --===//
//
// A kernel whose grids have boundary rules (ir::Param::Boundary) is launched
// as two kernels (docs/passes/boundary.md): the unchanged __global__ kernel
// over the interior, where no read leaves a grid, so its loads stay
// branch-free; and NAME_shell_kernel over the rest of the domain, the shell
// (stencil::detail::Shell: at most 2R boxes walked with one flat index, one
// point per thread). In the shell every read of a ruled grid at a non-zero
// offset along a ruled dimension goes through stencil::detail::mapCoordinate
// (the CPU reference's mapping), a Constant dimension through a select on
// insideExtent; the point work is otherwise the interior's (same statements,
// reductions into the same slots, records and InOut locals at the same
// linear index). The shell kernel never uses smem-cache's shared tiles.
//
// This file holds the shell kernel and its launch; Launcher.cpp calls
// boundaryDomainSetup and shellLaunch for kernels with rules only, so the
// CUDA of every other kernel is unchanged.
//
//===----------------------------------------------------------------------===//
#include "codegen/cuda/KernelEmitter.h"

#include <cstdlib>
#include <sstream>
#include <string>
#include <vector>

namespace stencilc::cuda {

using namespace ir;

/// The shell kernel's parameters: the interior kernel's, without the
/// schedule's (points per thread, smem-cache tiles), the shell for the domain.
/// (A kernel with boundary rules has no histograms: the frontend and the
/// verifier refuse them.)
std::vector<std::string> KernelEmitter::shellParams() const {
  std::vector<std::string> Args = pointParams();
  Args.push_back("stencil::detail::Shell<" + std::to_string(K.Rank) +
                 "> shell_");
  return Args;
}

/// The launcher's arguments for shellParams(), comma-separated.
std::string KernelEmitter::shellArguments() const {
  std::vector<std::string> Args = pointArguments();
  Args.push_back("shell_");
  return joinArguments(Args);
}

/// A read in the shell. Along a ruled dimension read at a non-zero offset
/// the coordinate is mapped; other reads are the interior's (the domain keeps
/// unruled reads inside, and an offset of 0 is always inside).
std::string KernelEmitter::shellRead(const GridRead &G) {
  const Param *P = K.findParam(G.Grid);
  bool Mapped = false;
  for (int D = 0; D < K.Rank; ++D)
    Mapped |= G.Offsets[D] != 0 && P && P->ruleOf(D) != EdgeRule::Interior;
  if (!Mapped) {
    if (InOutLocals.count(G.Grid))
      return inOutLocal(G.Grid);
    int Field = 0;
    if (const MergeGroup *M = mergeGroupOf(G.Grid, Field))
      return recordField(*M, Field);
    return G.Grid + "[" + offsetExpr(G.Offsets) + "]";
  }
  std::string Index, Outside;
  std::vector<std::string> Fills;
  for (int D = 0; D < K.Rank; ++D) {
    const std::string I = "i" + std::to_string(D) + "_";
    const int O = G.Offsets[D];
    std::string C = I;
    if (O != 0)
      C = "(" + I + (O < 0 ? " - " : " + ") + std::to_string(std::abs(O)) + ")";
    const EdgeRule Rule = P->ruleOf(D);
    const std::string N = "Index(shell_.Extent[" + std::to_string(D) + "])";
    if (O != 0 && Rule != EdgeRule::Interior) {
      if (Rule == EdgeRule::Constant) {
        // The outermost dimension the read leaves gives the value, as in
        // the reference: test the dimensions in order.
        Outside += "!stencil::detail::insideExtent<Index>(" + C + ", " + N +
                   ") ? " + exprAsLiteral(P->Boundary[D].Value, P->Elem) +
                   " : ";
      }
      C = "stencil::detail::mapCoordinate<Index>(" +
          std::string(edgeRuleRuntimeName(Rule)) + ", " + C + ", " + N + ")";
    }
    if (D != K.Rank - 1)
      C += " * stride" + std::to_string(D) + "_";
    Index += (D ? " + " : "") + C;
  }
  std::string Load = G.Grid + "[" + Index + "]";
  return Outside.empty() ? Load : "(" + Outside + Load + ")";
}

/// A Constant rule's value as a literal of the grid's element type (the
/// verifier checked that the type holds it exactly).
std::string KernelEmitter::exprAsLiteral(int64_t V, Type T) {
  if (isInteger(T))
    return intLiteral(V, T);
  return floatLiteral(static_cast<double>(V), T);
}

std::string KernelEmitter::shellKernel() {
  const int R = K.Rank;
  const int Depth = 2;
  InShell = true;
  std::ostringstream Points;
  Points << inOutLoads(Depth);
  block(Points, K.Body, Depth);
  InShell = false;

  std::ostringstream OS;
  const std::vector<std::string> Args = shellParams();
  OS << "/// " << K.Name << "'s boundary shell: the domain minus the interior "
     << "that " << kernelName() << "\n/// covers, one point per thread, reads "
     << "of ruled grids through their rules.\n";
  OS << "template <class Index>\n__global__ void "
        "__launch_bounds__(stencil::detail::ShellThreads) "
     << shellKernelName() << "(";
  for (size_t I = 0; I < Args.size(); ++I)
    OS << (I ? ",\n    " : "\n    ") << Args[I];
  OS << ") {\n";
  OS << threadPartials();
  for (int D = 0; D < R - 1; ++D)
    OS << "  const Index stride" << D << "_ = Index(shell_.Stride[" << D
       << "]);\n";
  OS << "  for (int64_t t_ = int64_t(blockIdx.x) * blockDim.x + threadIdx.x; "
        "t_ < shell_.points();\n       t_ += int64_t(gridDim.x) * "
        "blockDim.x) {\n";
  OS << "    int64_t p_[" << R << "];\n";
  OS << "    stencil::detail::shellPoint<" << R << ">(shell_, t_, p_);\n";
  for (int D = 0; D < R; ++D)
    OS << "    const Index i" << D << "_ = Index(p_[" << D << "]);\n";
  OS << "    const Index at_ = " << linearIndex() << ";\n";
  OS << recordLoads(Depth);
  OS << Points.str();
  OS << "  }\n";
  OS << blockReductions();
  OS << "}\n\n";
  return OS.str();
}

/// The domain (every point along ruled dimensions, or the options' region,
/// checked against the unruled reads only), the interior the unchanged
/// kernel takes, and the shell.
std::string KernelEmitter::boundaryDomainSetup() const {
  std::ostringstream OS;
  const std::string R = std::to_string(K.Rank);
  OS << "  // Boundary rules: the interior kernel, then the shell kernel "
        "(docs/passes/boundary.md).\n";
  OS << "  const stencil::detail::Domain<" << R
     << "> full_ = stencil::detail::launchDomain<" << R
     << ">(kernel_name_, extents_, " << arr3(K.Foot.DomainLo) << ", "
     << arr3(K.Foot.DomainHi) << ", " << OptsName << ");\n";
  OS << "  const stencil::detail::Domain<" << R
     << "> domain_ = stencil::detail::interiorDomain<" << R
     << ">(full_, extents_, " << arr3(K.Foot.Lo) << ", " << arr3(K.Foot.Hi)
     << ");\n";
  OS << "  const stencil::detail::Shell<" << R
     << "> shell_ = stencil::detail::shellOf<" << R
     << ">(full_, domain_, extents_);\n";
  return OS.str();
}

/// The shell kernel's launch, after the interior's, on the same stream.
std::string KernelEmitter::shellLaunch() const {
  std::ostringstream OS;
  const std::string &O = OptsName;
  OS << "    if (shell_.points() > 0) {\n";
  OS << "      static const char shell_name_[] = \"" << K.Name
     << " (boundary shell)\";\n";
  OS << "      const dim3 shell_block_(stencil::detail::ShellThreads);\n";
  OS << "      const dim3 shell_grid_ = "
        "stencil::detail::shellGrid(shell_.points());\n";
  OS << "      auto* const shell_kernel_ = kernel_ == &" << kernelName()
     << "<int> ? &" << shellKernelName() << "<int> : &" << shellKernelName()
     << "<int64_t>;\n";
  OS << "      stencil::detail::LaunchTimer shell_timer_(shell_name_, "
        "shell_grid_, shell_block_, "
     << O << ".Stream);\n";
  OS << "      shell_kernel_<<<shell_grid_, shell_block_, "
     << reductionSmem("shell_block_") << ", " << O << ".Stream>>>("
     << shellArguments() << ");\n";
  OS << "      STENCIL_CUDA_CHECK(cudaGetLastError(), kernel_name_);\n";
  OS << "      shell_timer_.finish();\n";
  OS << "    }\n";
  return OS.str();
}

/// The doc comment's line on the rules.
std::string KernelEmitter::boundaryDoc() const {
  std::ostringstream OS;
  for (const Param &P : K.Params) {
    if (P.Boundary.empty())
      continue;
    OS << "/// Boundary of " << P.Name << ":";
    for (size_t D = 0; D < P.Boundary.size(); ++D) {
      OS << (D ? ", " : " ") << edgeRuleName(P.Boundary[D].Rule);
      if (P.Boundary[D].Rule == EdgeRule::Constant)
        OS << " " << P.Boundary[D].Value;
    }
    OS << " (the interior kernel, then the shell kernel).\n";
  }
  return OS.str();
}

} // namespace stencilc::cuda
