//===- IR.h - the stencilc intermediate representation --------------------===//
//
// A small typed IR in the style of Halide's IR.h: immutable expression nodes
// built through `make` functions that check their arguments, statements that
// own their children, and a Kernel that carries both the body and the
// decisions passes take about it (schedule, caching, merging, reductions).
//
// The frontend is the only producer of bodies; passes rewrite bodies through
// ExprMutator (see IRVisitor.h) or fill in the decision fields; the emitter is
// the only consumer. No Clang type appears here.
//
//===----------------------------------------------------------------------===//
#ifndef STENCILC_CODEGEN_IR_H
#define STENCILC_CODEGEN_IR_H

#include <array>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace stencilc::ir {

/// Element and value types. Bool is only produced by comparisons and logic.
enum class Type : uint8_t { Bool, Int32, Int64, Float32, Float64 };

const char *typeName(Type T); ///< IR spelling: bool, i32, i64, f32, f64.
const char *
cudaTypeName(Type T); ///< C++/CUDA spelling: bool, int, int64_t, ...
bool isFloat(Type T);
/// Bytes of one element: 1 for bool, 4 for i32/f32, 8 for i64/f64.
int byteSize(Type T);
bool isInteger(Type T);
/// The usual arithmetic conversion of two operand types (C++ rules restricted
/// to our types): the wider float, else the wider integer.
Type promote(Type A, Type B);

/// A / B rounded toward minus infinity (B > 0): the vector holding column A
/// starts at floorDiv(A, Vec) * Vec.
inline int floorDiv(int A, int B) {
  return A >= 0 ? A / B : -((-A + B - 1) / B);
}

/// A position in the spec file (1-based; 0 means unknown).
struct SourceLoc {
  unsigned Line = 0;
  unsigned Col = 0;
  bool valid() const { return Line != 0; }
};

//===----------------------------------------------------------------------===//
// Expressions
//===----------------------------------------------------------------------===//

enum class ExprKind : uint8_t {
  Constant, ///< integer, floating or boolean literal
  Var,      ///< a scalar parameter, a local, or a hoisted uniform
  GridRead, ///< g(d0, ..., dR-1) at constant offsets from the current point
  Index,    ///< index(d): the current point's coordinate along d
  Unary,
  Binary,
  Select, ///< c ? t : f
  Cast,
  Call ///< a math function
};

enum class VarScope : uint8_t { Param, Local, Uniform };
enum class UnaryOp : uint8_t { Neg, Not };
enum class BinaryOp : uint8_t {
  Add,
  Sub,
  Mul,
  Div,
  Rem,
  Lt,
  Le,
  Gt,
  Ge,
  Eq,
  Ne,
  And,
  Or
};
enum class MathFn : uint8_t {
  Sqrt,
  Abs,
  Min,
  Max,
  Exp,
  Log,
  Pow,
  Sin,
  Cos,
  Floor,
  Ceil,
  /// exact_div(a, b, rcp, rcp_lo): a / b correctly rounded from rcp = 1 / b
  /// and rcp_lo = rcp_low(b), the rest of 1 / b, both computed once per
  /// launch (hoist-division's lowering; never written by users).
  ExactDiv,
  /// exact_div1(a, b, rcp): the same from rcp alone with one FMA correction,
  /// for a constant divisor whose every quotient hoist-division proved it
  /// rounds exactly (oneCorrectionProved).
  ExactDiv1,
  /// rcp_low(b): RN((1 - b * rcp) * rcp) for rcp = RN(1 / b), the low word of
  /// 1 / b that exact_div's first quotient adds (a uniform).
  RcpLow,
  /// int_div_multiplier(d), int_div_shifts(d): the multiplier and shifts of
  /// an i32 division by d, computed once per launch; int_div(n, d, m, s) and
  /// int_rem(n, d, m, s): n / d and n % d from them, exactly as C++ divides
  /// (hoist-division's integer lowering; never written by users).
  IntDivMultiplier,
  IntDivShifts,
  IntDiv,
  IntRem,
  /// fmin(a, b), fmax(a, b): the DSL's stencil::fmin/stencil::fmax, IEEE
  /// 754-2019 minimumNumber/maximumNumber: a NaN operand yields the other,
  /// and -0.0 counts as less than +0.0 (dsl/stencil/fminmax.hpp). min/max
  /// are std::min and std::max (of two equal operands the first; a NaN
  /// first operand wins).
  FMin,
  FMax
};

/// The last MathFn (for walking every one).
constexpr MathFn LastMathFn = MathFn::FMax;

