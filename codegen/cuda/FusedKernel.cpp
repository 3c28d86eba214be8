//===- FusedKernel.cpp - fuse-sweeps: the fused kernel -------------------===//
//
// For a kernel `fuse-sweeps` marked (ir::Fusion: the state grid, the grid
// its next value goes to, a depth and a tile), NAME.cu gains
// NAME_fused_kernel<Index, Steps>: one block of Tile[1] x FusedRows threads
// per tile of the domain. It loads the tile with a halo of Steps * radius
// points (level 0), then runs Steps sweeps in shared memory, each on a
// region one radius smaller per side than the last, the final one on the
// tile itself, written to the grid. Points outside the domain (the ring,
// never written by a sweep) come from the buffer whose ring that sweep
// reads (stencil/detail/sweeps.hpp). Each point is computed by the same
// expressions as the one-sweep kernel prints (Expressions.cpp, with InFused
// set), so every value is that kernel's, bit for bit. Reductions: one
// partial per step, counting the points the tile owns; one block combine
// per step into that step's accumulators. Also the host helpers that launch
// one instantiation. The launchers that call them: FusedSweeps.cpp.
//
//===----------------------------------------------------------------------===//
#include "codegen/cuda/KernelEmitter.h"
#include "codegen/passes/FuseSweeps.h"

#include <algorithm>
#include <sstream>
#include <string>
#include <vector>

