//===- PersistentSweeps.cpp - NAME_sweeps in cooperative launches --------===//
//
// A NAME_sweeps that runs one sweep per launch (fuse-sweeps left the kernel
// alone, or a rank-3 grid is too small for fused chunks) pays a launch, and
// for reductions their combine, per sweep; where the grids fit in L2 that
// is most of a sweep (issue 14, "launch-bound sizes"). So it runs such
// loops as cooperative launches of up to PersistentSweeps sweeps:
//
//   NAME_persistent_kernel  the one-sweep kernel's point work, printed
//       again inside a loop over the launch's sweeps: the state and next
//       buffers trade places after each sweep (as the loop's swap), each
//       sweep adds its reductions to its own accumulators, and a grid-wide
//       barrier separates the sweeps. Its instances are the one-sweep
//       kernel's (the same template), launched with every block resident.
//   NAME_persistent_finalize  one block per sweep of the launch combines
//       that sweep's accumulators into its entry of the result ring.
//   NAME_sweeps_persistent_  the host side: false where it does not apply
//       (one sweep, 64-bit indices, no cooperative launch, grids larger
//       than L2 unless LaunchOptions::PersistentSweeps asks), and the
//       caller runs its loop of launches.
//
// The point work is the same text as the one-sweep kernel's, so every
// point's value is the loop's bit for bit; a sweep's sums differ only in
// the order the persistent grid's blocks add them.
// docs/passes/fuse-sweeps.md#persistent-sweeps.
//
//===----------------------------------------------------------------------===//
#include "codegen/cuda/KernelEmitter.h"

#include <sstream>
#include <string>
#include <utility>
#include <vector>

