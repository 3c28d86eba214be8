//===- KernelEmitter.h - the CUDA emitter's class, shared by its files ----===//
//
// Private to codegen/cuda/ (the entry point is CudaEmitter.h). One
// KernelEmitter writes one ir::Kernel's part of NAME.h and NAME.cu. As with
// Halide's Simplify_Internal.h, the class is declared here once and its
// members are defined in one file per concern, the host launcher apart from
// the device code:
//
//   CudaEmitter.cpp  emitCuda, the layout of NAME.h and NAME.cu, local names
//   Expressions.cpp  expressions, literals and statements (the point work)
//   Records.cpp      merged grids (merge-arrays) read as record fields
//   Reductions.cpp   per-thread partials, the block combine, the
//                    self-resetting accumulators, their finalize kernel and
//                    the conversion to the result
//   KernelBody.cpp   the __global__ kernel: signature and loops over the domain
//   SharedChains.cpp integer chains a jam group's or vector's lanes share
//   Launcher.cpp     the host launcher: domain, launch shape, reduction
//                    buffers, record packing, the launch and the readback
//   BoundaryShell.cpp  kernels with boundary rules: the shell kernel, its
//                    domain and launch
//   FusedKernel.cpp  fuse-sweeps: the fused kernel and its launch helpers
//   FusedStream.cpp  fuse-sweeps: the rank-3 fused kernel (planes streamed)
//   FusedSweeps.cpp  NAME_sweeps and NAME_until, fused or as the loop
//   PersistentSweeps.cpp  NAME_sweeps' loop as cooperative launches of many
//                    sweeps where the grids fit in L2
//   DistributedLauncher.cpp  --distributed: the launcher over
//                    stencil::DistGrid, which runs the launcher above on
//                    each piece
//
// SmemCacheLowering and HistogramEmitter carry out the smem-cache and
// histogram decisions; the members above call into them.
//
// Emission has one piece of state besides the names: expressions note
// whether the point work needs the linear index (UsesAt) and which strides
// (UsesStride), so kernelBody() prints the point work before the loops.
//
//===----------------------------------------------------------------------===//
#ifndef STENCILC_CODEGEN_CUDA_KERNELEMITTER_H
#define STENCILC_CODEGEN_CUDA_KERNELEMITTER_H

#include "codegen/IR.h"
#include "codegen/Ring.h"
#include "codegen/cuda/CudaEmitter.h"
#include "codegen/cuda/SmemCacheLowering.h"
#include "codegen/passes/Tile.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <sstream>
#include <string>
#include <vector>

namespace stencilc::cuda {

// The fused kernel's threads per block: the levels' width (Fusion::Tile[1])
// by FusedRows; its deepest instantiation (stencil::detail::MaxSweepDepth).
inline constexpr int FusedRows = 4;
inline constexpr int MaxFusedDepth = 4;

// Helpers more than one file uses (defined in the file named).
std::string indent(int Depth);                  // CudaEmitter.cpp
std::string cxxType(ir::Type T);                // CudaEmitter.cpp
std::string floatLiteral(double V, ir::Type T); // Expressions.cpp
std::string intLiteral(int64_t V, ir::Type T);  // Expressions.cpp
std::string joinArguments(const std::vector<std::string> &Args); // Launcher.cpp
const char *reductionKindName(ir::ParamKind K); // Reductions.cpp
const char *reductionOp(ir::ParamKind K);       // Reductions.cpp

class KernelEmitter {
public:
  KernelEmitter(const ir::Kernel &K, const EmitOptions &Opts,
                const std::string &SpecFile)
      : K(K), Opts(Opts), SpecFile(SpecFile) {
    if (K.Sched.Ring)
      Ring = ir::planRing(K, K.Sched.StreamDim); // the verifier checked it
    assignNames();
    findSweep();
  }