namespace stencilc::cuda {

using namespace ir;

std::string KernelEmitter::levelAddress(int D0, int D1) {
  std::string S = "sat_";
  if (D0)
    S += " + (" + std::to_string(D0) + ") * P1_";
  if (D1)
    S += " + (" + std::to_string(D1) + ")";
  return S;
}

/// A read of the state at offsets (d0, d1): the level being read, at the
/// point's place plus the offsets (the levels' rows are P1_ long). In a
/// group of rows (FusedLanes), lane L's read is L rows further, and each
/// element is loaded once into a local for the whole group.
std::string KernelEmitter::fusedRead(const GridRead &G) {
  if (K.Rank == 3) // the plane G.Offsets[0] away (FusedStream.cpp)
    return "srcs_[" +
           std::to_string(G.Offsets[0] + stateRadius(K, K.Fuse.State, 0)) +
           "][" + levelAddress(G.Offsets[1], G.Offsets[2]) + "]";
  const std::string S =
      "src_[" + levelAddress(G.Offsets[0] + std::max(Lane, 0), G.Offsets[1]) +
      "]";
  if (Lane < 0)
    return S;
  return laneLoad(S, K.findParam(K.Fuse.State)->Elem, G.Grid + "_s");
}

/// Whether row L of a group (0: the row itself) is the tile's own.
static std::string ownName(int L) {
  return L > 0 ? "own" + std::to_string(L) + "_" : "own_";
}

std::string KernelEmitter::fusedOwn() const { return ownName(Lane); }

/// The point work at row r_ of the step (Lanes 0), or at rows r_ ..
/// r_ + Lanes - 1 together: each statement for every row in turn, the
/// level's elements loaded once for the group (lanePoints).
std::string KernelEmitter::fusedPoints(int Depth, int Lanes) {
  std::ostringstream Points;
  InFused = true;
  if (Lanes) {
    FusedLanes = Lanes;
    Points << lanePoints(Depth);
    FusedLanes = 0;
  } else {
    block(Points, K.Body, Depth);
  }
  InFused = false;
  return Points.str();
}

/// Before a row (Rows 1) or a group of rows of step Step: whether each
/// row's point is the tile's own (own_, own1_, ...: reductions count only
/// those), and the step's reduction partials under the reductions' names.
std::string KernelEmitter::ownership(int Step, int Rows) const {
  if (!hasReductions())
    return "";
  std::ostringstream OS;
  for (int L = 0; L < Rows; ++L) {
    const std::string I = L ? "i0_ + " + std::to_string(L) : "i0_";
    OS << "          const bool " << ownName(L) << " = col_own_ && " << I
       << " >= o0_ && " << I << " < o0_ + T0_;\n";
  }
  for (const Param &P : K.reductions())
    OS << "          " << cxxType(P.Accum) << "& " << P.Name << " = " << P.Name
       << "_step_[" << Step - 1 << "];\n";
  return OS.str();
}

/// The kernel's parameters: the state's level-0 source and the next
/// state's grid, where the last step's level (the sweep before the last)
/// goes too or null (sweeps.hpp, SweepRole::FromScratch), the two ring
/// sources, the other grids and values as the
/// one-sweep kernel takes them (rank 3: the carried grids as their
/// records, carriedRecords), the per-step accumulators, the extents and
/// the domain (rank 3 adds its chunk).
std::vector<std::string> KernelEmitter::fusedKernelParams() const {
  const std::string T = cxxType(K.findParam(K.Fuse.Next)->Elem);
  std::vector<std::string> Args = {
      "const " + T + "* in_", T + "* out_", T + "* prev_",
      "const " + T + "* ring_first_", "const " + T + "* ring_second_"};
  for (const Param &P : K.Params) {
    if (P.Kind == ParamKind::In && P.Name != K.Fuse.State &&
        !fusedRecordField(P.Name))
      Args.push_back("const " + cxxType(P.Elem) + "* __restrict__ " + P.Name);
    if (P.Kind == ParamKind::Scalar)
      Args.push_back(cxxType(P.Elem) + " " + P.Name);
  }
  for (const MergeGroup *M : carriedRecords(K, K.Fuse))
    Args.push_back("const " + vectorType(M->Elem) + "* __restrict__ " +
                   recordParam(*M));
  for (const Uniform &U : K.Uniforms)
    Args.push_back(cxxType(U.Ty) + " " + localName(U.Name));
  if (hasReductions())
    Args.push_back(fusedSlotsType() + " slots_");
  for (int D = 0; D < K.Rank; ++D)
    Args.push_back("Index n" + std::to_string(D) + "_");
  Args.push_back("stencil::detail::Domain<" + std::to_string(K.Rank) +
                 "> dom_");
  return Args;
}

/// Whether the fused kernel reads grid Grid from its record (rank 3,
/// carriedRecords) rather than from the grid.
bool KernelEmitter::fusedRecordField(const std::string &Grid) const {
  int Field = 0;
  const MergeGroup *M = mergeGroupOf(Grid, Field);
  const std::vector<const MergeGroup *> Records = carriedRecords(K, K.Fuse);
  return M && std::find(Records.begin(), Records.end(), M) != Records.end();
}

std::string KernelEmitter::fusedColumn(int Dim) const {
  // The level's names along Dim: i1_, f1_, n1_, ... for rank 2, i2_, ... for
  // rank 3.
  auto Name = [&](const char *Stem) {
    return Stem + std::to_string(Dim) + "_";
  };
  const std::string I = Name("i");
  std::string S = "  // This thread's column, the same at every level.\n"
                  "  const int tx_ = threadIdx.x, ty_ = threadIdx.y;\n";
  S += "  const Index " + I + " = " + Name("f") + " + tx_;\n";
  S += "  const bool col_in_ = " + I + " >= 0 && " + I + " < " + Name("n") +
       ";\n";
  S += "  const bool col_inner_ = " + I + " >= " + Name("lo") + " && " + I +
       " < " + Name("hi") + ";\n";
  if (hasReductions())
    S += "  const bool col_own_ = " + I + " >= " + Name("o") + " && " + I +
         " < " + Name("o") + " + " + Name("T") + ";\n";
  for (const Param &P : K.reductions())
    S += "  " + cxxType(P.Accum) + " " + P.Name +
         "_step_[Steps]; // this thread's partials, one per step\n"
         "  #pragma unroll\n  for (int s_ = 0; s_ < Steps; ++s_) " +
         P.Name + "_step_[s_] = " + deviceIdentity(P) + ";\n";
  return S;
}

std::string KernelEmitter::fusedKernel() {
  if (K.Rank == 3)
    return fusedStreamKernel();
  const Param *Next = K.findParam(K.Fuse.Next);
  const std::string T = cxxType(Next->Elem);
  const std::vector<std::string> Args = fusedKernelParams();

  const int R0 = stateRadius(K, K.Fuse.State, 0);
  const int R1 = stateRadius(K, K.Fuse.State, 1);
  std::ostringstream OS;
  OS << "/// fuse-sweeps: Steps sweeps of " << K.Name
     << " per launch, one block per tile (FusedSweeps.cpp).\n"
     << "template <class Index, int Steps>\n__global__ void __launch_bounds__("
     << K.Fuse.Tile[1] * FusedRows << ", " << fusedMinBlocks() << ") "
     << fusedKernelName() << "(";
  for (size_t I = 0; I < Args.size(); ++I)
    OS << (I ? ",\n    " : "\n    ") << Args[I];
  OS << ") {\n"
     << "  stencil::detail::waitForPreviousGrid(); // a dependent launch\n"
     << fusedStopped() << "  // Threads: W_ columns (the levels' width) by "
     << FusedRows << " rows. Output: T0_ rows by the\n"
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
     << fusedColumn(1);
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
     << (K.hasBoundary() ? fusedRuledLevel0()
                         : "  } else if (col_in_) {\n"
                           "    #pragma unroll 4\n"
                           "    for (int r_ = ty_; r_ < P0_; r_ += " +
                               std::to_string(FusedRows) +
                               ") {\n"
                               "      const Index i0_ = f0_ + r_;\n"
                               "      if (i0_ < 0 || i0_ >= n0_) continue;\n"
                               "      const Index at_ = i0_ * stride0_ + i1_;\n"
                               "      const bool inner_ = col_inner_ && i0_ >= "
                               "lo0_ && i0_ < hi0_;\n"
                               "      level0_[r_ * P1_ + tx_] = (inner_ ? in_ "
                               ": ring_first_)[at_];\n"
                               "    }\n  }\n")
     << "  __syncthreads();\n";
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
    // A row's place: in the level (sat_) and in the grid (at_).
    const std::string Place = "          const int sat_ = r_ * P1_ + tx_;\n"
                              "          const Index at_ = i0_ * stride0_ + "
                              "i1_;\n";
    const int Jam = K.Fuse.Jam;
    for (bool Fast : {true, false}) {
      OS << (Fast ? "    if (inside_) {\n" : "    } else {\n") << "      if ("
         << (Fast ? "" : "col_in_ && ")
         << "tx_ >= step_ * R1_ && tx_ < W_ - step_ * R1_) {\n";
      std::string FirstRow = "step_ * R0_ + ty_";
      if (Fast && Jam > 1) {
        // Groups of Jam consecutive rows, group g to thread row g % 4; the
        // rows after the last whole group one a thread, to the thread rows
        // with a group fewer first.
        OS << "        constexpr int groups_ = (P0_ - 2 * step_ * R0_) / "
           << Jam << ";\n"
           << "        #pragma unroll\n"
           << "        for (int g_ = ty_; g_ < groups_; g_ += " << FusedRows
           << ") {\n"
           << "          const int r_ = step_ * R0_ + g_ * " << Jam << ";\n"
           << "          const Index i0_ = f0_ + r_;\n"
           << Place << ownership(Step, Jam) << fusedPoints(6, Jam)
           << "        }\n";
        FirstRow = "step_ * R0_ + groups_ * " + std::to_string(Jam) +
                   " + (ty_ + " + std::to_string(FusedRows) + " - groups_ % " +
                   std::to_string(FusedRows) + ") % " +
                   std::to_string(FusedRows);
      }
      OS << "        #pragma unroll 4\n"
         << "        for (int r_ = " << FirstRow
         << "; r_ < P0_ - step_ * R0_; r_ += " << FusedRows << ") {\n"
         << "          const Index i0_ = f0_ + r_;\n";
      if (!Fast)
        OS << "          if (i0_ < 0 || i0_ >= n0_) continue;\n";
      OS << Place;
      if (!Fast)
        OS << "          if (!(col_inner_ && i0_ >= lo0_ && i0_ < hi0_)) {\n"
           << "            if (step_ < Steps) dst_[sat_] = ring_[at_];\n"
           << "            continue;\n          }\n";
      OS << ownership(Step, 1) << fusedPoints(6, 0) << "        }\n";
      OS << "      }\n";
    }
    OS << "    }\n    __syncthreads();\n";
    if (K.hasBoundary() && Step < MaxFusedDepth)
      OS << fusedRuledFill();
    OS << "  }\n";
  }
  // Apart from the steps, so that their registers stay as they were (the
  // prev_ store beside each out_ store took the Jacobi kernel's spills at
  // depth 4 from 8 to 28 bytes stored a thread).
  OS << "  // The last launch of a call, from the scratch grid (prev_: "
        "sweeps.hpp,\n"
     << "  // SweepRole::FromScratch), also writes the level the last step "
        "read, the sweep\n"
     << "  // before the last, at the points that step wrote; a barrier "
        "before the\n"
     << "  // reductions reuse the shared memory.\n"
     << "  if (prev_) {\n"
     << "    const " << T << "* const last_ = Steps % 2 ? level0_ : level1_;\n"
     << "    if (col_in_ && tx_ >= Steps * R1_ && tx_ < W_ - Steps * R1_)\n"
     << "      for (int r_ = Steps * R0_ + ty_; r_ < P0_ - Steps * R0_; r_ "
        "+= "
     << FusedRows << ") {\n"
     << "        const Index i0_ = f0_ + r_;\n"
     << "        if (i0_ < 0 || i0_ >= n0_ || !(col_inner_ && i0_ >= lo0_ && "
        "i0_ < hi0_))\n"
     << "          continue;\n"
     << "        prev_[i0_ * stride0_ + i1_] = last_[r_ * P1_ + tx_];\n"
     << "      }\n"
     << "    __syncthreads();\n  }\n"
     << fusedCombine() << "}\n\n";
  return OS.str();
}

