//===- DistributedLauncher.cpp - the launcher over distributed grids ------===//
//
// With EmitOptions::Distributed (stencilc --distributed), each kernel gets a
// second launcher, an overload of NAME taking stencil::DistGrid where the
// plain one takes stencil::Grid (stencil/distributed.hpp). It adds no kernel:
// it
//   1. checks that the grids are cut alike, with a halo at least the
//      kernel's reach along dimension 0 (stencil::detail::DistLaunch), and
//      computes the domain (interior or region) on the whole grid;
//   2. exchanges, for each grid read off-centre along dimension 0, the halo
//      rows it is read at (DistGrid::exchangeHalos copies only the sides
//      whose source rows changed since), by default beside the launches
//      (exchangeHalosBeside: the copies on a stream of their own);
//   3. runs the plain launcher (async:: where there is one) on every piece,
//      on the piece's device, over the part of the domain the piece owns, in
//      the piece's local rows (a LaunchOptions region), with the piece's
//      global origin in LaunchOptions::Origin. When copies run beside, in
//      two stages (DistLaunch::parts): first the rows whose points read no
//      halo row, then, after joinExchange, the edge rows that do;
//   4. combines the pieces' reductions in piece order (with several ranks,
//      every rank gets every piece's result and every rank's error through
//      detail::PieceResults, so all ranks fold the same values or all
//      throw): sums in the device
//      accumulator type (wrapping for integers) and converted once as the
//      plain launcher converts, Min/Max with the reductions' own exact fold.
//      Histograms are added to by every piece's launch (pieces on another
//      device through peer atomics); with several ranks each rank's copy is
//      summed over the ranks after the launches (shareHistogram).
// Kernels with self-resetting reductions also get async::NAME over
// distributed grids, which queues every piece's launch and returns a
// stencil::DistPending (get() waits and combines); the plain overload is it
// and get(), as on one grid.
// So the kernel code and the per-piece launch are the one-GPU ones, but for
// index(d), which with --distributed adds the launch's Origin (dom_.Origin;
// Expressions.cpp) to the coordinate.
//
// Refused with a static_assert when called (the overload is declared so that
// the message names the reason): kernels with boundary rules, whose shell
// would need the pieces' global position and exchanges across the grid's
// ends. "Not supported yet" (docs/distributed.md).
//
//===----------------------------------------------------------------------===//
#include "codegen/cuda/KernelEmitter.h"

#include <sstream>
#include <string>

