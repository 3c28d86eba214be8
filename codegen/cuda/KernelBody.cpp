//===- KernelBody.cpp - the __global__ kernel: signature and loops --------===//
//
// One __global__ kernel per IR kernel, a template on its index type (int
// while every linear index fits, int64_t otherwise; kernels with histograms
// are templates over their lowering instead), whose threads walk the domain
// with grid-stride loops, x along the last (contiguous) dimension. What
// `tile` decided is lowered here: the streamed dimension is the innermost
// loop, walked in chunks of points_per_thread_ consecutive points, its linear
// index an induction variable; a chunk's points one at a time, in jam groups
// (unroll-and-jam), as vector lanes, or as a register ring (one plane per
// step, its lanes the points reading it). With smem-cache, SmemCacheLowering
// writes the loops over tiles instead. Around the point work come the
// reductions' partials (before) and the histogram flush and block reductions
// (after).
//
//===----------------------------------------------------------------------===//
#include "codegen/IRVisitor.h"
#include "codegen/cuda/HistogramEmitter.h"
#include "codegen/cuda/KernelEmitter.h"

#include <cassert>
#include <sstream>
#include <string>
#include <vector>

namespace stencilc::cuda {

namespace {
/// " - Var * K" (K > 0), " + Var * -K" (K < 0) or "" (K = 0): Var moved K
/// to the left; " * 1" left out.
std::string minusTimes(const std::string &Var, int K) {
  if (!K)
    return "";
  const std::string Times =
      std::abs(K) == 1 ? "" : " * " + std::to_string(std::abs(K));
  return (K > 0 ? " - " : " + ") + Var + Times;
}
} // namespace

using namespace ir;

/// The parameters every kernel of this IR kernel takes, in its order: the
/// grids, histograms and reductions as the kernel's parameters list them,
/// then the merged records and the launch-uniform values. kernelSignature
/// adds the schedule's, shellParams (BoundaryShell.cpp) the shell's.
std::vector<std::string> KernelEmitter::pointParams() const {
  std::vector<std::string> Args;
  for (const Param &P : K.Params) {
    std::string T = cxxType(P.Elem);
    int Field = 0;
    switch (P.Kind) {
    case ParamKind::In:
      if (!mergeGroupOf(P.Name, Field))
        Args.push_back("const " + T + "* __restrict__ " + P.Name);
      break;
    case ParamKind::Out:
    case ParamKind::InOut:
      Args.push_back(T + "* __restrict__ " + P.Name);
      break;
    case ParamKind::Histogram:
      Args.push_back(T + "* __restrict__ " + P.Name);
      Args.push_back("int64_t " + P.Name + "_size_");
      Args.push_back("stencil::detail::HistogramFault* " + P.Name + "_fault_");
      break;
    case ParamKind::Sum:
    case ParamKind::Max:
    case ParamKind::Min:
      Args.push_back(cxxType(deviceAccumType(P)) + "* " + P.Name + "_total_");
      break;
    case ParamKind::Scalar:
      Args.push_back(T + " " + P.Name);
      break;
    }
  }
  for (const MergeGroup &M : K.Merged)
    Args.push_back("const " + vectorType(M.Elem) + "* __restrict__ " +
                   recordParam(M));
  for (const Uniform &U : K.Uniforms)
    Args.push_back(cxxType(U.Ty) + " " + localName(U.Name));
  return Args;
}

std::string KernelEmitter::kernelSignature() const {
  std::vector<std::string> Args = pointParams();
  if (lastBlockMayCombine()) {
    Args.push_back(accumulatorType() + "* acc_");
    Args.push_back(totalsType() + "* totals_");
  }
  for (const std::string &A : scheduleParams())
    Args.push_back(A);
  return kernelHead(kernelName(), Args);
}

/// The parameters after the point work's: the schedule's and the domain.
std::vector<std::string> KernelEmitter::scheduleParams() const {
  std::vector<std::string> Args;
  if (K.Sched.StreamDim >= 0)
    Args.push_back("int points_per_thread_");
  if (K.Sched.Zigzag)
    Args.push_back("int zigzag_");
  for (const std::string &A : Cache.kernelParams())
    Args.push_back(A);
  Args.push_back("stencil::detail::Domain<" + std::to_string(K.Rank) +
                 "> dom_");
  return Args;
}

/// A kernel of this IR kernel named Name with the parameters Args: the
/// template and launch bounds of the one-sweep kernel (the persistent sweeps'
/// kernel has the same instances).
std::string
KernelEmitter::kernelHead(const std::string &Name,
                          const std::vector<std::string> &Args) const {
  // LastBlock: the instance whose last block combines the reductions'
  // slots (lastBlockMayCombine), a template argument so that the other
  // instance carries none of its code (Himeno at 256 x 256 x 512 was 0.9%
  // slower with the code present and never taken).
  const std::string LastBlock = lastBlockMayCombine() ? ", bool LastBlock" : "";
  std::string S =
      (hasHistograms() ? histogramKernelTemplate(K)
       : skewedRows()
           ? "template <class Index, int Vec, int Skew" + LastBlock + ">\n"
       : vectorised() ? "template <class Index, int Vec" + LastBlock + ">\n"
                      : "template <class Index" + LastBlock + ">\n") +
      "__global__ void __launch_bounds__(" + std::to_string(launchBound()) +
      (K.Sched.MinBlocks > 0 && !hasHistograms()
           ? ", " + std::to_string(K.Sched.MinBlocks)
           : std::string()) +
      ") " + Name + "(";
  for (size_t I = 0; I < Args.size(); ++I)
    S += (I ? ",\n    " : "\n    ") + Args[I];
  return S + ")";
}

/// The most threads a launch of this kernel may use, its __launch_bounds__,
/// so that ptxas keeps a block's registers within the SM's (a kernel needing
/// more than 65536 / threads registers per thread failed to launch with
/// cudaErrorLaunchOutOfResources, found by test/diff): the schedule's
/// threads, or for histogram kernels 1024, the largest block a privatised
/// lowering launches (stencil/histogram_model.hpp).
int KernelEmitter::launchBound() const {
  if (hasHistograms())
    return 1024;
  return K.Sched.Block[0] * K.Sched.Block[1] * K.Sched.Block[2];
}

/// Thread axis walking domain dimension D: x is the last dimension.
std::string KernelEmitter::axis(int D) const {
  static const char *Axes[3] = {"x", "y", "z"};
  return Axes[K.Rank - 1 - D];
}

/// The loops over the domain, outermost first: grid-stride loops over
/// every dimension but the streamed one, then (innermost) the streamed
/// dimension walked in chunks of points_per_thread_ consecutive points.
std::vector<int> KernelEmitter::loopOrder() const {
  std::vector<int> Order;
  for (int D = 0; D < K.Rank; ++D)
    if (D != K.Sched.StreamDim)
      Order.push_back(D);
  if (K.Sched.StreamDim >= 0)
    Order.push_back(K.Sched.StreamDim);
  return Order;
}

KernelEmitter::ChunkNames KernelEmitter::chunkNames(int D, int Depth) const {
  const std::string Dim = std::to_string(D);
  return {"chunk" + Dim + "_", "end" + Dim + "_", "i" + Dim + "_",
          "Index(dom_.Lo[" + Dim + "])", indent(Depth + 1)};
}

/// Index is the kernel's template parameter: int when every linear index
/// (records included) fits comfortably, int64_t otherwise. 32-bit index
/// arithmetic needs fewer registers (measured:
/// docs/performance.md#measurements).
std::string KernelEmitter::loopHeader(int D, int Depth,
                                      const std::string &Jammed) const {
  const ChunkNames N = chunkNames(D, Depth);
  const std::string A = axis(D), &I = N.Index, &Lo = N.Lo;
  std::string Hi = "Index(dom_.Hi[" + std::to_string(D) + "])";
  std::string Thread = "(Index(blockIdx." + A + ") * Index(blockDim." + A +
                       ") + Index(threadIdx." + A + "))";
  std::string Step = "Index(gridDim." + A + ") * Index(blockDim." + A + ")";
  if (D == 0 && K.Sched.Jam > 1 && K.Sched.StreamDim < 0) {
    // Not streamed, jammed: groups of Jam points (rank 1) or rows (rank 2,
    // each row's loop inside) a grid stride apart, their loads issued
    // together, then the thread's last points or rows one at a time. The
    // bound is compared in 64 bits: Jam grid strides may pass INT_MAX.
    const std::string Last = std::to_string(K.Sched.Jam - 1);
    std::string Group;
    if (K.Rank == 1)
      Group =
          (UsesAt ? indent(Depth + 1) + "const Index at_ = " + I + ";\n" : "") +
          Jammed;
    else
      Group = loopHeader(1, Depth + 1, "") +
              (UsesAt ? indent(Depth + 2) +
                            "const Index at_ = " + linearIndex() + ";\n"
                      : "") +
              Jammed + loopFooter(1, Depth + 1);
    return indent(Depth) + "const Index step0_ = " + Step + ";\n" +
           indent(Depth) + "Index " + I + " = " + Lo + " + " + Thread + ";\n" +
           indent(Depth) + "#pragma unroll 1\n" + indent(Depth) +
           "for (; int64_t(" + I + ") + " + Last +
           " * int64_t(step0_) < int64_t(" + Hi + "); " + I +
           " += " + std::to_string(K.Sched.Jam) + " * step0_) {\n" + Group +
           indent(Depth) + "}\n" + indent(Depth) + "for (; " + I + " < " + Hi +
           "; " + I + " += step0_) {\n";
  }
  if (D != K.Sched.StreamDim && vectorised() && D == K.Rank - 1) {
    // Vectors: a thread's Vec adjacent points start on a multiple of Vec
    // (their loads are aligned when the rows are: the launcher checks). A
    // skewed instance's row starts skewPhase() columns left of that, where
    // its vectors are aligned; streamed, the column (iL_) is set per chunk
    // and drifts streamDrift() columns left (right, when negative) per
    // point, the thread's column colL_ reaching as far as that needs.
    std::string Start = Lo + " / Vec * Vec";
    std::string Var = I;
    if (SkewCode && K.Sched.StreamDim < 0)
      Start += " - " + skewPhase();
    if (SkewCode && K.Sched.StreamDim >= 0) {
      const int Drift = streamDrift();
      const std::string Span = chunkSpan();
      Var = "col" + std::to_string(D) + "_";
      if (Drift < 0)
        Start += " - (" + Span + " + Vec - 1) / Vec * Vec";
      Hi += Drift > 0 ? " + (Vec - 1 + " + Span + ")"
                      : std::string(" + (Vec - 1)");
    }
    return indent(Depth) + "for (Index " + Var + " = " + Start + " + Vec * " +
           Thread + "; " + Var + " < " + Hi + "; " + Var + " += Vec * (" +
           Step + ")) {\n";
  }
  if (D != K.Sched.StreamDim)
    return indent(Depth) + "for (Index " + I + " = " + Lo + " + " + Thread +
           "; " + I + " < " + Hi + "; " + I + " += " + Step + ") {\n";
  const std::string &C = N.Chunk, &End = N.End, &In = N.In;
  std::string S = indent(Depth) + "for (Index " + C + " = " + Lo + " + " +
                  Thread + " * points_per_thread_; " + C + " < " + Hi + "; " +
                  C + " += " + "(" + Step + ") * points_per_thread_) {\n" + In +
                  "const Index " + End + " = " + C +
                  " + points_per_thread_ < " + Hi + " ? " + C +
                  " + points_per_thread_ : " + Hi + ";\n";
  if (K.Sched.Zigzag)
    return S + zigzagChunk(D, N, Jammed);
  // The linear index is an induction variable of the streamed loop, not
  // recomputed from the coordinates at each point: faster on Himeno
  // (measured: docs/passes/tile.md#measurements). Not unrolled: fewer
  // registers and a faster Jacobi sweep (measured: same).
  const std::string NoUnroll = In + "#pragma unroll 1\n";
  const std::string J = std::to_string(K.Sched.Jam);
  std::string Next = "++" + I;
  if (SkewCode)
    S += In + "Index " + skewedColumnName() + " = " + skewedColumn(C) + ";\n";
  if (UsesAt)
    S += In + "Index at_ = " + linearIndex(D, C) + ";\n";
  Next += pointStep(D, I, "", atStep(D));
  if (K.Sched.Prefetch)
    S += chunkPrefetch(D, N, UsesAt ? "at_" : linearIndex(D, C));
  if (K.Sched.Ring)
    return S + Jammed; // ringChunk
  if (K.Sched.Jam == 1)
    return S + NoUnroll + In + "for (Index " + I + " = " + C + "; " + I +
           " < " + End + "; " + Next + ") {\n";
  // Unroll-and-jam: groups of Jam points (Jammed), then the chunk's last
  // points one at a time.
  std::string JamNext = I + " += " + J;
  JamNext += columnStep(K.Sched.Jam, "");
  if (UsesAt)
    JamNext += ", at_ += " + J + " * " + atStep(D);
  return S + In + "Index " + I + " = " + C + ";\n" + NoUnroll + In + "for (; " +
         I + " + " + J + " <= " + End + "; " + JamNext + ") {\n" + Jammed + In +
         "}\n" + NoUnroll + In + "for (; " + I + " < " + End + "; " + Next +
         ") {\n";
}

/// Schedule::Prefetch: before a chunk of dimension D whose first point is
/// at linear index First, the thread asks L2 for its own column of every
/// grid read across D, from the chunk's first point less the grid's reach
/// below to its last plus the reach above (inside the grid: the domain keeps
/// the footprint's distance from its edges).
std::string KernelEmitter::chunkPrefetch(int D, const ChunkNames &N,
                                         const std::string &First) const {
  std::string S;
  for (const ir::GridFootprint &G : K.Foot.Grids) {
    const int Below = G.Lo[size_t(D)], Above = G.Hi[size_t(D)];
    if (Below == 0 && Above == 0)
      continue;
    S += N.In + "for (Index pf_ = " + std::to_string(Below) + "; pf_ < " +
         N.End + " - " + N.Chunk + " + " + std::to_string(Above) +
         "; ++pf_) // " + G.Grid + "'s column into L2\n" + N.In +
         "  stencil::detail::prefetchL2(" + G.Grid + " + " + First +
         " + pf_ * " + strideOf(D) + ");\n";
  }
  return S;
}

/// The points of a chunk of dimension D when tile chose zig-zag chunks
/// (Schedule::Zigzag; the launcher's zigzag_, stencil::detail::zigzagChunks):
/// every other chunk walks backwards, its groups from the chunk's end, so
/// that neighbouring chunks read the rows they share at the same time.
std::string KernelEmitter::zigzagChunk(int D, const ChunkNames &N,
                                       const std::string &Jammed) const {
  const std::string &C = N.Chunk, &End = N.End, &I = N.Index, &Lo = N.Lo,
                    &In = N.In;
  const std::string NoUnroll = In + "#pragma unroll 1\n";
  const std::string J = std::to_string(K.Sched.Jam);
  std::string S = In + "const bool up_ = zigzag_ && ((" + C + " - " + Lo +
                  ") / points_per_thread_) % 2 != 0;\n" + In +
                  "const Index dir_ = up_ ? -1 : 1;\n" + In + "Index " + I +
                  " = up_ ? " + End + " - " + J + " : " + C + ";\n";
  std::string Next = I + " += dir_";
  if (K.Sched.Prefetch)
    S += chunkPrefetch(D, N, linearIndex(D, C));
  if (SkewCode)
    S += In + "Index " + skewedColumnName() + " = " + skewedColumn(I) + ";\n";
  if (UsesAt)
    S += In + "Index at_ = " + linearIndex(D, I) + ";\n" + In +
         "const Index at_step_ = dir_ * " + atStep(D) + ";\n";
  Next += pointStep(D, I, "dir_", "at_step_");
  if (K.Sched.Jam == 1)
    return S + NoUnroll + In + "for (Index n_ = " + C + "; n_ < " + End +
           "; ++n_, " + Next + ") {\n";
  // Groups of Jam points, then the chunk's last points one at a time
  // (backwards: its first points, from the last of them).
  std::string JamNext = I + " += " + J + " * dir_";
  JamNext += columnStep(K.Sched.Jam, "dir_");
  if (UsesAt)
    JamNext += ", at_ += " + J + " * at_step_";
  const std::string Rest = "(" + End + " - " + C + ") % " + J;
  S += NoUnroll + In + "for (Index g_ = (" + End + " - " + C + ") / " + J +
       "; g_ > 0; --g_, " + JamNext + ") {\n" + Jammed + In + "}\n";
  S += In + "if (up_) {\n" + In + "  " + I + " = " + C + " + " + Rest +
       " - 1;\n" +
       (SkewCode
            ? In + "  " + skewedColumnName() + " = " + skewedColumn(I) + ";\n"
            : "") +
       (UsesAt ? In + "  at_ = " + linearIndex(D, I) + ";\n" : "") + In + "}\n";
  return S + NoUnroll + In + "for (Index n_ = " + Rest + "; n_ > 0; --n_, " +
         Next + ") {\n";
}

/// The closing brace(s) of the loop of dimension D opened at Depth.
std::string KernelEmitter::loopFooter(int D, int Depth) const {
  std::string S;
  if (D == K.Sched.StreamDim && !K.Sched.Ring) // ringChunk closes its own
    S += indent(Depth + 1) + "}\n";            // the points of one chunk
  return S + indent(Depth) + "}\n";
}

/// The linear index of the point: the coordinates times the row-major
/// strides, with Stream's coordinate read from StreamVar instead.
std::string KernelEmitter::linearIndex(int Stream,
                                       const std::string &StreamVar) const {
  std::string At;
  for (int D = 0; D < K.Rank; ++D) {
    std::string I = D == Stream ? StreamVar : "i" + std::to_string(D) + "_";
    At += (D ? " + " : "") +
          (D == K.Rank - 1 ? I : I + " * stride" + std::to_string(D) + "_");
  }
  return At;
}

/// The distance in elements between neighbours along dimension D.
std::string KernelEmitter::strideOf(int D) const {
  return D == K.Rank - 1 ? "1" : "stride" + std::to_string(D) + "_";
}

/// How far at_ moves from one point of a chunk of dimension D to the next:
/// a stride, or in a skewed instance a stride less streamDrift() (the next
/// point's lane 0 is that many columns further left).
std::string KernelEmitter::atStep(int D) const {
  if (D != K.Sched.StreamDim || !streamDrift() || alternatingRows())
    return strideOf(D); // alternating rows: a group's first rows align alike
  const int Drift = streamDrift();
  return "(" + strideOf(D) + (Drift > 0 ? " - " : " + ") +
         std::to_string(std::abs(Drift)) + ")";
}

/// The streamed dimension's skew as a drift: s columns left per point, or
/// for s above Vec / 2, Vec - s columns right (the same alignment, modulo
/// Vec): a jam group's rows then lie (Jam - 1) * |drift| columns apart,
/// not (Jam - 1) * s (3 instead of 9 for vectors of 4 at s = 3).
int KernelEmitter::streamDrift() const {
  const int Skew = skewOf(K.Sched.StreamDim);
  return 2 * Skew > K.Sched.Vec ? Skew - K.Sched.Vec : Skew;
}

/// Where the streamed stride's skew s is half a vector or nothing (2 s = 0
/// modulo Vec: s = 2 of vectors of 4, s = 1 of vectors of 2), every other
/// row aligns alike: a jam group's rows alternate between its first row's
/// column and one drift left of it, spanning one drift instead of
/// (Jam - 1) drifts (3 columns for vectors of 2, where box-shaped f64
/// kernels read a row's band three vectors wide instead of two). The
/// groups then start at the same column all along a chunk; a point alone
/// takes its own row's column (skewedColumn). Only for an even jam.
bool KernelEmitter::alternatingRows() const {
  const int Skew = skewOf(K.Sched.StreamDim);
  return SkewCode && K.Sched.StreamDim >= 0 && K.Sched.Jam % 2 == 0 && Skew &&
         2 * Skew % K.Sched.Vec == 0;
}

/// Columns a jam group's row Row lies left of its first row (right, when
/// negative) in a skewed, streamed instance.
int KernelEmitter::rowShift(int Row) const {
  return (alternatingRows() ? Row % 2 : Row) * streamDrift();
}

/// The skews of a skewed kernel's instances (skewedRows), 0 first: rank 2
/// the row stride modulo Vec; rank 3 the plane stride's times Vec plus the
/// row stride's, only the pairs a grid has (the plane stride is the row
/// stride times the rows).
std::vector<int> KernelEmitter::skewCodes() const {
  const int Vec = K.Sched.Vec;
  std::set<int> Codes;
  for (int Row = 0; Row < Vec; ++Row)
    for (int Rows = 0; Rows < Vec; ++Rows)
      Codes.insert(K.Rank == 2 ? Row : Row * Rows % Vec * Vec + Row);
  return {Codes.begin(), Codes.end()};
}

/// Dimension D's stride modulo Vec in the instance being printed.
int KernelEmitter::skewOf(int D) const {
  if (!SkewCode || D < 0 || D >= K.Rank - 1)
    return 0;
  if (K.Rank == 2)
    return SkewCode;
  return D == 0 ? SkewCode / K.Sched.Vec : SkewCode % K.Sched.Vec;
}

/// Columns the line a skewed instance's point is on starts left of a
/// multiple of Vec, for its vectors to be aligned: the point's coordinates
/// along the other dimensions times their strides, modulo Vec (the chunk's
/// first point along the streamed dimension).
std::string KernelEmitter::skewPhase(const std::string &StreamRow) const {
  std::vector<std::string> Terms;
  bool Times = false; // a term multiplied: the sum wants its own modulo
  for (int D = 0; D < K.Rank - 1; ++D)
    if (skewOf(D)) {
      Times |= skewOf(D) > 1;
      Terms.push_back(
          (D == K.Sched.StreamDim ? StreamRow : "i" + std::to_string(D) + "_") +
          " % Vec" +
          (skewOf(D) > 1 ? " * " + std::to_string(skewOf(D)) : std::string()));
    }
  if (Terms.empty())
    return "0";
  if (Terms.size() == 1)
    return Terms[0] + (Times ? " % Vec" : "");
  return "(" + Terms[0] + " + " + Terms[1] + ") % Vec";
}

/// The lane-0 column a skewed, streamed instance keeps per point: i1_ or
/// i2_, the last dimension's index.
std::string KernelEmitter::skewedColumnName() const {
  return "i" + std::to_string(K.Rank - 1) + "_";
}

/// ", iL_ -= N" (or "+= N", or with Dir: "-= Dir * N"): the lane-0 column's
/// move over Points points of a chunk in a skewed instance; "" in others.
std::string KernelEmitter::columnStep(int Points,
                                      const std::string &Dir) const {
  const int Drift = Points * streamDrift();
  if (!Drift || alternatingRows()) // alternating: pointStep's
    return "";
  std::string By = std::to_string(std::abs(Drift));
  if (!Dir.empty())
    By = std::abs(Drift) == 1 ? Dir : Dir + " * " + By;
  return ", " + skewedColumnName() + (Drift > 0 ? " -= " : " += ") + By;
}

/// What a chunk's loop adds to its step to the next point Row (the index
/// already stepped, Dir its direction or "" forwards): the lane-0 column's
/// drift (columnStep) and at_ by AtStep; where the rows alternate, the
/// row's own column and linear index.
std::string KernelEmitter::pointStep(int D, const std::string &Row,
                                     const std::string &Dir,
                                     const std::string &AtStep) const {
  if (alternatingRows())
    return ", " + skewedColumnName() + " = " + skewedColumn(Row) +
           (UsesAt ? ", at_ = " + linearIndex(D, Row) : std::string());
  return columnStep(1, Dir) + (UsesAt ? ", at_ += " + AtStep : std::string());
}

/// How far a chunk's rows reach past its first row's column, as the column
/// loop and the launcher's reach_ print it: the drift of every point after
/// the first, or where the rows alternate one drift; "" without a drift.
std::string KernelEmitter::chunkSpan() const {
  const int Drift = std::abs(streamDrift());
  if (!Drift)
    return "";
  if (alternatingRows())
    return std::to_string(Drift);
  return "(points_per_thread_ - 1)" +
         (Drift > 1 ? " * " + std::to_string(Drift) : std::string());
}

/// " - Var * drift" (Var a jam group's row, a variable): rowShift as text.
std::string KernelEmitter::rowShiftText(const std::string &Var) const {
  return minusTimes(alternatingRows() ? Var + " % 2" : Var, streamDrift());
}

/// A skewed, streamed instance's lane-0 column at point Row of the chunk
/// from chunk0_: the thread's column colL_ (a multiple of Vec) less
/// skewPhase(), less streamDrift() per point after the first.
std::string KernelEmitter::skewedColumn(const std::string &Row) const {
  const std::string Col = "col" + std::to_string(K.Rank - 1) + "_ - ";
  if (alternatingRows()) // the row's own phase: no drift
    return Col + skewPhase(Row);
  std::string S = Col + skewPhase();
  if (Row != "chunk0_")
    S += minusTimes("(" + Row + " - chunk0_)", streamDrift());
  return S;
}

std::string KernelEmitter::kernelBody() {
  const std::vector<int> Order = loopOrder();
  const bool Streams = K.Sched.StreamDim >= 0;
  const int Depth =
      Cache.active() ? Cache.bodyDepth() : 1 + K.Rank + (Streams ? 1 : 0);
  std::ostringstream Points;
  collectInOutLocals();
  // A ring's chunk (jammedPoints: ringChunk) is its only point work.
  if (vectorised()) {
    Points << vectorPoints(Depth);
  } else if (!K.Sched.Ring) {
    Points << inOutLoads(Depth);
    block(Points, K.Body, Depth);
  }
  const std::string Jammed = jammedPoints(Depth);

  std::ostringstream OS;
  OS << histogramKernelBegin(K);
  if (hasHistograms()) // a template over its lowering, not its index type
    OS << "  using Index = int64_t;\n";
  OS << threadPartials();
  for (int D = 0; D < K.Rank - 1; ++D)
    if (UsesStride[D] || UsesAt)
      OS << "  const Index stride" << D << "_ = Index(dom_.Stride[" << D
         << "]);\n";
  int Open = 1;
  if (Cache.active())
    OS << Cache.beginTiles();
  else
    for (int D : Order) {
      OS << loopHeader(D, Open, Jammed);
      Open += D == K.Sched.StreamDim ? 2 : 1;
    }
  if (UsesAt && (Cache.active() || !Streams))
    OS << indent(Depth) << "const Index at_ = " << linearIndex() << ";\n";
  OS << recordLoads(Depth);
  OS << Points.str();
  if (Cache.active()) {
    OS << Cache.endTiles();
  } else {
    int Opened = Depth; // where the loop being closed was opened
    for (auto D = Order.rbegin(); D != Order.rend(); ++D) {
      Opened -= *D == K.Sched.StreamDim ? 2 : 1;
      OS << loopFooter(*D, Opened);
    }
  }
  OS << histogramKernelEnd(K, hasReductions());
  OS << blockReductions();
  return OS.str();
}

/// A skewed kernel's body (skewedRows): one per row skew, Skew 0 first
/// (also the one-point instance's), each under `if constexpr (Skew == S)`
/// so that an instance compiles its own alone.
std::string KernelEmitter::skewedBodies() {
  std::string S =
      K.Rank == 2
          ? "  // Skew: the row stride modulo Vec (the launcher's skew_): each "
            "row's\n  // vectors are aligned Skew columns left of the row "
            "before's.\n"
          : "  // Skew: the plane stride modulo Vec, times Vec, plus the row "
            "stride's (the\n  // launcher's skew_): where each row's vectors "
            "are aligned.\n";
  for (int Code : skewCodes()) {
    SkewCode = Code;
    std::istringstream Body(kernelBody());
    S += std::string(Code ? "  } else if" : "  if") +
         " constexpr (Skew == " + std::to_string(Code) + ") {\n";
    for (std::string Line; std::getline(Body, Line);)
      S += (Line.empty() ? "" : "  ") + Line + "\n";
  }
  SkewCode = 0;
  return S + "  }\n";
}

//--- unroll-and-jam -------------------------------------------------------

/// The point work of Sched.Jam consecutive points along the streamed
/// dimension, statement by statement: each statement of the body for lane 0,
/// 1, ..., then the next. Every grid element is loaded once into a local that
/// the later lanes' statements reuse, so a point of a box stencil loads about
/// (Jam + extent - 1) / Jam elements per column instead of extent. Each
/// lane's statements run in the body's order on its own locals, so every
/// point's value is the one-point-at-a-time value, bit for bit; only the
/// order in which lanes add to a thread's reduction partials changes (the
/// reassociation every Sum already allows). Empty when the kernel is not
/// jammed.
std::string KernelEmitter::jammedPoints(int Depth) {
  if (K.Sched.Ring)
    return ringChunk(Depth);
  if (K.Sched.Jam == 1)
    return "";
  if (!vectorised())
    return lanePoints(Depth);
  // A vectorised kernel's jam group: Jam rows of Vec points each.
  JamLanes = K.Sched.Jam;
  std::string S = vectorPoints(Depth);
  JamLanes = 1;
  return S;
}

/// Registers the group's loads may hold when all are issued before its
/// first statement. A thread computes one group per chunk row, so the
/// loads it has in flight together are what hides DRAM latency: blur9
/// (3x3 f32, 9 statements, 4 x 4 lanes) loaded per statement ran at 2.06x
/// its floor with long-scoreboard stalls, cell_age (3x3 int, one
/// statement: every load first) at 1.02x. A wide box's loads (density49:
/// 100 words) would not fit in registers; they stay per statement.
constexpr int MaxHoistedLoadWords = 40;

/// The point work of every lane (jammed points or a vector's), statement by
/// statement, each grid element or vector loaded once for all lanes: every
/// load of the group first when they fit in MaxHoistedLoadWords registers,
/// otherwise each statement's loads before it.
std::string KernelEmitter::lanePoints(int Depth) {
  // The words the group loads are known once it is printed: print it with
  // every load first, and again with each statement's loads before it when
  // they do not fit, under the same names.
  const int Loads = LoadCount, Stores = StoreCount;
  const std::set<std::string> Names = Taken;
  std::string Hoisted = lanePointsWith(Depth, /*HoistAll=*/true);
  if (loadWords() <= MaxHoistedLoadWords)
    return Hoisted;
  LoadCount = Loads;
  StoreCount = Stores;
  Taken = Names;
  return lanePointsWith(Depth, /*HoistAll=*/false);
}

std::string KernelEmitter::lanePointsWith(int Depth, bool HoistAll) {
  std::ostringstream OS, Body;
  LoadScopes.emplace_back();
  PendingLoads.emplace_back();
  LoadUses.clear();
  for (Lane = 0; Lane < lanes(); ++Lane)
    OS << inOutLoads(Depth);
  for (const StmtPtr &S : K.Body) {
    // The statement's loads for every lane first, then the statement for
    // each lane: the loads are in flight together.
    std::ostringstream Lanes;
    Lane = -1;
    location(HoistAll ? Body : OS, *S, Depth);
    HoldLoadsAt = Depth;
    Lanes << sharedChains(*S, Depth, HoistAll);
    for (Lane = 0; Lane < lanes(); ++Lane)
      stmt(Lanes, *S, Depth);
    SharedValues.clear();
    HoldLoadsAt = -1;
    if (!HoistAll)
      flushLoads(OS, Depth);
    (HoistAll ? Body : OS) << Lanes.str();
  }
  if (HoistAll)
    flushLoads(OS, Depth);
  OS << Body.str();
  Lane = -1;
  LoadScopes.clear();
  PendingLoads.clear();
  return OS.str();
}

void KernelEmitter::noteLoadUse(const std::string &Name, Type Elem,
                                int Component) {
  auto &[Words, Components] = LoadUses[Name];
  Words = (byteSize(Elem) + 3) / 4;
  Components.insert(Component);
}

int KernelEmitter::loadWords() const {
  int Words = 0;
  for (const auto &[Name, Use] : LoadUses)
    Words += Use.first * int(Use.second.size());
  return Words;
}

/// How far lane Lane's point is from lane 0's: Lane points along the
/// streamed dimension, or (rank 1, not streamed) Lane grid strides, or
/// (vectorised, or a fused group of rows) laneOffset along each dimension.
std::string KernelEmitter::laneShift(std::vector<int> &Offsets) const {
  if (RingLanes && Lane >= 0) { // Lane planes behind the newest point
    Offsets[K.Sched.StreamDim] += RingCopy - Lane;
    return "";
  }
  if (Lane <= 0)
    return "";
  if (vectorised() || FusedLanes) { // FusedLanes: rows of a fused step
    for (int D = 0; D < K.Rank; ++D)
      Offsets[D] += laneOffset(D);
    return "";
  }
  if (K.Sched.StreamDim >= 0) {
    Offsets[K.Sched.StreamDim] += Lane;
    return "";
  }
  // Lane grid strides along dimension 0: points (rank 1) or rows (rank 2).
  const std::string Rows = K.Rank == 1 ? "" : " * stride0_";
  return Lane == 1 ? " + step0_" + Rows
                   : " + " + std::to_string(Lane) + " * step0_" + Rows;
}

/// The linear index of the lane's point (at_ outside jammed code).
std::string KernelEmitter::pointAddress() {
  if (Lane <= 0 && !(RingLanes && RingCopy))
    return "at_";
  std::vector<int> Offsets(K.Rank, 0);
  const std::string Strides = laneShift(Offsets);
  return offsetExpr(Offsets) + Strides;
}

/// A read in jammed code: the local holding the element, loaded by the
/// first statement (of any lane) that reads it. The verifier keeps jammed
/// kernels to grids without records or tiles, and every read is inside the
/// grid wherever the footprint is, so a load moved ahead of a select or out
/// of a branch never leaves the grid.
std::string KernelEmitter::jamRead(const GridRead &G) {
  if (vectorised())
    return vectorRead(G);
  std::vector<int> Offsets = G.Offsets;
  const std::string Strides = laneShift(Offsets);
  if (RingLanes) {
    if (Offsets[size_t(K.Sched.StreamDim)] == Ring->Lo + RingCopy)
      return planeRead(G.Grid, Offsets);
    // A plane behind the lane's phase: the lane's own read, where its
    // statement is (inside the test that its point is in the chunk).
    return G.Grid + "[" + offsetExpr(Offsets) + "]";
  }
  return laneLoad(G.Grid + "[" + offsetExpr(Offsets) + Strides + "]",
                  K.findParam(G.Grid)->Elem, G.Grid);
}

std::string KernelEmitter::laneLoad(const std::string &Address, Type Elem,
                                    const std::string &Prefix) {
  for (auto Scope = LoadScopes.rbegin(); Scope != LoadScopes.rend(); ++Scope) {
    auto It = Scope->find(Address);
    if (It != Scope->end())
      return It->second;
  }
  std::string Name;
  do
    Name = Prefix + "_l" + std::to_string(LoadCount++) + "_";
  while (Taken.count(Name));
  Taken.insert(Name);
  noteLoadUse(Name, Elem, 0);
  LoadScopes.back()[Address] = Name;
  PendingLoads.back().push_back("const " + cxxType(Elem) + " " + Name + " = " +
                                Address + ";");
  return Name;
}

/// The loads the statement about to be printed reads, declared before it
/// (in a block of its own; at the top of jammed code, before all its lanes).
void KernelEmitter::flushLoads(std::ostringstream &OS, int Depth) {
  if (Depth == HoldLoadsAt)
    return; // jammedPoints declares them before the statement's lanes
  if (PendingLoads.empty())
    return; // not jammed
  for (const std::string &L : PendingLoads.back())
    OS << indent(Depth) << L << "\n";
  PendingLoads.back().clear();
}

//--- the register ring ------------------------------------------------------

/// Schedule::Ring: the chunk of the streamed dimension walked one plane at
/// a time, from its first point to Ring->lanes() - 1 planes past its last,
/// so that its last point reaches its last phase. Before the walk, every
/// lane's copy of each carried local. The walk: single steps while the ring
/// fills, groups of lanes() steps unrolled while every lane's point stays in
/// the chunk (the ring turns by renaming: no copies), single steps to empty
/// it. Every load of a step is of the plane it has reached, which the
/// chunk's points read, so none leaves the grid even for a lane whose point
/// is outside the chunk.
std::string KernelEmitter::ringChunk(int Depth) {
  const int D = K.Sched.StreamDim;
  const int Lanes = Ring->lanes();
  const ChunkNames N = chunkNames(D, Depth - 2);
  const std::string &In = N.In, &I = N.Index;
  const std::string Last = std::to_string(Lanes - 1);
  UsesAt = true;
  const std::string Step = ringStep(Depth);
  const std::string Group = ringGroup(Depth);
  std::string S;
  for (const auto &[Name, Ty] : Ring->Carried) {
    S += In + cxxType(Ty);
    for (int L = 0; L < Lanes; ++L)
      S += std::string(L ? ", " : " ") + laneLocal(Name, L) + "{}";
    S += ";\n";
  }
  const std::string Next = "++" + I + ", at_ += " + strideOf(D);
  const std::string NoUnroll = In + "#pragma unroll 1\n";
  S += In + "Index " + I + " = " + N.Chunk + ";\n";
  S += NoUnroll + In + "for (; " + I + " < " + N.Chunk + " + " + Last + " && " +
       I + " < " + N.End + " + " + Last + "; " + Next +
       ") { // the ring fills\n" + Step + In + "}\n";
  S += NoUnroll + In + "for (; " + I + " + " + std::to_string(Lanes) +
       " <= " + N.End + "; " + I + " += " + std::to_string(Lanes) +
       ", at_ += " + std::to_string(Lanes) + " * " + strideOf(D) +
       ") { // every lane's point in the chunk\n" + Group + In + "}\n";
  S += NoUnroll + In + "for (; " + I + " < " + N.End + " + " + Last + "; " +
       Next + ") { // the ring empties\n" + Step + In + "}\n";
  return S;
}

/// Whether lane L's point (i_D - L) is in the chunk.
std::string KernelEmitter::ringLaneGuard(int L) const {
  const ChunkNames N = chunkNames(K.Sched.StreamDim, 0);
  const std::string Below = N.Index + " < " + N.End;
  const std::string Above = N.Index + " >= " + N.Chunk;
  if (L == 0)
    return Below;
  const std::string Shift = " + " + std::to_string(L);
  if (L == Ring->lanes() - 1)
    return Above + Shift;
  return Above + Shift + " && " + Below + Shift;
}

bool KernelEmitter::ringCarried(const std::string &Name) const {
  return std::any_of(Ring->Carried.begin(), Ring->Carried.end(),
                     [&](const auto &C) { return C.first == Name; });
}

/// A read of the plane a ring's step has reached (its lanes' reads of it
/// are all of this plane, branches included): the local holding the
/// element, one per element for the whole step (planeLoads declares them).
std::string KernelEmitter::planeRead(const std::string &Grid,
                                     const std::vector<int> &Offsets) {
  for (const PlaneLoad &P : RingPlane)
    if (P.Grid == Grid && P.Offsets == Offsets)
      return P.Name;
  std::string Name;
  do
    Name = Grid + "_l" + std::to_string(LoadCount++) + "_";
  while (Taken.count(Name));
  Taken.insert(Name);
  RingPlane.push_back({Grid, Name, Offsets, K.findParam(Grid)->Elem});
  return Name;
}

/// The step's plane loads, first in its block.
std::string KernelEmitter::planeLoads(int Depth) {
  std::string S;
  for (const PlaneLoad &P : RingPlane)
    S += indent(Depth) + "const " + cxxType(P.Elem) + " " + P.Name + " = " +
         P.Grid + "[" + offsetExpr(P.Offsets) + "];\n";
  return S;
}

/// The lanes' statements of one step: each lane's phase, interleaved one
/// statement of each lane in turn where every lane's point is in the chunk
/// (Guarded false), or each lane alone behind the test that its point is
/// (Guarded). Location comments where the line changes.
std::string KernelEmitter::ringLanes(int Depth, bool Guarded) {
  const int Lanes = Ring->lanes();
  std::vector<std::vector<const Stmt *>> PerLane(static_cast<size_t>(Lanes));
  size_t Most = 0;
  for (size_t I = 0; I < K.Body.size(); ++I) {
    auto &Phase = PerLane[size_t(Ring->Phase[I] - Ring->Lo)];
    Phase.push_back(K.Body[I].get());
    Most = std::max(Most, Phase.size());
  }
  std::ostringstream OS;
  unsigned Line = 0; // the last line a location comment named
  auto Print = [&](const Stmt &S, int L, int At) {
    Lane = -1;
    if (S.Loc.Line != Line)
      location(OS, S, At);
    Line = S.Loc.Line;
    Lane = L;
    stmt(OS, S, At);
  };
  // The ring's reads need no load scopes (planeRead, or the lane's own
  // read inline); HoldLoadsAt keeps stmt from repeating lane 0's location.
  RingLanes = Lanes;
  if (!Guarded) {
    HoldLoadsAt = Depth;
    for (size_t I = 0; I < Most; ++I)
      for (int L = 0; L < Lanes; ++L)
        if (I < PerLane[size_t(L)].size())
          Print(*PerLane[size_t(L)][I], L, Depth);
  } else {
    HoldLoadsAt = Depth + 1;
    for (int L = 0; L < Lanes; ++L) {
      if (PerLane[size_t(L)].empty())
        continue;
      Line = 0;
      OS << indent(Depth) << "if (" << ringLaneGuard(L) << ") {\n";
      for (const Stmt *S : PerLane[size_t(L)])
        Print(*S, L, Depth + 1);
      OS << indent(Depth) << "}\n";
    }
  }
  HoldLoadsAt = -1;
  Lane = -1;
  RingLanes = 0;
  return OS.str();
}

/// One step of the ring (while it fills or empties): the plane's loads,
/// the lanes (all of them at once where every lane's point is in the chunk,
/// which a chunk longer than the ring reaches in its last steps when
/// lanes() does not divide it), then the ring turns: each carried local
/// passes to the lane one plane older.
std::string KernelEmitter::ringStep(int Depth) {
  const int Lanes = Ring->lanes();
  RingPlane.clear();
  const std::string Full = ringLanes(Depth + 1, /*Guarded=*/false);
  const std::string Ends = ringLanes(Depth + 1, /*Guarded=*/true);
  const std::string In = indent(Depth);
  std::ostringstream OS;
  OS << planeLoads(Depth) << In << "if (" << ringLaneGuard(Lanes - 1) << " && "
     << ringLaneGuard(0) << ") {\n"
     << Full << In << "} else {\n"
     << Ends << In << "}\n";
  for (const auto &[Name, Ty] : Ring->Carried)
    for (int L = Lanes - 1; L > 0; --L)
      OS << In << laneLocal(Name, L) << " = " << laneLocal(Name, L - 1)
         << ";\n";
  return OS.str();
}

/// lanes() steps of the ring with every lane's point in the chunk, each in
/// a block of its own, step C's lane L the point C - L from i_D: lane L's
/// carried locals are in slot L - C (mod lanes()), so that after the group
/// every slot is where the next group's first step expects it.
std::string KernelEmitter::ringGroup(int Depth) {
  std::ostringstream OS;
  for (RingCopy = 0; RingCopy < Ring->lanes(); ++RingCopy) {
    RingPlane.clear();
    const std::string Lanes = ringLanes(Depth + 1, /*Guarded=*/false);
    OS << indent(Depth) << "{"
       << (RingCopy
               ? " // the point " + std::to_string(RingCopy) + " further along"
               : std::string())
       << "\n"
       << planeLoads(Depth + 1) << Lanes << indent(Depth) << "}\n";
  }
  RingCopy = 0;
  return OS.str();
}

//--- vectors along the last dimension --------------------------------------

/// The CUDA vector type of Vec elements of T (Vec * size <= 16 bytes, checked
/// by the verifier).
std::string KernelEmitter::laneVectorType(Type T, int Vec) {
  const std::string N = std::to_string(Vec);
  switch (T) {
  case Type::Float32:
    return "float" + N;
  case Type::Float64:
    return "double" + N;
  case Type::Int64:
    return "longlong" + N;
  default:
    return "int" + N;
  }
}

const char *KernelEmitter::laneComponent(int Lane) {
  static const char *Component[4] = {".x", ".y", ".z", ".w"};
  assert(Lane >= 0 && Lane < 4 && "vectors hold at most 4 elements");
  return Component[Lane];
}

/// The address of jam row Row's first vector lane in Grid (row 0 at at_).
std::string KernelEmitter::rowAddress(const std::string &Grid, int Row) {
  if (Row == 0)
    return Grid + " + at_";
  std::vector<int> Offsets(K.Rank, 0);
  Offsets[K.Sched.StreamDim] = Row;
  Offsets[K.Rank - 1] = -rowShift(Row); // the row's aligned lane 0
  return Grid + " + (" + offsetExpr(Offsets) + ")";
}

/// A store of every lane of a row (a statement of the lane group itself,
/// not inside a branch): each lane keeps its value (an InOut grid's local,
/// or a local of its own), and the row's last lane stores the row as one
/// aligned vector. Lanes' scalar stores 4 bytes, 16 apart, wrote 4x the L1
/// and L2 store sectors (relax3d, ncu T0428Z).
std::string KernelEmitter::vectorStore(const Stmt &S, const Param &P,
                                       const std::string &Value, int Depth) {
  const std::string In = indent(Depth);
  const int Vec = K.Sched.Vec;
  const int Row = jamLane();
  auto LaneValue = [&](int L) {
    if (InOutLocals.count(S.Name))
      return inOutLocal(S.Name, L);
    return S.Name + "_s" + std::to_string(StoreCount) + "_" +
           std::to_string(L) + "_";
  };
  std::ostringstream OS;
  if (InOutLocals.count(S.Name)) {
    OS << In << inOutLocal(S.Name) << " = " << Value << ";\n";
  } else {
    Taken.insert(LaneValue(Lane));
    OS << In << "const " << cxxType(P.Elem) << " " << LaneValue(Lane) << " = "
       << Value << ";\n";
  }
  if (vecLane() != Vec - 1)
    return OS.str();
  const std::string VecType = laneVectorType(P.Elem, Vec);
  std::string Guard;
  if (MaskLanes) { // the row's lanes all in the domain, else each alone
    const std::string Bits =
        std::to_string(((1u << Vec) - 1u) << (Row * Vec)) + "u";
    OS << In << "if ((lanes_ & " << Bits << ") == " << Bits << ")\n";
    Guard = "  ";
  }
  OS << In << Guard << "*reinterpret_cast<" << VecType << "*>("
     << rowAddress(S.Name, Row) << ") = make_" << VecType << "(";
  for (int C = 0; C < Vec; ++C)
    OS << (C ? ", " : "") << LaneValue(Row * Vec + C);
  OS << ");\n";
  if (MaskLanes) {
    OS << In << "else {\n";
    for (int C = 0; C < Vec; ++C)
      OS << In << "  if (lanes_ & " << laneBit(Row * Vec + C) << ") ("
         << rowAddress(S.Name, Row) << ")[" << C
         << "] = " << LaneValue(Row * Vec + C) << ";\n";
    OS << In << "}\n";
  }
  if (Lane == lanes() - 1)
    ++StoreCount; // the next store statement's lanes get names of their own
  return OS.str();
}

/// The point site of a vectorised kernel: a thread's Vec adjacent points
/// (lane 0's on a multiple of Vec, at_ and the last index lane 0's) as
/// lanes that load each row they read as aligned vectors, when all Vec lie in
/// the domain; otherwise (the domain's first and last columns, and the
/// one-point instance, Vec = 1, of a kernel without a jam) one point at a
/// time, each at its own at_ and index (declared in an inner scope over the
/// lane 0 ones). A jam group's one-point instance is the plain jam of its
/// rows.
std::string KernelEmitter::vectorPoints(int Depth) {
  const std::string L = std::to_string(K.Rank - 1);
  const std::string I = "i" + L + "_";
  const std::string Lo = "Index(dom_.Lo[" + L + "])";
  const std::string Hi = "Index(dom_.Hi[" + L + "])";
  // In a jam group the fallback walks its JamLanes rows too, each at its own
  // streamed index and at_.
  const bool Rows = JamLanes > 1;
  const std::string S = std::to_string(K.Sched.StreamDim);
  const std::string IS = "i" + S + "_";
  const int Inner = Depth + (Rows ? 3 : 2);
  std::ostringstream Scalar;
  Scalar << inOutLoads(Inner);
  block(Scalar, K.Body, Inner);
  UsesAt = true;
  const std::string In = indent(Depth);
  const std::string Col = indent(Inner - 1);
  // A skewed jam group's rows start up to this many columns left (Left) or
  // right (Right) of its first.
  int Left = 0, Right = 0;
  for (int Row = 0; Rows && Row < JamLanes; ++Row) {
    Left = std::max(Left, rowShift(Row));
    Right = std::max(Right, -rowShift(Row));
  }
  const std::string Whole =
      I + (Left > 0 ? " - " + std::to_string(Left) : std::string()) +
      " >= " + Lo + " && " + I + " + Vec" +
      (Right > 0 ? " + " + std::to_string(Right) : std::string()) + " <= " + Hi;
  // A jam group's rows at the edges go one point at a time, as in rank 2:
  // edge lanes are one row's (rank 3 jammed with vectors took them for its
  // groups and left the other rows' edge points unwritten: exactness --check
  // --variant 1, session 33).
  const bool Edges = edgeLanes() && !Rows;
  std::ostringstream OS;
  if (Edges)
    OS << In << "const unsigned lanes_ = " << Whole << " ? " << laneBit(lanes())
       << " - 1u : " << edgeLaneMask() << ";\n";
  OS << In;
  if (Rows && !SkewCode) { // skewed instances always have vectors
    // The one-point instance (Vec = 1, launches too small to fill the
    // device with vectors) runs the jam group as an unvectorised jam: its
    // rows share their loads instead of loading every point alone.
    ScalarLanes = true;
    const std::string Jammed = lanePoints(Depth + 1);
    ScalarLanes = false;
    OS << "if (Vec == 1) {\n" << Jammed << In << "} else ";
  }
  MaskLanes = Edges;
  const std::string Vectors = lanePoints(Depth + 1);
  MaskLanes = false;
  if (Edges)
    OS << "if (Vec > 1 && (lanes_ == " << laneBit(lanes())
       << " - 1u || (lanes_ != 0u && at_ >= Index(dom_.EdgeLo) && at_ <= "
          "Index(dom_.EdgeHi)))) {\n";
  else
    OS << "if (Vec > 1 && " << Whole << ") {\n";
  OS << Vectors << In << "} else {\n"
     << In << "  const Index lane0_at_ = at_;\n"
     << In << "  const Index lane0_" << I << " = " << I << ";\n";
  std::string Row;
  if (Rows) {
    // The row's streamed index only where the body reads index(S).
    bool ReadsRow = false;
    forEachExpr(K.Body, [&](const Expr &E) {
      ReadsRow |= E->Kind == ExprKind::Index &&
                  as<ir::Index>(E)->Dim == K.Sched.StreamDim;
    });
    // (atStep holds a drifting row's shift, not an alternating one's.)
    Row = " + row_ * " + atStep(K.Sched.StreamDim) +
          (alternatingRows() ? rowShiftText("row_") : "");
    if (ReadsRow)
      OS << In << "  const Index lane0_" << IS << " = " << IS << ";\n";
    OS << In << "  #pragma unroll 1\n"
       << In << "  for (Index row_ = 0; row_ < " << JamLanes << "; ++row_) {\n";
    if (ReadsRow)
      OS << In << "    const Index " << IS << " = lane0_" << IS << " + row_;\n";
  }
  const std::string RowShift = Rows ? rowShiftText("row_") : "";
  OS << Col << "#pragma unroll 1\n"
     << Col << "for (Index lane_ = 0; lane_ < Vec; ++lane_) {\n"
     << Col << "  const Index " << I << " = lane0_" << I << " + lane_"
     << RowShift << ";\n"
     << Col << "  if (" << I << " < " << Lo << " || " << I << " >= " << Hi
     << ") continue;\n"
     << Col << "  const Index at_ = lane0_at_" << Row << " + lane_;\n"
     << Scalar.str() << Col << "}\n";
  if (Rows)
    OS << In << "  }\n";
  OS << In << "}\n";
  return OS.str();
}

/// "if (lanes_ & BIT) " before a lane's reduction or histogram update
/// in the vector lanes of vectorPoints (MaskLanes); "" elsewhere.
std::string KernelEmitter::laneGuard() const {
  if (!MaskLanes || Lane < 0)
    return "";
  return "if (lanes_ & " + laneBit(Lane) + ") ";
}

/// Whether a group at the domain's edge runs its lanes (edge vectors):
/// rank 3, whose rows are short (a 384-point row of vectors of 4 is three
/// warps, two of them at an edge), and no store or update inside a branch
/// (cell_age, rank 2, took twice as long with its InOut stores guarded).
/// Rank 1 and 2 groups at the edges run one point at a time: measured on
/// the suite (H200, session 27) the lanes gained nothing there at rows of
/// 8192 and cost registers (sobel_int 32 -> 40, life 48 -> 56: +3%, +5%).
bool KernelEmitter::edgeLanes() const {
  // A kernel that reads no grid (init_field: +7% with the lanes) loses
  // nothing one point at a time: its points have no loads to wait for.
  if (K.Rank != 3 || K.Foot.Grids.empty())
    return false;
  bool Nested = false;
  forEachStmt(K.Body, [&](const Stmt &S) {
    if (S.Kind != StmtKind::If)
      return;
    for (const Block *B : {&S.Then, &S.Else})
      forEachStmt(*B, [&](const Stmt &Inner) {
        Nested |= Inner.Kind == StmtKind::Store ||
                  Inner.Kind == StmtKind::Reduce ||
                  Inner.Kind == StmtKind::HistAdd;
      });
  });
  return !Nested;
}

std::string KernelEmitter::laneBit(int L) const {
  assert(L >= 0 && L < 32 && "lanes_ holds a bit per lane");
  return "(1u << " + std::to_string(L) + ")";
}

/// lanes_ of a vector not wholly in the domain: its columns in the domain.
/// Edge lanes are one row's (vectorPoints takes none for a jam group).
std::string KernelEmitter::edgeLaneMask() const {
  assert(JamLanes == 1 && "a jam group's rows take no edge lanes");
  const std::string L = std::to_string(K.Rank - 1);
  return "stencil::detail::columnLanes<" + std::to_string(K.Sched.Vec) +
         ">(Index(i" + L + "_), Index(dom_.Lo[" + L + "]), Index(dom_.Hi[" + L +
         "]))";
}

/// A read in vector lanes: the component of the aligned vector holding the
/// element, the vector loaded once (the first statement of any lane that
/// reads it) from a Vec-aligned offset of lane 0's point. Every vector lies
/// in the grid: where the lanes' points are all in the domain, their
/// footprint is; at the domain's edges where at_ lies in [EdgeLo, EdgeHi] (the
/// launcher's setEdgeLaneBounds).
std::string KernelEmitter::vectorRead(const GridRead &G) {
  const int Vec = K.Sched.Vec, Last = K.Rank - 1;
  std::vector<int> Offsets = G.Offsets;
  laneShift(Offsets); // the lane's row and column (no strides: vectorised)
  // The element lies Column plus each offset times its dimension's skew
  // elements (modulo Vec) past the aligned at_: its vector starts that
  // many, modulo Vec, before it.
  const int Column = Offsets[Last];
  int Aligned = Column;
  for (int D = 0; D < Last; ++D)
    Aligned += Offsets[size_t(D)] * skewOf(D);
  const int First = Column - (Aligned - floorDiv(Aligned, Vec) * Vec);
  Offsets[Last] = First;
  const Type Elem = K.findParam(G.Grid)->Elem;
  const std::string VecType = laneVectorType(Elem, Vec);
  const std::string Address = G.Grid + " + (" + offsetExpr(Offsets) + ")";
  auto Element = [&](const std::string &Name) {
    noteLoadUse(Name, Elem, Column - First);
    const std::string E = Name + laneComponent(Column - First);
    // longlong2's fields are long long, not int64_t (templates deduce).
    return Elem == Type::Int64 ? "int64_t(" + E + ")" : E;
  };
  for (auto Scope = LoadScopes.rbegin(); Scope != LoadScopes.rend(); ++Scope) {
    auto It = Scope->find(Address);
    if (It != Scope->end())
      return Element(It->second);
  }
  std::string Name;
  do
    Name = G.Grid + "_v" + std::to_string(LoadCount++) + "_";
  while (Taken.count(Name));
  Taken.insert(Name);
  LoadScopes.back()[Address] = Name;
  PendingLoads.back().push_back("const " + VecType + " " + Name +
                                " = *reinterpret_cast<const " + VecType +
                                "*>(" + Address + ");");
  return Element(Name);
}

} // namespace stencilc::cuda
