//===- FusedStream.cpp - fuse-sweeps: the rank-3 fused kernel -------------===//
//
// For a rank-3 kernel `fuse-sweeps` marked (ir::Fusion with Tile = {chunk
// planes, output rows, level columns}), NAME.cu gains NAME_fused_kernel<Index,
// Steps>: one block of Tile[2] x FusedRows threads per tile of Tile[1] rows
// by Tile[2] - 2 * Steps * R2 columns, walking a chunk of planes along
// dimension 0. Each level (the state, then the first Steps - 1 sweeps) is a
// ring of 2 * R0 + 1 planes of the tile with its halo in shared memory; at
// iteration t the block loads plane t of level 0 and each step s computes
// the plane s * R0 behind the level it reads, so that the planes it needs
// (its own, R0 before and R0 after) are the last 2 * R0 + 1 that level
// wrote. The last step writes the grid. A barrier after each level, so a
// slot is rewritten only after the step reading it has finished with it.
//
// As in the rank-2 kernel (FusedKernel.cpp): the points are computed by the
// one-sweep kernel's expressions (Expressions.cpp, InFused), the ring
// (points outside the domain, never written by a sweep) comes from the buffer
// whose ring that sweep reads, and each step's reductions count the points
// the block owns, so the state is the unfused loop's bit for bit. Grids of
// the state's type read only at the centre (carriedGrids) are loaded by the
// first step and handed to the next in shared memory (carriedValues): step
// s + 1 computes the same points one iteration later, and re-reading them
// from global memory missed L2 (docs/passes/fuse-sweeps.md#rank-3). The
// other grids are read from global memory at each step. Grids too small to
// fill the GPU with fused chunks run the one-sweep loop (NAME_fused_fills_,
// FusedSweeps.cpp).
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

/// Before a row of step Step: whether the point is the block's own (the
/// reductions count only those) and the step's partials under the
/// reductions' names.
std::string KernelEmitter::streamOwnership(int Step) const {
  if (!hasReductions())
    return "";
  std::ostringstream OS;
  OS << "            const bool own_ = plane_own_ && col_own_ && i1_ >= o1_ && "
        "i1_ < o1_ + T1_;\n";
  for (const Param &P : K.reductions())
    OS << "            " << cxxType(P.Accum) << "& " << P.Name << " = "
       << P.Name << "_step_[" << Step - 1 << "];\n";
  return OS.str();
}

