//===- PersistentSweeps.cpp - NAME_sweeps in cooperative launches --------===//
//
// A NAME_sweeps that runs one sweep per launch (fuse-sweeps left the kernel
// alone, or a rank-3 grid is too small for fused chunks) pays a launch, and
// for reductions their combine, per sweep; where the grids fit in L2 that
// is most of a sweep (issue 14, "launch-bound sizes"). So it runs such
// loops as cooperative launches of up to PersistentSweeps sweeps (and so do
// fused rank-2 sweeps whose fused launches would fill less than half the
// GPU, NAME_fused_fills_):
//
//   NAME_persistent_kernel  the one-sweep kernel's point work, printed
//       again inside a loop over the launch's sweeps: the state and next
//       buffers trade places after each sweep (as the loop's swap), each
//       sweep adds its reductions to its own accumulators, and a grid-wide
//       barrier separates the sweeps. Its instances are the one-sweep
//       kernel's (the same template), launched with every block resident.
//   NAME_persistent_finalize  one block per sweep of the launch combines
//       that sweep's accumulators into its entry of the result ring (in the
//       order the kernel tested a rule on them) and resets them.
//   NAME_persistent_  the host side of NAME_sweeps and of NAME_until with
//       a stencil::StopRule (the kernel tests the rule after each sweep, all
//       its blocks on the same totals, and stops after the sweep that meets
//       it): false where it does not apply (one sweep, 64-bit indices, no
//       cooperative launch, grids larger than L2 unless
//       LaunchOptions::PersistentSweeps asks), and the caller runs its loop
//       of launches.
//
// The point work is the same text as the one-sweep kernel's, so every
// point's value is the loop's bit for bit; a sweep's sums differ only in
// the order the persistent grid's blocks add them.
// docs/passes/fuse-sweeps.md#persistent-sweeps.
//
//===----------------------------------------------------------------------===//
#include "codegen/cuda/KernelEmitter.h"
#include "codegen/passes/FuseSweeps.h"

#include <sstream>
#include <string>
#include <utility>
#include <vector>

