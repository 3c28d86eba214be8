//===- IRPrinter.cpp ------------------------------------------------------===//
#include "codegen/IRPrinter.h"

#include "codegen/Pass.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <cstdio>
#include <sstream>

namespace stencilc::ir {

static std::string printFloat(double V, Type T) {
  char Buf[64];
  // f32 spells its non-finite values with the literal suffix too, so that
  // the reader knows the type of every constant from its spelling.
  const char *Suffix = T == Type::Float32 ? "f" : "";
  if (std::isinf(V))
    return std::string(V > 0 ? "inf" : "-inf") + Suffix;
  if (std::isnan(V))
    return std::string("nan") + Suffix;
  std::snprintf(Buf, sizeof Buf, T == Type::Float32 ? "%.9g" : "%.17g", V);
  std::string S = Buf;
  // Shortest round-tripping spelling reads better: try fewer digits first.
  for (int Digits = 1; Digits < 17; ++Digits) {
    std::snprintf(Buf, sizeof Buf, "%.*g", Digits, V);
    double Back = std::strtod(Buf, nullptr);
    bool Same = T == Type::Float32
                    ? static_cast<float>(Back) == static_cast<float>(V)
                    : Back == V;
    if (Same) {
      S = Buf;
      break;
    }
  }
  if (S.find_first_of(".eE") == std::string::npos)
    S += ".0";
  if (T == Type::Float32)
    S += "f";
  return S;
}

static std::string printOffsets(const std::vector<int> &O) {
  std::string S;
  for (size_t I = 0; I < O.size(); ++I)
    S += (I ? ", " : "") + std::to_string(O[I]);
  return S;
}

std::string printLoc(SourceLoc L) {
  if (!L.valid())
    return "";
  return " loc(" + std::to_string(L.Line) + ":" + std::to_string(L.Col) + ")";
}

std::string printExpr(const Expr &E) {
  if (!E)
    return "<null>";
  switch (E->Kind) {
  case ExprKind::Constant: {
    const Constant *C = as<Constant>(E);
    if (C->Ty == Type::Bool)
      return C->IntValue ? "true" : "false";
    if (isInteger(C->Ty))
      return std::to_string(C->IntValue) + (C->Ty == Type::Int64 ? "l" : "");
    return printFloat(C->FloatValue, C->Ty);
  }
  case ExprKind::Var: {
    const Var *V = as<Var>(E);
    return (V->Scope == VarScope::Param ? "" : "%") + V->Name;
  }
  case ExprKind::GridRead: {
    const GridRead *G = as<GridRead>(E);
    return G->Grid + "[" + printOffsets(G->Offsets) + "]";
  }
  case ExprKind::Index:
    return "index(" + std::to_string(as<Index>(E)->Dim) + ")";
  case ExprKind::Unary: {
    const Unary *U = as<Unary>(E);
    // "-2" is the constant -2; the negation of the constant 2 is "-(2)".
    if (U->Op == UnaryOp::Neg && U->Operand->Kind == ExprKind::Constant)
      return "-(" + printExpr(U->Operand) + ")";
    return std::string(opSpelling(U->Op)) + printExpr(U->Operand);
  }
  case ExprKind::Binary: {
    const Binary *B = as<Binary>(E);
    return "(" + printExpr(B->LHS) + " " + opSpelling(B->Op) + " " +
           printExpr(B->RHS) + ")";
  }
  case ExprKind::Select: {
    const Select *S = as<Select>(E);
    return "(" + printExpr(S->Cond) + " ? " + printExpr(S->TrueValue) + " : " +
           printExpr(S->FalseValue) + ")";
  }
  case ExprKind::Cast: {
    const Cast *C = as<Cast>(E);
    return std::string(typeName(C->Ty)) + "(" + printExpr(C->Value) + ")";
  }
  case ExprKind::Call: {
    const Call *C = as<Call>(E);
    std::string S = std::string(fnName(C->Fn)) + "(";
    for (size_t I = 0; I < C->Args.size(); ++I)
      S += (I ? ", " : "") + printExpr(C->Args[I]);
    return S + ")";
  }
  }
  return "<?>";
}

namespace {

class KernelPrinter {
public:
  explicit KernelPrinter(std::ostringstream &OS) : OS(OS) {}

  void print(const Kernel &K) {
    Current = &K;
    OS << "kernel " << K.Name << " rank " << K.Rank << printLoc(K.Loc) << "\n";
    for (const Param &P : K.Params)
      printParam(P);
    printDecisions(K);
    OS << "{\n";
    printBlock(K.Body, 1);
    OS << "}\n";
  }

private:
  void indent(int Depth) {
    for (int I = 0; I < Depth; ++I)
      OS << "  ";
  }