/// At a point of a step: the carried grids' values, read from global
/// memory by the first step (or every step, without Carry_) and taken from
/// the step before otherwise (it computed this point one iteration ago), and
/// handed on to the next step where the point is in its rows. The grids of
/// merge-arrays' records (carriedRecords) are loaded as their records'
/// vectors and carried as those vectors, one 16-byte load and store per
/// vector instead of one per grid (Himeno XL's fused sweep 3.743 -> 3.235 ms,
/// H200, bench/proto/fused_records_check.sh); in the carry the vectors come
/// first, then the other grids one value a point each.
std::string KernelEmitter::carriedValues() const {
  if (StreamCarried.empty())
    return "";
  const std::string T = cxxType(K.findParam(K.Fuse.Next)->Elem);
  const std::vector<const MergeGroup *> Records = carriedRecords(K, K.Fuse);
  std::vector<std::string> Vectors, VectorLoads, Rest;
  int VectorScalars = 0; // the carry's planes the vectors take
  for (const MergeGroup *M : Records) {
    const int N = recordFields(*M) / perVector(M->Elem);
    for (int I = 0; I < N; ++I) {
      Vectors.push_back(recordVector(*M, I));
      VectorLoads.push_back(recordParam(*M) + "[at_ * " + std::to_string(N) +
                            " + " + std::to_string(I) + "]");
    }
    VectorScalars += recordFields(*M);
  }
  for (const std::string &G : StreamCarried)
    if (!fusedRecordField(G))
      Rest.push_back(G);
  const std::string V = Records.empty() ? "" : vectorType(Records[0]->Elem);
  const std::string In = "            ";
  const std::string From =
      "carry_ + ((step_ - 2) * 2 + (t_ + 1) % 2) * G_ * CP_";
  const std::string FromAt = "(r_ - step_ * R1_) * P1_ + tx_";
  const std::string To = "carry_ + ((step_ - 1) * 2 + t_ % 2) * G_ * CP_";
  const std::string ToAt = "(r_ - (step_ + 1) * R1_) * P1_ + tx_";
  std::ostringstream OS;
  auto declare = [&](const std::string &Type,
                     const std::vector<std::string> &Names,
                     const std::string &Suffix) {
    if (Names.empty())
      return;
    OS << In << Type;
    for (size_t I = 0; I < Names.size(); ++I)
      OS << (I ? ", " : " ") << Names[I] << Suffix;
    OS << ";\n";
  };
  declare(V, Vectors, "");
  declare(T, Rest, "_cv_");
  OS << In << "if constexpr (Carry_ && step_ > 1) {\n";
  if (!Vectors.empty()) {
    OS << In << "  const " << V << "* const from_v_ = reinterpret_cast<const "
       << V << "*>(" << From << ") + " << FromAt << ";\n";
    for (size_t I = 0; I < Vectors.size(); ++I)
      OS << In << "  " << Vectors[I] << " = from_v_[" << I << " * CP_];\n";
  }
  if (!Rest.empty()) {
    OS << In << "  const " << T << "* const from_ = " << From << " + " << FromAt
       << ";\n";
    for (int G = 0; G < int(Rest.size()); ++G)
      OS << In << "  " << Rest[G] << "_cv_ = from_[" << VectorScalars + G
         << " * CP_];\n";
  }
  OS << In << "} else {\n";
  for (size_t I = 0; I < Vectors.size(); ++I)
    OS << In << "  " << Vectors[I] << " = " << VectorLoads[I] << ";\n";
  for (const std::string &G : Rest)
    OS << In << "  " << G << "_cv_ = " << G << "[at_];\n";
  OS << In << "}\n";
  for (const std::string &G : StreamCarried) {
    int Field = 0;
    if (const MergeGroup *M =
            fusedRecordField(G) ? mergeGroupOf(G, Field) : nullptr)
      OS << In << "const " << T << " " << G
         << "_cv_ = " << recordField(*M, Field) << ";\n";
  }
  OS << In << "if constexpr (Carry_ && step_ < Steps) {\n"
     << In
     << "  if (r_ >= (step_ + 1) * R1_ && r_ < Q1_ - (step_ + 1) * R1_) {\n";
  if (!Vectors.empty()) {
    OS << In << "    " << V << "* const to_v_ = reinterpret_cast<" << V << "*>("
       << To << ") + " << ToAt << ";\n";
    for (size_t I = 0; I < Vectors.size(); ++I)
      OS << In << "    to_v_[" << I << " * CP_] = " << Vectors[I] << ";\n";
  }
  if (!Rest.empty()) {
    OS << In << "    " << T << "* const to_ = " << To << " + " << ToAt << ";\n";
    for (int G = 0; G < int(Rest.size()); ++G)
      OS << In << "    to_[" << VectorScalars + G << " * CP_] = " << Rest[G]
         << "_cv_;\n";
  }
  OS << In << "  }\n" << In << "}\n";
  return OS.str();
}

/// Blocks per SM a fused kernel (either rank) asks registers for
/// (__launch_bounds__): as many as shared memory allows at the compiled
/// depth, up to those that leave 48 registers a thread. The kernel waits on
/// memory, so resident blocks hide it: on Himeno (H100) 5 blocks of 256
/// threads at 51 registers took 4.38 ms per sweep at XL, 3 at 80 registers
/// 5.15; a cap at 32 or 40 registers spilled and lost
/// (docs/passes/fuse-sweeps.md). Rank 2 since session 23: unbounded, ptxas
/// gave the fused Jacobi kernel 64 registers (4 blocks where shared memory
/// holds 5) after a small change to exact division, +11% per sweep.
int KernelEmitter::fusedMinBlocks() const {
  constexpr long SmemPerSm = 228 * 1024, RegistersPerSm = 65536;
  constexpr long ReservedPerBlock = 1024, RegistersWanted = 48;
  const long Threads = long(K.Fuse.Tile[K.Rank - 1]) * FusedRows;
  const long BySmem =
      SmemPerSm / (fusedSmemBytes(K, K.Fuse, K.Fuse.Depth) + ReservedPerBlock);
  const long ByRegisters = RegistersPerSm / (Threads * RegistersWanted);
  return int(std::max(1L, std::min(BySmem, ByRegisters)));
}