namespace stencilc::cuda {

using namespace ir;

bool KernelEmitter::persistentSweeps() const {
  return hasSweeps() && stencilc::persistentSweeps(K, Sweep);
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
    // NAME_until's stop rule (Size 0: none) and where the sweep that met
    // it goes: tested on the device after each sweep.
    Params.push_back("stencil::detail::StopProgram rule_");
    Args.push_back("rule_ ? *rule_ : stencil::detail::StopProgram()");
    Params.push_back("int* stop_word_");
    Args.push_back("stop_word_");
    Params.push_back("int first_sweep_");
    Args.push_back("done_ + 1");
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
     << kernelHead(persistentKernelName(), persistentParams().first) << " {\n"
     << (hasReductions() ? "  __shared__ bool stop_here_; // the rule held "
                           "for the sweep (NAME_until)\n"
                         : "")
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
  // No barrier after the launch's last sweep (the launch's end orders it
  // before what follows), unless a stop rule reads the sweep's totals.
  OS << "    }\n"
     << "    if (sweep_ + 1 < sweeps_"
     << (hasReductions() ? " || rule_.Size > 0" : "") << ")\n"
     << "      stencil::detail::gridBarrier(); // the sweep's writes before "
        "the next sweep's reads\n"
     << persistentStopTest() << "  }\n}\n\n";
  return OS.str();
}

/// `NAME_totals_ Var;` and each reduction's slots (Slots then the field)
/// combined into it by peekSlots, at Depth: what the kernel tests a rule on
/// and the finalize hands the host, in the one order both use.
std::string KernelEmitter::peekedTotals(const std::string &Var,
                                        const std::string &Slots,
                                        int Depth) const {
  std::string S = indent(Depth) + totalsType() + " " + Var + ";\n";
  for (const Param &P : K.reductions())
    S += indent(Depth) + Var + "." + P.Name + " = stencil::detail::peekSlots<" +
         reductionOp(P.Kind) + ">(" + Slots + P.Name + ", " +
         deviceIdentity(P) + ");\n";
  return S;
}

/// After a sweep's barrier, with a stop rule (NAME_until): every block
/// combines the sweep's totals in one order (peekSlots) and tests the rule,
/// so that all stop after the same sweep, the one the loop stops after;
/// block 0 writes the sweep to the stop word. The finalize then combines
/// the totals in the same order for the host. (Block 0 writing them to the
/// host's ring itself, a __threadfence_system per sweep, measured the same:
/// H200, µs per sweep, relax3 at 64 x 64 x 128 9.6 against 10.3, at
/// 32 x 32 x 64 7.0 against 6.8, clip2 9.6 / 9.5, smooth1 10.2 / 10.0.)
std::string KernelEmitter::persistentStopTest() const {
  if (!hasReductions())
    return "";
  std::ostringstream OS;
  OS << "    if (rule_.Size > 0) {\n"
     << peekedTotals("sweep_totals_now_", "sweep_acc_[sweep_].", 3);
  OS << "      if (stencil::detail::flatThreadIndex() == 0) {\n"
     << "        double values_[" << K.reductions().size() << "];\n"
     << "        " << K.Name << "_stop_values_(" << K.Name
     << "_stop_result_(sweep_totals_now_), values_);\n"
     << "        stop_here_ = stencil::detail::stopHolds(rule_, values_);\n"
     << "        if (stop_here_ && blockIdx.x == 0 && blockIdx.y == 0 && "
        "blockIdx.z == 0)\n"
     << "          *stop_word_ = first_sweep_ + sweep_;\n"
     << "      }\n"
     << "      __syncthreads();\n"
     << "      if (stop_here_)\n        break;\n    }\n";
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
     << "  // (A stop rule's totals are combined by a block's first warp: "
        "blocks of a warp at least.)\n"
     << "  if (!stencil::detail::cooperativeLaunches(kernel_name_) || "
        "stencil::detail::threadsPerBlock(block_) < 32)\n"
     << "    return false;\n"
     << "  static stencil::detail::ResidentBlocks resident_;\n"
     << "  const int64_t resident_blocks_ = resident_.get(kernel_name_, "
        "kernel_, block_, smem_);\n";
  if (Reach) // the one-point instance's rows reach no further
    OS << "  constexpr int reach_ = 0;\n";
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

/// The host side: NAME_sweeps' (or, with a rule, NAME_until's) work in
/// persistent launches, or false.
std::string KernelEmitter::persistentLauncher() {
  const std::string &O = OptsName;
  const bool Red = hasReductions();
  // NAME_sweeps' parameters, then (with reductions) the rule and where the
  // results go.
  std::vector<std::string> Params = fusedParams(StopTest::None, false);
  if (Red) {
    Params.push_back("const stencil::detail::StopProgram* rule_");
    Params.push_back("std::vector<" + resultType() + ">* results_");
  }
  const std::string T = cxxType(K.findParam(Sweep.State)->Elem);
  std::ostringstream OS;
  OS << "/// " << K.Name
     << "_sweeps as cooperative launches of up to "
        "stencil::detail::PersistentSweeps sweeps\n/// each, where "
     << O
     << ".PersistentSweeps asks (by default: where the grids fit in L2)"
        " and the\n/// device can hold the launch's blocks at once; false "
        "(nothing run) otherwise."
     << (Red ? " With a\n/// rule, " + K.Name +
                   "_until's: the launches stop after the first sweep "
                   "that meets it.\n"
             : "\n")
     << "bool " << persistentLauncherName() << "(";
  for (size_t I = 0; I < Params.size(); ++I)
    OS << (I ? ",\n    " : "\n    ") << Params[I];
  OS << ") {\n"
     << "  const char* const kernel_name_ = "
     << (Red ? "rule_ ? \"" + K.Name + "_until\" : " : std::string()) << "\""
     << K.Name << "_sweeps\";\n"
     << "  if (sweeps < 2 || " << O << ".PersistentSweeps == 0"
     << (Red ? " || sweeps >= stencil::detail::NoStop" : "") << ")\n"
     << "    return false;\n";
  OS << domainSetup(firstGrid());
  OS << "  if (domain_.empty())\n    return false;\n";
  std::string Bytes;
  for (const Param &P : K.Params)
    if (isGrid(P.Kind))
      Bytes += (Bytes.empty() ? "" : " + ") + P.Name + ".bytes()";
  // Rank 2 fused: only where the fused launches would not fill the GPU
  // (NAME_fused_fills_, FusedKernel.cpp).
  OS << "  if (" << O << ".PersistentSweeps < 0 && ("
     << (K.Fuse.active() && K.Rank == 2
             ? K.Name + "_fused_fills_(kernel_name_, domain_) || "
             : std::string())
     << "!stencil::detail::fitsInL2(kernel_name_, " << Bytes
     << ")))\n    return false;\n";
  PersistentShape = true;
  OS << launchShape();
  PersistentShape = false;
  if (Red) {
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
       << "  std::deque<stencil::Pending<" << resultType() << ">> waiting_;\n"
       << "  // With a rule: the first sweep that met it, on the device.\n"
       << "  int* stop_word_ = nullptr;\n"
       << "  if (rule_) {\n"
       << "    static stencil::detail::Scratch stop_words_;\n"
       << "    stop_word_ = stop_words_.get<int>(kernel_name_);\n"
       << "    stencil::detail::resetStopWord(kernel_name_, stop_word_, " << O
       << ".Stream);\n  }\n";
  }
  OS << recordPacking("  ");
  OS << "  " << T << "* state_ = " << Sweep.State << ".data();\n"
     << "  " << T << "* next_ = " << Sweep.Next << ".data();\n"
     << "  int done_ = 0;\n"
     << "  while (done_ < sweeps) {\n"
     << "    const int chunk_ = std::min(sweeps - done_, "
        "stencil::detail::PersistentSweeps);\n";
  if (Red)
    OS << "    // Each sweep's ring entry, for the finalize to write.\n"
       << "    stencil::detail::RingEntry entries_[stencil::detail::"
          "PersistentSweeps];\n"
       << "    " << persistentTotalsType() << " totals_;\n"
       << "    for (int s_ = 0; s_ < chunk_; ++s_) {\n"
       << "      entries_[s_] = accumulators_.ring().begin();\n"
       << "      totals_.sweep[s_] = static_cast<" << totalsType()
       << "*>(accumulators_.ring().onDevice(entries_[s_]));\n    }\n";
  OS << "    stencil::detail::LaunchTimer timer_(kernel_name_, grid_, block_, "
     << O << ".Stream);\n"
     << "    stencil::detail::launchCooperative(kernel_name_, kernel_, grid_, "
        "block_, smem_, "
     << O << ".Stream, " << joinArguments(persistentParams().second) << ");\n"
     << "    timer_.finish();\n"
     << "    int ran_ = chunk_;\n"
     << (Red ? "    bool held_ = false; // the rule held at a sweep of the "
               "launch\n"
             : "");
  if (Red)
    OS << "    // Each sweep's accumulators combined into its entry and reset "
          "by "
          "one launch, a\n    // block per sweep.\n"
       << "    stencil::detail::launchAfterPrevious(kernel_name_, &"
       << persistentFinalizeName()
       << ", dim3(chunk_), dim3(stencil::detail::ReductionSlots), 32 * "
          "sizeof(double), "
       << O
       << ".Stream, accumulators_.device()->sweep, totals_, rule_ != "
          "nullptr);\n"
       << "    // One event for the launch, on its last entry; the others "
          "follow it.\n"
       << "    accumulators_.ring().recorded(kernel_name_, entries_[chunk_ - "
          "1], "
       << O << ".Stream);\n"
       << "    for (int s_ = 0; s_ < chunk_; ++s_) {\n"
       << "      accumulators_.ring().markedBy(entries_[s_], entries_[chunk_ "
          "- 1]);\n"
       << "      waiting_.emplace_back(kernel_name_, &accumulators_.ring(), "
          "entries_[s_], &"
       << readerName() << ");\n    }\n"
       << "    if (rule_) {\n"
       << "      // Where the launch stopped: the device's word, and the "
          "host's rule on the\n      // results (they must agree).\n"
       << "      const int stopped_ = stencil::detail::readStopWord("
          "kernel_name_, stop_word_, "
       << O << ".Stream);\n"
       << "      held_ = stopped_ != stencil::detail::NoStop;\n"
       << "      if (held_)\n"
       << "        ran_ = stopped_ - done_;\n"
       << "      int first_ = stencil::detail::NoStop;\n"
       << "      for (int s_ = 0; s_ < ran_; ++s_, waiting_.pop_front()) {\n"
       << "        results_->push_back(waiting_.front().get());\n"
       << "        double values_[" << K.reductions().size() << "];\n"
       << "        " << K.Name << "_stop_values_(results_->back(), values_);\n"
       << "        if (first_ == stencil::detail::NoStop && "
          "stencil::detail::stopHolds(*rule_, values_))\n"
       << "          first_ = done_ + s_ + 1;\n      }\n"
       << "      stencil::detail::requireSameStop(kernel_name_, first_, "
          "stopped_);\n"
       << "      waiting_.clear(); // the sweeps after the stop: not run\n"
       << "    }\n"
       << "    // Read before the ring reuses a launch's entries.\n"
       << "    for (; waiting_.size() > stencil::detail::SweepsInFlight; "
          "waiting_.pop_front())\n"
       << "      results_->push_back(waiting_.front().get());\n";
  OS << "    if (ran_ % 2)\n      std::swap(state_, next_);\n"
     << "    done_ += ran_;\n"
     << (Red ? "    if (held_)\n      break;\n" : "") << "  }\n";
  if (Red)
    OS << "  for (; !waiting_.empty(); waiting_.pop_front())\n"
       << "    results_->push_back(waiting_.front().get());\n";
  OS << "  // As the loop leaves them: " << Sweep.State
     << " names the newest state (each buffer keeps its ring).\n"
     << "  if (done_ % 2) {\n    using std::swap;\n    swap(" << Sweep.State
     << ", " << Sweep.Next << ");\n  }\n  return true;\n}\n\n";
  return OS.str();
}

/// The accumulators and totals of a launch's sweeps, and its finalize:
/// block s combines sweep s's accumulators into its ring entry and resets
/// them (with a rule, in the order the kernel tested: peekSlots).
std::string KernelEmitter::persistentFinalize() const {
  if (!hasReductions())
    return "";
  std::ostringstream OS;
  OS << "/// Every sweep's accumulators of one persistent launch.\n"
     << "struct " << persistentAccumulatorsType() << " {\n  "
     << accumulatorType()
     << " sweep[stencil::detail::PersistentSweeps];\n};\n\n"
     << "/// Where each sweep's totals go: its entry of the result ring.\n"
     << "struct " << persistentTotalsType() << " {\n  " << totalsType()
     << "* sweep[stencil::detail::PersistentSweeps];\n};\n\n"
     << "/// The finalize of every sweep of a persistent launch, block s for "
        "sweep s; a\n/// dependent launch.\n"
     << "__global__ void " << persistentFinalizeName() << "("
     << accumulatorType() << "* sweep_acc_, " << persistentTotalsType()
     << " sweeps_totals_, bool peek_) {\n"
     << "  stencil::detail::waitForPreviousGrid(); // a dependent launch\n"
     << "  " << accumulatorType() << "* const acc_ = sweep_acc_ + blockIdx.x;\n"
     << "  " << totalsType()
     << "* const totals_ = sweeps_totals_.sweep[blockIdx.x];\n"
     << "  extern __shared__ double reduction_smem_[];\n"
     << "  if (peek_) {\n"
     << "    // A stop rule's launch: the totals the kernel tested, combined "
        "in its order\n    // (peekSlots), then the slots reset.\n"
     << peekedTotals("tested_", "acc_->", 2) << "    __syncthreads();\n";
  for (const Param &P : K.reductions())
    OS << "    (void)stencil::detail::collectSlots<" << reductionOp(P.Kind)
       << ">(acc_->" << P.Name << ", " << deviceIdentity(P)
       << ", reduction_smem_);\n";
  OS << "    if (stencil::detail::flatThreadIndex() == 0) {\n"
     << "      *totals_ = tested_;\n"
     << "      stencil::detail::markWritten(totals_);\n    }\n"
     << "    return;\n  }\n"
     << finalizeBody() << "}\n\n";
  return OS.str();
}

std::string KernelEmitter::persistentSource() {
  if (!persistentSweeps())
    return "";
  std::ostringstream OS;
  OS << persistentFinalize();
  if (hasReductions() && !K.Fuse.active()) // fused: fusedSource's
    OS << "/// The result the host reads from a sweep's totals (as "
       << readerName() << ").\n__device__ " << resultType() << " " << K.Name
       << "_stop_result_(const " << totalsType() << "& host_) {\n"
       << resultConversion() << "}\n\n";
  OS << persistentKernel() << persistentLauncher();
  return OS.str();
}

/// In NAME_sweeps' loop of launches, or NAME_until's with a rule
/// (loopLauncher): the persistent launches first, where they apply.
std::string KernelEmitter::persistentCall(StopTest Stop) const {
  if (!persistentSweeps() || Stop == StopTest::Host)
    return "";
  const bool Rule = Stop == StopTest::Rule;
  std::vector<std::string> Args = sweepsGridsAndScalars();
  Args.push_back(Rule ? "max_sweeps" : "sweeps");
  Args.push_back(OptsName);
  if (hasReductions()) {
    Args.push_back(Rule ? "&stop.program()" : "nullptr");
    Args.push_back("&persistent_results_");
  }
  const std::string Call =
      persistentLauncherName() + "(" + joinArguments(Args) + ")";
  std::string S = Rule ? "  // Grids that fit in L2: cooperative launches of "
                         "many sweeps, the rule tested on\n  // the device "
                         "after each (PersistentSweeps.cpp).\n"
                       : "  // Grids that fit in L2: cooperative launches of "
                         "many sweeps (PersistentSweeps.cpp).\n";
  if (!hasReductions())
    return S + "  if (" + Call + ")\n    return;\n";
  return S + "  std::vector<" + resultType() +
         "> persistent_results_;\n  if (" + Call +
         ")\n    return persistent_results_;\n";
}

} // namespace stencilc::cuda