  static std::string triple(const std::array<int, 3> &A, int Rank) {
    std::string S = "(";
    for (int D = 0; D < Rank; ++D)
      S += (D ? ", " : "") + std::to_string(A[D]);
    return S + ")";
  }

  void printParam(const Param &P) {
    OS << "  param " << paramKindName(P.Kind) << " " << typeName(P.Elem);
    if (isGrid(P.Kind))
      OS << "[" << P.Rank << "]";
    OS << " " << P.Name;
    if (isReduction(P.Kind) && P.Accum != P.Elem)
      OS << " acc " << typeName(P.Accum);
    if (P.NarrowBound > 0)
      OS << " narrow " << P.NarrowBound;
    if (!P.Boundary.empty()) {
      OS << " boundary (";
      for (size_t D = 0; D < P.Boundary.size(); ++D) {
        OS << (D ? ", " : "") << edgeRuleName(P.Boundary[D].Rule);
        if (P.Boundary[D].Rule == EdgeRule::Constant)
          OS << " " << P.Boundary[D].Value;
      }
      OS << ")";
    }
    OS << printLoc(P.Loc) << "\n";
  }

  void printDecisions(const Kernel &K) {
    int R = K.Rank;
    for (const GridFootprint &G : K.Foot.Grids) {
      OS << "  footprint " << G.Grid << " lo " << triple(G.Lo, R) << " hi "
         << triple(G.Hi, R) << " offsets";
      for (const std::vector<int> &O : G.Offsets)
        OS << " (" << printOffsets(O) << ")";
      OS << "\n";
    }
    if (!K.Foot.Grids.empty() && K.hasBoundary())
      OS << "  domain boundary lo " << triple(K.Foot.DomainLo, R) << " hi "
         << triple(K.Foot.DomainHi, R) << " interior lo "
         << triple(K.Foot.Lo, R) << " hi " << triple(K.Foot.Hi, R) << "\n";
    else if (!K.Foot.Grids.empty())
      OS << "  domain interior lo " << triple(K.Foot.Lo, R) << " hi "
         << triple(K.Foot.Hi, R) << "\n";
    for (const Uniform &U : K.Uniforms)
      OS << "  uniform %" << U.Name << ": " << typeName(U.Ty) << " = "
         << printExpr(U.Value) << "\n";
    for (const MergeGroup &G : K.Merged) {
      OS << "  merged " << G.Name << ": " << typeName(G.Elem) << " {";
      for (size_t I = 0; I < G.Grids.size(); ++I)
        OS << (I ? ", " : " ") << G.Grids[I];
      OS << " }\n";
    }
    // The schedule is printed once a pass or the user chose it, or whenever
    // it is not the default one the reader assumes when the line is absent.
    const Schedule Default;
    bool Scheduled = std::find(K.PassesApplied.begin(), K.PassesApplied.end(),
                               stencilc::passName(stencilc::PassID::Tile)) !=
                         K.PassesApplied.end() ||
                     K.Sched.FromUser || !sameSchedule(K.Sched, Default);
    if (Scheduled)
      printSchedule("schedule", K.Sched);
    for (const Schedule &V : K.Variants)
      printSchedule("variant", V);
    for (const CachedGrid &C : K.Cached) {
      OS << "  cache " << C.Grid << " tile " << triple(C.Tile, R) << " halo lo "
         << triple(C.HaloLo, R) << " hi " << triple(C.HaloHi, R);
      if (C.RegisterStream)
        OS << " register-stream";
      OS << "\n";
    }
    if (K.Fuse.active())
      OS << "  fuse state " << K.Fuse.State << " next " << K.Fuse.Next
         << " depth " << K.Fuse.Depth << " tile " << triple(K.Fuse.Tile, R)
         << (K.Fuse.Jam > 1 ? " jam " + std::to_string(K.Fuse.Jam) : "")
         << "\n";
    bool HasReduction = false, HasHistogram = false;
    for (const Param &P : K.Params) {
      HasReduction |= isReduction(P.Kind);
      HasHistogram |= P.Kind == ParamKind::Histogram;
    }
    if (HasReduction)
      OS << "  reductions " << loweringName(K.Reductions) << "\n";
    if (HasHistogram)
      OS << "  histograms " << loweringName(K.Histograms) << "\n";
    if (!K.PassesApplied.empty()) {
      OS << "  applied";
      for (size_t I = 0; I < K.PassesApplied.size(); ++I)
        OS << (I ? ", " : " ") << K.PassesApplied[I];
      OS << "\n";
    }
  }

