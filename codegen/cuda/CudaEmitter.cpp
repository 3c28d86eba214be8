//===- CudaEmitter.cpp - IR to CUDA source and host header ----------------===//
//
// One __global__ kernel per IR kernel, a template on its index type (int
// while every linear index fits, which saves registers; int64_t otherwise:
// docs/performance.md#measurements), whose threads walk the domain with
// grid-stride loops, x along the last (contiguous) dimension. What `tile`
// decided is lowered here: the streamed dimension is the innermost loop,
// walked in chunks of points_per_thread_ consecutive points, and a persistent
// schedule launches only the blocks that fit on the device at once. Grid reads
// are loads at the point's linear index plus a constant offset in units of the
// row-major strides; a grid that `merge-arrays` put in a record array is a
// field of the record, loaded once per point with 16-byte loads, and the
// launcher packs the records (stencil::detail::RecordArray).
//
// Reductions accumulate per thread, combine per block (tree or warp shuffles,
// as ir::Kernel::Reductions says) and end in one atomic per block. Without
// histograms the block adds to one of ReductionSlots device accumulators
// (kept at their identities between launches) and a one-block finalize
// kernel combines the slots, resets them and writes the totals to mapped
// pinned host memory (no copies per launch besides that); with histograms
// the launcher initialises and reads back a scratch struct.
// Kernels with histograms are templates over their lowering instead (their
// index type is int64_t), chosen per launch (HistogramEmitter.h).
//
// Exactness: expressions are printed fully parenthesised in the IR's order,
// every C++ subexpression has exactly the IR type (constants carry their
// suffix, min/max use std::min/std::max semantics), no fast-math function is
// used, and (unless EmitOptions::ContractFma) floating multiplies are
// __fmul_rn/__dmul_rn, which nvcc never fuses into an FMA. The GPU then
// rounds every operation as the CPU reference does; only reduction order
// and the last ulp of transcendental functions differ.
//
// The emitter is one class, KernelEmitter, over one file per concern
// (KernelEmitter.h lists them). This file holds emitCuda, the per-kernel
// layout of NAME.h and NAME.cu, and the kernel's local names.
//
//===----------------------------------------------------------------------===//
#include "codegen/cuda/CudaEmitter.h"
#include "codegen/cuda/KernelEmitter.h"

#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