  std::string resultType() const { return baseName() + "_result"; }
  /// Emit K as schedule variant Index of kernel Base (tune-variants): a
  /// launcher of its own in namespace stencil_variants_ that Base's launcher
  /// calls, with Base's result type and name in errors, neither tuned nor
  /// with multi-sweep or distributed launchers.
  void asVariant(const std::string &Base, int Index) {
    BaseName = Base;
    VariantIndex = Index;
    Sweep = ir::Fusion();
  }
  /// The spec's kernel name (a variant's kernel's, for a variant).
  const std::string &baseName() const {
    return BaseName.empty() ? K.Name : BaseName;
  }
  /// The launcher name of K's schedule variant V (1-based).
  static std::string variantName(const std::string &Kernel, int V) {
    return Kernel + "_variant" + std::to_string(V);
  }
  bool hasReductions() const { return K.hasReductions(); }
  bool hasHistograms() const { return K.hasHistograms(); }

  // CudaEmitter.cpp
  std::string headerDecl() const;
  std::string source();

private:
  //--- names (CudaEmitter.cpp) ----------------------------------------------
  void assignNames();
  template <class F> static void forEachDeclare(const ir::Block &B, F &&Fn);
  std::string localName(const std::string &Name) const;
  /// Lane L's name for the local Name (lane 0 keeps its own).
  std::string laneLocal(const std::string &Name, int L) const;

  //--- expressions and statements (Expressions.cpp) -------------------------
  /// The linear index Offsets from the point at Base (the point's own, at_).
  std::string offsetExpr(const std::vector<int> &Offsets,
                         const std::string &Base = "at_");
  std::string expr(const ir::Expr &E, bool Host = false);
  static const ir::Expr *boolOperand(const ir::Expr &E);
  static std::string boolToFloat(const std::string &B, ir::Type T);
  std::string exprAs(const ir::Expr &E, ir::Type T);
  void location(std::ostringstream &OS, const ir::Stmt &S, int Depth);
  void block(std::ostringstream &OS, const ir::Block &B, int Depth);
  void stmt(std::ostringstream &OS, const ir::Stmt &S, int Depth);
  std::string histogramAdd(const ir::Stmt &S);
  void collectInOutLocals();
  /// The local holding lane L's (the lane being printed's) point of an
  /// InOut grid.
  std::string inOutLocal(const std::string &Grid) const {
    return inOutLocal(Grid, Lane);
  }
  static std::string inOutLocal(const std::string &Grid, int L) {
    return L > 0 ? Grid + "_c" + std::to_string(L) + "_" : Grid + "_c_";
  }
  std::string inOutLoads(int Depth);

  //--- merged grids (Records.cpp) -------------------------------------------
  const ir::MergeGroup *mergeGroupOf(const std::string &Grid, int &Field) const;
  static int perVector(ir::Type T) { return 16 / ir::byteSize(T); }
  static std::string vectorType(ir::Type T);
  static int recordFields(const ir::MergeGroup &M);
  std::string recordParam(const ir::MergeGroup &M) const {
    return M.Name + "_";
  }
  std::string recordVector(const ir::MergeGroup &M, int V) const;
  std::string recordField(const ir::MergeGroup &M, int Field) const;
  std::string recordLoads(int Depth) const;
  std::string recordArrayType(const ir::MergeGroup &M) const;
  std::string recordAccessor(const ir::MergeGroup &M) const;
  std::string recordAccessors() const;

  //--- reductions (Reductions.cpp) ------------------------------------------
  /// Kernels with reductions (and no histogram, whose faults keep the
  /// host-initialised scratch) keep their accumulators on the device, as
  /// ReductionSlots slots each; the finalize kernel moves the totals to
  /// pinned host memory and resets the slots, so a launch needs no copies.
  bool selfResetting() const { return hasReductions() && !hasHistograms(); }
  /// ir::lastBlockMayCombine: where the launcher says
  /// (stencil::detail::lastBlockCombines), the kernel's last block combines
  /// the slots (stencil::detail::lastBlockToFinish), no finalize kernel.
  bool lastBlockMayCombine() const { return ir::lastBlockMayCombine(K); }
  /// Launched by stencil::detail::launchAfterPrevious, the kernel's first
  /// statement waiting for the kernel before it; histogram kernels are
  /// launched by their own lowering's launch (HistogramEmitter).
  bool dependentLaunch() const { return !hasHistograms(); }
  /// The launch's entry of the result ring (entry_), as the device sees it.
  std::string ringEntryOnDevice() const;
  std::string kernelInstance(const std::string &Index, bool LastBlock) const;
  std::string accumulatorType() const { return K.Name + "_accumulators_"; }
  std::string totalsType() const { return K.Name + "_totals_"; }
  std::string finalizeName() const { return K.Name + "_finalize"; }
  std::string readerName() const { return K.Name + "_read_"; }
  /// The update of a reduction's partial; with a Guard, the term is the
  /// identity where the Guard is false.
  std::string reduceStmt(const ir::Stmt &S, const std::string &Guard = "");
  std::string threadPartials() const;
  std::string blockReductions() const;
  std::string accumulatorStruct() const;
  std::string finalizeKernel() const;
  std::string finalizeBody(int Depth = 1) const;
  std::string accumulatorIdentity(const std::string &Indent) const;
  std::string resultReader() const;
  std::string resultField(const ir::Param &P, std::string Total) const;
  std::string resultConversion() const;
  std::string deviceIdentity(const ir::Param &P) const;

