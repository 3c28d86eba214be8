//===- Launcher.cpp - the host launcher and its declaration ---------------===//
//
// The host side of a kernel: the function NAME.h declares (signature and doc
// comment) and its definition in NAME.cu. The launcher checks the grids'
// extents and computes the domain (domainSetup), picks the block and grid
// shape, the index type and the dynamic shared memory (launchShape), sets up
// the device-side reduction and histogram buffers (reductionBuffers), packs
// merged grids into records (recordPacking), launches the kernel and, for
// self-resetting reductions, the finalize kernel (kernelLaunch), and reads
// the results back (readback). Kernels with self-resetting reductions get an
// async:: launcher returning a stencil::Pending and a plain one that waits
// on it; kernels with histograms choose their lowering per launch
// (HistogramEmitter).
//
//===----------------------------------------------------------------------===//
#include "codegen/cuda/HistogramEmitter.h"
#include "codegen/cuda/KernelEmitter.h"
#include "codegen/IRPrinter.h"
#include "runtime/include/stencil/detail/fill_rule.hpp"

#include <algorithm>
#include <array>
#include <sstream>
#include <string>
#include <vector>

namespace stencilc::cuda {

using namespace ir;

/// The launcher's signature; Async: the async:: launcher's, which returns
/// a stencil::Pending of the result (kernels with self-resetting
/// reductions only); Distributed: the one over distributed grids
/// (histograms stay stencil::Grid).
std::string KernelEmitter::launcherSignature(bool WithDefault, bool Async,
                                             bool Distributed) const {
  std::vector<std::string> Args;
  for (const Param &P : K.Params) {
    std::string T = cxxType(P.Elem);
    std::string G = (Distributed ? "stencil::DistGrid<" : "stencil::Grid<") +
                    T + ", " + std::to_string(P.Rank) + ">";
    switch (P.Kind) {
    case ParamKind::In:
      Args.push_back("const " + G + "& " + P.Name);
      break;
    case ParamKind::Out:
    case ParamKind::InOut:
      Args.push_back(G + "& " + P.Name);
      break;
    case ParamKind::Histogram:
      Args.push_back("stencil::Grid<" + T + ", 1>& " + P.Name);
      break;
    case ParamKind::Scalar:
      Args.push_back(T + " " + P.Name);
      break;
    default: // reductions are returned, not passed
      break;
    }
  }
  Args.push_back("const stencil::LaunchOptions& " + OptsName +
                 (WithDefault ? " = {}" : ""));
  std::string Ret = hasReductions() ? resultType() : "void";
  if (Async)
    Ret = (Distributed ? "stencil::DistPending<" : "stencil::Pending<") +
          resultType() + ">";
  std::string S = Ret + " " + K.Name + "(";
  for (size_t I = 0; I < Args.size(); ++I)
    S += (I ? ",\n    " : "\n    ") + Args[I];
  return S + ")";
}

/// The launcher's parameter names, comma-separated, for forwarding.
std::string
KernelEmitter::launcherArgumentNames(const std::string &Opts) const {
  std::string S;
  for (const Param &P : K.Params)
    if (isGrid(P.Kind) || P.Kind == ParamKind::Histogram ||
        P.Kind == ParamKind::Scalar)
      S += P.Name + ", ";
  return S + (Opts.empty() ? OptsName : Opts);
}

std::string KernelEmitter::docComment() const {
  std::ostringstream OS;
  OS << "/// " << K.Name << " (" << SpecFile;
  if (K.Loc.valid())
    OS << ":" << K.Loc.Line;
  OS << "), rank " << K.Rank << ".\n/// Domain: ";
  // With boundary rules the domain is wider than the interior: the radii of
  // the reads without a rule.
  const bool Rules = K.hasBoundary();
  const std::array<int, 3> &Lo = Rules ? K.Foot.DomainLo : K.Foot.Lo;
  const std::array<int, 3> &Hi = Rules ? K.Foot.DomainHi : K.Foot.Hi;
  bool Interior = false;
  for (int D = 0; D < K.Rank; ++D)
    Interior |= Lo[D] || Hi[D];
  if (!Interior)
    OS << "every point";
  else
    OS << "the interior";
  OS << " [";
  for (int D = 0; D < K.Rank; ++D) {
    OS << (D ? ", " : "") << Lo[D] << "..E" << D;
    if (Hi[D])
      OS << "-" << Hi[D];
  }
  OS << "), or " << OptsName << "'s region (checked against the footprint).\n";
  if (Rules)
    OS << boundaryDoc();
  for (const GridFootprint &G : K.Foot.Grids) {
    OS << "/// Reads " << G.Grid << " at";
    for (const std::vector<int> &O : G.Offsets) {
      OS << " (";
      for (size_t I = 0; I < O.size(); ++I)
        OS << (I ? "," : "") << O[I];
      OS << ")";
    }
    OS << ".\n";
  }
  for (const Param &P : K.Params) {
    if (P.Kind == ParamKind::Out || P.Kind == ParamKind::InOut)
      OS << "/// Writes " << P.Name << " at the centre.\n";
    if (P.Kind == ParamKind::Histogram)
      OS << "/// Adds to histogram " << P.Name
         << " (not cleared; a bin outside it throws stencil::Error).\n";
    if (isReduction(P.Kind))
      OS << "/// Returns " << P.Name << ": " << reductionKindName(P.Kind) << "<"
         << cxxType(P.Elem) << ", " << cxxType(P.Accum) << ">.\n";
  }
  return OS.str();
}

const Param *KernelEmitter::firstGrid() const {
  for (const Param &P : K.Params)
    if (isGrid(P.Kind))
      return &P;
  return nullptr;
}

std::string KernelEmitter::arr3(const std::array<int, 3> &A) {
  return "{" + std::to_string(A[0]) + ", " + std::to_string(A[1]) + ", " +
         std::to_string(A[2]) + "}";
}

/// The launcher's definition (for self-resetting reductions: the async::
/// one, then the plain one that waits on it).
std::string KernelEmitter::launcher() {
  std::ostringstream OS;
  const Param *First = firstGrid();
  if (selfResetting())
    OS << "namespace async {\n\n";
  OS << launcherSignature(/*WithDefault=*/false, selfResetting()) << " {\n";
  OS << "  static const char kernel_name_[] = \"" << baseName() << "\";\n";
  if (!First) {
    OS << "  static_assert(sizeof(kernel_name_) == 0, \"a kernel needs a "
          "grid\");\n}\n";
    return OS.str();
  }
  OS << domainSetup(First);
  if (VariantIndex) // its kernel's launcher tuned the options
    OS << "  const stencil::LaunchOptions& tuned_opts_ = " << OptsName << ";\n";
  else
    OS << tuning() << variantDispatch();
  const std::string Given = OptsName;
  OptsName = "tuned_opts_"; // the rest of the launch uses the tuned options
  OS << launchShape();
  OS << reductionBuffers();
  OS << "  if (!" << (K.hasBoundary() ? "full_" : "domain_") << ".empty()) {\n";
  OS << recordPacking();
  OS << kernelLaunch();
  OS << "  }\n";
  OS << readback();
  OptsName = Given;
  return OS.str();
}

/// The launch's options from stencil::detail::tunedOptions
/// (stencil/detail/tuning.hpp): the caller's when they set a shape, else a
/// cached or (STENCIL_TUNE=1) freshly tuned shape, else the compiled one. A
/// trial launch calls this launcher again with a shape; the grids it writes
/// and reads back (InOut, histograms) are restored around every trial.
std::string KernelEmitter::tuning() const {
  std::ostringstream OS;
  const std::string &O = OptsName;
  std::string Outputs, HistogramBytes;
  for (const Param &P : K.Params) {
    if (P.Kind == ParamKind::InOut || P.Kind == ParamKind::Histogram)
      Outputs += std::string(Outputs.empty() ? "" : ", ") + "{" + P.Name +
                 ".data(), " + P.Name + ".bytes()}";
    if (P.Kind == ParamKind::Histogram) // its size is part of the class
      HistogramBytes +=
          (HistogramBytes.empty() ? "" : ", ") + P.Name + ".bytes()";
  }
  OS << "  const stencil::LaunchOptions tuned_opts_ = "
        "stencil::detail::tunedOptions<"
     << K.Rank << ">(\n      kernel_name_, " << ir::kernelHash(K)
     << "ull, extents_, {" << K.Rank << ", " << arr3(K.Sched.Block) << ", "
     << K.Sched.PointsPerThread << ", "
     << (K.Sched.StreamDim >= 0 ? "true" : "false") << ", "
     << (K.Sched.Persistent ? "true" : "false") << ", " << launchBound()
     << (K.Variants.empty() ? "" : ", " + std::to_string(K.Variants.size()))
     << "}, " << O << ",\n      [&](const stencil::LaunchOptions& trial_) { "
     << "(void)" << K.Name << "(" << launcherArgumentNames("trial_") << ")"
     << (selfResetting() ? ".get()" : "") << "; },\n      {" << Outputs << "}"
     << (HistogramBytes.empty() ? "" : ", {" + HistogramBytes + "}") << ");\n";
  return OS.str();
}

/// The launch of schedule variant tuned_opts_.Variant (tune-variants): its
/// own launcher, with the tuned options less the variant.
std::string KernelEmitter::variantDispatch() const {
  if (K.Variants.empty())
    return "";
  std::ostringstream OS;
  OS << "  if (tuned_opts_.Variant != 0) { // a schedule variant "
        "(--tune-variants)\n"
     << "    stencil::LaunchOptions variant_opts_ = tuned_opts_;\n"
     << "    variant_opts_.Variant = 0;\n"
     << "    switch (tuned_opts_.Variant) {\n";
  for (size_t V = 1; V <= K.Variants.size(); ++V)
    OS << "    case " << V << ":\n      return stencil_variants_::"
       << (selfResetting() ? "async::" : "") << variantName(K.Name, int(V))
       << "(" << launcherArgumentNames("variant_opts_") << ");\n";
  OS << "    }\n  }\n"; // tunedOptions refused any other Variant
  return OS.str();
}

/// The extents (the same for every grid), the domain (the interior, or the
/// options' region) and the launch-uniform values. With boundary rules the
/// interior and the shell (boundaryDomainSetup), or with Whole the whole
/// domain alone, as domain_ (the fused tiles, which map reads themselves).
std::string KernelEmitter::domainSetup(const Param *First, bool Whole) {
  std::ostringstream OS;
  const std::string R = std::to_string(K.Rank);
  const std::string &O = OptsName;
  OS << "  const stencil::Extents<" << R << "> extents_ = " << First->Name
     << ".extents();\n";
  for (const Param &P : K.Params)
    if (isGrid(P.Kind) && &P != First)
      OS << "  stencil::detail::requireSameExtents<" << R
         << ">(kernel_name_, \"" << First->Name << "\", extents_, \"" << P.Name
         << "\", " << P.Name << ".extents());\n";
  OS << aliasChecks();
  const bool Rules = K.hasBoundary();
  if (Rules && !Whole)
    OS << boundaryDomainSetup();
  else
    OS << "  const stencil::detail::Domain<" << R
       << "> domain_ = stencil::detail::launchDomain<" << R
       << ">(kernel_name_, extents_, "
       << arr3(Rules ? K.Foot.DomainLo : K.Foot.Lo) << ", "
       << arr3(Rules ? K.Foot.DomainHi : K.Foot.Hi) << ", " << O << ");\n";
  for (const Uniform &U : K.Uniforms)
    OS << "  const " << cxxType(U.Ty) << " " << localName(U.Name) << " = "
       << expr(U.Value, /*Host=*/true) << "; // uniform, once per launch\n";
  return OS.str();
}

/// One requireDisjoint per pair of buffers (grids and histograms) of which the
/// launch writes at least one.
std::string KernelEmitter::aliasChecks() const {
  auto Role = [](ParamKind K) {
    switch (K) {
    case ParamKind::In:
      return "read";
    case ParamKind::InOut:
      return "read and written";
    default:
      return "written";
    }
  };
  auto Buffer = [](const Param &P) {
    return isGrid(P.Kind) || P.Kind == ParamKind::Histogram;
  };
  std::ostringstream OS;
  for (size_t I = 0; I < K.Params.size(); ++I)
    for (size_t J = I + 1; J < K.Params.size(); ++J) {
      const Param &A = K.Params[I], &B = K.Params[J];
      if (!Buffer(A) || !Buffer(B) ||
          (A.Kind == ParamKind::In && B.Kind == ParamKind::In))
        continue;
      OS << "  stencil::detail::requireDisjoint(kernel_name_, \"" << A.Name
         << "\", \"" << Role(A.Kind) << "\", " << A.Name << ".data(), "
         << A.Name << ".bytes(), \"" << B.Name << "\", \"" << Role(B.Kind)
         << "\", " << B.Name << ".data(), " << B.Name << ".bytes());\n";
    }
  return OS.str();
}

/// The block and grid shape and the points per thread; without histograms
/// also the index type (kernel_) and the dynamic shared memory (smem_).
std::string KernelEmitter::launchShape() {
  std::ostringstream OS;
  const std::string R = std::to_string(K.Rank);
  const std::string &O = OptsName;
  const std::string Block = "stencil::detail::blockShape<" + R +
                            ">(kernel_name_, " + arr3(K.Sched.Block) + ", " +
                            std::to_string(launchBound()) + ", " + O + ")";
  if (oneRow())
    OS << "  // Point-wise: a domain of whole rows runs as one row, its "
          "vectors "
          "aligned whatever\n  // the rows' length "
          "(stencil::detail::runsAsOneRow).\n"
       << "  const bool one_row_ = stencil::detail::runsAsOneRow<" << R
       << ">(domain_, extents_, " << O << ");\n"
       << "  const stencil::detail::Domain<" << R
       << "> row_domain_ = one_row_ ? stencil::detail::oneRow<" << R
       << ">(domain_) : domain_;\n";
  if (vectorised() && K.Rank >= 2) // x threads fitted to the rows' vectors
    OS << "  const dim3 block_ = "
       << (oneRow() ? "one_row_ ? stencil::detail::oneRowBlock(" + Block +
                          ")\n      : "
                    : "")
       << "stencil::detail::fitBlockToRows<" << R << ">(" << Block
       << ", domain_, " << K.Sched.Vec << ", " << O << ");\n";
  else
    OS << "  const dim3 block_ = " << Block << ";\n";
  OS << Cache.launcherCheck();
  // Launch-bound sizes take fewer points per thread (pointsToFill below)
  // where the compiled count halves at least once by pointsToFill's own rule
  // (not below the jam); histogram kernels choose their own grid.
  const bool Fills =
      !hasHistograms() && !PersistentShape &&
      stencil::detail::canHalvePoints(K.Sched.PointsPerThread, K.Sched.Jam);
  OS << "  " << (Fills || PersistentShape ? "" : "const ")
     << "int points_per_thread_ = " << O << ".PointsPerThread > 0 ? " << O
     << ".PointsPerThread : " << K.Sched.PointsPerThread << ";\n";
  const std::string Vec =
      vectorised() ? ", vec_ ? " + std::to_string(K.Sched.Vec) + " : 1" : "";
  // gridShape's x also covers the columns a streamed skewed instance's rows
  // drift. Not streamed, a row needs at most one vector more than its
  // columns, which the first thread takes in a second step of its
  // grid-stride loop: a block more along x left most of its threads idle
  // (relax3d at 512 x 512 x 511: 0.99 -> 1.56 x its floor, H200).
  const bool Reach = skewedRows() && K.Sched.StreamDim >= 0;
  const std::string GridVec = Vec + (Reach ? ", vec_ ? reach_ : 0" : "");
  if (hasHistograms()) {
    // Histogram kernels: their own grid and lowering choice
    // (HistogramEmitter.h); privatised launches get a persistent grid there.
    OS << vectorChoice();
    OS << "  const dim3 grid_ = stencil::detail::gridShape<" << R << ">("
       << rowDomain() << ", block_, points_per_thread_, " << streamArgument()
       << Vec << ");\n";
    OS << histogramLauncherChoice(K, O);
  } else {
    int IndexScale = 1;
    for (const MergeGroup &M : K.Merged)
      IndexScale = std::max(IndexScale, recordFields(M) / perVector(M.Elem));
    OS << "  // 32-bit index arithmetic whenever every linear index fits.\n";
    OS << "  const bool narrow_ = stencil::detail::fitsNarrowIndex<" << R
       << ">(extents_, " << IndexScale << ");\n";
    // The instances without the last block's code (lastBlockMayCombine).
    if (PersistentShape) {
      // Persistent sweeps: small grids, int indices only (one instance less).
      OS << "  if (!narrow_)\n    return false;\n"
         << (vectorised() ? "  constexpr bool vec_ = false; // the one-point "
                            "instance (kernelInstance)\n"
                          : "")
         << "  auto* const kernel_ = " << kernelInstance("int", false) << ";\n";
    } else if (vectorised()) {
      OS << vectorChoice();
      OS << "  auto* const kernel_ = narrow_\n      ? "
         << kernelInstance("int", false)
         << "\n      : " << kernelInstance("int64_t", false) << ";\n";
    } else {
      OS << "  auto* const kernel_ = narrow_ ? " << kernelInstance("int", false)
         << " : " << kernelInstance("int64_t", false) << ";\n";
    }
    OS << "  const size_t smem_ = " << reductionSmem("block_") << ";\n";
    const std::string Stream = streamArgument();
    if (PersistentShape) {
      OS << persistentGrid(Vec, GridVec, Reach);
      return OS.str();
    }
    OS << "  // Persistent grid (tile, or opts.Persistent): only the blocks "
          "resident at once,\n  // every thread walking many points.\n";
    OS << "  static stencil::detail::ResidentBlocks resident_;\n"
          "  const int64_t resident_blocks_ = "
          "resident_.get(kernel_name_, kernel_, block_, smem_);\n";
    OS << "  const bool persistent_ = " << O << ".Persistent < 0 ? "
       << (K.Sched.Persistent ? "true" : "false") << " : " << O
       << ".Persistent > 0;\n";
    if (Fills)
      OS << "  // A launch-bound size: fewer points per thread, so that the "
            "grid fills the device\n  // (stencil::detail::pointsToFill), "
            "unless "
         << O << ".PointsPerThread says.\n"
         << "  if (" << O << ".PointsPerThread <= 0 && !persistent_)\n"
         << "    points_per_thread_ = stencil::detail::pointsToFill<" << R
         << ">(" << rowDomain() << ", block_, points_per_thread_, " << Stream
         << ", resident_blocks_" << (Vec.empty() ? ", 1" : Vec) << ", "
         << K.Sched.Jam << ");\n";
    if (Reach)
      OS << skewReach();
    OS << "  const dim3 grid_ = persistent_ ? "
          "stencil::detail::persistentGridShape<"
       << R << ">(" << rowDomain() << ", block_, points_per_thread_, " << Stream
       << ", resident_blocks_" << GridVec << ") : stencil::detail::gridShape<"
       << R << ">(" << rowDomain() << ", block_, points_per_thread_, " << Stream
       << GridVec << ");\n";
    if (K.Sched.Zigzag)
      OS << "  const int zigzag_ = stencil::detail::zigzagChunks(" << O
         << ".Zigzag, grid_, block_, " << K.Rank - 1 - K.Sched.StreamDim
         << ", resident_blocks_);\n";
  }
  return OS.str();
}

/// `const int reach_`: the columns past a row's end that the threads of the
/// skewed instance skew_ names must cover besides (gridShape's Reach): its
/// rows' phase, up to Vec - 1, and how far a chunk's rows drift.
std::string KernelEmitter::skewReach() {
  const int Vec = K.Sched.Vec;
  std::string S = "0";
  const std::vector<int> Codes = skewCodes();
  for (auto Code = Codes.rbegin(); Code != Codes.rend() && *Code; ++Code) {
    SkewCode = *Code;
    const std::string Span = chunkSpan();
    S = "skew_ == " + std::to_string(*Code) + " ? " + std::to_string(Vec - 1) +
        (Span.empty() ? "" : " + " + Span) + " : " + S;
  }
  SkewCode = 0;
  return "  // The columns past a row's end the threads of instance skew_ "
         "reach besides:\n  // its rows' phase and how far a chunk's rows "
         "drift (gridShape).\n  const int reach_ = " +
         S + ";\n";
}

/// gridShape's StreamDim for the launch: the streamed dimension, or for a
/// kernel that is not streamed 0, whose threads then take points a grid
/// stride apart along it; along the one row (runsAsOneRow) its last.
std::string KernelEmitter::streamArgument() const {
  if (K.Sched.StreamDim >= 0)
    return std::to_string(K.Sched.StreamDim);
  return oneRow() ? "(one_row_ ? " + std::to_string(K.Rank - 1) + " : 0)" : "0";
}

/// The address of the kernel's instance over Index: of the vector or the
/// one-point instance by vec_ where it has vectors, with or without the last
/// block's code (LastBlock) where it has that argument (lastBlockMayCombine).
std::string KernelEmitter::kernelInstance(const std::string &Index,
                                          bool LastBlock) const {
  const std::string Tail =
      lastBlockMayCombine() ? (LastBlock ? ", true>" : ", false>") : ">";
  const std::string Kernel =
      PersistentShape ? persistentKernelName() : kernelName();
  if (!vectorised())
    return "&" + Kernel + "<" + Index + Tail;
  // Persistent sweeps: the one-point instance alone (grids that fit in L2
  // rarely fill the device with vectors, vectorsFillDevice; each instance
  // more is a copy of the point work for nvcc to compile).
  if (PersistentShape)
    return "&" + Kernel + "<" + Index + ", 1" + (skewedRows() ? ", 0" : "") +
           Tail;
  const std::string V = std::to_string(K.Sched.Vec);
  if (!skewedRows())
    return "(vec_ ? &" + Kernel + "<" + Index + ", " + V + Tail + " : &" +
           Kernel + "<" + Index + ", 1" + Tail + ")";
  // One instance per row skew; 64-bit indices only where the rows are
  // whole vectors (vec_ says no otherwise: fewer instances to compile).
  auto Instance = [&](int Vec, int Skew) {
    return "&" + Kernel + "<" + Index + ", " + std::to_string(Vec) + ", " +
           std::to_string(Skew) + Tail;
  };
  std::string Vector = Instance(K.Sched.Vec, 0);
  const std::vector<int> Codes = skewCodes();
  if (Index == "int")
    for (auto Code = Codes.rbegin(); Code != Codes.rend() && *Code; ++Code)
      Vector = "skew_ == " + std::to_string(*Code) + " ? " +
               Instance(K.Sched.Vec, *Code) + " : " + Vector;
  return "(vec_ ? " + Vector + " : " + Instance(1, 0) + ")";
}

/// `const bool vec_`: whether this launch runs the vector instance (every
/// row starts on a whole vector, and vectors still fill the device unless
/// LaunchOptions::Vectors says); "" when the kernel has no vectors.
std::string KernelEmitter::vectorChoice() const {
  if (!vectorised())
    return "";
  const std::string R = std::to_string(K.Rank);
  const std::string V = std::to_string(K.Sched.Vec);
  const std::string &O = OptsName;
  int Widest = 1;
  std::string Bases;
  for (const Param &P : K.Params)
    if (isGrid(P.Kind)) {
      Widest = std::max(Widest, byteSize(P.Elem));
      Bases += std::string(Bases.empty() ? "" : ", ") + "std::as_const(" +
               P.Name + ").data()";
    }
  std::ostringstream OS;
  OS << "  // Vectors of " << V
     << " adjacent points per thread where the grids are aligned and "
     << "the launch fills\n  // the device ("
     << (oneRow() && skewedRows()
             ? "a domain of whole rows as one row, other rows of any "
               "length by\n  // their skew's instance).\n"
         : oneRow()     ? "rows of whole vectors, or a domain of whole rows "
                          "as one row).\n"
         : skewedRows() ? "rows of any length: an instance per row skew).\n"
                        : "rows of whole vectors).\n");
  if (skewedRows()) {
    // skewCodes' encoding: the row stride modulo Vec, and in rank 3 the
    // plane stride's times Vec before it.
    const std::string Row =
        "int(extents_[" + std::to_string(K.Rank - 1) + "] % " + V + ")";
    OS << "  // Rows that are not whole vectors: the instance of their skew"
       << (K.Rank == 3 ? ", the plane stride's\n  // and the row stride's "
                         "modulo " +
                             V + " (32-bit indices).\n"
                       : std::string(" (32-bit indices).\n"))
       << "  const int skew_ = " << (oneRow() ? "one_row_ ? 0 : " : "")
       << (K.Rank == 3
               ? "int(extents_[1] * extents_[2] % " + V + ") * " + V + " + "
               : std::string())
       << Row << ";\n";
  }
  OS << "  const bool vec_ = stencil::detail::vectorAligned<" << R
     << ">(extents_, " << V << ", " << Widest << ", {" << Bases << "}"
     << (skewedRows() ? ", /*WholeRows=*/false) && (narrow_ || skew_ == 0)"
         : oneRow()   ? ", /*WholeRows=*/!one_row_)"
                      : ")")
     << " &&\n      (" << O << ".Vectors < 0 ? "
     << "stencil::detail::vectorsFillDevice<" << R
     << ">(domain_, points_per_thread_, " << std::max(K.Sched.StreamDim, 0)
     << ", " << V << ") : " << O << ".Vectors > 0);\n";
  return OS.str();
}

/// Reduction scratch in shared memory: the widest accumulator, one slot
/// per thread (tree) or per warp (shuffles).
std::string KernelEmitter::reductionSmem(const std::string &Block) const {
  const int SmemElem = reductionSlotBytes(K);
  if (!SmemElem)
    return "0";
  return K.Reductions == ReductionLowering::WarpShuffleAtomic
             ? "32 * " + std::to_string(SmemElem)
             : "size_t(stencil::detail::threadsPerBlock(" + Block + ")) * " +
                   std::to_string(SmemElem);
}

/// The device-side accumulators and histogram faults: the self-resetting
/// slots, or a scratch struct set to the identities before the launch.
std::string KernelEmitter::reductionBuffers() const {
  std::ostringstream OS;
  const std::string &O = OptsName;
  const bool Device = hasReductions() || hasHistograms();
  if (selfResetting()) {
    OS << "  // Device-side slots at their identities between launches (the "
          "finalize kernel\n  // resets them); the totals come back through "
          "pinned host memory.\n";
    OS << "  static stencil::detail::SelfResettingAccumulators<"
       << accumulatorType() << ", " << totalsType() << "> accumulators_;\n";
    OS << "  if (!accumulators_.device()) {\n";
    OS << accumulatorIdentity("    ");
    OS << "    accumulators_.prepare(kernel_name_, identity_);\n  }\n";
    OS << "  " << accumulatorType() << "* device_ = accumulators_.device();\n";
  } else if (Device) {
    OS << "  // Device-side accumulators and histogram faults, set to their "
          "identities before\n  // the launch and read back after it.\n";
    OS << "  struct Accumulators {\n";
    for (const Param &P : K.Params) {
      if (isReduction(P.Kind))
        OS << "    " << cxxType(deviceAccumType(P)) << " " << P.Name << ";\n";
      if (P.Kind == ParamKind::Histogram)
        OS << "    stencil::detail::HistogramFault " << P.Name << ";\n";
    }
    OS << "  };\n";
    OS << "  static stencil::detail::Scratch scratch_;\n";
    OS << "  Accumulators* device_ = "
          "scratch_.get<Accumulators>(kernel_name_);\n";
    OS << "  Accumulators host_{};\n";
    for (const Param &P : K.reductions())
      OS << "  host_." << P.Name << " = " << deviceIdentity(P) << ";\n";
    OS << "  stencil::detail::copyToDevice(kernel_name_, device_, &host_, "
          "sizeof host_, "
       << O << ".Stream);\n";
  }
  return OS.str();
}

/// The launcher's arguments for pointParams(), in its order.
std::vector<std::string> KernelEmitter::pointArguments() const {
  std::vector<std::string> Args;
  for (const Param &P : K.Params) {
    int Field = 0;
    switch (P.Kind) {
    case ParamKind::In:
      if (!mergeGroupOf(P.Name, Field))
        Args.push_back(P.Name + ".data()");
      break;
    case ParamKind::Out:
    case ParamKind::InOut:
      Args.push_back(P.Name + ".data()"); // mutable data(): bumps version()
      break;
    case ParamKind::Histogram:
      Args.push_back(P.Name + ".data()");
      Args.push_back(P.Name + ".size()");
      Args.push_back("&device_->" + P.Name);
      break;
    case ParamKind::Scalar:
      Args.push_back(P.Name);
      break;
    default: // reductions: the slots, or the scratch struct's field
      Args.push_back((selfResetting() ? "device_->" : "&device_->") + P.Name);
      break;
    }
  }
  for (const MergeGroup &M : K.Merged)
    Args.push_back(recordParam(M));
  for (const Uniform &U : K.Uniforms)
    Args.push_back(localName(U.Name));
  return Args;
}

/// Args comma-separated.
std::string joinArguments(const std::vector<std::string> &Args) {
  std::string S;
  for (size_t I = 0; I < Args.size(); ++I)
    S += (I ? ", " : "") + Args[I];
  return S;
}

/// The kernel's arguments, comma-separated, in kernelSignature()'s order.
std::string KernelEmitter::launchArguments() const {
  std::vector<std::string> Args = pointArguments();
  if (lastBlockMayCombine()) {
    Args.push_back("device_");
    Args.push_back(ringEntryOnDevice());
  }
  for (const std::string &A : scheduleArguments())
    Args.push_back(A);
  return joinArguments(Args);
}

/// The arguments for scheduleParams(), in its order.
std::vector<std::string> KernelEmitter::scheduleArguments() const {
  std::vector<std::string> Args;
  if (K.Sched.StreamDim >= 0)
    Args.push_back("points_per_thread_");
  if (K.Sched.Zigzag)
    Args.push_back("zigzag_");
  for (const std::string &A : Cache.launchArgs())
    Args.push_back(A);
  Args.push_back(rowDomain());
  return Args;
}

/// The launch (through HistogramEmitter for kernels with histograms); for
/// self-resetting reductions also the finalize kernel and the Pending.
std::string KernelEmitter::kernelLaunch() const {
  std::ostringstream OS;
  const std::string &O = OptsName;
  const std::string ArgList = launchArguments();
  if (!dependentLaunch()) {
    OS << histogramLaunch(
        K, kernelName(), ArgList, O,
        [this](const std::string &Block) { return reductionSmem(Block); });
  } else {
    // The kernel's launch, timed; with boundary rules only when the interior
    // is not empty, and the shell's launch after it (BoundaryShell.cpp).
    const std::string In = K.hasBoundary() ? "      " : "    ";
    if (selfResetting())
      OS << "    const stencil::detail::RingEntry entry_ = "
            "accumulators_.ring().begin();\n";
    if (lastBlockMayCombine())
      OS << "    // A grid of a few waves (int indices): the instance whose "
            "last "
            "block combines\n    // the reductions' slots, no finalize "
            "kernel.\n"
         << "    const bool last_block_ = narrow_ && "
            "stencil::detail::lastBlockCombines(grid_, resident_blocks_);\n"
         << "    auto* const launched_ = last_block_ ? "
         << kernelInstance("int", true) << " : kernel_;\n";
    if (K.hasBoundary())
      OS << "    if (!domain_.empty()) {\n";
    OS << In << "stencil::detail::LaunchTimer timer_(kernel_name_, grid_, "
       << "block_, " << O << ".Stream);\n";
    OS << In << "stencil::detail::launchAfterPrevious(kernel_name_, "
       << (lastBlockMayCombine() ? "launched_" : "kernel_")
       << ", grid_, block_, smem_, " << O << ".Stream, " << ArgList << ");\n";
    OS << In << "STENCIL_CUDA_CHECK(cudaGetLastError(), kernel_name_);\n";
    OS << In << "timer_.finish();\n";
    if (K.hasBoundary())
      OS << "    }\n" << shellLaunch();
  }
  if (selfResetting()) {
    const std::string In = lastBlockMayCombine() ? "      " : "    ";
    if (lastBlockMayCombine())
      OS << "    if (!last_block_) {\n";
    OS << In << finalizeName()
       << "<<<1, stencil::detail::ReductionSlots, 32 * sizeof(double), " << O
       << ".Stream>>>(device_, " << ringEntryOnDevice() << ");\n";
    OS << In << "STENCIL_CUDA_CHECK(cudaGetLastError(), kernel_name_);\n";
    if (lastBlockMayCombine())
      OS << "    }\n";
    OS << "    accumulators_.ring().recorded(kernel_name_, entry_, " << O
       << ".Stream);\n";
    OS << "    return stencil::Pending<" << resultType()
       << ">(kernel_name_, &accumulators_.ring(), entry_, &" << readerName()
       << ");\n";
  }
  return OS.str();
}

/// After the launch. Self-resetting reductions: the identities for an empty
/// domain, the end of the async:: launcher and the plain launcher. Others:
/// the scratch struct copied back, histogram faults checked, the result.
std::string KernelEmitter::readback() const {
  std::ostringstream OS;
  const std::string &O = OptsName;
  const bool Device = hasReductions() || hasHistograms();
  if (selfResetting()) {
    OS << "  // An empty domain: the identities, without a launch.\n";
    OS << "  " << totalsType() << " identities_;\n";
    for (const Param &P : K.reductions())
      OS << "  identities_." << P.Name << " = " << deviceIdentity(P) << ";\n";
    OS << "  return stencil::Pending<" << resultType() << ">(" << readerName()
       << "(&identities_));\n}\n\n} // namespace async\n\n";
    OS << launcherSignature(/*WithDefault=*/false)
       << " {\n  return async::" << K.Name << "(" << launcherArgumentNames()
       << ").get();\n}\n";
    return OS.str();
  }
  if (Device && !selfResetting())
    OS << "  stencil::detail::copyToHost(kernel_name_, &host_, device_, "
          "sizeof host_, "
       << O << ".Stream);\n";
  for (const Param &P : K.Params)
    if (P.Kind == ParamKind::Histogram)
      OS << "  stencil::detail::checkHistogramFault(kernel_name_, \"" << P.Name
         << "\", host_." << P.Name << ", " << P.Name << ".size());\n";
  if (hasReductions())
    OS << resultConversion();
  OS << "}\n";
  return OS.str();
}

} // namespace stencilc::cuda
