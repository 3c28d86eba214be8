//===- FusedSweeps.cpp - fuse-sweeps: the multi-sweep launchers -----------===//
//
// Every ping-pong sweep (a fused one, or one fuse-sweeps left alone) gets
//
//   NAME_sweeps(..., sweeps, opts)   the unfused loop of `sweeps` sweeps
//       with a swap after each, as launches of up to Depth sweeps.
//   NAME_until(..., max_sweeps, stop, opts)  the same loop, stopped after
//       the first sweep whose reductions satisfy `stop` (a launch whose stop
//       falls inside it is replayed from its untouched input for the sweeps
//       that count). `stop` a host function: each launch's results are read
//       before the next is queued; a stencil::StopRule: the fused finalize
//       evaluates it on the device, launches after its stop return at once,
//       and the launcher queues ahead of the results it reads.
//
// Fused, they launch NAME_fused_kernel (FusedKernel.cpp) with up to Depth
// sweeps each; not fused (and at -O0), they are the loop itself over the
// one-sweep launcher.
//
//===----------------------------------------------------------------------===//
#include "codegen/cuda/KernelEmitter.h"
#include "codegen/IRPrinter.h"
#include "codegen/passes/FuseSweeps.h"

#include <algorithm>
#include <sstream>
#include <string>
#include <vector>

