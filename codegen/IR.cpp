//===- IR.cpp - node constructors and small helpers -----------------------===//
#include "IR.h"

#include "runtime/include/stencil/histogram_model.hpp"

#include <algorithm>
#include <cassert>
#include <stdexcept>

namespace stencilc::ir {

const char *typeName(Type T) {
  switch (T) {
  case Type::Bool:
    return "bool";
  case Type::Int32:
    return "i32";
  case Type::Int64:
    return "i64";
  case Type::Float32:
    return "f32";
  case Type::Float64:
    return "f64";
  }
  return "?";
}

const char *cudaTypeName(Type T) {
  switch (T) {
  case Type::Bool:
    return "bool";
  case Type::Int32:
    return "int";
  case Type::Int64:
    return "int64_t";
  case Type::Float32:
    return "float";
  case Type::Float64:
    return "double";
  }
  return "?";
}

bool isFloat(Type T) { return T == Type::Float32 || T == Type::Float64; }
int byteSize(Type T) {
  switch (T) {
  case Type::Bool:
    return 1;
  case Type::Int32:
  case Type::Float32:
    return 4;
  case Type::Int64:
  case Type::Float64:
    return 8;
  }
  return 0;
}
bool isInteger(Type T) { return T == Type::Int32 || T == Type::Int64; }

int mergedRecordFields(int N, Type Elem) {
  int PerVector = 16 / byteSize(Elem);
  return (N + PerVector - 1) / PerVector * PerVector;
}

Type promote(Type A, Type B) {
  if (A == Type::Float64 || B == Type::Float64)
    return Type::Float64;
  if (A == Type::Float32 || B == Type::Float32)
    return Type::Float32;
  if (A == Type::Int64 || B == Type::Int64)
    return Type::Int64;
  return Type::Int32; // bool promotes to int, as in C++
}

const char *opSpelling(UnaryOp Op) { return Op == UnaryOp::Neg ? "-" : "!"; }

const char *opSpelling(BinaryOp Op) {
  switch (Op) {
  case BinaryOp::Add:
    return "+";
  case BinaryOp::Sub:
    return "-";
  case BinaryOp::Mul:
    return "*";
  case BinaryOp::Div:
    return "/";
  case BinaryOp::Rem:
    return "%";
  case BinaryOp::Lt:
    return "<";
  case BinaryOp::Le:
    return "<=";
  case BinaryOp::Gt:
    return ">";
  case BinaryOp::Ge:
    return ">=";
  case BinaryOp::Eq:
    return "==";
  case BinaryOp::Ne:
    return "!=";
  case BinaryOp::And:
    return "&&";
  case BinaryOp::Or:
    return "||";
  }
  return "?";
}

const char *fnName(MathFn Fn) {
  switch (Fn) {
  case MathFn::Sqrt:
    return "sqrt";
  case MathFn::Abs:
    return "abs";
  case MathFn::Min:
    return "min";
  case MathFn::Max:
    return "max";
  case MathFn::Exp:
    return "exp";
  case MathFn::Log:
    return "log";
  case MathFn::Pow:
    return "pow";
  case MathFn::Sin:
    return "sin";
  case MathFn::Cos:
    return "cos";
  case MathFn::Floor:
    return "floor";
  case MathFn::Ceil:
    return "ceil";
  case MathFn::ExactDiv:
    return "exact_div";
  case MathFn::ExactDiv1:
    return "exact_div1";
  case MathFn::RcpLow:
    return "rcp_low";
  case MathFn::IntDivMultiplier:
    return "int_div_multiplier";
  case MathFn::IntDivShifts:
    return "int_div_shifts";
  case MathFn::IntDiv:
    return "int_div";
  case MathFn::IntRem:
    return "int_rem";
  case MathFn::FMin:
    return "fmin";
  case MathFn::FMax:
    return "fmax";
  }
  return "?";
}

unsigned fnArity(MathFn Fn) {
  switch (Fn) {
  case MathFn::Min:
  case MathFn::Max:
  case MathFn::FMin:
  case MathFn::FMax:
  case MathFn::Pow:
    return 2;
  case MathFn::ExactDiv1:
    return 3;
  case MathFn::ExactDiv:
  case MathFn::IntDiv:
  case MathFn::IntRem:
    return 4;
  default:
    return 1;
  }
}

bool isComparison(BinaryOp Op) {
  return Op >= BinaryOp::Lt && Op <= BinaryOp::Ne;
}
bool isLogical(BinaryOp Op) {
  return Op == BinaryOp::And || Op == BinaryOp::Or;
}

static void require(bool Cond, const char *What) {
  if (!Cond)
    throw std::logic_error(std::string("malformed IR: ") + What);
}

Expr Constant::makeInt(int64_t V, Type T) {
  require(isInteger(T), "integer constant of non-integer type");
  auto C = std::make_shared<Constant>(T);
  C->IntValue = V;
  C->FloatValue = static_cast<double>(V);
  return C;
}

Expr Constant::makeFloat(double V, Type T) {
  require(isFloat(T), "float constant of non-float type");
  auto C = std::make_shared<Constant>(T);
  C->FloatValue = V;
  return C;
}

Expr Constant::makeBool(bool V) {
  auto C = std::make_shared<Constant>(Type::Bool);
  C->IntValue = V;
  C->FloatValue = V;
  return C;
}

double Constant::asDouble() const {
  return isFloat(Ty) ? FloatValue : static_cast<double>(IntValue);
}

Expr Var::make(std::string Name, VarScope Scope, Type T) {
  require(!Name.empty(), "variable without a name");
  return std::make_shared<Var>(std::move(Name), Scope, T);
}

Expr GridRead::make(std::string Grid, std::vector<int> Offsets, Type Elem) {
  require(!Offsets.empty() && Offsets.size() <= 3, "grid read rank not 1..3");
  return std::make_shared<GridRead>(std::move(Grid), std::move(Offsets), Elem);
}

bool GridRead::isCentre() const {
  for (int O : Offsets)
    if (O != 0)
      return false;
  return true;
}

Expr Index::make(int Dim) {
  require(Dim >= 0 && Dim < 3, "index dimension not 0..2");
  return std::make_shared<Index>(Dim);
}

Expr Unary::make(UnaryOp Op, Expr Operand) {
  require(Operand != nullptr, "unary without operand");
  Type T = Op == UnaryOp::Not ? Type::Bool : Operand->Ty;
  require(Op == UnaryOp::Not || Operand->Ty != Type::Bool, "negated bool");
  return std::make_shared<Unary>(Op, std::move(Operand), T);
}

Expr Binary::make(BinaryOp Op, Expr LHS, Expr RHS) {
  require(LHS && RHS, "binary without operands");
  if (isLogical(Op)) {
    require(LHS->Ty == Type::Bool && RHS->Ty == Type::Bool,
            "logical operator on non-bool operands");
    return std::make_shared<Binary>(Op, std::move(LHS), std::move(RHS),
                                    Type::Bool);
  }
  require(LHS->Ty == RHS->Ty, "binary operands of different types");
  require(Op != BinaryOp::Rem || isInteger(LHS->Ty), "% on non-integers");
  Type T = isComparison(Op) ? Type::Bool : LHS->Ty;
  require(isComparison(Op) || T != Type::Bool, "arithmetic on bool");
  return std::make_shared<Binary>(Op, std::move(LHS), std::move(RHS), T);
}

Expr Select::make(Expr Cond, Expr TrueValue, Expr FalseValue) {
  require(Cond && TrueValue && FalseValue, "select without operands");
  require(Cond->Ty == Type::Bool, "select condition is not bool");
  require(TrueValue->Ty == FalseValue->Ty, "select arms of different types");
  Type T = TrueValue->Ty;
  return std::make_shared<Select>(std::move(Cond), std::move(TrueValue),
                                  std::move(FalseValue), T);
}

Expr Cast::make(Type T, Expr Value) {
  require(Value != nullptr, "cast without operand");
  if (Value->Ty == T)
    return Value;
  return std::make_shared<Cast>(T, std::move(Value));
}

Expr Call::make(MathFn Fn, std::vector<Expr> Args) {
  require(Args.size() == fnArity(Fn), "math call with wrong argument count");
  for (const Expr &A : Args)
    require(A && A->Ty == Args[0]->Ty && A->Ty != Type::Bool,
            "math call arguments of different or bool types");
  const bool IntDivision = Fn == MathFn::IntDivMultiplier ||
                           Fn == MathFn::IntDivShifts || Fn == MathFn::IntDiv ||
                           Fn == MathFn::IntRem;
  require(!IntDivision || Args[0]->Ty == Type::Int32,
          "integer division helper on other than i32");
  bool IntegerOk = Fn == MathFn::Min || Fn == MathFn::Max ||
                   Fn == MathFn::Abs || IntDivision;
  require(IntegerOk || isFloat(Args[0]->Ty), "math function on integers");
  Type T = Args[0]->Ty;
  return std::make_shared<Call>(Fn, std::move(Args), T);
}

static StmtPtr makeStmt(StmtKind K, std::string Name, Expr Value, SourceLoc L) {
  auto S = std::make_unique<Stmt>();
  S->Kind = K;
  S->Name = std::move(Name);
  S->Value = std::move(Value);
  S->Loc = L;
  return S;
}

StmtPtr Stmt::declare(std::string Name, Type T, Expr Init, SourceLoc L) {
  require(Init && Init->Ty == T, "declaration initialiser of wrong type");
  auto S = makeStmt(StmtKind::Declare, std::move(Name), std::move(Init), L);
  S->Ty = T;
  return S;
}

StmtPtr Stmt::assign(std::string Name, Expr Value, SourceLoc L) {
  require(Value != nullptr, "assignment without value");
  return makeStmt(StmtKind::Assign, std::move(Name), std::move(Value), L);
}

StmtPtr Stmt::store(std::string Grid, Expr Value, SourceLoc L) {
  require(Value != nullptr, "store without value");
  return makeStmt(StmtKind::Store, std::move(Grid), std::move(Value), L);
}

StmtPtr Stmt::reduce(std::string Reduction, Expr Value, SourceLoc L) {
  require(Value != nullptr, "reduction without value");
  return makeStmt(StmtKind::Reduce, std::move(Reduction), std::move(Value), L);
}

StmtPtr Stmt::histAdd(std::string Hist, Expr Index, Expr Value, SourceLoc L) {
  require(Index && isInteger(Index->Ty), "histogram index is not an integer");
  auto S = makeStmt(StmtKind::HistAdd, std::move(Hist), std::move(Value), L);
  S->Index = std::move(Index);
  return S;
}

StmtPtr Stmt::ifThenElse(Expr Cond, Block Then, Block Else, SourceLoc L) {
  require(Cond && Cond->Ty == Type::Bool, "if condition is not bool");
  auto S = makeStmt(StmtKind::If, "", nullptr, L);
  S->Cond = std::move(Cond);
  S->Then = std::move(Then);
  S->Else = std::move(Else);
  return S;
}

Block cloneBlock(const Block &B) {
  Block Out;
  Out.reserve(B.size());
  for (const StmtPtr &S : B) {
    auto C = std::make_unique<Stmt>();
    C->Kind = S->Kind;
    C->Loc = S->Loc;
    C->Name = S->Name;
    C->Ty = S->Ty;
    C->Value = S->Value; // expressions are immutable: sharing is safe
    C->Index = S->Index;
    C->Cond = S->Cond;
    C->Then = cloneBlock(S->Then);
    C->Else = cloneBlock(S->Else);
    Out.push_back(std::move(C));
  }
  return Out;
}

const char *paramKindName(ParamKind K) {
  switch (K) {
  case ParamKind::In:
    return "in";
  case ParamKind::Out:
    return "out";
  case ParamKind::InOut:
    return "inout";
  case ParamKind::Sum:
    return "sum";
  case ParamKind::Max:
    return "max";
  case ParamKind::Min:
    return "min";
  case ParamKind::Histogram:
    return "histogram";
  case ParamKind::Scalar:
    return "scalar";
  }
  return "?";
}

const char *edgeRuleName(EdgeRule R) {
  switch (R) {
  case EdgeRule::Interior:
    return "interior";
  case EdgeRule::Periodic:
    return "periodic";
  case EdgeRule::Clamp:
    return "clamp";
  case EdgeRule::Reflect:
    return "reflect";
  case EdgeRule::Mirror:
    return "mirror";
  case EdgeRule::Constant:
    return "constant";
  }
  return "?";
}

const char *edgeRuleRuntimeName(EdgeRule R) {
  switch (R) {
  case EdgeRule::Interior:
    return "stencil::Edge::Interior";
  case EdgeRule::Periodic:
    return "stencil::Edge::Periodic";
  case EdgeRule::Clamp:
    return "stencil::Edge::Clamp";
  case EdgeRule::Reflect:
    return "stencil::Edge::Reflect";
  case EdgeRule::Mirror:
    return "stencil::Edge::Mirror";
  case EdgeRule::Constant:
    return "stencil::Edge::Constant";
  }
  return "?";
}

bool representsExactly(Type T, int64_t V) {
  switch (T) {
  case Type::Bool:
    return false;
  case Type::Int32:
    return V >= INT32_MIN && V <= INT32_MAX;
  case Type::Int64:
    return true;
  case Type::Float32: {
    const float F = static_cast<float>(V);
    return F >= -9.2233720368547758e18f && F < 9.2233720368547758e18f &&
           static_cast<int64_t>(F) == V;
  }
  case Type::Float64: {
    const double F = static_cast<double>(V);
    return F >= -9.2233720368547758e18 && F < 9.2233720368547758e18 &&
           static_cast<int64_t>(F) == V;
  }
  }
  return false;
}

bool isGrid(ParamKind K) {
  return K == ParamKind::In || K == ParamKind::Out || K == ParamKind::InOut;
}

bool isReduction(ParamKind K) {
  return K == ParamKind::Sum || K == ParamKind::Max || K == ParamKind::Min;
}

bool isAccumulated(ParamKind K) {
  return isReduction(K) || K == ParamKind::Histogram;
}

const char *loweringName(ReductionLowering L) {
  switch (L) {
  case ReductionLowering::BlockTreeAtomic:
    return "block-tree-atomic";
  case ReductionLowering::WarpShuffleAtomic:
    return "warp-shuffle-atomic";
  }
  return "?";
}

const char *loweringName(HistogramLowering L) {
  // One spelling for the IR, the remarks and the runtime: the enums agree
  // value for value (static_assert in codegen/cuda/HistogramEmitter.cpp).
  return ::stencil::histogramLoweringName(
      static_cast<::stencil::HistogramLowering>(L));
}

const GridFootprint *Footprint::find(const std::string &Grid) const {
  for (const GridFootprint &G : Grids)
    if (G.Grid == Grid)
      return &G;
  return nullptr;
}

std::vector<std::reference_wrapper<const Param>> Kernel::reductions() const {
  std::vector<std::reference_wrapper<const Param>> Out;
  for (const Param &P : Params)
    if (isReduction(P.Kind))
      Out.push_back(P);
  return Out;
}

bool Kernel::hasReductions() const {
  for (const Param &P : Params)
    if (isReduction(P.Kind))
      return true;
  return false;
}

bool Kernel::hasHistograms() const {
  for (const Param &P : Params)
    if (P.Kind == ParamKind::Histogram)
      return true;
  return false;
}

bool Kernel::hasBoundary() const {
  for (const Param &P : Params)
    if (!P.Boundary.empty())
      return true;
  return false;
}

Type deviceAccumType(const Param &P) {
  if (P.Kind == ParamKind::Sum && P.Accum == Type::Float32)
    return Type::Float64;
  return P.Accum;
}

bool lastBlockMayCombine(const Kernel &K) {
  return K.hasReductions() && !K.hasHistograms() && !K.hasBoundary();
}

int reductionSlotBytes(const Kernel &K) {
  int Slot = 0;
  for (const Param &P : K.Params)
    if (isReduction(P.Kind))
      Slot = std::max(Slot, byteSize(deviceAccumType(P)) >= 8 ? 8 : 4);
  return Slot;
}

const Param *Kernel::findParam(const std::string &N) const {
  for (const Param &P : Params)
    if (P.Name == N)
      return &P;
  return nullptr;
}

Kernel Kernel::clone() const {
  Kernel K;
  K.Name = Name;
  K.Loc = Loc;
  K.Rank = Rank;
  K.Params = Params;
  K.Body = cloneBlock(Body);
  K.Foot = Foot;
  K.Uniforms = Uniforms;
  K.Sched = Sched;
  K.Variants = Variants;
  K.Cached = Cached;
  K.Merged = Merged;
  K.Fuse = Fuse;
  K.Reductions = Reductions;
  K.Histograms = Histograms;
  K.PassesApplied = PassesApplied;
  K.Remarks = Remarks;
  return K;
}

} // namespace stencilc::ir
