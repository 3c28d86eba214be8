//===- Reductions.cpp - Sum/Max/Min reductions as CUDA --------------------===//
//
// Reductions accumulate per thread (a partial in the accumulator type),
// combine per block (tree or warp shuffles, as ir::Kernel::Reductions says)
// and end in one atomic per block. Without histograms the block adds to one
// of ReductionSlots device accumulators (kept at their identities between
// launches) and a one-block finalize kernel combines the slots, resets them
// and writes the totals to mapped pinned host memory; with histograms the
// launcher initialises and reads back a scratch struct. This file holds the
// device code and the conversion of the totals to the result; the
// launcher's buffers are set up in Launcher.cpp (reductionBuffers).
//
//===----------------------------------------------------------------------===//
#include "codegen/cuda/KernelEmitter.h"

#include <cmath>
#include <cstdint>
#include <sstream>
#include <string>

namespace stencilc::cuda {

using namespace ir;

/// The runtime's combine of a reduction kind (stencil/detail/reduction.hpp).
const char *reductionOp(ParamKind K) {
  switch (K) {
  case ParamKind::Sum:
    return "stencil::detail::SumOp";
  case ParamKind::Max:
    return "stencil::detail::MaxOp";
  default:
    return "stencil::detail::MinOp";
  }
}

namespace {

/// The reduction's identity in its accumulator type, as a literal both host
/// and device code accept (std::numeric_limits is host-only constexpr).
std::string identityOf(const Param &P) {
  const bool IsMax = P.Kind == ParamKind::Max;
  switch (P.Accum) {
  case Type::Float32:
    if (P.Kind == ParamKind::Sum)
      return "0.0f";
    return floatLiteral(IsMax ? -HUGE_VAL : HUGE_VAL, Type::Float32);
  case Type::Float64:
    if (P.Kind == ParamKind::Sum)
      return "0.0";
    return floatLiteral(IsMax ? -HUGE_VAL : HUGE_VAL, Type::Float64);
  case Type::Int32:
    if (P.Kind == ParamKind::Sum)
      return "0";
    return intLiteral(IsMax ? INT32_MIN : INT32_MAX, Type::Int32);
  case Type::Int64:
  case Type::Bool:
    if (P.Kind == ParamKind::Sum)
      return "int64_t(0)";
    return intLiteral(IsMax ? INT64_MIN : INT64_MAX, Type::Int64);
  }
  return "0";
}

} // namespace

const char *reductionKindName(ParamKind K) {
  switch (K) {
  case ParamKind::Sum:
    return "Sum";
  case ParamKind::Max:
    return "Max";
  default:
    return "Min";
  }
}

/// r += v accumulates in the accumulator type (as the reference's
/// `*Value += static_cast<Acc>(V)`); r = max(r, v) compares in the value
/// type first (std::max<T>), then stores into the accumulator.
std::string KernelEmitter::reduceStmt(const Stmt &S, const std::string &Guard) {
  const Param *P = K.findParam(S.Name);
  const std::string Acc = cxxType(P->Accum);
  // A guarded term is the identity where Guard is false: a select, not a
  // branch around the update (every identity leaves the partial as it was,
  // bit for bit: a Sum's partial starts at +0 and is never -0).
  auto guarded = [&](std::string V) {
    return Guard.empty()
               ? V
               : "(" + Guard + " ? " + V + " : " + identityOf(*P) + ")";
  };
  if (P->Kind == ParamKind::Sum && isInteger(P->Accum))
    return S.Name + " = stencil::detail::wrapAdd(" + S.Name + ", " +
           guarded(exprAs(S.Value, P->Accum)) + ");";
  if (P->Kind == ParamKind::Sum)
    return S.Name + " += " + guarded(exprAs(S.Value, P->Accum)) + ";";
  std::string V = exprAs(S.Value, P->Elem);
  if (P->Elem != P->Accum)
    V = "static_cast<" + Acc + ">(" + V + ")";
  const char *Fn = P->Kind == ParamKind::Max ? "stencil::detail::reduceMaxOf"
                                             : "stencil::detail::reduceMinOf";
  return S.Name + " = " + Fn + "(" + S.Name + ", " + guarded(V) + ");";
}

/// Each thread's partials, at their identities, before the point loops.
std::string KernelEmitter::threadPartials() const {
  std::ostringstream OS;
  for (const Param &P : K.reductions())
    OS << "  " << cxxType(P.Accum) << " " << P.Name << " = " << identityOf(P)
       << "; // this thread's partial " << reductionKindName(P.Kind) << "\n";
  return OS.str();
}

/// After the point loops: each reduction combined over the block, ending in
/// one atomic per block (into the block's slot when self-resetting).
std::string KernelEmitter::blockReductions() const {
  std::ostringstream OS;
  bool First = true;
  for (const Param &P : K.reductions()) {
    if (First)
      OS << "  // Every thread reaches here (no early return): the block "
            "reductions synchronise.\n"
         << "  extern __shared__ double reduction_smem_[];\n";
    First = false;
    Type W = deviceAccumType(P);
    std::string Fn = K.Reductions == ReductionLowering::WarpShuffleAtomic
                         ? "reduceWarpShuffleAtomic"
                         : "reduceBlockTreeAtomic";
    OS << "  stencil::detail::" << Fn << "<" << reductionOp(P.Kind) << ">("
       << (selfResetting() ? "stencil::detail::blockSlot(" + P.Name + "_total_)"
                           : P.Name + "_total_")
       << ", "
       << (W == P.Accum ? P.Name
                        : "static_cast<" + cxxType(W) + ">(" + P.Name + ")")
       << ", reduction_smem_);\n";
  }
  if (lastBlockMayCombine())
    OS << "  // The LastBlock instance (no finalize kernel follows): the block "
          "that finishes\n  // last combines the slots.\n"
       << "  if (LastBlock && "
          "stencil::detail::lastBlockToFinish(&acc_->blocks_done_)) {\n"
       << finalizeBody(2) << "  }\n";
  return OS.str();
}

std::string KernelEmitter::ringEntryOnDevice() const {
  return "static_cast<" + totalsType() +
         "*>(accumulators_.ring().onDevice(entry_))";
}

//--- self-resetting reduction accumulators ----------------------------------

/// The accumulators at their identities (`identity_`), for prepare().
std::string KernelEmitter::accumulatorIdentity(const std::string &In) const {
  std::ostringstream OS;
  OS << In << accumulatorType() << " identity_;\n";
  for (const Param &P : K.reductions())
    OS << In << "for (auto& slot_ : identity_." << P.Name
       << ") slot_ = " << deviceIdentity(P) << ";\n";
  if (lastBlockMayCombine())
    OS << In << "identity_.blocks_done_ = 0;\n";
  return OS.str();
}

std::string KernelEmitter::accumulatorStruct() const {
  std::ostringstream OS;
  OS << "/// " << K.Name << "'s reductions on the device: ReductionSlots "
     << "accumulators each, at their\n/// identities between launches.\n"
     << "struct " << accumulatorType() << " {\n";
  for (const Param &P : K.reductions()) {
    std::string T = cxxType(deviceAccumType(P));
    OS << "  " << T << " " << P.Name
       << "[stencil::detail::ReductionSlots * stencil::detail::slotStride<" << T
       << ">()];\n";
  }
  if (lastBlockMayCombine())
    OS << "  unsigned blocks_done_; // of the running launch "
          "(stencil::detail::lastBlockToFinish)\n";
  OS << "};\n\n/// " << K.Name << "'s totals, as its finalize kernel hands "
     << "them to the host.\nstruct " << totalsType() << " {\n";
  for (const Param &P : K.reductions())
    OS << "  " << cxxType(deviceAccumType(P)) << " " << P.Name << ";\n";
  OS << "};\n\n";
  return OS.str();
}

/// One block of ReductionSlots threads: combines each reduction's slots,
/// resets them, and writes the totals to the pinned host copy.
std::string KernelEmitter::finalizeKernel() const {
  return "__global__ void " + finalizeName() + "(" + accumulatorType() +
         "* acc_, " + totalsType() +
         "* totals_) {\n  extern __shared__ double reduction_smem_[];\n" +
         finalizeBody() + "}\n\n";
}

/// The finalize kernel's statements over acc_, totals_ and reduction_smem_,
/// at Depth: every reduction's slots combined (and reset), the totals
/// written to the result ring, then the entry's done flag (markWritten).
std::string KernelEmitter::finalizeBody(int Depth) const {
  std::ostringstream OS;
  const std::string In = indent(Depth), In1 = indent(Depth + 1);
  for (const Param &P : K.reductions())
    OS << In << "const " << cxxType(deviceAccumType(P)) << " " << P.Name
       << " = stencil::detail::collectSlots<" << reductionOp(P.Kind)
       << ">(acc_->" << P.Name << ", " << deviceIdentity(P)
       << ", reduction_smem_);\n";
  OS << In << "if (stencil::detail::flatThreadIndex() == 0) {\n";
  for (const Param &P : K.reductions())
    OS << In1 << "totals_->" << P.Name << " = " << P.Name << ";\n";
  OS << In1 << "stencil::detail::markWritten(totals_);\n" << In << "}\n";
  return OS.str();
}

/// Converts the totals (device accumulation types) to the result (value
/// types), for stencil::Pending.
std::string KernelEmitter::resultReader() const {
  std::ostringstream OS;
  OS << resultType() << " " << readerName() << "(const void* totals_) {\n"
     << "  const " << totalsType() << "& host_ = *static_cast<const "
     << totalsType() << "*>(totals_);\n"
     << resultConversion() << "}\n\n";
  return OS.str();
}

/// Statements that build result_ from host_ and return it.
/// `result_.NAME = ...;`: Total, a value of the device accumulator type,
/// converted to the accumulator type and then to the reduction's own.
std::string KernelEmitter::resultField(const Param &P,
                                       std::string Total) const {
  if (deviceAccumType(P) != P.Accum)
    Total = "static_cast<" + cxxType(P.Accum) + ">(" + Total + ")";
  return "  result_." + P.Name + " = static_cast<" + cxxType(P.Elem) + ">(" +
         Total + ");\n";
}

std::string KernelEmitter::resultConversion() const {
  std::ostringstream OS;
  OS << "  " << resultType() << " result_;\n";
  for (const Param &P : K.reductions())
    OS << resultField(P, "host_." + P.Name);
  OS << "  return result_;\n";
  return OS.str();
}

std::string KernelEmitter::deviceIdentity(const Param &P) const {
  std::string Id = identityOf(P);
  if (deviceAccumType(P) != P.Accum)
    Id = "static_cast<" + cxxType(deviceAccumType(P)) + ">(" + Id + ")";
  return Id;
}

} // namespace stencilc::cuda