std::string KernelEmitter::fusedStreamKernel() {
  const Param *Next = K.findParam(K.Fuse.Next);
  const std::string T = cxxType(Next->Elem);
  std::vector<std::string> Args = fusedKernelParams();
  Args.push_back("int chunk_");

  const std::string Rows = std::to_string(FusedRows);
  const std::vector<std::string> Carried = carriedGrids(K, K.Fuse);
  StreamCarried.assign(Carried.begin(), Carried.end());
  std::ostringstream OS;
  // The pass's sizes, per depth, so that the kernel and its launch agree.
  OS << "/// Shared memory of a fused launch of Steps sweeps: Steps levels, "
        "each a ring of\n/// "
     << 2 * stateRadius(K, K.Fuse.State, 0) + 1
     << " planes of the tile and its halo, and the carried grids' planes "
        "where they fit.\n"
     << "constexpr size_t " << K.Name << "_fused_smem_(int Steps) {\n"
     << "  return ";
  for (int S = 1; S < MaxFusedDepth; ++S)
    OS << "Steps == " << S << " ? " << fusedSmemBytes(K, K.Fuse, S) << " : ";
  OS << fusedSmemBytes(K, K.Fuse, MaxFusedDepth) << ";\n}\n\n";
  if (!Carried.empty()) {
    OS << "/// Whether a launch of Steps sweeps hands the grids read only at "
          "the centre from\n/// each step to the next in shared memory.\n"
       << "__host__ __device__ constexpr bool " << K.Name
       << "_fused_carries_(int Steps) {\n"
       << "  return false";
    for (int S = 1; S <= MaxFusedDepth; ++S)
      if (carriesAt(K, K.Fuse, S))
        OS << " || Steps == " << S;
    OS << ";\n}\n\n";
  }
  OS << "/// fuse-sweeps: Steps sweeps of " << K.Name
     << " per launch, one block per tile, streamed along\n/// dimension 0 "
        "(FusedStream.cpp).\n"
     << "template <class Index, int Steps>\n__global__ void __launch_bounds__("
     << K.Fuse.Tile[2] * FusedRows << ", " << fusedMinBlocks() << ") "
     << fusedKernelName() << "(";
  for (size_t I = 0; I < Args.size(); ++I)
    OS << (I ? ",\n    " : "\n    ") << Args[I];
  OS << ") {\n"
     << "  stencil::detail::waitForPreviousGrid(); // a dependent launch\n"
     << fusedStopped() << "  // Threads: W_ columns (the levels' width) by "
     << Rows << " rows. Output: T1_ rows by the columns\n"
     << "  // left after Steps * R2_ halo columns each side, on the chunk's "
        "planes.\n"
     << "  constexpr int W_ = " << K.Fuse.Tile[2]
     << ", T1_ = " << K.Fuse.Tile[1]
     << ", R0_ = " << stateRadius(K, K.Fuse.State, 0)
     << ", R1_ = " << stateRadius(K, K.Fuse.State, 1)
     << ", R2_ = " << stateRadius(K, K.Fuse.State, 2) << ";\n"
     << "  constexpr int T2_ = W_ - 2 * Steps * R2_, Q1_ = T1_ + 2 * Steps * "
        "R1_, P1_ = W_;\n"
     << "  // A level's plane (Q1_ rows of P1_), and its ring of planes.\n"
     << "  constexpr int PL_ = Q1_ * P1_, RING_ = 2 * R0_ + 1;\n"
     << "  extern __shared__ __align__(16) unsigned char fused_smem_[];\n"
     << "  " << T << "* const levels_ = reinterpret_cast<" << T
     << "*>(fused_smem_);\n";
  if (!Carried.empty())
    OS << "  // The carried grids (" << Carried.size()
       << "): for each step that hands them on, two planes (by the\n"
       << "  // iteration's parity) of the next step's CR_ rows, grid after "
          "grid.\n"
       << "  constexpr bool Carry_ = " << K.Name << "_fused_carries_(Steps);\n"
       << "  constexpr int G_ = " << Carried.size()
       << ", CR_ = T1_ + 2 * (Steps - 2) * R1_, CP_ = CR_ * P1_;\n"
       << "  " << T << "* const carry_ = levels_ + Steps * RING_ * PL_;\n"
       << "  (void)carry_;\n";
  OS << "  const Index stride0_ = Index(dom_.Stride[0]), stride1_ = "
        "Index(dom_.Stride[1]);\n"
     << "  const Index lo0_ = Index(dom_.Lo[0]), hi0_ = Index(dom_.Hi[0]);\n"
     << "  const Index lo1_ = Index(dom_.Lo[1]), hi1_ = Index(dom_.Hi[1]);\n"
     << "  const Index lo2_ = Index(dom_.Lo[2]), hi2_ = Index(dom_.Hi[2]);\n"
     << "  // The planes this block owns [o0_, e0_), its tile's first row and "
        "column, and the\n  // levels' (f1_, f2_).\n"
     << "  const Index o0_ = lo0_ + Index(blockIdx.z) * Index(chunk_);\n"
     << "  const Index e0_ = o0_ + Index(chunk_) < hi0_ ? o0_ + Index(chunk_) "
        ": hi0_;\n"
     << "  const Index o1_ = lo1_ + Index(blockIdx.y) * T1_, o2_ = lo2_ + "
        "Index(blockIdx.x) * T2_;\n"
     << "  const Index f1_ = o1_ - Steps * R1_, f2_ = o2_ - Steps * R2_;\n"
     << fusedColumn(2);
  OS << "  // Every row and column of the levels in the domain: planes inside "
        "it take a path\n  // without a test per point.\n"
     << "  const bool inside_ = f1_ >= lo1_ && f1_ + Q1_ <= hi1_ && f2_ >= "
        "lo2_ && f2_ + W_ <= hi2_;\n"
     << "  const int planes_ = int(e0_ - o0_) + 2 * Steps * R0_;\n"
     << "  for (int t_ = 0; t_ < planes_; ++t_) {\n"
     << "    // Level 0: plane t_ of the state into ring slot t_ % RING_, its "
        "ring (outside the\n    // domain) the one the first sweep reads.\n"
     << "    {\n"
     << "      const Index i0_ = o0_ - Steps * R0_ + t_;\n"
     << "      if (i0_ >= 0 && i0_ < n0_) {\n"
     << "        " << T << "* const dst_ = levels_ + (t_ % RING_) * PL_;\n"
     << "        const bool plane_inner_ = i0_ >= lo0_ && i0_ < hi0_;\n"
     << "        const Index base_ = i0_ * stride0_;\n"
     << "        if (inside_ && plane_inner_) {\n"
     << "          #pragma unroll\n"
     << "          for (int k_ = 0; k_ <= Q1_ / " << Rows << "; ++k_) {\n"
     << "            const int r_ = ty_ + " << Rows << " * k_;\n"
     << "            if (k_ < Q1_ / " << Rows << " || r_ < Q1_)\n"
     << "              dst_[r_ * P1_ + tx_] = in_[base_ + (f1_ + r_) * "
        "stride1_ + i2_];\n"
     << "          }\n"
     << "        } else if (col_in_) {\n"
     << "          #pragma unroll 4\n"
     << "          for (int r_ = ty_; r_ < Q1_; r_ += " << Rows << ") {\n"
     << "            const Index i1_ = f1_ + r_;\n"
     << "            if (i1_ < 0 || i1_ >= n1_) continue;\n"
     << "            const bool inner_ = plane_inner_ && col_inner_ && i1_ >= "
        "lo1_ && i1_ < hi1_;\n"
     << "            dst_[r_ * P1_ + tx_] = (inner_ ? in_ : ring_first_)[base_ "
        "+ i1_ * stride1_ + i2_];\n"
     << "          }\n        }\n      }\n    }\n    __syncthreads();\n";
  const std::string Place = "            const int sat_ = r_ * P1_ + tx_;\n"
                            "            const Index at_ = i0_ * stride0_ + "
                            "i1_ * stride1_ + i2_;\n";
  for (int Step = 1; Step <= MaxFusedDepth; ++Step) {
    const bool Odd = Step % 2;
    OS << "    if constexpr (Steps >= " << Step << ") {\n"
       << "      constexpr int step_ = " << Step << ";\n"
       << "      // This step's plane: step_ * R0_ behind the level it reads.\n"
       << "      const Index i0_ = o0_ - (Steps + step_) * R0_ + t_;\n"
       << "      if (t_ >= 2 * step_ * R0_ && i0_ >= 0 && i0_ < n0_) {\n"
       << "        // The planes i0_ - R0_ .. i0_ + R0_ of the level it reads "
          "(written at t_ - 2 * R0_ .. t_).\n"
       << "        const " << T << "* srcs_[RING_];\n"
       << "        #pragma unroll\n"
       << "        for (int d_ = 0; d_ < RING_; ++d_)\n"
       << "          srcs_[d_] = levels_ + ((step_ - 1) * RING_ + (t_ - 2 * "
          "R0_ "
          "+ d_) % RING_) * PL_;\n"
       << "        " << T
       << "* const dst_ = levels_ + (step_ * RING_ + t_ % RING_) * PL_;\n"
       << "        // The ring of the level this step writes: the next "
          "sweep's.\n"
       << "        const " << T
       << "* const ring_ = " << (Odd ? "ring_second_" : "ring_first_") << ";\n"
       << "        (void)dst_;\n        (void)ring_;\n"
       << "        const bool plane_inner_ = i0_ >= lo0_ && i0_ < hi0_;\n";
    if (hasReductions())
      OS << "        const bool plane_own_ = i0_ >= o0_ && i0_ < e0_;\n";
    OS << "        const bool col_work_ = tx_ >= step_ * R2_ && tx_ < W_ - "
          "step_ * R2_;\n";
    for (bool Fast : {true, false}) {
      // Inside, a trip count known at compile time (every thread row has
      // rows_ / 4 rows, some one more), so that the unrolled rows' loads
      // issue together: their latency, not the arithmetic, bounds a step.
      if (Fast)
        OS << "        constexpr int rows_ = Q1_ - 2 * step_ * R1_;\n"
           << "        if (col_work_ && inside_ && plane_inner_) {\n"
           << "          #pragma unroll\n"
           << "          for (int k_ = 0; k_ <= rows_ / " << Rows
           << "; ++k_) {\n"
           << "            const int r_ = step_ * R1_ + ty_ + " << Rows
           << " * k_;\n"
           << "            if (k_ == rows_ / " << Rows
           << " && r_ >= step_ * R1_ + rows_) break;\n";
      else
        OS << "        } else if (col_work_ && col_in_) {\n"
           << "          #pragma unroll 4\n"
           << "          for (int r_ = step_ * R1_ + ty_; r_ < Q1_ - step_ * "
              "R1_; r_ += "
           << Rows << ") {\n";
      OS << "            const Index i1_ = f1_ + r_;\n";
      if (!Fast)
        OS << "            if (i1_ < 0 || i1_ >= n1_) continue;\n";
      OS << Place;
      if (!Fast)
        OS << "            if (!(plane_inner_ && col_inner_ && i1_ >= lo1_ && "
              "i1_ < hi1_)) {\n"
           << "              if (step_ < Steps) dst_[sat_] = ring_[at_];\n"
           << "              continue;\n            }\n";
      OS << streamOwnership(Step) << carriedValues() << fusedPoints(6, 0)
         << "          }\n";
    }
    OS << "        }\n";
    // As in the rank-2 kernel (FusedKernel.cpp), apart from the step.
    OS << "        // The last launch of a call, from the scratch grid "
          "(prev_): the plane of the\n"
       << "        // level this step read, at the points it wrote.\n"
       << "        if (step_ == Steps && prev_ && col_work_ && col_in_)\n"
       << "          for (int r_ = step_ * R1_ + ty_; r_ < Q1_ - step_ * R1_; "
          "r_ += "
       << Rows << ") {\n"
       << "            const Index i1_ = f1_ + r_;\n"
       << "            if (i1_ < 0 || i1_ >= n1_ || !(plane_inner_ && "
          "col_inner_ && i1_ >= lo1_ && i1_ < hi1_))\n"
       << "              continue;\n"
       << Place << "            prev_[at_] = srcs_[R0_][sat_];\n"
       << "          }\n";
    OS << "      }\n      __syncthreads();\n    }\n";
  }
  OS << "  }\n" << fusedCombine() << "}\n\n";
  return OS.str();
}