  /// "  WORD block (...) ..." for a schedule line (schedule, variant).
  void printSchedule(const char *Word, const Schedule &S) {
    OS << "  " << Word << " block (" << S.Block[0] << ", " << S.Block[1] << ", "
       << S.Block[2] << ")";
    if (S.StreamDim >= 0)
      OS << " stream dim " << S.StreamDim << " points-per-thread "
         << S.PointsPerThread;
    else if (S.PointsPerThread != 1)
      OS << " points-per-thread " << S.PointsPerThread;
    if (S.Jam > 1)
      OS << " jam " << S.Jam;
    if (S.Vec > 1)
      OS << " vector " << S.Vec;
    if (S.Persistent)
      OS << " persistent";
    if (S.MinBlocks > 0)
      OS << " min-blocks " << S.MinBlocks;
    if (S.Zigzag)
      OS << " zigzag";
    if (S.Prefetch)
      OS << " prefetch";
    if (S.Ring)
      OS << " ring";
    if (S.FromUser)
      OS << " [user]";
    OS << "\n";
  }

  static bool sameSchedule(const Schedule &A, const Schedule &B) {
    return A.Block == B.Block && A.PointsPerThread == B.PointsPerThread &&
           A.StreamDim == B.StreamDim && A.Jam == B.Jam && A.Vec == B.Vec &&
           A.Persistent == B.Persistent && A.MinBlocks == B.MinBlocks &&
           A.Zigzag == B.Zigzag && A.Prefetch == B.Prefetch &&
           A.Ring == B.Ring && A.FromUser == B.FromUser;
  }

  const char *reduceOp(const std::string &Name) const {
    const Param *P = Current->findParam(Name);
    if (P && P->Kind == ParamKind::Max)
      return "max=";
    if (P && P->Kind == ParamKind::Min)
      return "min=";
    return "+=";
  }

  void printBlock(const Block &B, int Depth) {
    for (const StmtPtr &S : B)
      printStmt(*S, Depth);
  }

  void printStmt(const Stmt &S, int Depth) {
    indent(Depth);
    switch (S.Kind) {
    case StmtKind::Declare:
      OS << "let %" << S.Name << ": " << typeName(S.Ty) << " = "
         << printExpr(S.Value) << printLoc(S.Loc) << "\n";
      return;
    case StmtKind::Assign:
      OS << "%" << S.Name << " = " << printExpr(S.Value) << printLoc(S.Loc)
         << "\n";
      return;
    case StmtKind::Store:
      OS << "store " << S.Name << " = " << printExpr(S.Value) << printLoc(S.Loc)
         << "\n";
      return;
    case StmtKind::Reduce:
      OS << "reduce " << S.Name << " " << reduceOp(S.Name) << " "
         << printExpr(S.Value) << printLoc(S.Loc) << "\n";
      return;
    case StmtKind::HistAdd:
      OS << "hist " << S.Name << "[" << printExpr(S.Index)
         << "] += " << printExpr(S.Value) << printLoc(S.Loc) << "\n";
      return;
    case StmtKind::If:
      OS << "if " << printExpr(S.Cond) << " {" << printLoc(S.Loc) << "\n";
      printBlock(S.Then, Depth + 1);
      if (!S.Else.empty()) {
        indent(Depth);
        OS << "} else {\n";
        printBlock(S.Else, Depth + 1);
      }
      indent(Depth);
      OS << "}\n";
      return;
    }
  }

  std::ostringstream &OS;
  const Kernel *Current = nullptr;
};

} // namespace

std::string printKernel(const Kernel &K) {
  std::ostringstream OS;
  KernelPrinter(OS).print(K);
  return OS.str();
}

uint64_t kernelHash(const Kernel &K) {
  uint64_t H = 1469598103934665603ull;
  for (unsigned char C : printKernel(K)) {
    H ^= C;
    H *= 1099511628211ull;
  }
  return H;
}

std::string quoted(const std::string &Text) {
  std::string S = "\"";
  for (char C : Text) {
    if (C == '"' || C == '\\')
      S += '\\';
    S += C;
  }
  return S + "\"";
}

std::string printModule(const Module &M) {
  std::string S = "module " + quoted(M.SourceFile) + "\n";
  for (const Kernel &K : M.Kernels)
    S += "\n" + printKernel(K);
  return S;
}

} // namespace stencilc::ir