  //--- the __global__ kernel (KernelBody.cpp) -------------------------------
  std::string kernelName() const { return K.Name + "_kernel"; }
  std::vector<std::string> pointParams() const;
  std::string kernelSignature() const;
  std::vector<std::string> scheduleParams() const;
  std::string kernelHead(const std::string &Name,
                         const std::vector<std::string> &Args) const;
  std::string axis(int D) const;
  std::vector<int> loopOrder() const;
  std::string loopHeader(int D, int Depth, const std::string &Jammed) const;
  /// The names a streamed loop of dimension D opened at Depth prints: its
  /// chunk's first point and end, the point's coordinate, the domain's low
  /// bound and the indent of the chunk's body.
  struct ChunkNames {
    std::string Chunk, End, Index, Lo, In;
  };
  ChunkNames chunkNames(int D, int Depth) const;
  std::string chunkPrefetch(int D, const ChunkNames &N,
                            const std::string &First) const;
  std::string zigzagChunk(int D, const ChunkNames &N,
                          const std::string &Jammed) const;
  std::string loopFooter(int D, int Depth) const;
  std::string linearIndex(int Stream = -1,
                          const std::string &StreamVar = "") const;
  std::string strideOf(int D) const;
  std::string atStep(int D) const;
  std::string kernelBody();

  //--- unroll-and-jam (KernelBody.cpp) --------------------------------------
  std::string jammedPoints(int Depth);
  //--- the register ring (KernelBody.cpp) -----------------------------------
  std::string ringChunk(int Depth);
  std::string ringStep(int Depth);
  std::string ringGroup(int Depth);
  std::string ringLanes(int Depth, bool Guarded);
  std::string ringLaneGuard(int L) const;
  std::string planeRead(const std::string &Grid,
                        const std::vector<int> &Offsets);
  std::string planeLoads(int Depth);
  /// Whether Name is a local the ring carries from phase to phase.
  bool ringCarried(const std::string &Name) const;
  std::string lanePoints(int Depth);
  std::string lanePointsWith(int Depth, bool HoistAll);
  /// Before the lanes of S: the integer chains of S its lanes share, as
  /// locals (SharedChains.cpp); "" when none pays.
  std::string sharedChains(const ir::Stmt &S, int Depth, bool HoistAll);
  /// Registers (32-bit words) the lane group's loads hold: the components
  /// of each load its lanes read (nvcc drops the others).
  int loadWords() const;
  void noteLoadUse(const std::string &Name, ir::Type Elem, int Component);
  std::string laneShift(std::vector<int> &Offsets) const;
  std::string pointAddress();
  std::string jamRead(const ir::GridRead &G);
  /// The local a lane group loads Address into (declared by flushLoads
  /// before the first statement that reads it), named Prefix_lN_.
  std::string laneLoad(const std::string &Address, ir::Type Elem,
                       const std::string &Prefix);
  void flushLoads(std::ostringstream &OS, int Depth);
  /// Lanes of jammed code: Sched.Jam points along the streamed dimension,
  /// or Sched.Vec adjacent points along the last one (vectors), or both
  /// (JamLanes rows of Vec points: a vectorised kernel's jam groups), lane
  /// L the point jamLane() rows and vecLane() columns from lane 0's.
  /// Or, in the fused kernel, FusedLanes consecutive rows of a step.
  int lanes() const {
    if (FusedLanes)
      return FusedLanes;
    if (RingLanes)
      return RingLanes;
    return vectorised() ? JamLanes * K.Sched.Vec : K.Sched.Jam;
  }
  /// The most lanes any code of the kernel prints (names are made for all),
  /// whichever lanes are being printed.
  int maxLanes() const {
    return std::max({K.Sched.Jam * std::max(K.Sched.Vec, 1), K.Fuse.Jam,
                     Ring ? Ring->lanes() : 1});
  }
  int vecWidth() const { return vectorised() ? K.Sched.Vec : 1; }
  int jamLane() const { return Lane / vecWidth(); }
  int vecLane() const { return vectorised() ? Lane % K.Sched.Vec : 0; }
  /// How far a vector lane's point is from lane 0's along dimension D:
  /// vecLane() along the last dimension, jamLane() rows along the streamed
  /// one; in a fused group, Lane rows along dimension 0.
  /// In a skewed instance row jamLane()'s lane 0 sits rowShift(jamLane())
  /// columns left of lane 0's, where its vectors are aligned.
  int laneOffset(int D) const {
    if (FusedLanes)
      return D == 0 ? Lane : 0;
    if (D == K.Rank - 1)
      return vectorised() ? vecLane() - rowShift(jamLane()) : 0;
    return D == K.Sched.StreamDim ? jamLane() : 0;
  }

