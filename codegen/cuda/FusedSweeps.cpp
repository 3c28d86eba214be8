//===- FusedSweeps.cpp - fuse-sweeps: several sweeps per launch -----------===//
//
// For a kernel `fuse-sweeps` marked (ir::Fusion: the state grid, the grid
// its next value goes to, a depth and a tile), NAME.cu gains
//
//   NAME_fused_kernel<Index, Steps>  one block per tile of the domain. It
//       loads the tile with a halo of Steps * radius points (level 0), then
//       runs Steps sweeps in shared memory, each on a region one radius
//       smaller per side than the last, the final one on the tile itself,
//       written to the grid. Points outside the domain (the ring, never
//       written by a sweep) come from the buffer whose ring that sweep reads
//       (stencil/detail/sweeps.hpp). Each point is computed by the same
//       expressions as the one-sweep kernel prints (Expressions.cpp, with
//       InFused set), so every value is that kernel's, bit for bit.
//       Reductions: one partial per step, counting the points the tile
//       owns; one block combine per step into that step's accumulators.
//   NAME_sweeps(..., sweeps, opts)   the unfused loop of `sweeps` sweeps
//       with a swap after each, as launches of up to Depth sweeps.
//   NAME_until(..., max_sweeps, stop, opts)  the same loop, stopped after
//       the first sweep whose reductions satisfy `stop` (host-side test; a
//       launch whose stop falls inside it is replayed from its untouched
//       input for the sweeps that count).
//
//===----------------------------------------------------------------------===//
#include "codegen/cuda/KernelEmitter.h"
#include "codegen/passes/FuseSweeps.h"

#include <sstream>
#include <string>
#include <vector>