const char *opSpelling(UnaryOp Op);  ///< "-", "!"
const char *opSpelling(BinaryOp Op); ///< "+", "<", "&&", ...
const char *fnName(MathFn Fn);       ///< "sqrt", "abs", ...
unsigned fnArity(MathFn Fn);
bool isComparison(BinaryOp Op);
bool isLogical(BinaryOp Op);

struct ExprNode;
using Expr = std::shared_ptr<const ExprNode>;

struct ExprNode {
  ExprKind Kind;
  Type Ty;
  ExprNode(ExprKind K, Type T) : Kind(K), Ty(T) {}
  virtual ~ExprNode() = default;
};

struct Constant : ExprNode {
  // Integers and bools are held exactly in IntValue, floats in FloatValue.
  int64_t IntValue = 0;
  double FloatValue = 0;
  Constant(Type T) : ExprNode(ExprKind::Constant, T) {}
  static Expr makeInt(int64_t V, Type T = Type::Int32);
  static Expr makeFloat(double V, Type T = Type::Float64);
  static Expr makeBool(bool V);
  /// The value as a double, whatever the type.
  double asDouble() const;
};

struct Var : ExprNode {
  std::string Name;
  VarScope Scope;
  Var(std::string N, VarScope S, Type T)
      : ExprNode(ExprKind::Var, T), Name(std::move(N)), Scope(S) {}
  static Expr make(std::string Name, VarScope Scope, Type T);
};

struct GridRead : ExprNode {
  std::string Grid;
  std::vector<int> Offsets; ///< one per dimension, outermost first
  GridRead(std::string G, std::vector<int> O, Type T)
      : ExprNode(ExprKind::GridRead, T), Grid(std::move(G)),
        Offsets(std::move(O)) {}
  static Expr make(std::string Grid, std::vector<int> Offsets, Type Elem);
  bool isCentre() const;
};

struct Index : ExprNode {
  int Dim;
  Index(int D) : ExprNode(ExprKind::Index, Type::Int32), Dim(D) {}
  static Expr make(int Dim);
};

struct Unary : ExprNode {
  UnaryOp Op;
  Expr Operand;
  Unary(UnaryOp O, Expr A, Type T)
      : ExprNode(ExprKind::Unary, T), Op(O), Operand(std::move(A)) {}
  static Expr make(UnaryOp Op, Expr Operand);
};

struct Binary : ExprNode {
  BinaryOp Op;
  Expr LHS, RHS;
  Binary(BinaryOp O, Expr A, Expr B, Type T)
      : ExprNode(ExprKind::Binary, T), Op(O), LHS(std::move(A)),
        RHS(std::move(B)) {}
  /// Operands must already have the same type for arithmetic (the frontend
  /// inserts Casts for C++'s implicit conversions); comparisons yield Bool.
  static Expr make(BinaryOp Op, Expr LHS, Expr RHS);
};

struct Select : ExprNode {
  Expr Cond, TrueValue, FalseValue;
  Select(Expr C, Expr T, Expr F, Type Ty)
      : ExprNode(ExprKind::Select, Ty), Cond(std::move(C)),
        TrueValue(std::move(T)), FalseValue(std::move(F)) {}
  static Expr make(Expr Cond, Expr TrueValue, Expr FalseValue);
};

struct Cast : ExprNode {
  Expr Value;
  Cast(Type T, Expr V) : ExprNode(ExprKind::Cast, T), Value(std::move(V)) {}
  /// Returns Value itself when it already has type T.
  static Expr make(Type T, Expr Value);
};

struct Call : ExprNode {
  MathFn Fn;
  std::vector<Expr> Args;
  Call(MathFn F, std::vector<Expr> A, Type T)
      : ExprNode(ExprKind::Call, T), Fn(F), Args(std::move(A)) {}
  static Expr make(MathFn Fn, std::vector<Expr> Args);
};

/// Checked downcast: `as<GridRead>(E)` returns nullptr when E is not one.
template <class T> const T *as(const Expr &E);

//===----------------------------------------------------------------------===//
// Statements
//===----------------------------------------------------------------------===//

enum class StmtKind : uint8_t {
  Declare, ///< T name = init;           (a new local; names are unique)
  Assign,  ///< name = value;            (an existing local)
  Store,   ///< grid() = value;          (Out/InOut grid, centre only)
  Reduce,  ///< r += v / r = max(r, v)   (op from the reduction's kind)
  HistAdd, ///< h[index] += value;
  If       ///< if (cond) {then} else {else}
};

struct Stmt;
using StmtPtr = std::unique_ptr<Stmt>;
using Block = std::vector<StmtPtr>;