namespace stencilc {

using namespace ir;

namespace {

//===----------------------------------------------------------------------===//
// Small utilities
//===----------------------------------------------------------------------===//

std::string baseName(const std::string &Path) {
  size_t Slash = Path.find_last_of('/');
  return Slash == std::string::npos ? Path : Path.substr(Slash + 1);
}

std::string stem(const std::string &Path) {
  std::string B = baseName(Path);
  size_t Dot = B.find('.');
  return Dot == std::string::npos ? B : B.substr(0, Dot);
}

bool isIdentChar(char C) {
  return (C >= 'a' && C <= 'z') || (C >= 'A' && C <= 'Z') ||
         (C >= '0' && C <= '9') || C == '_';
}

} // namespace

namespace cuda {

std::string indent(int Depth) { return std::string(2 * Depth, ' '); }

/// A C++ spelling of T that names the same type on host and device.
std::string cxxType(Type T) { return cudaTypeName(T); }

//===----------------------------------------------------------------------===//
// Per-kernel emission
//===----------------------------------------------------------------------===//

/// The declaration part of the header: the result struct and the launcher.
std::string KernelEmitter::headerDecl() const {
  std::ostringstream OS;
  if (hasReductions()) {
    OS << "/// The reductions of " << K.Name << ", converted to their value "
       << "types.\n";
    OS << "struct " << resultType() << " {\n";
    for (const Param &P : K.reductions())
      OS << "  " << cxxType(P.Elem) << " " << P.Name << ";\n";
    OS << "};\n\n";
  }
  OS << docComment();
  OS << launcherSignature(/*WithDefault=*/true) << ";\n";
  if (selfResetting())
    OS << "\nnamespace async {\n/// " << K.Name
       << " without waiting for its reductions: the launch is queued on "
          "opts.Stream and\n/// get() waits for it alone (the plain launcher "
          "is this and get()).\n"
       << launcherSignature(/*WithDefault=*/true, /*Async=*/true)
       << ";\n} // namespace async\n";
  if (hasSweeps())
    OS << fusedDecl();
  if (Opts.Distributed)
    OS << distributedDecl();
  return OS.str();
}

std::string KernelEmitter::source() {
  // kernelBody fills the Uses* flags.
  std::string Body = skewedRows() ? skewedBodies() : kernelBody();
  PointBody = Body;
  std::ostringstream OS;
  OS << "// " << K.Name << " (" << SpecFile;
  if (K.Loc.valid())
    OS << ":" << K.Loc.Line;
  OS << "): passes applied: ";
  if (K.PassesApplied.empty())
    OS << "none";
  for (size_t I = 0; I < K.PassesApplied.size(); ++I)
    OS << (I ? ", " : "") << K.PassesApplied[I];
  OS << "\n// reductions: "
     << (hasReductions() ? loweringName(K.Reductions) : "none")
     << "; histograms: "
     << (hasHistograms() ? loweringName(K.Histograms) : "none") << "\n";
  OS << "namespace {\n\n";
  if (selfResetting())
    OS << accumulatorStruct();
  // Launched after the kernel before it (launchAfterPrevious): nothing is
  // read or written before that kernel is done.
  OS << kernelSignature() << " {\n"
     << (dependentLaunch() ? "  stencil::detail::waitForPreviousGrid(); // "
                             "a dependent launch\n"
                           : "")
     << Body << "}\n\n";
  if (K.hasBoundary())
    OS << shellKernel();
  if (selfResetting())
    OS << finalizeKernel() << resultReader();
  OS << recordAccessors();
  OS << "} // namespace\n\n";
  OS << launcher();
  if (hasSweeps())
    OS << fusedSource();
  if (Opts.Distributed)
    OS << distributedLauncher();
  return OS.str();
}

//--- names ---------------------------------------------------------------

/// Spec names stay as written; the names of uniforms (hoist-division's
/// "rcp_b") and locals become identifiers that collide with nothing else in
/// the kernel.
void KernelEmitter::assignNames() {
  for (const Param &P : K.Params)
    Taken.insert(P.Name);
  OptsName = Taken.count("opts") ? "launch_opts" : "opts";
  auto Add = [&](const std::string &Name) {
    std::string S;
    for (char C : Name)
      S += isIdentChar(C) ? C : '_';
    if (S.empty() || (S[0] >= '0' && S[0] <= '9'))
      S = "v_" + S;
    std::string Unique = S;
    for (int N = 1; Taken.count(Unique); ++N)
      Unique = S + "_" + std::to_string(N);
    Taken.insert(Unique);
    Names[Name] = Unique;
  };
  for (const Uniform &U : K.Uniforms)
    Add(U.Name);
  forEachDeclare(K.Body, Add);
  // Jam lanes 1.. declare their own copy of every local (lane 0 keeps the
  // name), named after it.
  for (int L = 1; L < maxLanes(); ++L)
    forEachDeclare(K.Body, [&](const std::string &Name) {
      std::string Base = Names[Name] + "_j" + std::to_string(L);
      std::string Unique = Base;
      for (int N = 1; Taken.count(Unique); ++N)
        Unique = Base + "_" + std::to_string(N);
      Taken.insert(Unique);
      LaneNames[{Name, L}] = Unique;
    });
}

template <class F> void KernelEmitter::forEachDeclare(const Block &B, F &&Fn) {
  for (const StmtPtr &S : B) {
    if (S->Kind == StmtKind::Declare)
      Fn(S->Name);
    if (S->Kind == StmtKind::If) {
      forEachDeclare(S->Then, Fn);
      forEachDeclare(S->Else, Fn);
    }
  }
}

std::string KernelEmitter::localName(const std::string &Name) const {
  if (RingLanes && RingCopy && ringCarried(Name)) { // ringGroup's slots
    const int Lanes = Ring->lanes();
    return laneLocal(Name, ((Lane - RingCopy) % Lanes + Lanes) % Lanes);
  }
  return laneLocal(Name, Lane);
}

std::string KernelEmitter::laneLocal(const std::string &Name, int L) const {
  if (L > 0) {
    auto It = LaneNames.find({Name, L});
    if (It != LaneNames.end())
      return It->second;
  }
  auto It = Names.find(Name);
  return It == Names.end() ? Name : It->second;
}

} // namespace cuda

EmitResult emitCuda(const Module &M, const EmitOptions &Opts) {
  const std::string Spec =
      baseName(M.SourceFile.empty() ? "spec.cpp" : M.SourceFile);
  // No header name: the caller writes the header and the CUDA as one
  // stream (header first), so the CUDA includes nothing.
  const std::string &HeaderName = Opts.HeaderName;
  EmitResult R;

  bool AnyHistograms = false, AnySweeps = false;
  for (const Kernel &K : M.Kernels) {
    AnyHistograms |= K.hasHistograms();
    AnySweeps |= cuda::KernelEmitter(K, Opts, Spec).hasSweeps();
  }
  std::ostringstream H;
  H << "// " << (HeaderName.empty() ? stem(Spec) + ".h" : baseName(HeaderName))
    << " - generated by stencilc from " << Spec << "; do not edit.\n"
    << "// Host API: one function per kernel. Grids are stencil::Grid "
       "(device memory);\n"
    << "// reductions are returned; errors throw stencil::Error.\n"
    << "#pragma once\n\n#include <stencil/runtime.hpp>\n"
    << (AnyHistograms ? "#include <stencil/histogram.hpp>\n" : "")
    // NAME_sweeps and NAME_until (FusedSweeps.cpp) return a std::vector and
    // take a std::function.
    << (AnySweeps ? "\n#include <functional>\n#include <vector>\n" : "")
    << (Opts.Distributed ? "#include <stencil/distributed.hpp>\n" : "") << "\n"
    << "namespace " << Opts.Namespace << " {\n\n";
  for (const Kernel &K : M.Kernels)
    H << cuda::KernelEmitter(K, Opts, Spec).headerDecl() << "\n";
  H << "} // namespace " << Opts.Namespace << "\n";
  R.Header = H.str();

  std::ostringstream C;
  C << "// " << stem(Spec) << ".cu - generated by stencilc from " << Spec
    << " for " << Opts.Arch << "; do not edit.\n"
    << (HeaderName.empty() ? "" : "#include \"" + HeaderName + "\"\n\n")
    << "#include <cmath>\n#include <cstdint>\n#include <limits>\n\n"
    << "namespace " << Opts.Namespace << " {\n\n";
  for (const Kernel &K : M.Kernels) {
    // The schedule variants first (tune-variants): K's launcher calls them.
    EmitOptions VariantOpts = Opts;
    VariantOpts.Distributed = false;
    for (size_t V = 1; V <= K.Variants.size(); ++V) {
      Kernel Variant = K.clone();
      Variant.Name = cuda::KernelEmitter::variantName(K.Name, int(V));
      Variant.Sched = K.Variants[V - 1];
      Variant.Variants.clear();
      cuda::KernelEmitter E(Variant, VariantOpts, Spec);
      E.asVariant(K.Name, int(V));
      C << "namespace stencil_variants_ { // " << K.Name << "'s variant " << V
        << " (--tune-variants)\n\n"
        << E.source() << "} // namespace stencil_variants_\n\n";
    }
    cuda::KernelEmitter E(K, Opts, Spec);
    C << E.source() << "\n";
  }
  C << "} // namespace " << Opts.Namespace << "\n";
  R.Cuda = C.str();
  return R;
}

} // namespace stencilc