namespace stencilc::cuda {

using namespace ir;

/// Why the kernel cannot run on distributed grids yet; empty when it can.
std::string KernelEmitter::distributedRefusal() const {
  if (K.hasBoundary())
    return "kernels with boundary rules need the pieces' global position "
           "for their shell";
  return "";
}

std::string KernelEmitter::distributedDoc() const {
  std::ostringstream OS;
  OS << "/// " << K.Name
     << " over distributed grids (stencil/distributed.hpp): exchanges the\n"
        "/// halo rows read along dimension 0 (";
  bool Any = false;
  for (const GridFootprint &G : K.Foot.Grids) {
    if (G.Lo[0] == 0 && G.Hi[0] == 0)
      continue;
    OS << (Any ? "; " : "") << G.Grid << ": " << -G.Lo[0] << " below, "
       << G.Hi[0] << " above";
    Any = true;
  }
  OS << (Any ? "" : "none") << "),\n/// then runs " << K.Name
     << " on every piece over the rows it owns. The grids\n/// must be cut "
        "alike, with a halo of at least "
     << K.Name << "_halo.\n";
  if (hasReductions())
    OS << "/// Reductions are combined in piece order: sums in the "
          "accumulator type,\n/// Min/Max exact.\n";
  if (hasHistograms())
    OS << "/// Histograms (on the pieces' device) are added to by every "
          "piece.\n";
  return OS.str();
}

/// The header's part: the halo the kernel needs and the overload (or, for
/// a kernel it cannot take yet, an overload whose call fails to compile
/// with the reason).
std::string KernelEmitter::distributedDecl() const {
  if (!firstGrid())
    return "";
  std::ostringstream OS;
  const std::string Why = distributedRefusal();
  OS << "\n";
  if (!Why.empty()) {
    OS << "/// " << K.Name
       << " over distributed grids: not supported yet:\n/// " << Why << ".\n";
    OS << "template <class Unsupported_ = void>\n";
    std::string Sig = launcherSignature(/*WithDefault=*/true, /*Async=*/false,
                                        /*Distributed=*/true);
    OS << Sig << " {\n  static_assert(stencil::detail::UnsupportedDistributed<"
       << "Unsupported_>,\n                \"stencil: " << K.Name
       << ": distributed grids are not supported yet for this kernel: " << Why
       << "\");\n";
    if (hasReductions())
      OS << "  return {};\n";
    OS << "}\n";
    return OS.str();
  }
  OS << "/// The halo rows (along dimension 0) " << K.Name
     << "'s distributed grids need.\n";
  OS << "inline constexpr stencil::Halo " << K.Name << "_halo{" << K.Foot.Lo[0]
     << ", " << K.Foot.Hi[0] << "};\n";
  OS << distributedDoc();
  OS << launcherSignature(/*WithDefault=*/true, /*Async=*/false,
                          /*Distributed=*/true)
     << ";\n";
  if (selfResetting())
    OS << "\nnamespace async {\n/// " << K.Name
       << " over distributed grids without waiting for its reductions: "
          "every piece's\n/// launch is queued; get() waits for them and "
          "combines (the plain overload\n/// is this and get()).\n"
       << launcherSignature(/*WithDefault=*/true, /*Async=*/true,
                            /*Distributed=*/true)
       << ";\n} // namespace async\n";
  return OS.str();
}

/// One exchange per grid read off-centre along dimension 0, beside the
/// launches (exchangeHalosBeside) unless the options say otherwise; beside_
/// says whether any copies run beside them.
std::string KernelEmitter::haloExchanges() const {
  std::ostringstream OS;
  for (const GridFootprint &G : K.Foot.Grids)
    if (G.Lo[0] != 0 || G.Hi[0] != 0)
      OS << "  // " << G.Grid << ": read at rows " << G.Lo[0] << ".." << G.Hi[0]
         << " along dimension 0; copied where stale.\n  if "
            "(launch_.overlap())\n"
         << "    beside_ |= " << G.Grid << ".exchangeHalosBeside(kernel_name_, "
         << -G.Lo[0] << ", " << G.Hi[0] << ", " << OptsName
         << ".Stream);\n  else\n    " << G.Grid
         << ".exchangeHalos(kernel_name_, " << -G.Lo[0] << ", " << G.Hi[0]
         << ", " << OptsName << ".Stream);\n";
  return OS.str();
}

/// The joins of the exchanges beside the launches: stage 1 waits for them.
std::string KernelEmitter::haloJoins() const {
  std::ostringstream OS;
  for (const GridFootprint &G : K.Foot.Grids)
    if (G.Lo[0] != 0 || G.Hi[0] != 0)
      OS << "      " << G.Grid << ".joinExchange(kernel_name_, " << OptsName
         << ".Stream);\n";
  return OS.str();
}

/// The plain launcher Callee called on piece piece_ of every grid.
std::string KernelEmitter::pieceCall(const std::string &Callee) const {
  std::string S = Callee + "(";
  for (const Param &P : K.Params) {
    if (isGrid(P.Kind))
      S += P.Name + ".piece(piece_), ";
    else if (P.Kind == ParamKind::Histogram || P.Kind == ParamKind::Scalar)
      S += P.Name + ", ";
  }
  return S + "launch_.options(piece_))";
}

/// The pieces' reductions folded in piece order into result_, as the body
/// of NAME_combine_(part_). The sums' locals are NAME_total_: spec names
/// cannot end in '_', and no fixed local (part_, result_, ...) ends so.
std::string KernelEmitter::pieceCombine() const {
  std::ostringstream OS;
  OS << "  // The pieces' reductions in piece order: sums in the device "
        "accumulator type,\n  // converted once as one launch converts; "
        "Min/Max by the exact fold.\n";
  OS << "  " << resultType() << " result_ = part_[0];\n";
  for (const Param &P : K.Params)
    if (P.Kind == ParamKind::Sum)
      OS << "  " << cxxType(deviceAccumType(P)) << " " << P.Name
         << "_total_ = part_[0]." << P.Name << ";\n";
  OS << "  for (size_t piece_ = 1; piece_ < part_.size(); ++piece_) {\n";
  for (const Param &P : K.Params) {
    const std::string Part = "part_[piece_]." + P.Name;
    if (P.Kind == ParamKind::Sum)
      OS << "    " << P.Name << "_total_ = stencil::detail::wrapAdd(" << P.Name
         << "_total_, static_cast<" << cxxType(deviceAccumType(P)) << ">("
         << Part << "));\n";
    else if (P.Kind == ParamKind::Max || P.Kind == ParamKind::Min)
      OS << "    result_." << P.Name << " = stencil::detail::reduce"
         << (P.Kind == ParamKind::Max ? "Max" : "Min") << "Of(result_."
         << P.Name << ", " << Part << ");\n";
  }
  OS << "  }\n";
  for (const Param &P : K.Params)
    if (P.Kind == ParamKind::Sum)
      OS << resultField(P, P.Name + "_total_");
  OS << "  return result_;\n";
  return OS.str();
}

/// NAME.cu's part: the overload's definition.
std::string KernelEmitter::distributedLauncher() const {
  const Param *First = firstGrid();
  if (!First || !distributedRefusal().empty())
    return "";
  std::ostringstream OS;
  const std::string R = std::to_string(K.Rank);
  const std::string &O = OptsName;
  // Kernels with self-resetting reductions: the work in async::NAME, which
  // returns a stencil::DistPending folding with NAME_combine_; the plain
  // overload is that and get(). Others: the plain overload does the work.
  const bool Async = selfResetting();
  OS << "\n";
  if (hasReductions())
    OS << "namespace {\n/// " << K.Name
       << "'s pieces' reductions, in piece order, combined.\n"
       << resultType() << " " << K.Name << "_combine_(const std::vector<"
       << resultType() << ">& part_) {\n"
       << pieceCombine() << "}\n} // namespace\n\n";
  if (Async)
    OS << "namespace async {\n\n";
  OS << launcherSignature(/*WithDefault=*/false, Async, /*Distributed=*/true)
     << " {\n";
  OS << "  static const char kernel_name_[] = \"" << K.Name << "\";\n";
  OS << "  const stencil::detail::DistLaunch<" << R
     << "> launch_(kernel_name_, " << First->Name << ".decomposition(), "
     << First->Name << ".halo(), " << arr3(K.Foot.Lo) << ", " << arr3(K.Foot.Hi)
     << ", " << O << ");\n";
  for (const Param &P : K.Params) {
    if (isGrid(P.Kind) && &P != First)
      OS << "  launch_.requireSame(\"" << First->Name << "\", \"" << P.Name
         << "\", " << P.Name << ");\n";
    if (P.Kind == ParamKind::Histogram)
      OS << "  launch_.prepareHistogram(\"" << P.Name << "\", " << P.Name
         << ");\n";
  }
  const std::string Exchanges = haloExchanges();
  if (!Exchanges.empty())
    OS << "  bool beside_ = false;\n" << Exchanges;
  // Every piece's launch goes through parts_: with several ranks it carries
  // the results and any rank's error to every rank (one allgather).
  OS << "  stencil::detail::PieceResults<"
     << (hasReductions() ? resultType() : "stencil::detail::NoResult")
     << "> parts_(launch_);\n";
  std::string Indent = "    ";
  if (Exchanges.empty()) {
    OS << "  for (int piece_ = 0; piece_ < launch_.pieces(); ++piece_) {\n";
    OS << "    if (!launch_.runs(piece_))\n      continue;\n";
  } else {
    // Stage 0: the rows that read no halo row, beside the copies; stage 1,
    // after the join: the edge rows (DistLaunch::parts).
    OS << "  for (int stage_ = 0; stage_ < 2; ++stage_) {\n";
    OS << "    if (stage_ == 1) {\n      if (!beside_)\n        break;\n"
       << haloJoins() << "    }\n";
    OS << "    for (int piece_ = 0; piece_ < launch_.pieces(); ++piece_) {\n";
    OS << "      if (!launch_.runs(piece_))\n        continue;\n";
    Indent = "      ";
  }
  OS << Indent << "const stencil::detail::DeviceScope device_(kernel_name_, "
     << "launch_.device(piece_));\n";
  std::string Call = pieceCall(selfResetting() ? "async::" + K.Name : K.Name);
  if (!Exchanges.empty()) {
    OS << Indent << "for (const stencil::LaunchOptions& rows_ : "
       << "launch_.parts(piece_, stage_, beside_))\n";
    Call = Call.substr(0, Call.rfind("launch_.options(piece_))")) + "rows_)";
    Indent += "  ";
  }
  if (hasReductions())
    OS << Indent << "parts_.add(piece_, [&] { return " << Call << "; });\n";
  else
    OS << Indent << "parts_.add(piece_, [&] {\n"
       << Indent << "  " << Call << ";\n"
       << Indent << "  return stencil::detail::NoResult{};\n"
       << Indent << "});\n";
  if (!Exchanges.empty())
    OS << "    }\n";
  OS << "  }\n";
  if (Async) {
    OS << "  return stencil::DistPending<" << resultType()
       << ">(std::move(parts_), &" << K.Name << "_combine_);\n}\n\n"
       << "} // namespace async\n\n"
       << launcherSignature(/*WithDefault=*/false, /*Async=*/false,
                            /*Distributed=*/true)
       << " {\n  return async::" << K.Name << "(" << launcherArgumentNames()
       << ").get();\n}\n";
    return OS.str();
  }
  // With several ranks each rank's histograms hold its own pieces' counts
  // until shareHistogram sums them over the ranks.
  if (hasReductions())
    OS << "  const std::vector<" << resultType()
       << ">& done_ = parts_.get();\n";
  else
    OS << "  parts_.get();\n";
  for (const Param &P : K.Params)
    if (P.Kind == ParamKind::Histogram)
      OS << "  launch_.shareHistogram(" << P.Name << ");\n";
  if (hasReductions())
    OS << "  return " << K.Name << "_combine_(done_);\n";
  OS << "}\n";
  return OS.str();
}

} // namespace stencilc::cuda