/// The state's value at the point (m0_, m1_) of the grid through its rules,
/// given the read at (i0_, i1_): a Constant dimension the read leaves gives
/// its value (the outermost first, as in the reference), else Value, the
/// element at the mapped point.
std::string KernelEmitter::fusedRuledValue(const std::string &Value) const {
  const Param *State = K.findParam(K.Fuse.State);
  std::string Outside;
  for (int D = 0; D < K.Rank; ++D) {
    if (State->ruleOf(D) != EdgeRule::Constant)
      continue;
    const std::string I = "i" + std::to_string(D) + "_";
    Outside += "!stencil::detail::insideExtent<Index>(" + I + ", n" +
               std::to_string(D) + "_) ? " +
               exprAsLiteral(State->Boundary[D].Value, State->Elem) + " : ";
  }
  return Outside + Value;
}

/// The mapped coordinates (m0_, m1_) of the point (i0_, i1_) under the
/// state's rules (stencil::detail::mapCoordinate, the CPU reference's). A
/// dimension without a rule is one the state is read along at offset 0
/// only (fuse-sweeps' boundaryObstacle: the domain is every point), so its
/// points outside the grid are never read: clamped, to stay in the grid.
std::string KernelEmitter::fusedRuledMap(const std::string &Indent) const {
  const Param *State = K.findParam(K.Fuse.State);
  std::ostringstream OS;
  for (int D = 0; D < K.Rank; ++D) {
    const EdgeRule Rule = State->ruleOf(D) == EdgeRule::Interior
                              ? EdgeRule::Clamp
                              : State->ruleOf(D);
    OS << Indent << "const Index m" << D
       << "_ = stencil::detail::mapCoordinate<Index>("
       << edgeRuleRuntimeName(Rule) << ", i" << D << "_, n" << D << "_);\n";
  }
  return OS.str();
}

