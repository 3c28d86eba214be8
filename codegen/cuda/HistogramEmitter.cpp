//===- HistogramEmitter.cpp - CUDA for Histogram<T> updates ---------------===//
#include "codegen/cuda/HistogramEmitter.h"

#include "runtime/include/stencil/histogram_model.hpp"

#include <sstream>

namespace stencilc {

using namespace ir;

const char *const HistogramLoweringParam = "histogram_lowering_";

namespace {

// The launcher gets ir::HistogramLowering values as stencil::HistogramLowering.
constexpr bool sameValue(HistogramLowering A, stencil::HistogramLowering B) {
  return static_cast<int>(A) == static_cast<int>(B);
}
static_assert(sameValue(HistogramLowering::Auto,
                        stencil::HistogramLowering::Auto) &&
                  sameValue(HistogramLowering::PlainAtomic,
                            stencil::HistogramLowering::PlainAtomic) &&
                  sameValue(HistogramLowering::WarpAggregated,
                            stencil::HistogramLowering::WarpAggregated) &&
                  sameValue(HistogramLowering::SharedPrivatized,
                            stencil::HistogramLowering::SharedPrivatized) &&
                  sameValue(HistogramLowering::SharedWarpAggregated,
                            stencil::HistogramLowering::SharedWarpAggregated),
              "ir::HistogramLowering and stencil::HistogramLowering disagree");

std::string targetName(const std::string &Hist) { return Hist + "_hist_"; }

/// A pointer to the kernel's instance for lowering L: with vectors, the
/// vector instance or the one-point one as the launcher's vec_ says.
std::string instance(const Kernel &K, const std::string &KernelName,
                     HistogramLowering L) {
  // (L may carry stencil::HistogramNarrowCounters.)
  const std::string Lowering = std::to_string(static_cast<int>(L));
  if (K.Sched.Vec <= 1)
    return "&" + KernelName + "<" + Lowering + ">";
  return "(vec_ ? &" + KernelName + "<" + Lowering + ", " +
         std::to_string(K.Sched.Vec) + "> : &" + KernelName + "<" + Lowering +
         ", 1>)";
}

/// True when some histogram of K may count in 32-bit private counters
/// (lower-histograms' narrow bound): the launcher then decides per launch
/// (narrow_) and the kernel has instances for both.
bool anyNarrow(const Kernel &K) {
  for (const Param &P : K.Params)
    if (P.Kind == ParamKind::Histogram && P.NarrowBound > 0)
      return true;
  return false;
}

/// A shared-memory lowering's instance, narrow or not as the launch's
/// narrow_ says.
std::string sharedInstance(const Kernel &K, const std::string &KernelName,
                           HistogramLowering L) {
  if (!anyNarrow(K))
    return instance(K, KernelName, L);
  return "(narrow_ ? " +
         instance(K, KernelName,
                  HistogramLowering(static_cast<int>(L) |
                                    stencil::HistogramNarrowCounters)) +
         " : " + instance(K, KernelName, L) + ")";
}

/// `{stencil::detail::histogramShape(a), ...}` over the kernel's histograms
/// (a narrow one's counters as this launch counts them).
std::string shapes(const Kernel &K) {
  std::string S = "{";
  for (const Param &P : K.Params)
    if (P.Kind == ParamKind::Histogram)
      S += std::string(S.size() > 1 ? ", " : "") +
           "stencil::detail::histogramShape(" + P.Name +
           (P.NarrowBound > 0 ? ", narrow_)" : ")");
  return S + "}";
}

} // namespace

std::string histogramKernelTemplate(const Kernel &K) {
  if (!K.hasHistograms())
    return "";
  return std::string("template <int ") + HistogramLoweringParam +
         (K.Sched.Vec > 1 ? ", int Vec>\n" : ">\n");
}

std::string histogramKernelBegin(const Kernel &K) {
  if (!K.hasHistograms())
    return "";
  std::ostringstream OS;
  OS << "  // Histograms: private copies in dynamic shared memory when the "
        "lowering is privatised.\n"
     << "  extern __shared__ double histogram_smem_[];\n";
  std::string Offset = "0";
  for (const Param &P : K.Params) {
    if (P.Kind != ParamKind::Histogram)
      continue;
    OS << "  stencil::detail::HistogramTarget<" << HistogramLoweringParam
       << ", " << cudaTypeName(P.Elem) << (P.NarrowBound > 0 ? ", true" : "")
       << "> " << targetName(P.Name) << "(" << P.Name << ", " << P.Name
       << "_size_, " << P.Name << "_fault_, histogram_smem_, " << Offset
       << ");\n";
    Offset = targetName(P.Name) + ".sharedEnd()";
  }
  for (const Param &P : K.Params)
    if (P.Kind == ParamKind::Histogram)
      OS << "  " << targetName(P.Name) << ".clear();\n";
  OS << "  stencil::detail::histogramBarrier<" << HistogramLoweringParam
     << ">();\n";
  return OS.str();
}

std::string histogramKernelEnd(const Kernel &K, bool ReductionsFollow) {
  if (!K.hasHistograms())
    return "";
  std::ostringstream OS;
  const std::string Barrier =
      std::string("  stencil::detail::histogramBarrier<") +
      HistogramLoweringParam + ">();\n";
  OS << Barrier;
  for (const Param &P : K.Params)
    if (P.Kind == ParamKind::Histogram)
      OS << "  " << targetName(P.Name) << ".flush();\n";
  if (ReductionsFollow)
    OS << "  // The block reductions reuse the shared memory.\n" << Barrier;
  return OS.str();
}

bool isLaunchUniform(const Expr &E) {
  switch (E->Kind) {
  case ExprKind::Constant:
    return true;
  case ExprKind::Var:
    return as<Var>(E)->Scope != VarScope::Local;
  case ExprKind::GridRead:
  case ExprKind::Index:
    return false;
  case ExprKind::Unary:
    return isLaunchUniform(as<Unary>(E)->Operand);
  case ExprKind::Binary:
    return isLaunchUniform(as<Binary>(E)->LHS) &&
           isLaunchUniform(as<Binary>(E)->RHS);
  case ExprKind::Select: {
    const Select *S = as<Select>(E);
    return isLaunchUniform(S->Cond) && isLaunchUniform(S->TrueValue) &&
           isLaunchUniform(S->FalseValue);
  }
  case ExprKind::Cast:
    return isLaunchUniform(as<Cast>(E)->Value);
  case ExprKind::Call:
    for (const Expr &A : as<Call>(E)->Args)
      if (!isLaunchUniform(A))
        return false;
    return true;
  }
  return false;
}

std::string histogramUpdate(const Stmt &S, const std::string &Index,
                            const std::string &Value, bool Uniform) {
  return targetName(S.Name) + ".template add<" + (Uniform ? "true" : "false") +
         ">(" + Index + ", " + Value + ");";
}

std::string histogramLauncherChoice(const Kernel &K, const std::string &Opts) {
  if (!K.hasHistograms())
    return "";
  std::ostringstream OS;
  if (anyNarrow(K)) {
    OS << "  // int64 histograms to which a point adds at most a bound: 32-bit "
          "private\n"
       << "  // counters while the launch's points times it stay below 2^31.\n"
       << "  const bool narrow_ = stencil::narrowCountersFit("
          "stencil::detail::domainPoints<"
       << K.Rank << ">(domain_), {";
    bool First = true;
    for (const Param &P : K.Params)
      if (P.Kind == ParamKind::Histogram && P.NarrowBound > 0) {
        OS << (First ? "" : ", ") << P.NarrowBound;
        First = false;
      }
    OS << "});\n";
  }
  OS << "  // The histogram lowering of this launch (stencil/histogram.hpp), "
        "and\n"
     << "  // the block it runs with when privatised.\n"
     << "  const dim3 shared_block_ = "
        "stencil::detail::histogramPrivatizedBlock<"
     << K.Rank << ">(block_, " << Opts << ", " << shapes(K) << ");\n"
     << "  const stencil::HistogramLowering histogram_lowering_ = "
        "stencil::detail::histogramLaunchLowering(\n"
     << "      kernel_name_, " << Opts << ", stencil::HistogramLowering("
     << static_cast<int>(K.Histograms) << "), " << shapes(K) << ",\n"
     << "      reinterpret_cast<const void*>("
     << sharedInstance(K, K.Name + "_kernel",
                       HistogramLowering::SharedPrivatized)
     << "), shared_block_);\n";
  return OS.str();
}

std::string histogramLaunch(
    const Kernel &K, const std::string &KernelName, const std::string &Args,
    const std::string &Opts,
    const std::function<std::string(const std::string &)> &ReductionSmem) {
  std::ostringstream OS;
  OS << "    auto launch_ = [&](auto kernel_, dim3 grid, dim3 block, size_t "
        "smem) {\n"
     << "      stencil::detail::LaunchTimer timer_(kernel_name_, grid, block, "
     << Opts << ".Stream);\n"
     << "      kernel_<<<grid, block, smem, " << Opts << ".Stream>>>(" << Args
     << ");\n"
     << "      STENCIL_CUDA_CHECK(cudaGetLastError(), kernel_name_);\n"
     << "      timer_.finish();\n"
     << "    };\n"
     << "    switch (histogram_lowering_) {\n"
     << "    case stencil::HistogramLowering::SharedPrivatized:\n"
     << "    case stencil::HistogramLowering::SharedWarpAggregated: {\n"
     << "      const auto kernel_ = histogram_lowering_ == "
        "stencil::HistogramLowering::SharedPrivatized\n"
     << "                               ? "
     << sharedInstance(K, KernelName, HistogramLowering::SharedPrivatized)
     << "\n"
     << "                               : "
     << sharedInstance(K, KernelName, HistogramLowering::SharedWarpAggregated)
     << ";\n"
     << "      const size_t shared_bytes_ = std::max<size_t>("
     << ReductionSmem("shared_block_")
     << ", stencil::detail::histogramSharedTotal(" << shapes(K) << "));\n"
     << "      launch_(kernel_, stencil::detail::persistentGrid(kernel_name_, "
        "reinterpret_cast<const void*>(kernel_), grid_, shared_block_, "
        "shared_bytes_),\n"
     << "              shared_block_, shared_bytes_);\n"
     << "      break;\n"
     << "    }\n"
     << "    case stencil::HistogramLowering::WarpAggregated:\n"
     << "      launch_("
     << instance(K, KernelName, HistogramLowering::WarpAggregated)
     << ", grid_, block_, " << ReductionSmem("block_") << ");\n"
     << "      break;\n"
     << "    default:\n"
     << "      launch_("
     << instance(K, KernelName, HistogramLowering::PlainAtomic)
     << ", grid_, block_, " << ReductionSmem("block_") << ");\n"
     << "      break;\n"
     << "    }\n";
  return OS.str();
}

} // namespace stencilc