struct Stmt {
  StmtKind Kind;
  SourceLoc Loc;
  std::string Name;        ///< local, grid, reduction or histogram name
  Type Ty = Type::Float64; ///< Declare: the local's type
  Expr Value;              ///< init / value / added value
  Expr Index;              ///< HistAdd: the bin
  Expr Cond;               ///< If
  Block Then, Else;        ///< If

  static StmtPtr declare(std::string Name, Type T, Expr Init, SourceLoc L = {});
  static StmtPtr assign(std::string Name, Expr Value, SourceLoc L = {});
  static StmtPtr store(std::string Grid, Expr Value, SourceLoc L = {});
  static StmtPtr reduce(std::string Reduction, Expr Value, SourceLoc L = {});
  static StmtPtr histAdd(std::string Hist, Expr Index, Expr Value,
                         SourceLoc L = {});
  static StmtPtr ifThenElse(Expr Cond, Block Then, Block Else,
                            SourceLoc L = {});
};

Block cloneBlock(const Block &B);

//===----------------------------------------------------------------------===//
// Kernels
//===----------------------------------------------------------------------===//

enum class ParamKind : uint8_t {
  In,
  Out,
  InOut, ///< grids over the kernel's domain
  Sum,
  Max,
  Min,       ///< scalar reductions
  Histogram, ///< scattered reduction into a 1-D buffer
  Scalar     ///< launch-uniform value
};
const char *paramKindName(ParamKind K); ///< "in", "out", "sum", ...
bool isGrid(ParamKind K);
bool isReduction(ParamKind K);
/// Sum, Max, Min or Histogram: what a kernel accumulates into.
bool isAccumulated(ParamKind K);

/// What a read outside an In grid returns along one dimension
/// (dsl/stencil/boundary.hpp; the table is in docs/dsl.md).
enum class EdgeRule : uint8_t {
  Interior, ///< no rule: reads stay inside and the domain shrinks
  Periodic,
  Clamp,
  Reflect, ///< mirror with the edge repeated (scipy 'reflect')
  Mirror,  ///< mirror about the edge element (scipy 'mirror')
  Constant
};
const char *edgeRuleName(EdgeRule R); ///< "interior", "periodic", ...
/// The spelling of the rule in the runtime (stencil::Edge::Periodic, ...).
const char *edgeRuleRuntimeName(EdgeRule R);

struct EdgeBoundary {
  EdgeRule Rule = EdgeRule::Interior;
  int64_t Value = 0; ///< Constant: the value, held exactly by the element type
  bool operator==(const EdgeBoundary &O) const {
    return Rule == O.Rule && Value == O.Value;
  }
};

/// True when the integer V converts to T and back unchanged.
bool representsExactly(Type T, int64_t V);

struct Param {
  ParamKind Kind;
  std::string Name;
  Type Elem;    ///< element / value type
  Type Accum;   ///< reductions: accumulator type (defaults to Elem)
  int Rank = 0; ///< grids: 1..3
  SourceLoc Loc;
  /// In grids: one rule per dimension, outermost first; empty: no rule (the
  /// same as Interior everywhere; the frontend leaves it empty then).
  std::vector<EdgeBoundary> Boundary = {};
  /// int64 histograms (lower-histograms): the most any one point adds to a
  /// bin in magnitude, when that is below 2^31 (ValueRange); a launch whose
  /// points times this stay below 2^31 keeps 32-bit private counters. 0:
  /// unbounded, 64-bit counters.
  int64_t NarrowBound = 0;
  EdgeRule ruleOf(int Dim) const {
    return Dim < static_cast<int>(Boundary.size()) ? Boundary[Dim].Rule
                                                   : EdgeRule::Interior;
  }
};

/// A value computed once per launch on the host from scalar parameters and
/// passed to the kernel as an extra argument (hoist-division creates these).
struct Uniform {
  std::string Name;
  Type Ty;
  Expr Value; ///< uses only Var{Param} and Constant
};

/// Offsets at which one grid is read, and the per-dimension extremes.
struct GridFootprint {
  std::string Grid;
  std::vector<std::vector<int>> Offsets; ///< distinct, sorted
  std::array<int, 3> Lo{0, 0, 0}; ///< most negative offset per dim (<= 0)
  std::array<int, 3> Hi{0, 0, 0}; ///< most positive offset per dim (>= 0)
};