  //--- vectors along the last dimension (KernelBody.cpp) --------------------
  bool vectorised() const {
    return K.Sched.Vec > 1 && !ScalarLanes && !FusedLanes;
  }
  static std::string laneVectorType(ir::Type T, int Vec);
  /// The field of a lane vector holding element Lane: ".x" .. ".w".
  static const char *laneComponent(int Lane);
  std::string vectorRead(const ir::GridRead &G);
  std::string rowAddress(const std::string &Grid, int Row);
  std::string vectorStore(const ir::Stmt &S, const ir::Param &P,
                          const std::string &Value, int Depth);
  std::string vectorPoints(int Depth);
  /// A vector whose lanes are not all in the domain (the domain's first and
  /// last columns) runs the vector code too, its stores, reductions and
  /// histogram updates each behind its lane's bit of lanes_ (MaskLanes).
  bool edgeLanes() const;
  std::string edgeLaneMask() const;
  std::string laneGuard() const;
  /// "(1u << L)" for lane L, as a literal.
  std::string laneBit(int L) const;
  /// Vector kernels of rank 2 and 3 take rows that are not whole vectors:
  /// one instance per skew (the strides modulo Vec, template argument
  /// Skew, skewCodes), each walking every row from the column where its
  /// vectors are aligned (docs/passes/tile.md#skewed-rows).
  bool skewedRows() const {
    return K.Sched.Vec > 1 && K.Rank >= 2 && !hasHistograms() &&
           (K.Sched.StreamDim == 0 ||
            (K.Sched.StreamDim < 0 && K.Sched.Jam == 1));
  }
  std::vector<int> skewCodes() const;
  /// Point-wise kernels with vectors (runsAsOneRow, Tile.h): the launcher
  /// walks a domain of whole rows as one row (row_domain_; one_row_ says
  /// whether the launch does).
  bool oneRow() const { return runsAsOneRow(K); }
  /// The domain the kernel is launched over: row_domain_ or domain_.
  std::string rowDomain() const { return oneRow() ? "row_domain_" : "domain_"; }
  std::string streamArgument() const;
  std::string skewReach();
  int skewOf(int D) const;
  /// Columns a point's lane 0 moves left (right, when negative) from one
  /// point of a chunk to the next.
  int streamDrift() const;
  bool alternatingRows() const;
  int rowShift(int Row) const;
  std::string skewPhase(const std::string &StreamRow = "chunk0_") const;
  /// The body of every skew's instance, each under `if constexpr`.
  std::string skewedBodies();
  /// Streamed skewed instances: the lane-0 column at point Row (a variable
  /// of the chunk loop) of the chunk.
  std::string skewedColumn(const std::string &Row) const;
  std::string skewedColumnName() const;
  std::string columnStep(int Points, const std::string &Dir) const;
  std::string pointStep(int D, const std::string &Row, const std::string &Dir,
                        const std::string &AtStep) const;
  std::string chunkSpan() const;
  std::string rowShiftText(const std::string &Var) const;