namespace stencilc::cuda {

using namespace ir;

namespace {
/// Threads per block: the levels' width (Fusion::Tile[1]) by FusedRows.
constexpr int FusedRows = 4;
/// The deepest instantiation (stencil::detail::MaxSweepDepth).
constexpr int MaxFusedDepth = 4;
} // namespace

/// A read of the state at offsets (d0, d1): the level being read, at the
/// point's place plus the offsets (the levels' rows are P1_ long).
std::string KernelEmitter::fusedRead(const GridRead &G) const {
  std::string S = "src_[sat_";
  if (G.Offsets[0])
    S += " + (" + std::to_string(G.Offsets[0]) + ") * P1_";
  if (G.Offsets[1])
    S += " + (" + std::to_string(G.Offsets[1]) + ")";
  return S + "]";
}

std::string KernelEmitter::fusedSignature(bool Until, bool WithDefault) const {
  std::vector<std::string> Args;
  for (const Param &P : K.Params) {
    const std::string G = "stencil::Grid<" + cxxType(P.Elem) + ", " +
                          std::to_string(P.Rank) + ">";
    if (P.Kind == ParamKind::In && P.Name == Sweep.State)
      Args.push_back(G + "& " + P.Name); // advanced in place
    else if (P.Kind == ParamKind::In)
      Args.push_back("const " + G + "& " + P.Name);
    else if (P.Kind == ParamKind::Out)
      Args.push_back(G + "& " + P.Name);
    else if (P.Kind == ParamKind::Scalar)
      Args.push_back(cxxType(P.Elem) + " " + P.Name);
  }
  if (Until) {
    Args.push_back("int max_sweeps");
    Args.push_back("const std::function<bool(const " + resultType() +
                   "&)>& stop");
  } else {
    Args.push_back("int sweeps");
  }
  Args.push_back("const stencil::LaunchOptions& " + OptsName +
                 (WithDefault ? " = {}" : ""));
  std::string Ret =
      hasReductions() ? "std::vector<" + resultType() + ">" : "void";
  std::string S = Ret + " " + K.Name + (Until ? "_until" : "_sweeps") + "(";
  for (size_t I = 0; I < Args.size(); ++I)
    S += (I ? ",\n    " : "\n    ") + Args[I];
  return S + ")";
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
  OS << fusedSignature(false, true) << ";\n";
  if (!hasReductions())
    return OS.str();
  OS << "\n/// The same loop, stopped after the first sweep whose reductions "
        "make stop(result)\n/// true, or after max_sweeps: the grids, the "
        "sweep count and every result are the\n/// loop's. Returns the "
        "results of the sweeps run.\n"
     << fusedSignature(true, true) << ";\n";
  return OS.str();
}

/// The kernel's parameters: the state's level-0 source and the next
/// state's grid, the two ring sources, the other grids and values as the
/// one-sweep kernel takes them, the per-step accumulators, the extents and
/// the domain.
std::string KernelEmitter::fusedKernel() {
  const Param *Next = K.findParam(K.Fuse.Next);
  const std::string T = cxxType(Next->Elem);
  std::vector<std::string> Args = {"const " + T + "* in_", T + "* out_",
                                   "const " + T + "* ring_first_",
                                   "const " + T + "* ring_second_"};
  for (const Param &P : K.Params) {
    if (P.Kind == ParamKind::In && P.Name != K.Fuse.State)
      Args.push_back("const " + cxxType(P.Elem) + "* __restrict__ " + P.Name);
    if (P.Kind == ParamKind::Scalar)
      Args.push_back(cxxType(P.Elem) + " " + P.Name);
  }
  for (const Uniform &U : K.Uniforms)
    Args.push_back(cxxType(U.Ty) + " " + localName(U.Name));
  if (hasReductions())
    Args.push_back(fusedSlotsType() + " slots_");
  Args.push_back("Index n0_");
  Args.push_back("Index n1_");
  Args.push_back("stencil::detail::Domain<2> dom_");

  // The point work, printed inside the loop over a step's region.
  auto points = [&](int Depth) {
    std::ostringstream Points;
    InFused = true;
    block(Points, K.Body, Depth);
    InFused = false;
    return Points.str();
  };

  const int R0 = stateRadius(K, K.Fuse.State, 0);
  const int R1 = stateRadius(K, K.Fuse.State, 1);
  std::ostringstream OS;
  OS << "/// fuse-sweeps: Steps sweeps of " << K.Name
     << " per launch, one block per tile (FusedSweeps.cpp).\n"
     << "template <class Index, int Steps>\n__global__ void __launch_bounds__("
     << K.Fuse.Tile[1] * FusedRows << ") " << fusedKernelName() << "(";
  for (size_t I = 0; I < Args.size(); ++I)
    OS << (I ? ",\n    " : "\n    ") << Args[I];
  OS << ") {\n"
     << "  // Threads: W_ columns (the levels' width) by " << FusedRows
     << " rows. Output: T0_ rows by the\n"
     << "  // columns left after Steps * R1_ halo columns each side.\n"
     << "  constexpr int W_ = " << K.Fuse.Tile[1]
     << ", T0_ = " << K.Fuse.Tile[0] << ", R0_ = " << R0 << ", R1_ = " << R1
     << ";\n"
     << "  constexpr int T1_ = W_ - 2 * Steps * R1_, P0_ = T0_ + 2 * Steps * "
        "R0_, P1_ = W_;\n"
     << "  extern __shared__ __align__(16) unsigned char fused_smem_[];\n"
     << "  " << T << "* const level0_ = reinterpret_cast<" << T
     << "*>(fused_smem_);\n"
     << "  " << T << "* const level1_ = level0_ + P0_ * P1_;\n"
     << "  const Index stride0_ = Index(dom_.Stride[0]);\n"
     << "  const Index lo0_ = Index(dom_.Lo[0]), hi0_ = Index(dom_.Hi[0]);\n"
     << "  const Index lo1_ = Index(dom_.Lo[1]), hi1_ = Index(dom_.Hi[1]);\n"
     << "  // The tile this block owns, and the levels' point (0, 0).\n"
     << "  const Index o0_ = lo0_ + Index(blockIdx.y) * T0_, o1_ = lo1_ + "
        "Index(blockIdx.x) * T1_;\n"
     << "  const Index f0_ = o0_ - Steps * R0_, f1_ = o1_ - Steps * R1_;\n"
     << "  // This thread's column, the same at every level.\n"
     << "  const int tx_ = threadIdx.x, ty_ = threadIdx.y;\n"
     << "  const Index i1_ = f1_ + tx_;\n"
     << "  const bool col_in_ = i1_ >= 0 && i1_ < n1_;\n"
     << "  const bool col_inner_ = i1_ >= lo1_ && i1_ < hi1_;\n";
  if (hasReductions())
    OS << "  const bool col_own_ = i1_ >= o1_ && i1_ < o1_ + T1_;\n";
  for (const Param &P : K.Params)
    if (isReduction(P.Kind))
      OS << "  " << cxxType(P.Accum) << " " << P.Name
         << "_step_[Steps]; // this thread's partials, one per step\n"
         << "  #pragma unroll\n  for (int s_ = 0; s_ < Steps; ++s_) " << P.Name
         << "_step_[s_] = " << deviceIdentity(P) << ";\n";
  // Most tiles lie inside the domain with their whole halo: they take a
  // path without a test per point (Fast), so that the unrolled rows issue
  // their loads together; the tiles at the edges test each row.
  OS << "  // Inside: every level-0 point in the domain (none in the ring).\n"
     << "  const bool inside_ = f0_ >= lo0_ && f0_ + P0_ <= hi0_ && f1_ >= "
        "lo1_ && f1_ + W_ <= hi1_;\n"
     << "  // Level 0: the state, its ring (outside the domain) the one the "
        "first sweep reads.\n"
     << "  if (inside_) {\n"
     << "    #pragma unroll 4\n"
     << "    for (int r_ = ty_; r_ < P0_; r_ += " << FusedRows << ")\n"
     << "      level0_[r_ * P1_ + tx_] = in_[(f0_ + r_) * stride0_ + i1_];\n"
     << "  } else if (col_in_) {\n"
     << "    #pragma unroll 4\n"
     << "    for (int r_ = ty_; r_ < P0_; r_ += " << FusedRows << ") {\n"
     << "      const Index i0_ = f0_ + r_;\n"
     << "      if (i0_ < 0 || i0_ >= n0_) continue;\n"
     << "      const Index at_ = i0_ * stride0_ + i1_;\n"
     << "      const bool inner_ = col_inner_ && i0_ >= lo0_ && i0_ < hi0_;\n"
     << "      level0_[r_ * P1_ + tx_] = (inner_ ? in_ : ring_first_)[at_];\n"
     << "    }\n  }\n  __syncthreads();\n";
  // One block per step, its sizes constants, so that the loop over its rows
  // unrolls with several points' loads in flight.
  for (int Step = 1; Step <= MaxFusedDepth; ++Step) {
    const bool Odd = Step % 2;
    OS << "  if constexpr (Steps >= " << Step << ") {\n"
       << "    constexpr int step_ = " << Step << ";\n"
       << "    const " << T
       << "* const src_ = " << (Odd ? "level0_" : "level1_") << ";\n"
       << "    " << T << "* const dst_ = " << (Odd ? "level1_" : "level0_")
       << ";\n"
       << "    // The ring of the level this step writes: the next sweep's.\n"
       << "    const " << T
       << "* const ring_ = " << (Odd ? "ring_second_" : "ring_first_") << ";\n"
       << "    (void)ring_;\n"
       << "    // This step's region: step_ * R fewer rows and columns per "
          "side than level 0.\n";
    for (bool Fast : {true, false}) {
      OS << (Fast ? "    if (inside_) {\n" : "    } else {\n") << "      if ("
         << (Fast ? "" : "col_in_ && ")
         << "tx_ >= step_ * R1_ && tx_ < W_ - step_ * R1_) {\n"
         << "        #pragma unroll 4\n"
         << "        for (int r_ = step_ * R0_ + ty_; r_ < P0_ - step_ * R0_; "
            "r_ += "
         << FusedRows << ") {\n"
         << "          const Index i0_ = f0_ + r_;\n";
      if (!Fast)
        OS << "          if (i0_ < 0 || i0_ >= n0_) continue;\n";
      OS << "          const int sat_ = r_ * P1_ + tx_;\n"
         << "          const Index at_ = i0_ * stride0_ + i1_;\n";
      if (!Fast)
        OS << "          if (!(col_inner_ && i0_ >= lo0_ && i0_ < hi0_)) {\n"
           << "            if (step_ < Steps) dst_[sat_] = ring_[at_];\n"
           << "            continue;\n          }\n";
      if (hasReductions()) {
        OS << "          const bool own_ = col_own_ && i0_ >= o0_ && i0_ < o0_ "
              "+ T0_;\n";
        for (const Param &P : K.Params)
          if (isReduction(P.Kind))
            OS << "          " << cxxType(P.Accum) << "& " << P.Name << " = "
               << P.Name << "_step_[" << Step - 1 << "];\n";
      }
      OS << points(6) << "        }\n      }\n";
    }
    OS << "    }\n    __syncthreads();\n  }\n";
  }
  if (hasReductions()) {
    OS << "  // Each step's partials combined over the block, into that "
          "step's accumulators.\n"
       << "  extern __shared__ double reduction_smem_[];\n"
       << "  #pragma unroll\n  for (int s_ = 0; s_ < Steps; ++s_) {\n";
    for (const Param &P : K.Params) {
      if (!isReduction(P.Kind))
        continue;
      const Type W = deviceAccumType(P);
      const std::string V = P.Name + "_step_[s_]";
      OS << "    stencil::detail::"
         << (K.Reductions == ReductionLowering::WarpShuffleAtomic
                 ? "reduceWarpShuffleAtomic"
                 : "reduceBlockTreeAtomic")
         << "<stencil::detail::"
         << (P.Kind == ParamKind::Sum   ? "SumOp"
             : P.Kind == ParamKind::Max ? "MaxOp"
                                        : "MinOp")
         << ">(stencil::detail::blockSlot(slots_.step[s_]->" << P.Name << "), "
         << (W == P.Accum ? V : "static_cast<" + cxxType(W) + ">(" + V + ")")
         << ", reduction_smem_);\n";
    }
    OS << "  }\n";
  }
  OS << "}\n\n";
  return OS.str();
}

/// The launch of one instantiation: Steps from 1 to
/// stencil::detail::MaxSweepDepth, the index type from the extents; its dynamic
/// shared memory (two levels) allowed once per instantiation.
std::string KernelEmitter::fusedHelpers() const {
  const Param *Next = K.findParam(K.Fuse.Next);
  const std::string T = cxxType(Next->Elem);
  const int R0 = stateRadius(K, K.Fuse.State, 0);
  const int R1 = stateRadius(K, K.Fuse.State, 1);
  const std::string W = std::to_string(K.Fuse.Tile[1]);
  const std::string Block =
      "dim3(" + W + ", " + std::to_string(FusedRows) + ")";
  std::ostringstream OS;
  OS << "/// Shared memory of a fused launch of Steps sweeps: two levels of "
        "the tile and its halo.\n"
     << "constexpr size_t " << K.Name << "_fused_smem_(int Steps) {\n"
     << "  return 2 * size_t(" << K.Fuse.Tile[0] << " + 2 * Steps * " << R0
     << ") * size_t(" << W << ") * sizeof(" << T << ");\n}\n\n"
     << "/// One launch of Steps sweeps over Domain: tiles of "
     << K.Fuse.Tile[0] << " rows by " << W << " - 2 * Steps * " << R1
     << " columns.\n"
     << "template <class Index, int Steps, class... Args>\n"
     << "void " << K.Name
     << "_fused_go_(const char* name_, const stencil::detail::Domain<2>& "
        "domain_, cudaStream_t stream_, Args... args_) {\n"
     << "  auto* const kernel_ = &" << fusedKernelName() << "<Index, Steps>;\n"
     << "  constexpr size_t smem_ = " << K.Name << "_fused_smem_(Steps);\n"
     << "  constexpr int64_t columns_ = " << W << " - 2 * Steps * " << R1
     << ";\n"
     << "  const dim3 grid_(unsigned((domain_.Hi[1] - domain_.Lo[1] + columns_ "
        "- 1) / columns_),\n"
     << "                   unsigned((domain_.Hi[0] - domain_.Lo[0] + "
     << K.Fuse.Tile[0] - 1 << ") / " << K.Fuse.Tile[0] << "));\n"
     << "  static const cudaError_t allowed_ = cudaFuncSetAttribute(kernel_, "
        "cudaFuncAttributeMaxDynamicSharedMemorySize, int(smem_));\n"
     << "  STENCIL_CUDA_CHECK(allowed_, name_);\n"
     << "  stencil::detail::LaunchTimer timer_(name_, grid_, " << Block
     << ", stream_);\n"
     << "  kernel_<<<grid_, " << Block << ", smem_, stream_>>>(args_...);\n"
     << "  STENCIL_CUDA_CHECK(cudaGetLastError(), name_);\n"
     << "  timer_.finish();\n}\n\n"
     << "template <class... Args>\n"
     << "void " << K.Name
     << "_fused_launch_(const char* name_, int steps_, bool narrow_, const "
        "stencil::detail::Domain<2>& domain_, cudaStream_t stream_, Args... "
        "args_) {\n"
     << "  switch (steps_) {\n";
  for (int S = 1; S <= MaxFusedDepth; ++S)
    OS << "  case " << S << ": return narrow_ ? " << K.Name
       << "_fused_go_<int, " << S
       << ">(name_, domain_, stream_, args_...) : " << K.Name
       << "_fused_go_<int64_t, " << S
       << ">(name_, domain_, stream_, args_...);\n";
  OS << "  default: throw stencil::Error(name_, \"fused depth \" + "
        "std::to_string(steps_) + \" is not between 1 and 4\");\n  }\n}\n\n";
  return OS.str();
}

/// NAME_sweeps (Until false) or NAME_until.
std::string KernelEmitter::fusedLauncher(bool Until) {
  const Param *Next = K.findParam(K.Fuse.Next);
  const std::string T = cxxType(Next->Elem);
  const std::string &St = K.Fuse.State, &Nx = K.Fuse.Next;
  const std::string &O = OptsName;
  const std::string Name = K.Name + (Until ? "_until" : "_sweeps");
  std::ostringstream OS;
  OS << fusedSignature(Until, false) << " {\n"
     << "  static const char kernel_name_[] = \"" << Name << "\";\n"
     << "  const int count_ = " << (Until ? "max_sweeps" : "sweeps") << ";\n"
     << "  if (count_ < 0)\n    throw stencil::Error(kernel_name_, \""
     << (Until ? "max_sweeps" : "sweeps")
     << " must be 0 or more, not \" + std::to_string(count_));\n";
  OS << domainSetup(firstGrid());
  OS << "  if (" << O << ".SweepDepth < 0 || " << O
     << ".SweepDepth > stencil::detail::MaxSweepDepth)\n"
     << "    throw stencil::Error(kernel_name_, \"SweepDepth \" + "
        "std::to_string("
     << O << ".SweepDepth) + \" is not between 0 (as compiled) and 4\");\n"
     << "  const int depth_ = " << O << ".SweepDepth > 0 ? " << O
     << ".SweepDepth : " << K.Fuse.Depth << ";\n"
     << "  const bool narrow_ = stencil::detail::fitsNarrowIndex<2>(extents_, "
        "1);\n"
     << "  if (!domain_.empty() && (domain_.Hi[0] - domain_.Lo[0] + "
     << K.Fuse.Tile[0] - 1 << ") / " << K.Fuse.Tile[0] << " > 65535)\n"
     << "    throw stencil::Error(kernel_name_, \"the domain has more than "
        "65535 tiles of "
     << K.Fuse.Tile[0] << " rows\");\n";
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
       << "      " << accumulatorType() << " identity_;\n";
    for (const Param &P : K.Params)
      if (isReduction(P.Kind))
        OS << "      for (auto& slot_ : identity_." << P.Name
           << ") slot_ = " << deviceIdentity(P) << ";\n";
    OS << "      step_accumulators_[s_].prepare(kernel_name_, identity_);\n"
       << "    }\n"
       << "    slots_.step[s_] = step_accumulators_[s_].device();\n  }\n"
       << "  " << totalsType() << " identities_;\n";
    for (const Param &P : K.Params)
      if (isReduction(P.Kind))
        OS << "  identities_." << P.Name << " = " << deviceIdentity(P) << ";\n";
    OS << "  std::deque<stencil::Pending<" << resultType() << ">> waiting_;\n";
  }
  OS << "  stencil::detail::PingPong<" << T << "> pp_(" << St << ".data(), "
     << Nx << ".data());\n";
  // One launch of steps_ sweeps from pp_.Cur into pp_.Oth.
  std::vector<std::string> Args = {
      "pp_.Cur", "pp_.Oth", "pp_.ring(pp_.Done + 1)", "pp_.ring(pp_.Done + 2)"};
  for (const Param &P : K.Params) {
    if (P.Kind == ParamKind::In && P.Name != St)
      Args.push_back(P.Name + ".data()");
    if (P.Kind == ParamKind::Scalar)
      Args.push_back(P.Name);
  }
  for (const Uniform &U : K.Uniforms)
    Args.push_back(localName(U.Name));
  if (hasReductions())
    Args.push_back("slots_");
  Args.push_back("extents_[0]");
  Args.push_back("extents_[1]");
  Args.push_back("domain_");
  OS << "  auto launch_ = [&](int steps_) {\n"
     << "    if (!domain_.empty())\n"
     << "      " << K.Name << "_fused_launch_(kernel_name_, steps_, narrow_, "
     << "domain_, " << O << ".Stream, " << joinArguments(Args) << ");\n";
  if (hasReductions())
    OS << "    for (int s_ = 0; s_ < steps_; ++s_) {\n"
       << "      if (domain_.empty()) {\n"
       << "        waiting_.emplace_back(" << readerName()
       << "(&identities_));\n        continue;\n      }\n"
       << "      stencil::detail::ResultRing& ring_ = "
          "step_accumulators_[s_].ring();\n"
       << "      const stencil::detail::RingEntry entry_ = ring_.begin();\n"
       << "      " << finalizeName()
       << "<<<1, stencil::detail::ReductionSlots, 32 * sizeof(double), " << O
       << ".Stream>>>(slots_.step[s_], static_cast<" << totalsType()
       << "*>(ring_.onDevice(entry_)));\n"
       << "      STENCIL_CUDA_CHECK(cudaGetLastError(), kernel_name_);\n"
       << "      ring_.recorded(kernel_name_, entry_, " << O << ".Stream);\n"
       << "      waiting_.emplace_back(kernel_name_, &ring_, entry_, &"
       << readerName() << ");\n    }\n";
  OS << "  };\n";
  if (hasReductions())
    OS << "  std::vector<" << resultType() << "> results_;\n"
       << "  results_.reserve(size_t(count_));\n";
  if (!Until) {
    OS << "  for (const int steps_ : stencil::detail::sweepBatches(count_, "
          "depth_)) {\n"
       << "    launch_(steps_);\n    pp_.advance(steps_);\n";
    if (hasReductions())
      OS << "    // Read well before a step's ring of results wraps.\n"
         << "    while (waiting_.size() > 32) {\n"
         << "      results_.push_back(waiting_.front().get());\n"
         << "      waiting_.pop_front();\n    }\n";
    OS << "  }\n";
    if (hasReductions())
      OS << "  for (const auto& pending_ : waiting_)\n"
         << "    results_.push_back(pending_.get());\n";
  } else {
    OS << "  // One launch at a time, its results read before the next: a "
          "launch whose stop\n"
       << "  // falls inside it (or that ran more than one sweep) is replayed "
          "from its input,\n"
       << "  // untouched, with the sweeps that count, the last one alone.\n"
       << "  while (pp_.Done < count_) {\n"
       << "    const int left_ = count_ - pp_.Done;\n"
       << "    const int steps_ = left_ == 1 ? 1 : std::min(depth_, left_ - "
          "1);\n"
       << "    launch_(steps_);\n"
       << "    int stopped_ = 0; // the step that met stop, 1-based\n"
       << "    for (int s_ = 1; s_ <= steps_; ++s_) {\n"
       << "      results_.push_back(waiting_.front().get());\n"
       << "      waiting_.pop_front();\n"
       << "      if (!stopped_ && stop(results_.back()))\n"
       << "        stopped_ = s_;\n    }\n"
       << "    if (!stopped_) {\n      pp_.advance(steps_);\n      continue;\n"
       << "    }\n"
       << "    results_.resize(size_t(pp_.Done + stopped_));\n"
       << "    if (steps_ > 1) {\n"
       << "      for (const int again_ : stencil::detail::sweepBatches("
          "stopped_, depth_)) {\n"
       << "        launch_(again_);\n        pp_.advance(again_);\n"
       << "        for (int s_ = 0; s_ < again_; ++s_) {\n"
       << "          (void)waiting_.front().get(); // as the first run's\n"
       << "          waiting_.pop_front();\n        }\n      }\n"
       << "    } else {\n      pp_.advance(1);\n    }\n"
       << "    break;\n  }\n";
  }
  OS << "  stencil::detail::finishPingPong(kernel_name_, pp_, " << St << ", "
     << Nx << ", domain_, " << O << ".Stream);\n";
  if (hasReductions())
    OS << "  return results_;\n";
  OS << "}\n\n";
  return OS.str();
}