/// The kernel's reads, and the default domain they imply: the interior
/// [Lo[d] .. extent[d] - Hi[d]) where Lo/Hi are the radii over all grids.
/// With boundary rules the default domain is larger, [DomainLo[d] ..
/// extent[d] - DomainHi[d]) with the radii over the reads along dimensions
/// without a rule only; the interior box is then where the unchanged kernel
/// runs and the rest (the shell) is a second kernel's
/// (docs/passes/boundary.md).
struct Footprint {
  std::vector<GridFootprint> Grids;
  std::array<int, 3> Lo{0, 0, 0}; ///< points skipped at the low end (>= 0)
  std::array<int, 3> Hi{0, 0, 0}; ///< points skipped at the high end (>= 0)
  std::array<int, 3> DomainLo{0, 0, 0}; ///< Lo without ruled reads
  std::array<int, 3> DomainHi{0, 0, 0}; ///< Hi without ruled reads
  const GridFootprint *find(const std::string &Grid) const;
};

/// Launch shape chosen by `tile` (or the default lowering).
struct Schedule {
  std::array<int, 3> Block{32, 8, 1}; ///< threads, innermost dimension first
  int PointsPerThread = 1;            ///< along StreamDim when >= 0
  int StreamDim = -1;                 ///< domain dim each thread walks, or -1
  /// Unroll-and-jam: this many consecutive points of StreamDim computed
  /// together, statement by statement, each grid value loaded once for all
  /// of them (docs/passes/tile.md#unroll-and-jam); 1: one point at a time.
  int Jam = 1;
  /// Vectors along the last (contiguous) dimension: each thread computes
  /// this many adjacent points, every grid row it reads loaded as aligned
  /// vectors of Vec elements (16 bytes at most); 1: one point per column
  /// (docs/passes/tile.md#vectors). With Jam > 1 along a streamed
  /// dimension, Jam rows of Vec points each (2-D register blocking).
  int Vec = 1;
  /// Grid clamped to the blocks that fit on the device at once, each thread
  /// walking many points (kernels with reductions: one atomic per block).
  bool Persistent = false;
  /// __launch_bounds__'s second argument: ptxas keeps a thread's registers
  /// within what this many blocks per SM leave (docs/passes/tile.md#occupancy);
  /// 0: no such bound.
  int MinBlocks = 0;
  /// Streamed kernels: every other chunk of StreamDim may be walked
  /// backwards (the launcher decides per launch), so that neighbouring
  /// chunks read their shared halo rows at the same time
  /// (docs/passes/tile.md#zig-zag-chunks).
  bool Zigzag = false;
  /// Streamed kernels: at the start of its chunk each thread asks L2 for
  /// its own column of every grid read across the streamed dimension
  /// (`prefetch.global.L2`), so that loads that cannot all be in flight at
  /// once (a jam group's) find it there (docs/passes/tile.md#prefetch).
  bool Prefetch = false;
  /// Streamed kernels whose statements read one plane each, in order along
  /// StreamDim (ir::planRing): a register ring, each thread holding the
  /// points whose footprint spans the plane it has loaded, every plane's
  /// values loaded once for all of them (docs/passes/tile.md#ring).
  bool Ring = false;
  bool FromUser = false; ///< set by a spec/CLI override
};

/// A grid staged through shared memory by `smem-cache`.
struct CachedGrid {
  std::string Grid;
  std::array<int, 3> Tile{0, 0, 0}; ///< points per block, per domain dim
  std::array<int, 3> HaloLo{0, 0, 0}, HaloHi{0, 0, 0};
  bool RegisterStream = false; ///< planes along StreamDim held in registers
};

/// Read-only grids interleaved into one array of records by `merge-arrays`.
struct MergeGroup {
  std::string Name;               ///< the record array's name
  std::vector<std::string> Grids; ///< fields, in record order
  Type Elem;
};
/// Fields per record for N grids of Elem: N rounded up to 16 bytes.
int mergedRecordFields(int N, Type Elem);

/// `fuse-sweeps`: the kernel is one sweep of a ping-pong iteration (it reads
/// State, at offsets, and writes Next, the state's next value; every other
/// grid is read only), and its multi-sweep launchers run Depth sweeps per
/// launch over tiles of Tile points, each tile's halo recomputed
/// (docs/passes/fuse-sweeps.md). Depth 0: not fused.
struct Fusion {
  std::string State, Next;
  int Depth = 0;
  /// Output rows per block, and the width of its levels in columns (one
  /// thread per column; the output columns are that less Depth radii each
  /// side).
  std::array<int, 3> Tile{0, 0, 0};
  /// Consecutive rows a thread computes together in a step of a tile
  /// inside the domain, each element of the level loaded once for all of
  /// them (printed `jam N` when above 1).
  int Jam = 1;
  bool active() const { return Depth > 0; }
};