std::string KernelEmitter::fusedStreamHelpers() const {
  const Param *Next = K.findParam(K.Fuse.Next);
  const std::string T = cxxType(Next->Elem);
  const int R2 = stateRadius(K, K.Fuse.State, 2);
  const std::string W = std::to_string(K.Fuse.Tile[2]);
  const std::string T1 = std::to_string(K.Fuse.Tile[1]);
  const std::string Block =
      "dim3(" + W + ", " + std::to_string(FusedRows) + ")";
  std::ostringstream OS;
  OS << "/// One launch of Steps sweeps over Domain: tiles of " << T1
     << " rows by " << W << " - 2 * Steps * " << R2
     << " columns,\n/// each streaming a chunk of planes: " << K.Fuse.Tile[0]
     << ", halved (down to 8) while the grid has fewer blocks than\n/// the "
        "GPU holds at once.\n"
     << "template <class Index, int Steps, class... Args>\n"
     << "void " << K.Name
     << "_fused_go_(const char* name_, const stencil::detail::Domain<3>& "
        "domain_, cudaStream_t stream_, Args... args_) {\n"
     << "  auto* const kernel_ = &" << fusedKernelName() << "<Index, Steps>;\n"
     << "  constexpr size_t smem_ = " << K.Name << "_fused_smem_(Steps);\n"
     << "  constexpr int64_t columns_ = " << W << " - 2 * Steps * " << R2
     << ";\n"
     << "  static const cudaError_t allowed_ = cudaFuncSetAttribute(kernel_, "
        "cudaFuncAttributeMaxDynamicSharedMemorySize, int(smem_));\n"
     << "  STENCIL_CUDA_CHECK(allowed_, name_);\n"
     << "  static stencil::detail::ResidentBlocks resident_;\n"
     << "  const int64_t resident_blocks_ = resident_.get(name_, kernel_, "
     << Block << ", smem_);\n"
     << "  const int64_t tiles_ = stencil::detail::divUp(domain_.Hi[2] - "
        "domain_.Lo[2], columns_) *\n"
     << "                         stencil::detail::divUp(domain_.Hi[1] - "
        "domain_.Lo[1], "
     << T1 << ");\n"
     << "  const int64_t planes_ = domain_.Hi[0] - domain_.Lo[0];\n"
     << "  int chunk_ = " << K.Fuse.Tile[0] << ";\n"
     << "  while (chunk_ > 8 && tiles_ * stencil::detail::divUp(planes_, "
        "chunk_) < resident_blocks_)\n"
     << "    chunk_ /= 2;\n"
     << "  const dim3 grid_(unsigned(stencil::detail::divUp(domain_.Hi[2] - "
        "domain_.Lo[2], columns_)),\n"
     << "                   unsigned(stencil::detail::divUp(domain_.Hi[1] - "
        "domain_.Lo[1], "
     << T1 << ")),\n"
     << "                   unsigned(stencil::detail::divUp(planes_, "
        "chunk_)));\n"
     << "  stencil::detail::LaunchTimer timer_(name_, grid_, " << Block
     << ", stream_);\n"
     << "  stencil::detail::launchAfterPrevious(name_, kernel_, grid_, "
     << Block << ", smem_, stream_, args_..., chunk_);\n"
     << "  timer_.finish();\n}\n\n"
     << fusedDispatch()
     << fusedFills("fill the GPU with chunks of at\n/// least 16 planes "
                   "(FusedSweeps.cpp, fusedFallback)",
                   Block, W + " - 2 * steps_ * " + std::to_string(R2), T1,
                   "tiles_ * stencil::detail::divUp(domain_.Hi[0] - "
                   "domain_.Lo[0], 16) >= resident_blocks_");
  return OS.str();
}

} // namespace stencilc::cuda