  //--- boundary rules (BoundaryShell.cpp) -----------------------------------
  std::string shellKernelName() const { return K.Name + "_shell_kernel"; }
  std::vector<std::string> shellParams() const;
  std::string shellArguments() const;
  std::string shellRead(const ir::GridRead &G);
  static std::string exprAsLiteral(int64_t V, ir::Type T);
  std::string shellKernel();
  std::string boundaryDomainSetup() const;
  std::string shellLaunch() const;
  std::string boundaryDoc() const;

  //--- the host launcher (Launcher.cpp) -------------------------------------
  /// Distributed: grids as stencil::DistGrid (DistributedLauncher.cpp).
  std::string launcherSignature(bool WithDefault, bool Async = false,
                                bool Distributed = false) const;
  /// The launcher's parameters as arguments, the options last (Opts, or the
  /// launcher's own).
  std::string launcherArgumentNames(const std::string &Opts = "") const;
  std::string docComment() const;
  const ir::Param *firstGrid() const;
  static std::string arr3(const std::array<int, 3> &A);
  std::string launcher();
  std::string domainSetup(const ir::Param *First, bool Whole = false);
  std::string aliasChecks() const;
  std::string tuning() const;
  std::string variantDispatch() const;
  int launchBound() const;
  std::string launchShape();
  std::string vectorChoice() const;
  std::string reductionSmem(const std::string &Block) const;
  std::string reductionBuffers() const;
  std::string recordPacking(const std::string &Indent = "    ") const;
  std::vector<std::string> pointArguments() const;
  std::string launchArguments() const;
  std::vector<std::string> scheduleArguments() const;
  std::string kernelLaunch() const;
  std::string readback() const;

  //--- fused sweeps (FusedKernel.cpp: the kernel; FusedSweeps.cpp: the ------
  //--- launchers) ------------------------------------------------------------
public:
  /// A ping-pong sweep: NAME_sweeps (and NAME_until) are emitted, fused
  /// when fuse-sweeps decided so, else as a loop of one-sweep launches.
  bool hasSweeps() const { return !Sweep.State.empty(); }
  /// NAME_sweeps and NAME_until's declarations (fuse-sweeps kernels only).
  std::string fusedDecl() const;
  /// The fused kernel, its launch helpers and the two launchers.
  std::string fusedSource();

private:
  void findSweep();
  std::string fusedKernelName() const { return K.Name + "_fused_kernel"; }
  std::string fusedSlotsType() const { return K.Name + "_fused_slots_"; }
  std::string fusedTotalsType() const { return K.Name + "_fused_totals_"; }
  std::string fusedFinalizeName() const { return K.Name + "_fused_finalize"; }
  /// Which multi-sweep launcher: NAME_sweeps (None), NAME_until with a
  /// host function (Host) or with a stencil::StopRule (Rule).
  enum class StopTest { None, Host, Rule };
  std::string fusedSignature(StopTest Stop, bool WithDefault,
                             const std::string &Suffix = "") const;
  std::vector<std::string> fusedParams(StopTest Stop, bool WithDefault) const;
  std::string fusedFallback(StopTest Stop) const;
  std::string fusedLoopCall(StopTest Stop) const;
  std::string unsweptTest() const;
  std::string fusedFills(const std::string &Doc, const std::string &Block,
                         const std::string &Columns, const std::string &Rows,
                         const std::string &Fills) const;
  /// NAME_stop_values_ and NAME_stop_holds_: a rule's values from a result.
  std::string stopValues() const;
  /// The fused finalize's evaluation of the rule (thread 0).
  std::string stopOnDevice() const;
  /// The fused kernel's return when queued after the rule's stop.
  std::string fusedStopped() const;
  /// The fused kernel's parameters (FusedKernel.cpp), both ranks.
  std::vector<std::string> fusedKernelParams() const;
  bool fusedRecordField(const std::string &Grid) const;
  /// Both ranks: this thread's column of the levels along dimension Dim
  /// (i<Dim>_, col_in_, col_inner_, col_own_) and its reductions' partials
  /// per step.
  std::string fusedColumn(int Dim) const;
  std::string fusedKernel();
  std::string fusedHelpers() const;
  std::string fusedCombine() const;
  std::string fusedRuledValue(const std::string &Value) const;
  std::string fusedRuledMap(const std::string &Indent) const;
  std::string fusedRuledLevel0() const;
  std::string fusedRuledFill() const;
  std::string fusedDispatch() const;
  /// Rank 3: the kernel streamed along dimension 0 (FusedStream.cpp).
  std::string fusedStreamKernel();
  std::string fusedStreamHelpers() const;
  std::string streamOwnership(int Step) const;
  std::string carriedValues() const;
  int fusedMinBlocks() const;
  std::string fusedLauncher(StopTest Stop);
  /// A launch that ran past the stop replayed from its input (both
  /// NAME_until).
  std::string stopReplay(const std::string &Batch) const;
  std::string fusedRead(const ir::GridRead &G);
  /// The level element D0 rows and D1 columns from the point's place (sat_):
  /// what fusedRead reads and the fused store writes.
  static std::string levelAddress(int D0, int D1);
  /// A fused lane's ownership test: own_, own1_, ...
  std::string fusedOwn() const;
  std::string ownership(int Step, int Rows) const;
  /// The point work of one row (Lanes 0) or a group of Lanes rows of a
  /// fused step.
  std::string fusedPoints(int Depth, int Lanes);
  std::string loopLauncher(StopTest Stop, const std::string &Suffix = "");
  /// The launchers' check of LaunchOptions::SweepDepth (-1 to 4).
  std::string sweepDepthCheck() const;
  /// The kernel's grids and scalars, in order, as the launchers name them.
  std::vector<std::string> sweepsGridsAndScalars() const;
  /// NAME_sweeps_tuned_: the options a fused launcher runs with, its depth
  /// autotuned under STENCIL_TUNE (tuning.hpp).
  std::string sweepsTuning() const;
  /// The public NAME_sweeps or NAME_until of a fused kernel: NAME_*_at_
  /// with NAME_sweeps_tuned_'s options.
  std::string tunedLauncher(StopTest Stop) const;