enum class ReductionLowering : uint8_t {
  BlockTreeAtomic,  ///< shared-memory tree per block, one atomic per block
  WarpShuffleAtomic ///< per-thread partials, warp shuffles, one atomic/block
};
enum class HistogramLowering : uint8_t {
  Auto,
  PlainAtomic,
  WarpAggregated,
  SharedPrivatized,
  SharedWarpAggregated
};
const char *loweringName(ReductionLowering L);

/// The type a reduction is combined in across threads and accumulated in on
/// the device: float sums widen to double (per-block float atomics of a
/// million partials drift far from the float64 reference at Himeno's sizes).
Type deviceAccumType(const Param &P);

const char *loweringName(HistogramLowering L);

/// One line of `--report`: what a pass decided and why.
struct Remark {
  std::string Pass;
  SourceLoc Loc;
  std::string Message;
};

struct Kernel {
  std::string Name;
  SourceLoc Loc;
  int Rank = 0; ///< rank of the domain (all grids share it)
  std::vector<Param> Params;
  Block Body;

  // Decisions filled in by analyses and passes.
  Footprint Foot;
  std::vector<Uniform> Uniforms;
  Schedule Sched;
  /// `tune-variants`: schedules the emitter also compiles the kernel with,
  /// one launcher each, for the autotuner to choose among per launch
  /// (LaunchOptions::Variant N runs Variants[N - 1]; docs/passes/
  /// tune-variants.md). Each differs from Sched in the jam, the register
  /// bound or the vector width only.
  std::vector<Schedule> Variants;
  std::vector<CachedGrid> Cached;
  std::vector<MergeGroup> Merged;
  Fusion Fuse;
  ReductionLowering Reductions = ReductionLowering::BlockTreeAtomic;
  /// Auto: chosen per launch (lower-histograms); else the launch default.
  HistogramLowering Histograms = HistogramLowering::PlainAtomic;
  std::vector<std::string> PassesApplied; ///< names of passes that changed it
  std::vector<Remark> Remarks;

  const Param *findParam(const std::string &Name) const;
  bool hasReductions() const; ///< a Sum, Max or Min parameter
  /// The Sum, Max and Min parameters, in the order of Params (the order of
  /// the result struct's fields and of a stop rule's values).
  std::vector<std::reference_wrapper<const Param>> reductions() const;
  bool hasHistograms() const; ///< a Histogram parameter
  bool hasBoundary() const;   ///< a grid with a boundary rule
  Kernel clone() const;
};

/// Bytes of one slot of a kernel's block-reduction scratch in shared memory:
/// its widest device accumulator (4 or 8); 0 without reductions. The block
/// needs 32 slots (warp shuffles) or one per thread (tree); the launcher and
/// --report=ptxas both size it from this.
int reductionSlotBytes(const Kernel &K);

/// True when a launch's reductions may be combined by the kernel's own last
/// block (its LastBlock instance, taken on grids of a few waves) instead of a
/// finalize kernel: reductions kept on the device (no histogram) and one
/// kernel per launch (a boundary shell's kernel adds to the same slots after
/// the interior's). The emitter and --report both ask this.
bool lastBlockMayCombine(const Kernel &K);

struct Module {
  std::string SourceFile; ///< the spec as given on the command line
  std::vector<Kernel> Kernels;
};

//===----------------------------------------------------------------------===//
// Inline definitions
//===----------------------------------------------------------------------===//

namespace detail {
template <class T> struct KindOf;
template <> struct KindOf<Constant> {
  static constexpr ExprKind K = ExprKind::Constant;
};
template <> struct KindOf<Var> {
  static constexpr ExprKind K = ExprKind::Var;
};
template <> struct KindOf<GridRead> {
  static constexpr ExprKind K = ExprKind::GridRead;
};
template <> struct KindOf<Index> {
  static constexpr ExprKind K = ExprKind::Index;
};
template <> struct KindOf<Unary> {
  static constexpr ExprKind K = ExprKind::Unary;
};
template <> struct KindOf<Binary> {
  static constexpr ExprKind K = ExprKind::Binary;
};
template <> struct KindOf<Select> {
  static constexpr ExprKind K = ExprKind::Select;
};
template <> struct KindOf<Cast> {
  static constexpr ExprKind K = ExprKind::Cast;
};
template <> struct KindOf<Call> {
  static constexpr ExprKind K = ExprKind::Call;
};
} // namespace detail

template <class T> const T *as(const Expr &E) {
  if (!E || E->Kind != detail::KindOf<T>::K)
    return nullptr;
  return static_cast<const T *>(E.get());
}

} // namespace stencilc::ir

#endif // STENCILC_CODEGEN_IR_H