/// Boundary rules (fuse-sweeps' boundaryObstacle: rules on the state along
/// both dimensions, the domain every point): a tile at the grid's edge loads
/// level 0 through the rules, every point of its halo included.
std::string KernelEmitter::fusedRuledLevel0() const {
  std::ostringstream OS;
  OS << "  } else {\n"
     << "    // At the grid's edge: the state's reads through its rules (the\n"
     << "    // fills after each step need a tile's output wider than the "
        "radius).\n"
     << "    static_assert(T0_ > R0_ && T1_ > R1_, \"a grid narrower than the "
        "radius must lie in one tile\");\n"
     << "    #pragma unroll 4\n"
     << "    for (int r_ = ty_; r_ < P0_; r_ += " << FusedRows << ") {\n"
     << "      const Index i0_ = f0_ + r_;\n"
     << fusedRuledMap("      ") << "      level0_[r_ * P1_ + tx_] = "
     << fusedRuledValue("in_[m0_ * stride0_ + m1_]") << ";\n"
     << "    }\n  }\n";
  return OS.str();
}

/// Boundary rules, after step step_ (not the last) of a tile at the grid's
/// edge: the level's points outside the grid take the rules' values from
/// the level's own points, as the next sweep reads the buffer this one
/// wrote. Those that a point in the grid reads lie within a radius of the
/// edge, their mapped points within a radius inside it (or anywhere in a
/// grid narrower than the radius), so in the tile: the others, never read,
/// are left. (A grid at most a radius wide along a dimension lies in one
/// tile along it, all of it computed at every level: the tile's output is
/// wider than the radius, which fusedRuledLevel0's static_assert checks.)
std::string KernelEmitter::fusedRuledFill() const {
  std::ostringstream OS;
  OS << "    if (step_ < Steps && !inside_) {\n"
     << "      // The level's halo outside the grid, through the rules.\n"
     << "      if (tx_ >= step_ * R1_ && tx_ < W_ - step_ * R1_) {\n"
     << "        for (int r_ = step_ * R0_ + ty_; r_ < P0_ - step_ * R0_; r_ "
        "+= "
     << FusedRows << ") {\n"
     << "          const Index i0_ = f0_ + r_;\n"
     << "          if (col_in_ && i0_ >= 0 && i0_ < n0_) continue; // "
        "computed\n"
     << fusedRuledMap("          ")
     << "          const Index s0_ = m0_ - f0_, s1_ = m1_ - f1_;\n"
     << "          if (s0_ < step_ * R0_ || s0_ >= P0_ - step_ * R0_ || s1_ < "
        "step_ * R1_ || s1_ >= W_ - step_ * R1_) continue; // never read\n"
     << "          dst_[r_ * P1_ + tx_] = "
     << fusedRuledValue("dst_[int(s0_) * P1_ + int(s1_)]") << ";\n"
     << "        }\n      }\n      __syncthreads();\n    }\n";
  return OS.str();
}