namespace stencilc::cuda {

using namespace ir;

bool KernelEmitter::persistentSweeps() const {
  if (!hasSweeps() || hasHistograms() || K.hasBoundary())
    return false;
  // Fused rank-2 sweeps have no loop of one-sweep launches to replace.
  if (K.Fuse.active() && K.Rank != 3)
    return false;
  // Records are packed once per launch: a state read from one would not
  // see the sweep before it.
  int Field = 0;
  return !mergeGroupOf(Sweep.State, Field) && !mergeGroupOf(Sweep.Next, Field);
}

/// The persistent kernel's parameters and the host function's arguments
/// for them, in order: the one-sweep kernel's point parameters with the
/// state and next buffers (state_ and next_ on the host) in their places
/// and no reduction slots, then the sweeps' accumulators, the schedule's
/// parameters and the launch's sweep count.
std::pair<std::vector<std::string>, std::vector<std::string>>
KernelEmitter::persistentParams() const {
  std::vector<std::string> Params, Args;
  for (const Param &P : K.Params) {
    const std::string T = cxxType(P.Elem);
    int Field = 0;
    if (P.Name == Sweep.State || P.Name == Sweep.Next) {
      // Not __restrict__ const: a sweep reads what the sweep before wrote,
      // so the state must not take the read-only cache path.
      Params.push_back(T + "* " + P.Name + "_buffer_");
      Args.push_back(P.Name == Sweep.State ? "state_" : "next_");
      continue;
    }
    switch (P.Kind) {
    case ParamKind::In:
      if (!mergeGroupOf(P.Name, Field)) {
        Params.push_back("const " + T + "* __restrict__ " + P.Name);
        Args.push_back(P.Name + ".data()");
      }
      break;
    case ParamKind::Out:
    case ParamKind::InOut:
      Params.push_back(T + "* __restrict__ " + P.Name);
      Args.push_back(P.Name + ".data()");
      break;
    case ParamKind::Scalar:
      Params.push_back(T + " " + P.Name);
      Args.push_back(P.Name);
      break;
    default: // reductions: the sweep's accumulators; no histograms here
      break;
    }
  }
  for (const MergeGroup &M : K.Merged) {
    Params.push_back("const " + vectorType(M.Elem) + "* __restrict__ " +
                     recordParam(M));
    Args.push_back(recordParam(M));
  }
  for (const Uniform &U : K.Uniforms) {
    Params.push_back(cxxType(U.Ty) + " " + localName(U.Name));
    Args.push_back(localName(U.Name));
  }
  if (hasReductions()) {
    Params.push_back(accumulatorType() + "* sweep_acc_");
    Args.push_back("accumulators_.device()->sweep");
  }
  for (const std::string &P : scheduleParams())
    Params.push_back(P);
  for (const std::string &A : scheduleArguments())
    Args.push_back(A);
  Params.push_back("int sweeps_");
  Args.push_back("chunk_");
  return {Params, Args};
}

/// The persistent kernel: the one-sweep kernel's point work (PointBody) in
/// a loop over sweeps_.
std::string KernelEmitter::persistentKernel() const {
  const std::string T = cxxType(K.findParam(Sweep.State)->Elem);
  std::ostringstream OS;
  OS << "/// " << K.Name
     << "'s sweeps_ sweeps in one cooperative launch, a grid-wide barrier "
        "between sweeps:\n/// the one-sweep kernel's point work, the state "
        "and next buffers trading places\n/// after each sweep, each "
        "sweep's reductions in its own accumulators.\n"
     << kernelHead(persistentKernelName(), persistentParams().first)
     << " {\n"
     << "  for (int sweep_ = 0; sweep_ < sweeps_; ++sweep_) {\n"
     << "    " << T << "* const " << Sweep.State << " = sweep_ % 2 ? "
     << Sweep.Next << "_buffer_ : " << Sweep.State << "_buffer_;\n"
     << "    " << T << "* const " << Sweep.Next << " = sweep_ % 2 ? "
     << Sweep.State << "_buffer_ : " << Sweep.Next << "_buffer_;\n";
  for (const Param &P : K.reductions())
    OS << "    " << cxxType(deviceAccumType(P)) << "* const " << P.Name
       << "_total_ = sweep_acc_[sweep_]." << P.Name << ";\n";
  if (lastBlockMayCombine()) // LastBlock is false in every instance launched
    OS << "    " << accumulatorType() << "* const acc_ = nullptr;\n    "
       << totalsType() << "* const totals_ = nullptr;\n";
  OS << "    {\n";
  std::istringstream Body(PointBody);
  for (std::string Line; std::getline(Body, Line);)
    OS << (Line.empty() ? "" : "    ") << Line << "\n";
  OS << "    }\n"
     << "    stencil::detail::gridBarrier(); // the sweep's writes before the "
        "next sweep's reads\n"
     << "  }\n}\n\n";
  return OS.str();
}

/// launchShape()'s end for the persistent kernel: its blocks resident at
/// once, as few points per thread as that allows.
std::string KernelEmitter::persistentGrid(const std::string &Vec,
                                          const std::string &GridVec,
                                          bool Reach) {
  const std::string R = std::to_string(K.Rank);
  const std::string &O = OptsName;
  const std::string Stream = streamArgument();
  std::ostringstream OS;
  OS << "  // Every block resident at once (a cooperative launch), each "
        "walking as few points as\n  // that allows; a launch per sweep "
        "where the device has no cooperative launches.\n"
     << "  if (!stencil::detail::cooperativeLaunches(kernel_name_))\n"
     << "    return false;\n"
     << "  static stencil::detail::ResidentBlocks resident_;\n"
     << "  const int64_t resident_blocks_ = resident_.get(kernel_name_, "
        "kernel_, block_, smem_);\n";
  if (Reach)
    OS << skewReach();
  OS << "  if (" << O << ".PointsPerThread <= 0)\n"
     << "    points_per_thread_ = stencil::detail::persistentPoints<" << R
     << ">(" << rowDomain() << ", block_, " << Stream << ", resident_blocks_"
     << (Vec.empty() ? ", 1" : Vec) << ", " << K.Sched.Jam << ");\n"
     << "  const dim3 grid_ = stencil::detail::persistentGridShape<" << R
     << ">(" << rowDomain() << ", block_, points_per_thread_, " << Stream
     << ", resident_blocks_" << GridVec << ");\n";
  if (K.Sched.Zigzag)
    OS << "  const int zigzag_ = stencil::detail::zigzagChunks(" << O
       << ".Zigzag, grid_, block_, " << K.Rank - 1 - K.Sched.StreamDim
       << ", resident_blocks_);\n";
  return OS.str();
}

/// The host side: NAME_sweeps' work in persistent launches, or false.
std::string KernelEmitter::persistentLauncher() {
  const std::string &O = OptsName;
  // NAME_sweeps' parameters, and where the results go.
  const std::string Sig = fusedSignature(StopTest::None, false);
  const std::string Params =
      Sig.substr(Sig.find('(') + 1, Sig.rfind(')') - Sig.find('(') - 1);
  const std::string T = cxxType(K.findParam(Sweep.State)->Elem);
  std::ostringstream OS;
  OS << "/// " << K.Name
     << "_sweeps as cooperative launches of up to "
        "stencil::detail::PersistentSweeps sweeps\n/// each, where "
     << O
     << ".PersistentSweeps asks (by default: where the grids fit in L2)"
        " and the\n/// device can hold the launch's blocks at once; false "
        "(nothing run) otherwise.\n"
     << "bool " << K.Name << "_sweeps_persistent_(" << Params
     << (hasReductions()
             ? ",\n    std::vector<" + resultType() + ">* results_"
             : std::string())
     << ") {\n"
     << "  static const char kernel_name_[] = \"" << K.Name << "_sweeps\";\n"
     << "  if (sweeps < 2 || " << O << ".PersistentSweeps == 0)\n"
     << "    return false;\n";
  OS << domainSetup(firstGrid());
  OS << "  if (domain_.empty())\n    return false;\n";
  std::string Bytes;
  for (const Param &P : K.Params)
    if (isGrid(P.Kind))
      Bytes += (Bytes.empty() ? "" : " + ") + P.Name + ".bytes()";
  OS << "  if (" << O
     << ".PersistentSweeps < 0 && !stencil::detail::fitsInL2(kernel_name_, "
     << Bytes << "))\n    return false;\n";
  PersistentShape = true;
  OS << launchShape();
  PersistentShape = false;
  if (hasReductions()) {
    OS << "  // Each sweep of a launch adds to its own accumulators, at their "
          "identities between\n  // launches (the finalize resets them).\n"
       << "  static stencil::detail::SelfResettingAccumulators<"
       << persistentAccumulatorsType() << ", " << totalsType()
       << "> accumulators_;\n"
       << "  if (!accumulators_.device()) {\n"
       << accumulatorIdentity("    ") << "    auto all_ = std::make_unique<"
       << persistentAccumulatorsType() << ">();\n"
       << "    for (auto& sweep_ : all_->sweep) sweep_ = identity_;\n"
       << "    accumulators_.prepare(kernel_name_, *all_);\n  }\n"
       << "  std::deque<stencil::Pending<" << resultType()
       << ">> waiting_;\n";
  }
  // recordPacking() prints for the launcher's `if`, one level deeper.
  std::istringstream Records(recordPacking());
  for (std::string Line; std::getline(Records, Line);)
    OS << Line.substr(Line.compare(0, 4, "    ") == 0 ? 2 : 0) << "\n";
  OS << "  " << T << "* state_ = " << Sweep.State << ".data();\n"
     << "  " << T << "* next_ = " << Sweep.Next << ".data();\n"
     << "  for (int done_ = 0; done_ < sweeps;) {\n"
     << "    const int chunk_ = std::min(sweeps - done_, "
        "stencil::detail::PersistentSweeps);\n"
     << "    stencil::detail::LaunchTimer timer_(kernel_name_, grid_, block_, "
     << O << ".Stream);\n"
     << "    stencil::detail::launchCooperative(kernel_name_, kernel_, grid_, "
        "block_, smem_, "
     << O << ".Stream, " << joinArguments(persistentParams().second) << ");\n"
     << "    timer_.finish();\n";
  if (hasReductions())
    OS << "    // Each sweep's accumulators combined by one launch, a block per "
          "sweep.\n"
       << "    stencil::detail::RingEntry entries_[stencil::detail::"
          "PersistentSweeps];\n"
       << "    " << persistentTotalsType() << " totals_;\n"
       << "    for (int s_ = 0; s_ < chunk_; ++s_) {\n"
       << "      entries_[s_] = accumulators_.ring().begin();\n"
       << "      totals_.sweep[s_] = static_cast<" << totalsType()
       << "*>(accumulators_.ring().onDevice(entries_[s_]));\n    }\n"
       << "    stencil::detail::launchAfterPrevious(kernel_name_, &"
       << persistentFinalizeName()
       << ", dim3(chunk_), dim3(stencil::detail::ReductionSlots), 32 * "
          "sizeof(double), "
       << O << ".Stream, accumulators_.device()->sweep, totals_);\n"
       << "    for (int s_ = 0; s_ < chunk_; ++s_) {\n"
       << "      accumulators_.ring().recorded(kernel_name_, entries_[s_], " << O
       << ".Stream);\n"
       << "      waiting_.emplace_back(kernel_name_, &accumulators_.ring(), "
          "entries_[s_], &"
       << readerName() << ");\n    }\n"
       << "    // Read before the ring reuses a launch's entries.\n"
       << "    for (; waiting_.size() > stencil::detail::SweepsInFlight; "
          "waiting_.pop_front())\n"
       << "      results_->push_back(waiting_.front().get());\n";
  OS << "    if (chunk_ % 2)\n      std::swap(state_, next_);\n"
     << "    done_ += chunk_;\n  }\n";
  if (hasReductions())
    OS << "  for (; !waiting_.empty(); waiting_.pop_front())\n"
       << "    results_->push_back(waiting_.front().get());\n";
  OS << "  // As the loop leaves them: " << Sweep.State
     << " names the newest state (each buffer keeps its ring).\n"
     << "  if (sweeps % 2) {\n    using std::swap;\n    swap(" << Sweep.State
     << ", " << Sweep.Next << ");\n  }\n  return true;\n}\n\n";
  return OS.str();
}

std::string KernelEmitter::persistentSource() {
  if (!persistentSweeps())
    return "";
  std::ostringstream OS;
  if (hasReductions())
    OS << "/// Every sweep's accumulators of one persistent launch.\n"
       << "struct " << persistentAccumulatorsType() << " {\n  "
       << accumulatorType() << " sweep[stencil::detail::PersistentSweeps];\n};\n\n"
       << "/// Where each sweep's totals go: its entry of the result ring.\n"
       << "struct " << persistentTotalsType() << " {\n  " << totalsType()
       << "* sweep[stencil::detail::PersistentSweeps];\n};\n\n"
       << "/// The finalize of every sweep of a persistent launch, block s for "
          "sweep s; a\n/// dependent launch.\n"
       << "__global__ void " << persistentFinalizeName() << "("
       << accumulatorType() << "* sweep_acc_, " << persistentTotalsType()
       << " sweeps_totals_) {\n"
       << "  stencil::detail::waitForPreviousGrid(); // a dependent launch\n"
       << "  " << accumulatorType()
       << "* const acc_ = sweep_acc_ + blockIdx.x;\n"
       << "  " << totalsType()
       << "* const totals_ = sweeps_totals_.sweep[blockIdx.x];\n"
       << "  extern __shared__ double reduction_smem_[];\n"
       << finalizeBody() << "}\n\n";
  OS << persistentKernel() << persistentLauncher();
  return OS.str();
}

/// In NAME_sweeps' loop of launches (loopLauncher): the persistent
/// launches first, where they apply.
std::string KernelEmitter::persistentCall() const {
  if (!persistentSweeps())
    return "";
  std::vector<std::string> Args;
  for (const Param &P : K.Params)
    if (isGrid(P.Kind) || P.Kind == ParamKind::Scalar)
      Args.push_back(P.Name);
  Args.push_back("sweeps");
  Args.push_back(OptsName);
  const std::string Call = K.Name + "_sweeps_persistent_(" +
                           joinArguments(Args) +
                           (hasReductions() ? ", &persistent_results_)" : ")");
  std::string S = "  // Grids that fit in L2: cooperative launches of many "
                  "sweeps (PersistentSweeps.cpp).\n";
  if (!hasReductions())
    return S + "  if (" + Call + ")\n    return;\n";
  return S + "  std::vector<" + resultType() +
         "> persistent_results_;\n  if (" + Call +
         ")\n    return persistent_results_;\n";
}

} // namespace stencilc::cuda