/// Without a fusion: the loop itself, over the one-sweep launcher.
std::string KernelEmitter::loopLauncher(bool Until) {
  std::ostringstream OS;
  const std::string Name = K.Name + (Until ? "_until" : "_sweeps");
  const std::string Count = Until ? "max_sweeps" : "sweeps";
  OS << fusedSignature(Until, false) << " {\n"
     << "  static const char kernel_name_[] = \"" << Name << "\";\n"
     << "  if (" << Count << " < 0)\n    throw stencil::Error(kernel_name_, \""
     << Count << " must be 0 or more, not \" + std::to_string(" << Count
     << "));\n"
     << "  if (" << OptsName << ".SweepDepth < 0 || " << OptsName
     << ".SweepDepth > stencil::detail::MaxSweepDepth)\n"
     << "    throw stencil::Error(kernel_name_, \"SweepDepth \" + "
        "std::to_string("
     << OptsName
     << ".SweepDepth) + \" is not between 0 (as compiled) and 4\");\n"
     << "  // Not fused (see --report): one sweep per launch.\n";
  if (hasReductions())
    OS << "  std::vector<" << resultType() << "> results_;\n";
  OS << "  for (int s_ = 0; s_ < " << Count << "; ++s_) {\n    "
     << (hasReductions() ? "results_.push_back(" : "") << K.Name << "("
     << launcherArgumentNames() << (hasReductions() ? "));\n" : ");\n")
     << "    using std::swap;\n    swap(" << Sweep.State << ", " << Sweep.Next
     << ");\n";
  if (Until)
    OS << "    if (stop(results_.back()))\n      break;\n";
  OS << "  }\n";
  if (hasReductions())
    OS << "  return results_;\n";
  OS << "}\n\n";
  return OS.str();
}

std::string KernelEmitter::fusedSource() {
  if (!K.Fuse.active())
    return loopLauncher(false) + (hasReductions() ? loopLauncher(true) : "");
  std::ostringstream OS;
  OS << "namespace {\n\n";
  if (hasReductions())
    OS << "/// Each step's accumulators, for one fused launch.\n"
       << "struct " << fusedSlotsType() << " {\n  " << accumulatorType()
       << "* step[stencil::detail::MaxSweepDepth];\n};\n\n";
  OS << fusedKernel() << fusedHelpers() << "} // namespace\n\n";
  OS << fusedLauncher(false);
  if (hasReductions())
    OS << fusedLauncher(true);
  return OS.str();
}

} // namespace stencilc::cuda