/// Each step's partials combined over the block, into that step's
/// accumulators (both ranks' kernels end with it).
std::string KernelEmitter::fusedCombine() const {
  std::ostringstream OS;
  if (!hasReductions())
    return "";
  OS << "  // Each step's partials combined over the block, into that "
        "step's accumulators.\n"
     << "  extern __shared__ double reduction_smem_[];\n"
     << "  #pragma unroll\n  for (int s_ = 0; s_ < Steps; ++s_) {\n";
  for (const Param &P : K.reductions()) {
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
  return OS.str();
}

/// The launch of one instantiation: Steps from 1 to
/// stencil::detail::MaxSweepDepth, the index type from the extents; its dynamic
/// shared memory (two levels) allowed once per instantiation.
std::string KernelEmitter::fusedHelpers() const {
  if (K.Rank == 3)
    return fusedStreamHelpers();
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
     << "  stencil::detail::launchAfterPrevious(name_, kernel_, grid_, "
     << Block << ", smem_, stream_, args_...);\n"
     << "  timer_.finish();\n}\n\n"
     << fusedDispatch();
  // PersistentSweeps.cpp: grids whose fused launches fill less than half
  // the device run persistent launches (H200, 64 sweeps: helmholtz at 256^2,
  // 40 tiles, fused 5.57 us per sweep against persistent 3.09; at 1024^2,
  // 608 tiles, 7.23 against 7.40).
  if (!persistentSweeps()) // its only caller is the persistent launcher
    return OS.str();
  OS << fusedFills("fill at least half the blocks the GPU\n/// holds at once "
                   "(else, in L2, persistent launches: PersistentSweeps.cpp)",
                   Block, W + " - 2 * steps_ * " + std::to_string(R1),
                   std::to_string(K.Fuse.Tile[0]),
                   "2 * tiles_ > resident_blocks_");
  return OS.str();
}

/// NAME_fused_launch_: the instantiation for a launch of steps_ sweeps and
/// the index width.
std::string KernelEmitter::fusedDispatch() const {
  std::ostringstream OS;
  OS << "template <class... Args>\n"
     << "void " << K.Name
     << "_fused_launch_(const char* name_, int steps_, bool narrow_, const "
        "stencil::detail::Domain<"
     << K.Rank
     << ">& domain_, cudaStream_t stream_, Args... "
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
  if (hasReductions()) // the launchers without reductions take none
    OS << "/// The scratch grid of " << K.Name
       << "'s multi-sweep launchers, one for all of them\n/// (sweeps.hpp, "
          "sweepPlan).\n"
       << "stencil::detail::Scratch& " << K.Name << "_sweep_scratch_() {\n"
       << "  static stencil::detail::Scratch scratch_;\n"
       << "  return scratch_;\n}\n\n";
  return OS.str();
}

} // namespace stencilc::cuda