  //--- persistent sweeps (PersistentSweeps.cpp) -----------------------------
  /// NAME_sweeps' loop of one-sweep launches runs as cooperative launches of
  /// many sweeps where its grids fit in L2: sweeps that are not fused (or
  /// rank 3, whose small grids are not), without boundary rules or a state
  /// packed into records.
  bool persistentSweeps() const;
  std::string persistentKernelName() const {
    return K.Name + "_persistent_kernel";
  }
  std::string persistentFinalizeName() const {
    return K.Name + "_persistent_finalize";
  }
  std::string persistentAccumulatorsType() const {
    return K.Name + "_persistent_accumulators_";
  }
  std::string persistentTotalsType() const {
    return K.Name + "_persistent_totals_";
  }
  std::pair<std::vector<std::string>, std::vector<std::string>>
  persistentParams() const;
  std::string persistentKernel() const;
  std::string persistentGrid(const std::string &Vec, const std::string &GridVec,
                             bool Reach);
  std::string persistentLauncher();
  std::string persistentSource();
  std::string persistentCall(StopTest Stop) const;
  std::string persistentStopTest() const;
  std::string peekedTotals(const std::string &Var, const std::string &Slots,
                           int Depth) const;
  std::string persistentFinalize() const;
  std::string persistentLauncherName() const { return K.Name + "_persistent_"; }
  /// Printing launchShape() for the persistent kernel (persistentGrid).
  bool PersistentShape = false;
  /// The one-sweep kernel's body as source() printed it, for the
  /// persistent kernel.
  std::string PointBody;
  /// The sweep's state and next grids (K.Fuse, or the sweep the kernel is
  /// without a fusion); empty when the kernel is no sweep.
  ir::Fusion Sweep;

  //--- distributed grids (DistributedLauncher.cpp) --------------------------
public:
  std::string distributedDecl() const;
  std::string distributedLauncher() const;

private:
  std::string distributedRefusal() const;
  std::string distributedDoc() const;
  std::string haloExchanges() const;
  std::string haloJoins() const;
  std::string pieceCall(const std::string &Callee) const;
  std::string pieceCombine() const;