namespace stencilc::cuda {

using namespace ir;

/// The launcher's parameters: the kernel's grids and scalars (the state a
/// mutable grid, advanced in place), the count, and (NAME_until) the stop.
std::string KernelEmitter::fusedSignature(StopTest Stop, bool WithDefault,
                                          const std::string &Suffix) const {
  const bool Until = Stop != StopTest::None;
  const std::vector<std::string> Args = fusedParams(Stop, WithDefault);
  std::string Ret =
      hasReductions() ? "std::vector<" + resultType() + ">" : "void";
  std::string S =
      Ret + " " + K.Name + (Until ? "_until" : "_sweeps") + Suffix + "(";
  for (size_t I = 0; I < Args.size(); ++I)
    S += (I ? ",\n    " : "\n    ") + Args[I];
  return S + ")";
}

/// fusedSignature's parameters, in order.
std::vector<std::string> KernelEmitter::fusedParams(StopTest Stop,
                                                    bool WithDefault) const {
  const bool Until = Stop != StopTest::None;
  std::vector<std::string> Args;
  for (const Param &P : K.Params) {
    const std::string G = "stencil::Grid<" + cxxType(P.Elem) + ", " +
                          std::to_string(P.Rank) + ">";
    if (P.Kind == ParamKind::In && P.Name == Sweep.State)
      Args.push_back(G + "& " + P.Name); // advanced in place
    else if (P.Kind == ParamKind::In)
      Args.push_back("const " + G + "& " + P.Name);
    else if (P.Kind == ParamKind::Out || P.Kind == ParamKind::InOut)
      Args.push_back(G + "& " + P.Name); // InOut: updated by every sweep
    else if (P.Kind == ParamKind::Scalar)
      Args.push_back(cxxType(P.Elem) + " " + P.Name);
  }
  if (Until) {
    Args.push_back("int max_sweeps");
    Args.push_back(Stop == StopTest::Rule
                       ? "const stencil::StopRule<" + resultType() + ">& stop"
                       : "const std::function<bool(const " + resultType() +
                             "&)>& stop");
  } else {
    Args.push_back("int sweeps");
  }
  Args.push_back("const stencil::LaunchOptions& " + OptsName +
                 (WithDefault ? " = {}" : ""));
  return Args;
}

void KernelEmitter::findSweep() {
  Sweep = K.Fuse.active() ? K.Fuse : sweepOf(K);
  if (K.hasHistograms()) // the loop would count each sweep's points again
    Sweep = Fusion();
}

std::string KernelEmitter::fusedDecl() const {
  const std::string &St = Sweep.State, &Nx = Sweep.Next;
  std::ostringstream OS;
  OS << "\n/// " << K.Name << " `sweeps` times, as the loop\n"
     << "///   for (s = 0; s < sweeps; ++s) { " << K.Name << "(..., " << St
     << ", ..., " << Nx << ", ...); swap(" << St << ", " << Nx << "); }\n"
     << "/// leaves the grids, bit for bit: " << St
     << " the last sweep's output, " << Nx << " the sweep before it\n"
     << "/// (each with the points outside the domain the loop leaves it). ";
  if (K.Fuse.active())
    OS << "fuse-sweeps: up to\n/// " << K.Fuse.Depth
       << " sweeps per launch (opts.SweepDepth: 1 to 4), the halo recomputed "
          "on chip.\n";
  else
    OS << "Not fused: one\n/// sweep per launch (--report says why).\n";
  if (hasReductions())
    OS << "/// Returns each sweep's reductions, in order (Sums as the "
          "one-sweep launcher's up to\n/// reassociation; Min and Max "
          "exact).\n";
  OS << fusedSignature(StopTest::None, true) << ";\n";
  if (!hasReductions())
    return OS.str();
  OS << "\n/// The same loop, stopped after the first sweep whose reductions "
        "make stop(result)\n/// true, or after max_sweeps: the grids, the "
        "sweep count and every result are the\n/// loop's. Returns the "
        "results of the sweeps run.\n"
     << fusedSignature(StopTest::Host, true) << ";\n";
  OS << "\n/// " << K.Name << "'s reductions as the values of a stop rule "
     << "(stencil/stop_rule.hpp), e.g.\n///   namespace S = gpu::" << K.Name
     << "_stop;\n///   " << K.Name << "_until(..., max_sweeps, ";
  OS << "S::" << K.reductions().front().get().Name << " < 1e-6);\nnamespace "
     << K.Name << "_stop {\n";
  int Index = 0;
  for (const Param &P : K.reductions())
    OS << "inline const stencil::StopValue<" << resultType() << "> " << P.Name
       << " = stencil::StopValue<" << resultType() << ">::reduction(" << Index++
       << ");\n";
  OS << "} // namespace " << K.Name << "_stop\n";
  OS << "\n/// The same loop, stopped after the first sweep for which the rule "
        "holds: as the\n/// overload above, but "
     << (K.Fuse.active() ? "the fused launches evaluate the rule on the "
                           "device, so that\n/// the host does not hold "
                           "the GPU between launches.\n"
                         : "not fused, the rule is evaluated on the host.\n")
     << fusedSignature(StopTest::Rule, true) << ";\n";
  return OS.str();
}

/// The fused kernel's first test: a launch queued after the sweep at which
/// a StopRule held returns before it writes anything.
std::string KernelEmitter::fusedStopped() const {
  if (!hasReductions())
    return "";
  return "  if (slots_.stop.stopped())\n"
         "    return; // queued after the rule's stop (NAME_until)\n";
}

/// NAME_stop_values_ (host and device): a result's values as a rule reads
/// them, the reductions in order, as doubles; NAME_stop_holds_: the rule on
/// the host.
std::string KernelEmitter::stopValues() const {
  std::ostringstream OS;
  int N = 0;
  OS << "/// " << K.Name << "'s result as a stop rule's values "
     << "(stencil/stop_rule.hpp), in order.\n"
     << "__host__ __device__ inline void " << K.Name << "_stop_values_(const "
     << resultType() << "& result_, double* values_) {\n";
  for (const Param &P : K.reductions())
    OS << "  values_[" << N++ << "] = static_cast<double>(result_." << P.Name
       << ");\n";
  OS << "}\n\n/// Whether a stop rule holds for a sweep's result, on the "
        "host.\n"
     << "bool " << K.Name << "_stop_holds_(const stencil::StopRule<"
     << resultType() << ">& stop_, const " << resultType() << "& result_) {\n"
     << "  double values_[" << N << "];\n"
     << "  " << K.Name << "_stop_values_(result_, values_);\n"
     << "  return stop_.holds(values_);\n}\n\n";
  return OS.str();
}

/// The fused finalize's last statement: thread 0 converts the step's totals
/// to the result (NAME_stop_result_, as NAME_read_ does on the host) and
/// records the sweep when the rule holds.
std::string KernelEmitter::stopOnDevice() const {
  std::ostringstream OS;
  const size_t N = K.reductions().size();
  OS << "  if (rule_.Size > 0 && stencil::detail::flatThreadIndex() == 0) {\n"
     << "    " << totalsType() << " step_;\n";
  for (const Param &P : K.reductions())
    OS << "    step_." << P.Name << " = " << P.Name << ";\n";
  OS << "    double values_[" << N << "];\n"
     << "    " << K.Name << "_stop_values_(" << K.Name
     << "_stop_result_(step_), values_);\n"
     << "    slots_.stop.record(rule_, values_, int(blockIdx.x));\n  }\n";
  return OS.str();
}

/// NAME_sweeps or one of the NAME_until.
std::string KernelEmitter::fusedLauncher(StopTest Stop) {
  const bool Until = Stop != StopTest::None;
  const Param *Next = K.findParam(K.Fuse.Next);
  const std::string T = cxxType(Next->Elem);
  const std::string &St = K.Fuse.State, &Nx = K.Fuse.Next;
  const std::string &O = OptsName;
  const std::string Name = K.Name + (Until ? "_until" : "_sweeps");
  std::ostringstream OS;
  OS << "/// " << Name
     << " at the options' depth (the public launcher tunes them).\n"
     << "static " << fusedSignature(Stop, false, "_at_") << " {\n"
     << "  static const char kernel_name_[] = \"" << Name << "\";\n"
     << "  const int count_ = " << (Until ? "max_sweeps" : "sweeps") << ";\n"
     << "  if (count_ < 0)\n    throw stencil::Error(kernel_name_, \""
     << (Until ? "max_sweeps" : "sweeps")
     << " must be 0 or more, not \" + std::to_string(count_));\n";
  OS << domainSetup(firstGrid(), /*Whole=*/true) << sweepDepthCheck()
     << "  const int depth_ = " << O << ".SweepDepth > 0 ? " << O
     << ".SweepDepth : " << K.Fuse.Depth << ";\n"
     << fusedFallback(Stop);
  if (K.hasBoundary()) // fuse-sweeps' boundaryObstacle: the domain is the grid
    OS << "  // Boundary rules: the tiles cover the grid and no buffer has a "
          "ring; a region\n  // that leaves points unswept runs the loop.\n"
       << "  if (" << unsweptTest() << ")\n"
       << fusedLoopCall(Stop);
  if (const std::string Persistent = persistentCall(Stop);
      K.Rank == 2 && !Persistent.empty()) {
    // Rank 2: persistent launches where the fused ones would not fill the
    // GPU (or opts.PersistentSweeps asks).
    std::istringstream Call(Persistent);
    OS << "  if (" << O << ".SweepDepth == 0) {\n";
    for (std::string Line; std::getline(Call, Line);)
      OS << "  " << Line << "\n";
    OS << "  }\n";
  }
  OS << "  const bool narrow_ = stencil::detail::fitsNarrowIndex<" << K.Rank
     << ">(extents_, 1);\n";
  // The grid's y (rank 2: tiles of rows; rank 3: tiles of rows of a plane)
  // and z (rank 3: chunks of at least 8 planes) are at most 65535.
  const int RowDim = K.Rank == 3 ? 1 : 0;
  const int Rows = K.Fuse.Tile[RowDim];
  OS << "  if (!domain_.empty() && (domain_.Hi[" << RowDim << "] - domain_.Lo["
     << RowDim << "] + " << Rows - 1 << ") / " << Rows << " > 65535)\n"
     << "    throw stencil::Error(kernel_name_, \"the domain has more than "
        "65535 tiles of "
     << Rows << " rows\");\n";
  if (K.Rank == 3)
    OS << "  if (!domain_.empty() && (domain_.Hi[0] - domain_.Lo[0] + 7) / 8 "
          "> 65535)\n"
       << "    throw stencil::Error(kernel_name_, \"the domain has more than "
          "65535 chunks of 8 planes\");\n";
  if (hasReductions()) {
    OS << "  // Each step's accumulators, at their identities between "
          "launches (the finalize\n  // kernel resets them), as the "
          "one-sweep launcher's.\n"
       << "  static stencil::detail::SelfResettingAccumulators<"
       << accumulatorType() << ", " << totalsType()
       << "> step_accumulators_[stencil::detail::MaxSweepDepth];\n"
       << "  " << fusedSlotsType() << " slots_;\n"
       << "  for (int s_ = 0; s_ < stencil::detail::MaxSweepDepth; ++s_) {\n"
       << "    if (!step_accumulators_[s_].device()) {\n"
       << accumulatorIdentity("      ");
    OS << "      step_accumulators_[s_].prepare(kernel_name_, identity_);\n"
       << "    }\n"
       << "    slots_.step[s_] = step_accumulators_[s_].device();\n  }\n"
       << "  " << totalsType() << " identities_;\n";
    for (const Param &P : K.reductions())
      OS << "  identities_." << P.Name << " = " << deviceIdentity(P) << ";\n";
    OS << "  std::deque<stencil::Pending<" << resultType() << ">> waiting_;\n"
       << "  // The rule the finalize evaluates and where it records its stop "
          "(a StopRule's\n  // NAME_until); none while null.\n"
       << "  const stencil::detail::StopProgram* rule_ = nullptr;\n"
       << "  int* stop_word_ = nullptr;\n";
  }
  // The scratch grid is one per kernel, so a call must be done with it
  // before the next starts: a kernel with reductions reads every sweep's
  // results before its launcher returns; one without returns with its
  // launches queued, and a call queued next on another stream would write
  // the same scratch grid while they run.
  if (hasReductions())
    OS << "  // The scratch grid that lets the last launch write the last "
          "two sweeps\n  // (sweeps.hpp, sweepPlan); null: the last launch "
          "is a single sweep.\n"
       << "  " << T
       << "* const scratch_ = domain_.empty() ? nullptr : "
          "stencil::detail::sweepScratch<"
       << T << ">(kernel_name_, " << K.Name << "_sweep_scratch_(), " << St
       << ".bytes(), count_, depth_, " << O << ".SweepScratch);\n";
  else
    OS << "  // No scratch grid (sweeps.hpp, sweepPlan): this launcher "
          "returns with its\n  // launches queued, and a call queued on "
          "another stream would share it.\n"
       << "  " << T << "* const scratch_ = nullptr;\n";
  OS << "  stencil::detail::PingPong<" << T << "> pp_(" << St << ".data(), "
     << Nx << ".data(), scratch_);\n";
  // One launch b_ from pp_.input() into pp_.output(b_) (and the sweep
  // before its last into pp_.previous(b_)).
  std::vector<std::string> Args = {"pp_.input()", "pp_.output(b_)",
                                   "pp_.previous(b_)", "pp_.ring(pp_.Done + 1)",
                                   "pp_.ring(pp_.Done + 2)"};
  for (const Param &P : K.Params) {
    if (P.Kind == ParamKind::In && P.Name != St && !fusedRecordField(P.Name))
      Args.push_back(P.Name + ".data()");
    if (P.Kind == ParamKind::Scalar)
      Args.push_back(P.Name);
  }
  const std::vector<const MergeGroup *> Records = carriedRecords(K, K.Fuse);
  for (const MergeGroup *M : Records)
    Args.push_back(recordParam(*M));
  if (!Records.empty()) // the one-sweep launcher's records, shared
    OS << recordPacking("  ");
  for (const Uniform &U : K.Uniforms)
    Args.push_back(localName(U.Name));
  if (hasReductions())
    Args.push_back("slots_");
  for (int D = 0; D < K.Rank; ++D)
    Args.push_back("extents_[" + std::to_string(D) + "]");
  Args.push_back("domain_");
  OS << "  auto launch_ = [&](const stencil::detail::SweepBatch& b_) {\n"
     << "    const int steps_ = b_.Steps;\n"
     << "    if (domain_.empty()) {\n";
  const std::string Launch = "    " + K.Name +
                             "_fused_launch_(kernel_name_, steps_, narrow_, "
                             "domain_, " +
                             O + ".Stream, " + joinArguments(Args) + ");\n";
  if (hasReductions())
    OS << "      for (int s_ = 0; s_ < steps_; ++s_)\n"
       << "        waiting_.emplace_back(" << readerName()
       << "(&identities_));\n";
  OS << "      return;\n    }\n";
  if (hasReductions())
    OS << "    slots_.stop = stencil::detail::StopWord{rule_ ? stop_word_ : "
          "nullptr, pp_.Done + 1};\n";
  OS << Launch;
  if (hasReductions())
    OS << "    // Every step's slots combined by one launch, a block per "
          "step.\n"
       << "    stencil::detail::RingEntry entries_[stencil::detail::"
          "MaxSweepDepth];\n"
       << "    " << fusedTotalsType() << " totals_;\n"
       << "    for (int s_ = 0; s_ < steps_; ++s_) {\n"
       << "      entries_[s_] = step_accumulators_[s_].ring().begin();\n"
       << "      totals_.step[s_] = static_cast<" << totalsType()
       << "*>(step_accumulators_[s_].ring().onDevice(entries_[s_]));\n"
       << "    }\n"
       << "    stencil::detail::launchAfterPrevious(kernel_name_, &"
       << fusedFinalizeName()
       << ", dim3(steps_), dim3(stencil::detail::ReductionSlots), 32 * "
          "sizeof(double), "
       << O
       << ".Stream, slots_, totals_, rule_ ? *rule_ : "
          "stencil::detail::StopProgram());\n"
       << "    for (int s_ = 0; s_ < steps_; ++s_) {\n"
       << "      stencil::detail::ResultRing& ring_ = "
          "step_accumulators_[s_].ring();\n"
       << "      ring_.recorded(kernel_name_, entries_[s_], " << O
       << ".Stream);\n"
       << "      waiting_.emplace_back(kernel_name_, &ring_, entries_[s_], &"
       << readerName() << ");\n    }\n";
  OS << "  };\n";
  if (hasReductions())
    OS << "  std::vector<" << resultType() << "> results_;\n"
       << "  results_.reserve(size_t(count_));\n";
  if (!Until) {
    OS << "  for (const stencil::detail::SweepBatch& b_ : "
          "stencil::detail::sweepPlan(count_, depth_, scratch_ != nullptr)) "
          "{\n"
       << "    launch_(b_);\n    pp_.advance(b_);\n";
    if (hasReductions())
      OS << "    // Read well before a step's ring of results wraps.\n"
         << "    while (waiting_.size() > 32) {\n"
         << "      results_.push_back(waiting_.front().get());\n"
         << "      waiting_.pop_front();\n    }\n";
    OS << "  }\n";
    if (hasReductions())
      OS << "  for (const auto& pending_ : waiting_)\n"
         << "    results_.push_back(pending_.get());\n";
  } else if (Stop == StopTest::Host) {
    OS << "  // One launch at a time, its results read before the next: a "
          "launch whose stop\n"
       << "  // falls inside it (or that ran more than one sweep) is replayed "
          "from its input,\n"
       << "  // untouched, with the sweeps that count.\n"
       << "  for (const stencil::detail::SweepBatch& b_ : "
          "stencil::detail::sweepPlan(count_, depth_, scratch_ != nullptr)) "
          "{\n"
       << "    const int steps_ = b_.Steps;\n"
       << "    launch_(b_);\n"
       << "    int stopped_ = 0; // the step that met stop, 1-based\n"
       << "    for (int s_ = 1; s_ <= steps_; ++s_) {\n"
       << "      results_.push_back(waiting_.front().get());\n"
       << "      waiting_.pop_front();\n"
       << "      if (!stopped_ && stop(results_.back()))\n"
       << "        stopped_ = s_;\n    }\n"
       << "    if (!stopped_) {\n      pp_.advance(b_);\n      continue;\n"
       << "    }\n"
       << "    results_.resize(size_t(pp_.Done + stopped_));\n"
       << stopReplay("b_") << "    break;\n  }\n";
  } else {
    OS << "  // The finalize of each fused launch evaluates the rule and keeps "
          "the first sweep\n"
       << "  // that met it on the device; launches after it return at once. "
          "So launches are\n"
       << "  // queued StopLaunchesAhead ahead of the results read; the host "
          "evaluates the same\n"
       << "  // rule on them, checks that the device agrees and replays the "
          "launch holding the\n"
       << "  // stop from its untouched input, as the other overload does.\n"
       << "  if (count_ >= stencil::detail::NoStop)\n"
       << "    throw stencil::Error(kernel_name_, \"max_sweeps must be less "
          "than \" + std::to_string(stencil::detail::NoStop));\n"
       << "  static stencil::detail::Scratch stop_words_;\n"
       << "  const bool on_device_ = !domain_.empty(); // else no launch: "
          "the host alone\n"
       << "  if (on_device_) {\n"
       << "    stop_word_ = stop_words_.get<int>(kernel_name_);\n"
       << "    stencil::detail::resetStopWord(kernel_name_, stop_word_, " << O
       << ".Stream);\n"
       << "  }\n"
       << "  rule_ = &stop.program();\n"
       << "  stencil::detail::LaunchesAhead<" << T
       << "> ahead_(stencil::detail::sweepPlan(count_, depth_, scratch_ != "
          "nullptr));\n"
       << "  stencil::detail::LaunchesAhead<" << T << ">::Launch read_;\n"
       << "  int stopped_ = 0; // the step of read_ that met the rule, "
          "1-based\n"
       << "  while (!stopped_) {\n"
       << "    for (stencil::detail::SweepBatch b_; (b_ = "
          "ahead_.queue(pp_)).Steps > 0; pp_.advance(b_))\n"
       << "      launch_(b_);\n"
       << "    if (ahead_.empty())\n      break;\n"
       << "    read_ = ahead_.pop();\n"
       << "    for (int s_ = 1; s_ <= read_.Batch.Steps; ++s_) {\n"
       << "      results_.push_back(waiting_.front().get());\n"
       << "      waiting_.pop_front();\n"
       << "      if (!stopped_ && " << K.Name
       << "_stop_holds_(stop, results_.back()))\n"
       << "        stopped_ = s_;\n    }\n  }\n"
       << "  if (on_device_)\n"
       << "    stencil::detail::checkStopWord(kernel_name_, stop_word_, "
          "stopped_ ? read_.Before.Done + stopped_ : stencil::detail::NoStop, "
       << O << ".Stream);\n"
       << "  rule_ = nullptr; // replays run every sweep they are given\n"
       << "  if (stopped_) {\n"
       << "    waiting_.clear(); // launches after the stop: nothing run\n"
       << "    pp_ = read_.Before;\n"
       << "    results_.resize(size_t(pp_.Done + stopped_));\n"
       << stopReplay("read_.Batch") << "  }\n";
  }
  OS << "  stencil::detail::finishPingPong(kernel_name_, pp_, " << St << ", "
     << Nx << ", domain_, " << O << ".Stream);\n";
  if (hasReductions())
    OS << "  return results_;\n";
  OS << "}\n\n";
  return OS.str();
}

/// The launch that holds the stop, Batch, ran from pp_ (its input,
/// untouched): replayed with the stopped_ sweeps that count (replayPlan:
/// from the scratch grid one launch that writes both buffers, else ending
/// in one that does or in a single sweep), unless it was a single sweep from
/// a buffer into the other. The replay's results are the first run's (its
/// sums may differ in their order of additions where the launch depth
/// does), so they are read and dropped.
std::string KernelEmitter::stopReplay(const std::string &Batch) const {
  return "    if (" + Batch + ".Steps > 1 || " + Batch +
         ".Role != stencil::detail::SweepRole::Plain) {\n"
         "      for (const stencil::detail::SweepBatch& again_ : "
         "stencil::detail::replayPlan(stopped_, depth_, pp_)) {\n"
         "        launch_(again_);\n        pp_.advance(again_);\n"
         "        for (int s_ = 0; s_ < again_.Steps; ++s_) {\n"
         "          (void)waiting_.front().get(); // as the first run's\n"
         "          waiting_.pop_front();\n        }\n      }\n"
         "    } else {\n      pp_.advance(" +
         Batch + ");\n    }\n";
}

/// SweepDepth -1 runs the one-sweep launcher's loop (NAME_sweeps_loop_),
/// as does, at rank 3, a grid whose fused launches cannot fill the GPU with
/// chunks of at least 16 planes (NAME_fused_fills_) unless a SweepDepth is
/// asked: its chunks would be mostly halo. Measured on Himeno (H100,
/// µs per sweep): S, 0.5 M points, fused 18.1 against 10.6 for the queued
/// loop; M, 4 M points, fused 85 against 91 (the H200: fused 13% slower at
/// M; STENCIL_TUNE times both).
/// `return NAME_sweeps_loop_(...);` (or _until): the loop of one-sweep
/// launches, with the launcher's arguments.
std::string KernelEmitter::fusedLoopCall(StopTest Stop) const {
  const bool Until = Stop != StopTest::None;
  std::vector<std::string> Args = sweepsGridsAndScalars();
  Args.push_back(Until ? "max_sweeps" : "sweeps");
  if (Until)
    Args.push_back("stop");
  Args.push_back(OptsName);
  return "    return " + K.Name + (Until ? "_until" : "_sweeps") + "_loop_(" +
         joinArguments(Args) + ");\n";
}

/// Whether the launch's domain_ leaves points of the grid unswept (a
/// region), as a C++ condition.
std::string KernelEmitter::unsweptTest() const {
  std::string Test = "!domain_.empty() && (";
  for (int D = 0; D < K.Rank; ++D) {
    const std::string I = "[" + std::to_string(D) + "]";
    Test += std::string(D ? " || " : "") + "domain_.Lo" + I +
            " != 0 || domain_.Hi" + I + " != extents_" + I;
  }
  return Test + ")";
}

std::string KernelEmitter::fusedFallback(StopTest Stop) const {
  const std::string Loop = fusedLoopCall(Stop);
  if (K.Rank != 3)
    return "  if (" + OptsName + ".SweepDepth == -1) // one-sweep launches\n" +
           Loop;
  return "  // SweepDepth -1, or as compiled (none asked) on a small grid: "
         "the loop.\n"
         "  if (" +
         OptsName + ".SweepDepth == -1 || (" + OptsName +
         ".SweepDepth == 0 && !domain_.empty() && !" + K.Name +
         "_fused_fills_(kernel_name_, domain_)))\n" + Loop;
}

/// NAME_fused_fills_: whether fused launches at the compiled depth Doc
/// (says what), by Fills over the tiles of a plane (Columns wide, Rows
/// high; tiles_) and the blocks the GPU holds at once (resident_blocks_).
/// Rank 3: else small grids run the loop (fusedFallback); rank 2: else
/// persistent launches (PersistentSweeps.cpp).
std::string KernelEmitter::fusedFills(const std::string &Doc,
                                      const std::string &Block,
                                      const std::string &Columns,
                                      const std::string &Rows,
                                      const std::string &Fills) const {
  const std::string C = std::to_string(K.Rank - 1),
                    R = std::to_string(K.Rank - 2);
  return "/// Whether fused launches at the compiled depth " + Doc + ".\n" +
         "bool " + K.Name +
         "_fused_fills_(const char* name_, const stencil::detail::Domain<" +
         std::to_string(K.Rank) + ">& domain_) {\n" +
         "  constexpr int steps_ = " + std::to_string(K.Fuse.Depth) + ";\n" +
         "  static stencil::detail::ResidentBlocks resident_;\n" +
         "  const int64_t resident_blocks_ = resident_.get(name_, &" +
         fusedKernelName() + "<int, steps_>, " + Block + ", " + K.Name +
         "_fused_smem_(steps_));\n" +
         "  const int64_t tiles_ = stencil::detail::divUp(domain_.Hi[" + C +
         "] - domain_.Lo[" + C + "], " + Columns + ") *\n" +
         "                         stencil::detail::divUp(domain_.Hi[" + R +
         "] - domain_.Lo[" + R + "], " + Rows + ");\n" + "  return " + Fills +
         ";\n}\n\n";
}

/// Without a fusion: the loop itself, over the one-sweep launcher (Suffix:
/// the rank-3 fused launchers' own copy for grids too small to fill the
/// GPU, fusedFallback).
std::string KernelEmitter::loopLauncher(StopTest Stop,
                                        const std::string &Suffix) {
  const bool Until = Stop != StopTest::None;
  std::ostringstream OS;
  if (Stop == StopTest::Rule) {
    // The rule on the host, through the overload taking a function.
    std::vector<std::string> Args = sweepsGridsAndScalars();
    Args.push_back("max_sweeps");
    Args.push_back("[&](const " + resultType() + "& result_) { return " +
                   K.Name + "_stop_holds_(stop, result_); }");
    Args.push_back(OptsName);
    OS << fusedSignature(Stop, false, Suffix) << " {\n"
       << persistentCall(Stop)
       << "  // Not fused (see --report): the rule is evaluated on the host.\n"
       << "  return " << K.Name << "_until" << Suffix << "("
       << joinArguments(Args) << ");\n}\n\n";
    return OS.str();
  }
  const std::string Name = K.Name + (Until ? "_until" : "_sweeps");
  const std::string Count = Until ? "max_sweeps" : "sweeps";
  OS << fusedSignature(Stop, false, Suffix) << " {\n"
     << "  static const char kernel_name_[] = \"" << Name << "\";\n"
     << "  if (" << Count << " < 0)\n    throw stencil::Error(kernel_name_, \""
     << Count << " must be 0 or more, not \" + std::to_string(" << Count
     << "));\n"
     << sweepDepthCheck();
  OS << persistentCall(Stop);
  OS << "  // Not fused (see --report): one sweep per launch.\n";
  const std::string Call = K.Name + "(" + launcherArgumentNames() + ")";
  // for (s_ ...) { Body; swap(state, next); After }: the three loops below.
  auto SweepLoop = [&](const std::string &Body, const std::string &After) {
    return "  for (int s_ = 0; s_ < " + Count + "; ++s_) {\n    " + Body +
           ";\n    using std::swap;\n    swap(" + Sweep.State + ", " +
           Sweep.Next + ");\n" + After + "  }\n";
  };
  if (!hasReductions()) {
    OS << SweepLoop(Call, "") << "}\n\n";
    return OS.str();
  }
  OS << "  std::vector<" << resultType() << "> results_;\n";
  if (Until) {
    // Each sweep's results read before the next sweep is queued: a sweep
    // queued past the stop would overwrite the state the loop stops with.
    OS << SweepLoop("results_.push_back(" + Call + ")",
                    "    if (stop(results_.back()))\n      break;\n")
       << "  return results_;\n}\n\n";
    return OS.str();
  }
  // Every sweep queued, its results read SweepsInFlight launches later: the
  // GPU does not wait for the host between sweeps.
  OS << "  std::deque<stencil::Pending<" << resultType() << ">> waiting_;\n"
     << SweepLoop("waiting_.push_back(async::" + Call + ")",
                  "    if (waiting_.size() > stencil::detail::SweepsInFlight) "
                  "{\n"
                  "      results_.push_back(waiting_.front().get());\n"
                  "      waiting_.pop_front();\n    }\n")
     << "  for (; !waiting_.empty(); waiting_.pop_front())\n"
     << "    results_.push_back(waiting_.front().get());\n"
     << "  return results_;\n}\n\n";
  return OS.str();
}

/// The launchers' check of opts.SweepDepth.
std::string KernelEmitter::sweepDepthCheck() const {
  const std::string &O = OptsName;
  return "  if (" + O + ".SweepDepth < -1 || " + O +
         ".SweepDepth > stencil::detail::MaxSweepDepth)\n"
         "    throw stencil::Error(kernel_name_, \"SweepDepth \" + "
         "std::to_string(" +
         O +
         ".SweepDepth) + \" is not between -1 (one-sweep launches) and 4 "
         "(0: as compiled)\");\n";
}

/// The grids and scalars of the kernel, as the launchers name them.
std::vector<std::string> KernelEmitter::sweepsGridsAndScalars() const {
  std::vector<std::string> Args;
  for (const Param &P : K.Params)
    if (isGrid(P.Kind) || P.Kind == ParamKind::Scalar)
      Args.push_back(P.Name);
  return Args;
}

/// NAME_sweeps_tuned_: the options a fused NAME_sweeps or NAME_until
/// launches with: opts, or under STENCIL_TUNE the depth the tuning cache
/// holds for the extents class (kernel "NAME_sweeps"), timed on its first
/// call if none (tuning.hpp): NAME_sweeps_at_ runs TrialSweeps sweeps at
/// each candidate depth from the grids saved before, and the grids and their
/// handles are put back as they were after each trial (a trial that throws
/// is skipped by the tuner: its handles are put back too). The variants count
/// is the kernel's: a Variant in opts is for the one-sweep launches of the
/// loop, and makes the options explicit.
std::string KernelEmitter::sweepsTuning() const {
  std::vector<std::string> Params = fusedParams(StopTest::None, false);
  Params.erase(std::find(Params.begin(), Params.end(), "int sweeps"));
  std::vector<std::string> Trial = sweepsGridsAndScalars();
  Trial.push_back("stencil::detail::TrialSweeps");
  Trial.push_back("trial_");
  std::string Outputs;
  for (const Param &P : K.Params)
    if (P.Name == Sweep.State || P.Kind == ParamKind::Out ||
        P.Kind == ParamKind::InOut)
      Outputs += std::string(Outputs.empty() ? "" : ", ") + "{" + P.Name +
                 ".data(), " + P.Name + ".bytes()}";
  const std::string &St = Sweep.State, &Nx = Sweep.Next;
  std::ostringstream OS;
  OS << "/// The options " << K.Name
     << "_sweeps and _until launch with: opts, or under STENCIL_TUNE\n"
     << "/// the fusion depth tuned for the extents class (tuning.hpp).\n"
     << "static stencil::LaunchOptions " << K.Name << "_sweeps_tuned_(";
  for (size_t I = 0; I < Params.size(); ++I)
    OS << (I ? ",\n    " : "\n    ") << Params[I];
  OS << ") {\n"
     << "  static const char kernel_name_[] = \"" << K.Name << "_sweeps\";\n"
     << "  const void* const state_data_ = " << St << ".data();\n"
     << "  return stencil::detail::tunedOptions<" << K.Rank
     << ">(\n      kernel_name_, " << ir::kernelHash(K) << "ull, " << St
     << ".extents(), {" << K.Rank << ", {0, 0, 0}, 0, false, false, 0, "
     << K.Variants.size() << ", " << K.Fuse.Depth << "}, " << OptsName
     << ",\n      [&](const stencil::LaunchOptions& trial_) {\n"
     << "        // The handles as they were, also when a trial throws: the\n"
     << "        // snapshot restores buffers, not which grid holds which.\n"
     << "        const auto handles_back_ = [&] {\n"
     << "          if (" << St << ".data() != state_data_) {\n"
     << "            using std::swap;\n            swap(" << St << ", " << Nx
     << ");\n          }\n        };\n"
     << "        try {\n"
     << "          (void)" << K.Name << "_sweeps_at_(" << joinArguments(Trial)
     << ");\n"
     << "        } catch (...) {\n          handles_back_();\n          "
        "throw;\n"
     << "        }\n        handles_back_();\n"
     << "      },\n      {" << Outputs << "});\n}\n\n";
  return OS.str();
}

/// The public NAME_sweeps or NAME_until: NAME_*_at_ with the tuned options.
std::string KernelEmitter::tunedLauncher(StopTest Stop) const {
  const bool Until = Stop != StopTest::None;
  std::vector<std::string> Tune = sweepsGridsAndScalars();
  Tune.push_back(OptsName);
  std::vector<std::string> Args = sweepsGridsAndScalars();
  Args.push_back(Until ? "max_sweeps" : "sweeps");
  if (Until)
    Args.push_back("stop");
  Args.push_back(K.Name + "_sweeps_tuned_(" + joinArguments(Tune) + ")");
  return fusedSignature(Stop, false) + " {\n  " +
         (hasReductions() ? "return " : "") + K.Name +
         (Until ? "_until" : "_sweeps") + "_at_(" + joinArguments(Args) +
         ");\n}\n\n";
}

std::string KernelEmitter::fusedSource() {
  if (!K.Fuse.active()) {
    const std::string Persistent = persistentSource();
    if (!hasReductions())
      return (Persistent.empty()
                  ? ""
                  : "namespace {\n\n" + Persistent + "} // namespace\n\n") +
             loopLauncher(StopTest::None);
    return "namespace {\n\n" + stopValues() + Persistent +
           "} // namespace\n\n" + loopLauncher(StopTest::None) +
           loopLauncher(StopTest::Host) + loopLauncher(StopTest::Rule);
  }
  std::ostringstream OS;
  OS << "namespace {\n\n";
  if (hasReductions())
    OS << "/// Each step's accumulators, for one fused launch, and the stop "
          "word (a StopRule's\n/// NAME_until).\n"
       << "struct " << fusedSlotsType() << " {\n  " << accumulatorType()
       << "* step[stencil::detail::MaxSweepDepth];\n"
       << "  stencil::detail::StopWord stop;\n};\n\n"
       << "/// Where each step's totals go: its entry of that step's result "
          "ring.\n"
       << "struct " << fusedTotalsType() << " {\n  " << totalsType()
       << "* step[stencil::detail::MaxSweepDepth];\n};\n\n"
       << stopValues() << "/// The result the host reads from a step's "
       << "totals (as " << readerName() << ").\n__device__ " << resultType()
       << " " << K.Name << "_stop_result_(const " << totalsType()
       << "& host_) {\n"
       << resultConversion() << "}\n\n"
       << "/// The finalize of every step of a fused launch, block s for step "
          "s: one launch\n/// instead of one per step (each costs about 3.5 "
          "us on the H100); a dependent launch.\n/// With a rule (rule_.Size "
          "> 0), each step's result is tested against it.\n"
       << "__global__ void " << fusedFinalizeName() << "(" << fusedSlotsType()
       << " slots_, " << fusedTotalsType()
       << " steps_totals_, stencil::detail::StopProgram rule_) {\n"
       << "  stencil::detail::waitForPreviousGrid(); // a dependent launch\n"
       << "  if (slots_.stop.stopped())\n"
       << "    return; // after the stop: the kernel wrote nothing\n"
       << "  " << accumulatorType()
       << "* const acc_ = slots_.step[blockIdx.x];\n"
       << "  " << totalsType()
       << "* const totals_ = steps_totals_.step[blockIdx.x];\n"
       << "  extern __shared__ double reduction_smem_[];\n"
       << finalizeBody() << stopOnDevice() << "}\n\n";
  OS << fusedKernel() << fusedHelpers();
  OS << persistentSource();
  OS << loopLauncher(StopTest::None, "_loop_"); // fusedFallback
  if (hasReductions())
    OS << loopLauncher(StopTest::Host, "_loop_")
       << loopLauncher(StopTest::Rule, "_loop_");
  OS << "} // namespace\n\n";
  OS << fusedLauncher(StopTest::None);
  if (hasReductions())
    OS << fusedLauncher(StopTest::Host) << fusedLauncher(StopTest::Rule);
  OS << sweepsTuning() << tunedLauncher(StopTest::None);
  if (hasReductions())
    OS << tunedLauncher(StopTest::Host) << tunedLauncher(StopTest::Rule);
  return OS.str();
}

} // namespace stencilc::cuda
