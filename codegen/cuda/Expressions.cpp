//===- Expressions.cpp - IR expressions and statements as CUDA ------------===//
//
// The point work: literals, expressions and the statements of a kernel's
// body. A grid read is a load at the point's linear index plus a constant
// offset in units of the row-major strides, unless merge-arrays made it a
// record field (Records.cpp) or smem-cache staged it (SmemCacheLowering).
// Expressions are printed for exactness as CudaEmitter.cpp's header says:
// fully parenthesised, every subexpression of the IR type, and floating
// multiplies as __fmul_rn/__dmul_rn unless EmitOptions::ContractFma.
//
//===----------------------------------------------------------------------===//
#include "codegen/cuda/HistogramEmitter.h"
#include "codegen/cuda/KernelEmitter.h"
#include "codegen/IRVisitor.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <sstream>
#include <string>
#include <vector>

namespace stencilc::cuda {

using namespace ir;

std::string floatLiteral(double V, Type T) {
  const bool Single = T == Type::Float32;
  if (std::isinf(V))
    return std::string(V < 0 ? "(-" : "(") +
           (Single ? "HUGE_VALF" : "HUGE_VAL") + ")";
  if (std::isnan(V))
    return Single ? "__builtin_nanf(\"\")" : "__builtin_nan(\"\")";
  char Buf[64];
  std::string S;
  // The shortest spelling that reads back to the same value.
  for (int Digits = 1; Digits <= 17; ++Digits) {
    std::snprintf(Buf, sizeof Buf, "%.*g", Digits, V);
    double Back = std::strtod(Buf, nullptr);
    bool Same =
        Single ? static_cast<float>(Back) == static_cast<float>(V) : Back == V;
    if (Same || Digits == 17) {
      S = Buf;
      break;
    }
  }
  if (S.find_first_of(".eEn") == std::string::npos)
    S += ".0";
  if (Single)
    S += "f";
  return V < 0 || std::signbit(V) ? "(" + S + ")" : S;
}

std::string intLiteral(int64_t V, Type T) {
  if (T == Type::Int32) {
    if (V == INT32_MIN)
      return "(-2147483647 - 1)";
    return V < 0 ? "(" + std::to_string(V) + ")" : std::to_string(V);
  }
  if (V == INT64_MIN)
    return "(int64_t(-9223372036854775807) - 1)";
  return "int64_t(" + std::to_string(V) + ")";
}

namespace {

/// Math functions with the C spelling of each type: the f-suffixed ones for
/// float (never the __fast intrinsics), and std::min/max semantics.
std::string mathName(MathFn Fn, Type T) {
  const bool Single = T == Type::Float32;
  auto F = [&](const char *Name) {
    return std::string(Name) + (Single ? "f" : "");
  };
  switch (Fn) {
  case MathFn::Sqrt:
    return F("sqrt");
  case MathFn::Abs:
    if (T == Type::Int32)
      return "abs";
    if (T == Type::Int64)
      return "llabs";
    return F("fabs");
  case MathFn::Min:
    return "stencil::detail::minOf";
  case MathFn::Max:
    return "stencil::detail::maxOf";
  case MathFn::FMin:
    return "stencil::detail::fminOf";
  case MathFn::FMax:
    return "stencil::detail::fmaxOf";
  case MathFn::Exp:
    return F("exp");
  case MathFn::Log:
    return F("log");
  case MathFn::Pow:
    return F("pow");
  case MathFn::Sin:
    return F("sin");
  case MathFn::Cos:
    return F("cos");
  case MathFn::Floor:
    return F("floor");
  case MathFn::Ceil:
    return F("ceil");
  case MathFn::ExactDiv:
    return "stencil::detail::divideExact";
  case MathFn::ExactDiv1:
    return "stencil::detail::divideExactOneStep";
  case MathFn::RcpLow:
    return "stencil::detail::reciprocalLow";
  case MathFn::IntDivMultiplier:
    return "stencil::detail::intDivisorMultiplier";
  case MathFn::IntDivShifts:
    return "stencil::detail::intDivisorShifts";
  case MathFn::IntDiv:
    return "stencil::detail::divideInt";
  case MathFn::IntRem:
    return "stencil::detail::remainderInt";
  }
  return "?";
}

} // namespace

//--- expressions ---------------------------------------------------------

std::string KernelEmitter::offsetExpr(const std::vector<int> &Offsets,
                                      const std::string &Base) {
  std::string S = Base;
  for (int D = 0; D < K.Rank; ++D) {
    int O = Offsets[D];
    if (O == 0)
      continue;
    std::string Unit;
    if (D == K.Rank - 1) {
      Unit = std::to_string(std::abs(O));
    } else {
      UsesStride[D] = true;
      Unit = "stride" + std::to_string(D) + "_";
      if (std::abs(O) != 1)
        Unit = std::to_string(std::abs(O)) + " * " + Unit;
    }
    S += (O < 0 ? " - " : " + ") + Unit;
  }
  return S;
}

std::string KernelEmitter::expr(const Expr &E, bool Host) {
  if (Lane >= 0 && !SharedValues.empty()) { // a chain the lanes share
    auto It = SharedValues.find({E.get(), Lane});
    if (It != SharedValues.end())
      return It->second;
  }
  switch (E->Kind) {
  case ExprKind::Constant: {
    const Constant *C = as<Constant>(E);
    if (C->Ty == Type::Bool)
      return C->IntValue ? "true" : "false";
    if (isInteger(C->Ty))
      return intLiteral(C->IntValue, C->Ty);
    return floatLiteral(C->FloatValue, C->Ty);
  }
  case ExprKind::Var: {
    const Var *V = as<Var>(E);
    return V->Scope == VarScope::Param ? V->Name : localName(V->Name);
  }
  case ExprKind::GridRead: {
    const GridRead *G = as<GridRead>(E);
    if (InShell) {
      UsesAt = true;
      return shellRead(*G);
    }
    if (InFused && G->Grid == K.Fuse.State)
      return fusedRead(*G);
    // The fused kernel takes every grid as the program gave it: no merged
    // records (merge-arrays packs them for the one-sweep launcher only).
    if (InFused && Lane < 0) {
      if (std::find(StreamCarried.begin(), StreamCarried.end(), G->Grid) !=
          StreamCarried.end())
        return G->Grid + "_cv_"; // read only at the centre
      UsesAt = true;
      return G->Grid + "[" + offsetExpr(G->Offsets) + "]";
    }
    std::string Cached = Cache.read(*G);
    if (!Cached.empty())
      return Cached;
    if (InOutLocals.count(G->Grid))
      return inOutLocal(G->Grid); // InOut grids are read only at the centre
    UsesAt = true;
    if (Lane >= 0)
      return jamRead(*G);
    int Field = 0;
    if (const MergeGroup *M = mergeGroupOf(G->Grid, Field))
      return recordField(*M, Field); // merge-arrays reads only the centre
    return G->Grid + "[" + offsetExpr(G->Offsets) + "]";
  }
  case ExprKind::Index: {
    const int D = as<Index>(E)->Dim;
    std::string I = "i" + std::to_string(D) + "_";
    // A jammed lane's point: laneOffset along each dimension (vectors, a
    // fused group's rows), Lane points along the streamed dimension, or
    // (not streamed) Lane grid strides further along dimension 0.
    if (RingLanes) {
      // Lane planes behind the newest, RingCopy steps into a group.
      const int Shift = D == K.Sched.StreamDim ? RingCopy - Lane : 0;
      if (Shift)
        I += (Shift > 0 ? " + " : " - ") + std::to_string(std::abs(Shift));
    } else if (Lane > 0 && (vectorised() || FusedLanes)) {
      const int Shift = laneOffset(D); // < 0: a skewed row's lane
      if (Shift)
        I += (Shift > 0 ? " + " : " - ") + std::to_string(std::abs(Shift));
    } else if (Lane > 0 &&
               (D == K.Sched.StreamDim || (K.Sched.StreamDim < 0 && D == 0))) {
      I += " + " + std::to_string(Lane) +
           (K.Sched.StreamDim < 0 ? " * step0_" : "");
    }
    // --distributed: a piece's point 0 is at dom_.Origin in the whole grid
    // (DistributedLauncher.cpp; kernels with boundary rules are refused there).
    if (Opts.Distributed && !K.hasBoundary())
      return "static_cast<int>(" + I + " + dom_.Origin[" + std::to_string(D) +
             "])";
    return "static_cast<int>(" + I + ")";
  }
  case ExprKind::Unary: {
    const Unary *U = as<Unary>(E);
    return std::string("(") + opSpelling(U->Op) + expr(U->Operand, Host) + ")";
  }
  case ExprKind::Binary: {
    const Binary *B = as<Binary>(E);
    if (B->Op == BinaryOp::Mul && isFloat(B->Ty) && !Host && !Opts.ContractFma)
      return std::string(B->Ty == Type::Float32 ? "__fmul_rn(" : "__dmul_rn(") +
             expr(B->LHS, Host) + ", " + expr(B->RHS, Host) + ")";
    return "(" + expr(B->LHS, Host) + " " + opSpelling(B->Op) + " " +
           expr(B->RHS, Host) + ")";
  }
  case ExprKind::Select: {
    const Select *S = as<Select>(E);
    return "(" + expr(S->Cond, Host) + " ? " + expr(S->TrueValue, Host) +
           " : " + expr(S->FalseValue, Host) + ")";
  }
  case ExprKind::Cast: {
    const Cast *C = as<Cast>(E);
    if (!Host && isFloat(C->Ty))
      if (const Expr *B = boolOperand(C->Value))
        return boolToFloat(expr(*B), C->Ty);
    return "static_cast<" + cxxType(C->Ty) + ">(" + expr(C->Value, Host) + ")";
  }
  case ExprKind::Call: {
    const Call *C = as<Call>(E);
    std::string S = mathName(C->Fn, C->Ty) + "(";
    for (size_t I = 0; I < C->Args.size(); ++I)
      S += (I ? ", " : "") + expr(C->Args[I], Host);
    S += ")";
    if (C->Fn == MathFn::Abs && C->Ty == Type::Int64)
      S = "static_cast<int64_t>(" + S + ")"; // llabs returns long long
    return S;
  }
  }
  return "?";
}

/// The bool that E is, directly or promoted to another type first (the
/// int of `v + 1.0`), or null: its value as a number is 0 or 1 either way.
const Expr *KernelEmitter::boolOperand(const Expr &E) {
  if (E->Ty == Type::Bool)
    return &E;
  if (E->Kind == ExprKind::Cast && as<Cast>(E)->Value->Ty == Type::Bool)
    return &as<Cast>(E)->Value;
  return nullptr;
}

/// The bool B (device code) as the floating-point type T, 0 or 1. Not
/// static_cast: nvcc makes that a select of 1.0 and 0.0, which for a double
/// writes only the high word of its register pair, and ptxas (CUDA 13.0,
/// sm_90) took a later F2I of the pair for an earlier one although that
/// word had changed (test/diff seed 18006, docs/difftest.md). The int
/// conversion intrinsics are a real I2F of the whole value.
std::string KernelEmitter::boolToFloat(const std::string &B, Type T) {
  return std::string(T == Type::Float32 ? "__int2float_rn("
                                        : "__int2double_rn(") +
         "static_cast<int>(" + B + "))";
}

/// E converted to T the way C++'s implicit conversion would.
std::string KernelEmitter::exprAs(const Expr &E, Type T) {
  if (isFloat(T))
    if (const Expr *B = boolOperand(E)) // as a Cast of a bool (expr)
      return boolToFloat(expr(*B), T);
  std::string S = expr(E);
  return E->Ty == T ? S : "static_cast<" + cxxType(T) + ">(" + S + ")";
}

//--- statements ----------------------------------------------------------

void KernelEmitter::location(std::ostringstream &OS, const Stmt &S, int Depth) {
  // Jammed code: once per statement, before its loads (jammedPoints).
  if (!S.Loc.valid() || Lane > 0 || (Lane == 0 && Depth == HoldLoadsAt))
    return;
  if (Opts.LineDirectives)
    OS << "#line " << S.Loc.Line << " \"" << SpecFile << "\"\n";
  OS << indent(Depth) << "// " << SpecFile << ":" << S.Loc.Line << "\n";
}

void KernelEmitter::block(std::ostringstream &OS, const Block &B, int Depth) {
  if (Lane >= 0) { // a jammed block's loads are its own
    LoadScopes.emplace_back();
    PendingLoads.emplace_back();
  }
  for (const StmtPtr &S : B)
    stmt(OS, *S, Depth);
  if (Lane >= 0) {
    LoadScopes.pop_back();
    PendingLoads.pop_back();
  }
}

// Each statement prints its expressions before its text: in jammed code
// they queue the loads they need (jamRead), declared first by flushLoads.
void KernelEmitter::stmt(std::ostringstream &OS, const Stmt &S, int Depth) {
  location(OS, S, Depth);
  const std::string In = indent(Depth);
  switch (S.Kind) {
  case StmtKind::Declare: {
    std::string Value = expr(S.Value);
    flushLoads(OS, Depth);
    // A local the ring carries is declared for every lane before the walk.
    const bool Carried = RingLanes && ringCarried(S.Name);
    OS << In << (Carried ? "" : cxxType(S.Ty) + " ") << localName(S.Name)
       << " = " << Value << ";\n";
    return;
  }
  case StmtKind::Assign: {
    std::string Value = expr(S.Value);
    flushLoads(OS, Depth);
    OS << In << localName(S.Name) << " = " << Value << ";\n";
    return;
  }
  case StmtKind::Store: {
    const Param *P = K.findParam(S.Name);
    UsesAt = true;
    std::string Value = exprAs(S.Value, P->Elem);
    flushLoads(OS, Depth);
    if (InFused && S.Name == K.Fuse.Next) { // FusedSweeps.cpp
      OS << In << "{\n"
         << In << "  const " << cxxType(P->Elem) << " next_ = " << Value
         << ";\n"
         << In << "  if (step_ == Steps) out_[" << pointAddress()
         << "] = next_;\n"
         << In << "  else dst_[" << levelAddress(std::max(Lane, 0), 0)
         << "] = next_;\n"
         << In << "}\n";
      return;
    }
    if (vectorised() && Lane >= 0 && Depth == HoldLoadsAt) {
      OS << vectorStore(S, *P, Value, Depth);
      return;
    }
    const std::string Target = S.Name + "[" + pointAddress() + "]";
    if (InOutLocals.count(S.Name)) {
      OS << In << inOutLocal(S.Name) << " = " << Value << ";\n"
         << In << Target << " = " << inOutLocal(S.Name) << ";\n";
      return;
    }
    OS << In << Target << " = " << Value << ";\n";
    return;
  }
  case StmtKind::Reduce: {
    // Each fused step counts the points its tile owns: a float Min or Max
    // takes the identity elsewhere (its fold has no branch, numerics.hpp),
    // the others branch around the update (a select cost the Jacobi sweep's
    // f64 Sum 10%, docs/passes/fuse-sweeps.md#jam).
    const Param *P = K.findParam(S.Name);
    const bool Select =
        InFused && P->Kind != ParamKind::Sum && P->Accum == Type::Float32;
    std::string Update = reduceStmt(S, Select ? fusedOwn() : "");
    flushLoads(OS, Depth);
    OS << In << (InFused && !Select ? "if (" + fusedOwn() + ") " : "")
       << laneGuard() << Update << "\n";
    return;
  }
  case StmtKind::HistAdd: {
    std::string Update = histogramAdd(S);
    flushLoads(OS, Depth); // jammed or vector lanes: the loads it reads
    OS << In << laneGuard() << Update << "\n";
    return;
  }
  case StmtKind::If: {
    std::string Cond = expr(S.Cond);
    flushLoads(OS, Depth);
    OS << In << "if (" << Cond << ") {\n";
    block(OS, S.Then, Depth + 1);
    if (!S.Else.empty()) {
      OS << In << "} else {\n";
      block(OS, S.Else, Depth + 1);
    }
    OS << In << "}\n";
    return;
  }
  }
}

/// The InOut grids whose centre the point work reads. Their reads come from
/// a local: one load before the point work, refreshed by every store. A
/// point's value is then never loaded after the point's own store, which
/// nvcc 13.0 gets wrong when a select picks between such a load and a read
/// of a `const __restrict__` grid: it loads through the read-only path
/// (ld.global.nc), which ptxas may schedule before the store (test/diff seed
/// 238; reproducer in test/gpu/toolchain/nvvm-nc-select.cu).
void KernelEmitter::collectInOutLocals() {
  InOutLocals.clear();
  forEachExpr(K.Body, [&](const Expr &E) {
    if (E->Kind != ExprKind::GridRead)
      return;
    const std::string &Grid = as<GridRead>(E)->Grid;
    int Field = 0;
    const Param *P = K.findParam(Grid);
    if (P && P->Kind == ParamKind::InOut && !mergeGroupOf(Grid, Field) &&
        Cache.read(*as<GridRead>(E)).empty())
      InOutLocals.insert(Grid);
  });
}

/// `T q_c_ = q[at_];` for each grid of InOutLocals, before the point work.
/// A vector's lanes take their component of one aligned vector load, which
/// lane 0 declares.
std::string KernelEmitter::inOutLoads(int Depth) {
  std::ostringstream OS;
  for (const std::string &Grid : InOutLocals) {
    UsesAt = true;
    const Type Elem = K.findParam(Grid)->Elem;
    if (vectorised() && Lane >= 0) {
      const std::string VecType = laneVectorType(Elem, K.Sched.Vec);
      // One vector per row of lanes, declared by its first lane.
      const int Row = jamLane();
      const std::string Name =
          Grid + "_cv" + (Row ? std::to_string(Row) : "") + "_";
      if (vecLane() == 0)
        OS << indent(Depth) << "const " << VecType << " " << Name
           << " = *reinterpret_cast<const " << VecType << "*>("
           << rowAddress(Grid, Row) << ");\n";
      OS << indent(Depth) << cxxType(Elem) << " " << inOutLocal(Grid) << " = "
         << Name << laneComponent(vecLane()) << ";\n";
      continue;
    }
    OS << indent(Depth) << cxxType(Elem) << " " << inOutLocal(Grid) << " = "
       << Grid << "[" << pointAddress() << "];\n";
  }
  return OS.str();
}

/// h[i] += v through the kernel's histogram target (HistogramEmitter.h).
std::string KernelEmitter::histogramAdd(const Stmt &S) {
  const Param *P = K.findParam(S.Name);
  return histogramUpdate(S, exprAs(S.Index, Type::Int64),
                         exprAs(S.Value, P->Elem), isLaunchUniform(S.Value));
}

} // namespace stencilc::cuda