  const ir::Kernel &K;
  const EmitOptions &Opts;
  std::string SpecFile;
  std::map<std::string, std::string> Names;
  /// Every name the generated code declares (parameters, locals, jam lanes),
  /// so that a new one never shadows another.
  std::set<std::string> Taken;
  /// The jam lane being printed, 0 .. lanes() - 1, or -1 outside jammed
  /// code: locals take the lane's name (LaneNames) and reads and stores the
  /// lane's point, Lane points further along the streamed dimension (or,
  /// vectorised, along the last dimension).
  int Lane = -1;
  /// Rows of a vectorised kernel's lanes: Sched.Jam while its jam groups are
  /// printed, 1 for the rest (jammedPoints).
  int JamLanes = 1;
  /// Printing a vectorised kernel's jam group for its one-point instance
  /// (Vec = 1, vectorPoints): the lanes are a plain jam's, one point each.
  bool ScalarLanes = false;
  /// Printing the vector lanes of vectorPoints, where lanes_ says which
  /// lanes' points are in the domain: each lane's store, reduction and
  /// histogram update runs behind its bit (laneGuard), a row's vector store
  /// where all its lanes' bits are set.
  bool MaskLanes = false;
  std::map<std::pair<std::string, int>, std::string> LaneNames;
  /// Jammed code loads each grid element once into a local: the loads made,
  /// by address, one map per open block; and per open block, the
  /// declarations its statement being printed needs before it (flushLoads).
  std::vector<std::map<std::string, std::string>> LoadScopes;
  std::vector<std::vector<std::string>> PendingLoads;
  int HoldLoadsAt = -1; ///< depth whose loads jammedPoints declares itself
  int LoadCount = 0;
  /// The lanes' shared chains (sharedChains): the local holding each lane's
  /// value of a chain of the statement being printed, by node and lane.
  std::map<std::pair<const ir::ExprNode *, int>, std::string> SharedValues;
  int ChainCount = 0;
  int StoreCount = 0; ///< store statements vectorStore has printed
  /// The lane group's loads: words per element and components read.
  std::map<std::string, std::pair<int, std::set<int>>> LoadUses;
  std::string OptsName = "opts";
  std::string BaseName; ///< asVariant's Base
  int VariantIndex = 0; ///< asVariant's Index (0: not a variant)
  SmemCacheLowering Cache{K};
  bool UsesAt = false;
  /// The skew of the instance being printed (skewedRows, skewCodes): rank
  /// 2 the row stride modulo Vec, rank 3 the plane stride's times Vec plus
  /// the row stride's; 0 for every other kernel.
  int SkewCode = 0;
  bool UsesStride[3] = {false, false, false};
  /// InOut grids the point work reads: each point's value lives in a local
  /// (inOutLocal) from one load before the point work, and stores write both
  /// (Expressions.cpp, inOutLoads).
  std::set<std::string> InOutLocals;
  /// Printing the shell kernel's point work: grid reads go through
  /// shellRead (BoundaryShell.cpp).
  bool InShell = false;
  /// Printing the fused kernel's point work: reads of the state come from
  /// the tile's level in shared memory, the next state goes to the next
  /// level (or, at the last step, the grid), reductions count owned points
  /// only (FusedSweeps.cpp).
  bool InFused = false;
  /// Printing a group of the fused kernel's rows (Fusion::Jam): lanes are
  /// consecutive rows of the step, reads of the state one local per element
  /// of the level.
  int FusedLanes = 0;
  /// Printing the rank-3 fused kernel: the grids whose centre reads are the
  /// locals NAME_cv_ (FusedStream.cpp, carriedValues).
  std::vector<std::string> StreamCarried;
  /// Schedule::Ring: the body's phases (ir::planRing), and while the ring's
  /// step is printed its lanes: lane L is the point L planes behind the
  /// newest (i_D - L), running phase Ring->Lo + L.
  std::optional<ir::RingPlan> Ring;
  int RingLanes = 0;
  /// In a group of unrolled steps (ringGroup), the step being printed: its
  /// lanes' points are RingCopy further along.
  int RingCopy = 0;
  /// The plane's elements the step being printed reads: the local holding
  /// each, and its offsets from the newest point (planeRead, planeLoads).
  struct PlaneLoad {
    std::string Grid, Name;
    std::vector<int> Offsets;
    ir::Type Elem;
  };
  std::vector<PlaneLoad> RingPlane;
};

} // namespace stencilc::cuda

#endif
