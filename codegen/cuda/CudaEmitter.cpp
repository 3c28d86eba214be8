//===- CudaEmitter.cpp - IR to CUDA source and host header ----------------===//
//
// One __global__ kernel per IR kernel, a template on its index type (int
// while every linear index fits, so Himeno's kernel needs 56 registers
// instead of 72; int64_t otherwise), whose threads walk the domain with
// grid-stride loops, x along the last (contiguous) dimension. What `tile`
// decided is lowered here: the streamed dimension is the innermost loop,
// walked in chunks of points_per_thread_ consecutive points, and a persistent
// schedule launches only the blocks that fit on the device at once. Grid reads
// are loads at the point's linear index plus a constant offset in units of the
// row-major strides; a grid that `merge-arrays` put in a record array is a
// field of the record, loaded once per point with 16-byte loads, and the
// launcher packs the records (stencil::detail::RecordArray).
//
// Reductions accumulate per thread, combine per block (tree or warp shuffles,
// as ir::Kernel::Reductions says) and end in one atomic per block. Without
// histograms the block adds to one of ReductionSlots device accumulators
// (kept at their identities between launches) and a one-block finalize
// kernel combines the slots, resets them and writes the totals to mapped
// pinned host memory (no copies per launch besides that); with histograms
// the launcher initialises and reads back a scratch struct.
// Kernels with histograms are templates over their lowering instead (their
// index type is int64_t), chosen per launch (HistogramEmitter.h).
//
// Exactness: expressions are printed fully parenthesised in the IR's order,
// every C++ subexpression has exactly the IR type (constants carry their
// suffix, min/max use std::min/std::max semantics), no fast-math function is
// used, and (unless EmitOptions::ContractFma) floating multiplies are
// __fmul_rn/__dmul_rn, which nvcc never fuses into an FMA. The GPU then
// rounds every operation as the CPU reference does; only reduction order
// and the last ulp of transcendental functions differ.
//
//===----------------------------------------------------------------------===//
#include "codegen/cuda/CudaEmitter.h"
#include "codegen/cuda/SmemCacheLowering.h"
#include "codegen/cuda/HistogramEmitter.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

namespace stencilc {

using namespace ir;

namespace {

//===----------------------------------------------------------------------===//
// Small utilities
//===----------------------------------------------------------------------===//

std::string baseName(const std::string &Path) {
  size_t Slash = Path.find_last_of('/');
  return Slash == std::string::npos ? Path : Path.substr(Slash + 1);
}

std::string stem(const std::string &Path) {
  std::string B = baseName(Path);
  size_t Dot = B.find('.');
  return Dot == std::string::npos ? B : B.substr(0, Dot);
}

std::string indent(int Depth) { return std::string(2 * Depth, ' '); }

/// A C++ spelling of T that names the same type on host and device.
std::string cxxType(Type T) { return cudaTypeName(T); }

bool isIdentChar(char C) {
  return (C >= 'a' && C <= 'z') || (C >= 'A' && C <= 'Z') ||
         (C >= '0' && C <= '9') || C == '_';
}

std::string floatLiteral(double V, Type T) {
  const bool Single = T == Type::Float32;
  if (std::isinf(V))
    return std::string(V < 0 ? "(-" : "(") + (Single ? "HUGE_VALF" : "HUGE_VAL") + ")";
  if (std::isnan(V))
    return Single ? "__builtin_nanf(\"\")" : "__builtin_nan(\"\")";
  char Buf[64];
  std::string S;
  // The shortest spelling that reads back to the same value.
  for (int Digits = 1; Digits <= 17; ++Digits) {
    std::snprintf(Buf, sizeof Buf, "%.*g", Digits, V);
    double Back = std::strtod(Buf, nullptr);
    bool Same = Single ? static_cast<float>(Back) == static_cast<float>(V)
                       : Back == V;
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

/// Math functions with the C spelling of each type: the f-suffixed ones for
/// float (never the __fast intrinsics), and std::min/max semantics.
std::string mathName(MathFn Fn, Type T) {
  const bool Single = T == Type::Float32;
  auto F = [&](const char *Name) {
    return std::string(Name) + (Single ? "f" : "");
  };
  switch (Fn) {
  case MathFn::Sqrt: return F("sqrt");
  case MathFn::Abs:
    if (T == Type::Int32) return "abs";
    if (T == Type::Int64) return "llabs";
    return F("fabs");
  case MathFn::Min: return "stencil::detail::minOf";
  case MathFn::Max: return "stencil::detail::maxOf";
  case MathFn::Exp: return F("exp");
  case MathFn::Log: return F("log");
  case MathFn::Pow: return F("pow");
  case MathFn::Sin: return F("sin");
  case MathFn::Cos: return F("cos");
  case MathFn::Floor: return F("floor");
  case MathFn::Ceil: return F("ceil");
  }
  return "?";
}

const char *reductionOp(ParamKind K) {
  switch (K) {
  case ParamKind::Sum: return "stencil::detail::SumOp";
  case ParamKind::Max: return "stencil::detail::MaxOp";
  default: return "stencil::detail::MinOp";
  }
}

const char *reductionKindName(ParamKind K) {
  switch (K) {
  case ParamKind::Sum: return "Sum";
  case ParamKind::Max: return "Max";
  default: return "Min";
  }
}

/// The reduction's identity in its accumulator type, as a literal both host
/// and device code accept (std::numeric_limits is host-only constexpr).
std::string identityOf(const Param &P) {
  const bool IsMax = P.Kind == ParamKind::Max;
  switch (P.Accum) {
  case Type::Float32:
    if (P.Kind == ParamKind::Sum) return "0.0f";
    return floatLiteral(IsMax ? std::numeric_limits<float>::lowest()
                              : std::numeric_limits<float>::max(),
                        Type::Float32);
  case Type::Float64:
    if (P.Kind == ParamKind::Sum) return "0.0";
    return floatLiteral(IsMax ? std::numeric_limits<double>::lowest()
                              : std::numeric_limits<double>::max(),
                        Type::Float64);
  case Type::Int32:
    if (P.Kind == ParamKind::Sum) return "0";
    return intLiteral(IsMax ? INT32_MIN : INT32_MAX, Type::Int32);
  case Type::Int64:
  case Type::Bool:
    if (P.Kind == ParamKind::Sum) return "int64_t(0)";
    return intLiteral(IsMax ? INT64_MIN : INT64_MAX, Type::Int64);
  }
  return "0";
}

//===----------------------------------------------------------------------===//
// Per-kernel emission
//===----------------------------------------------------------------------===//

class KernelEmitter {
public:
  KernelEmitter(const Kernel &K, const EmitOptions &Opts,
                const std::string &SpecFile)
      : K(K), Opts(Opts), SpecFile(SpecFile) {
    assignNames();
  }

  std::string resultType() const { return K.Name + "_result"; }
  bool hasReductions() const { return K.hasReductions(); }
  bool hasHistograms() const { return K.hasHistograms(); }

  /// The declaration part of the header: the result struct and the launcher.
  std::string headerDecl() const {
    std::ostringstream OS;
    if (hasReductions()) {
      OS << "/// The reductions of " << K.Name << ", converted to their value "
         << "types.\n";
      OS << "struct " << resultType() << " {\n";
      for (const Param &P : K.Params)
        if (isReduction(P.Kind))
          OS << "  " << cxxType(P.Elem) << " " << P.Name << ";\n";
      OS << "};\n\n";
    }
    OS << docComment();
    OS << launcherSignature(/*WithDefault=*/true) << ";\n";
    if (selfResetting())
      OS << "\nnamespace async {\n/// " << K.Name
         << " without waiting for its reductions: the launch is queued on "
            "opts.Stream and\n/// get() waits for it alone (the plain launcher "
            "is this and get()).\n"
         << launcherSignature(/*WithDefault=*/true, /*Async=*/true)
         << ";\n} // namespace async\n";
    return OS.str();
  }

  std::string source() {
    std::string Body = kernelBody(); // fills the Uses* flags
    std::ostringstream OS;
    OS << "// " << K.Name << " (" << SpecFile;
    if (K.Loc.valid())
      OS << ":" << K.Loc.Line;
    OS << "): passes applied: ";
    if (K.PassesApplied.empty())
      OS << "none";
    for (size_t I = 0; I < K.PassesApplied.size(); ++I)
      OS << (I ? ", " : "") << K.PassesApplied[I];
    OS << "\n// reductions: " << (hasReductions() ? loweringName(K.Reductions) : "none")
       << "; histograms: "
       << (hasHistograms() ? loweringName(K.Histograms) : "none")
       << "\n";
    OS << "namespace {\n\n";
    if (selfResetting())
      OS << accumulatorStruct();
    OS << kernelSignature() << " {\n" << Body << "}\n\n";
    if (selfResetting())
      OS << finalizeKernel() << resultReader();
    OS << "} // namespace\n\n";
    OS << launcher();
    return OS.str();
  }

private:

  //--- names ---------------------------------------------------------------

  /// Spec names stay as written; IR-made names ("rcp.b") become identifiers
  /// that collide with nothing else in the kernel.
  void assignNames() {
    std::set<std::string> Taken;
    for (const Param &P : K.Params)
      Taken.insert(P.Name);
    OptsName = Taken.count("opts") ? "launch_opts" : "opts";
    auto Add = [&](const std::string &Name) {
      std::string S;
      for (char C : Name)
        S += isIdentChar(C) ? C : '_';
      if (S.empty() || (S[0] >= '0' && S[0] <= '9'))
        S = "v_" + S;
      std::string Unique = S;
      for (int N = 1; Taken.count(Unique); ++N)
        Unique = S + "_" + std::to_string(N);
      Taken.insert(Unique);
      Names[Name] = Unique;
    };
    for (const Uniform &U : K.Uniforms)
      Add(U.Name);
    forEachDeclare(K.Body, Add);
  }

  template <class F> static void forEachDeclare(const Block &B, F &&Fn) {
    for (const StmtPtr &S : B) {
      if (S->Kind == StmtKind::Declare)
        Fn(S->Name);
      if (S->Kind == StmtKind::If) {
        forEachDeclare(S->Then, Fn);
        forEachDeclare(S->Else, Fn);
      }
    }
  }

  std::string localName(const std::string &Name) const {
    auto It = Names.find(Name);
    return It == Names.end() ? Name : It->second;
  }

  //--- expressions ---------------------------------------------------------

  std::string offsetExpr(const std::vector<int> &Offsets) {
    std::string S = "at_";
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

  std::string expr(const Expr &E, bool Host = false) {
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
      std::string Cached = Cache.read(*G);
      if (!Cached.empty())
        return Cached;
      UsesAt = true;
      int Field = 0;
      if (const MergeGroup *M = mergeGroupOf(G->Grid, Field))
        return recordField(*M, Field); // merge-arrays reads only the centre
      return G->Grid + "[" + offsetExpr(G->Offsets) + "]";
    }
    case ExprKind::Index: {
      int D = as<Index>(E)->Dim;
      return "static_cast<int>(i" + std::to_string(D) + "_)";
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

  /// E converted to T the way C++'s implicit conversion would.
  std::string exprAs(const Expr &E, Type T) {
    std::string S = expr(E);
    return E->Ty == T ? S : "static_cast<" + cxxType(T) + ">(" + S + ")";
  }

  //--- statements ----------------------------------------------------------

  void location(std::ostringstream &OS, const Stmt &S, int Depth) {
    if (!S.Loc.valid())
      return;
    if (Opts.LineDirectives)
      OS << "#line " << S.Loc.Line << " \"" << SpecFile << "\"\n";
    OS << indent(Depth) << "// " << SpecFile << ":" << S.Loc.Line << "\n";
  }

  void block(std::ostringstream &OS, const Block &B, int Depth) {
    for (const StmtPtr &S : B)
      stmt(OS, *S, Depth);
  }

  void stmt(std::ostringstream &OS, const Stmt &S, int Depth) {
    location(OS, S, Depth);
    const std::string In = indent(Depth);
    switch (S.Kind) {
    case StmtKind::Declare:
      OS << In << cxxType(S.Ty) << " " << localName(S.Name) << " = "
         << expr(S.Value) << ";\n";
      return;
    case StmtKind::Assign:
      OS << In << localName(S.Name) << " = " << expr(S.Value) << ";\n";
      return;
    case StmtKind::Store: {
      const Param *P = K.findParam(S.Name);
      UsesAt = true;
      OS << In << S.Name << "[at_] = " << exprAs(S.Value, P->Elem) << ";\n";
      return;
    }
    case StmtKind::Reduce:
      OS << In << reduceStmt(S) << "\n";
      return;
    case StmtKind::HistAdd:
      OS << In << histogramAdd(S) << "\n";
      return;
    case StmtKind::If:
      OS << In << "if (" << expr(S.Cond) << ") {\n";
      block(OS, S.Then, Depth + 1);
      if (!S.Else.empty()) {
        OS << In << "} else {\n";
        block(OS, S.Else, Depth + 1);
      }
      OS << In << "}\n";
      return;
    }
  }

  /// r += v accumulates in the accumulator type (as the reference's
  /// `*Value += static_cast<Acc>(V)`); r = max(r, v) compares in the value
  /// type first (std::max<T>), then stores into the accumulator.
  std::string reduceStmt(const Stmt &S) {
    const Param *P = K.findParam(S.Name);
    const std::string Acc = cxxType(P->Accum);
    if (P->Kind == ParamKind::Sum)
      return S.Name + " += " + exprAs(S.Value, P->Accum) + ";";
    std::string V = exprAs(S.Value, P->Elem);
    if (P->Elem != P->Accum)
      V = "static_cast<" + Acc + ">(" + V + ")";
    const char *Fn = P->Kind == ParamKind::Max ? "stencil::detail::maxOf"
                                               : "stencil::detail::minOf";
    return S.Name + " = " + Fn + "(" + S.Name + ", " + V + ");";
  }

  /// h[i] += v through the kernel's histogram target (HistogramEmitter.h).
  std::string histogramAdd(const Stmt &S) {
    const Param *P = K.findParam(S.Name);
    return histogramUpdate(S, exprAs(S.Index, Type::Int64),
                           exprAs(S.Value, P->Elem), isLaunchUniform(S.Value));
  }

  //--- merged grids (merge-arrays) -----------------------------------------

  /// The group G is a field of, and its position in the record.
  const MergeGroup *mergeGroupOf(const std::string &Grid, int &Field) const {
    for (const MergeGroup &M : K.Merged)
      for (size_t I = 0; I < M.Grids.size(); ++I)
        if (M.Grids[I] == Grid) {
          Field = static_cast<int>(I);
          return &M;
        }
    return nullptr;
  }

  static int perVector(Type T) { return 16 / byteSize(T); }
  static std::string vectorType(Type T) {
    switch (T) {
    case Type::Float32: return "float4";
    case Type::Float64: return "double2";
    case Type::Int64: return "longlong2";
    default: return "int4";
    }
  }
  static int recordFields(const MergeGroup &M) {
    return mergedRecordFields(static_cast<int>(M.Grids.size()), M.Elem);
  }
  std::string recordParam(const MergeGroup &M) const { return M.Name + "_"; }
  std::string recordVector(const MergeGroup &M, int V) const {
    return M.Name + "_v" + std::to_string(V) + "_";
  }
  std::string recordField(const MergeGroup &M, int Field) const {
    static const char *Lanes = "xyzw";
    std::string S = recordVector(M, Field / perVector(M.Elem)) + "." +
                    Lanes[Field % perVector(M.Elem)];
    return M.Elem == Type::Int64 ? "static_cast<int64_t>(" + S + ")" : S;
  }
  /// One 16-byte load per vector of each record, at the top of a point.
  std::string recordLoads(int Depth) const {
    std::string S;
    for (const MergeGroup &M : K.Merged) {
      int Vectors = recordFields(M) / perVector(M.Elem);
      for (int V = 0; V < Vectors; ++V)
        S += indent(Depth) + "const " + vectorType(M.Elem) + " " +
             recordVector(M, V) + " = " + recordParam(M) + "[at_ * " +
             std::to_string(Vectors) + " + " + std::to_string(V) + "];\n";
    }
    return S;
  }

  //--- self-resetting reduction accumulators ----------------------------------

  /// Kernels with reductions (and no histogram, whose faults keep the
  /// host-initialised scratch) keep their accumulators on the device, as
  /// ReductionSlots slots each; the finalize kernel moves the totals to
  /// pinned host memory and resets the slots, so a launch needs no copies.
  bool selfResetting() const { return hasReductions() && !hasHistograms(); }
  std::string accumulatorType() const { return K.Name + "_accumulators_"; }
  std::string totalsType() const { return K.Name + "_totals_"; }
  std::string finalizeName() const { return K.Name + "_finalize"; }
  std::string accumulatorStruct() const {
    std::ostringstream OS;
    OS << "/// " << K.Name << "'s reductions on the device: ReductionSlots "
       << "accumulators each, at their\n/// identities between launches.\n"
       << "struct " << accumulatorType() << " {\n";
    for (const Param &P : K.Params)
      if (isReduction(P.Kind)) {
        std::string T = cxxType(deviceAccumType(P));
        OS << "  " << T << " " << P.Name
           << "[stencil::detail::ReductionSlots * stencil::detail::slotStride<"
           << T << ">()];\n";
      }
    OS << "};\n\n/// " << K.Name << "'s totals, as its finalize kernel hands "
       << "them to the host.\nstruct " << totalsType() << " {\n";
    for (const Param &P : K.Params)
      if (isReduction(P.Kind))
        OS << "  " << cxxType(deviceAccumType(P)) << " " << P.Name << ";\n";
    OS << "};\n\n";
    return OS.str();
  }

  /// One block of ReductionSlots threads: combines each reduction's slots,
  /// resets them, and writes the totals to the pinned host copy.
  std::string finalizeKernel() const {
    std::ostringstream OS;
    OS << "__global__ void " << finalizeName() << "(" << accumulatorType()
       << "* acc_, " << totalsType() << "* totals_) {\n"
       << "  extern __shared__ double reduction_smem_[];\n";
    for (const Param &P : K.Params)
      if (isReduction(P.Kind))
        OS << "  const " << cxxType(deviceAccumType(P)) << " " << P.Name
           << " = stencil::detail::collectSlots<" << reductionOp(P.Kind)
           << ">(acc_->" << P.Name << ", " << deviceIdentity(P)
           << ", reduction_smem_);\n";
    OS << "  if (threadIdx.x == 0) {\n";
    for (const Param &P : K.Params)
      if (isReduction(P.Kind))
        OS << "    totals_->" << P.Name << " = " << P.Name << ";\n";
    OS << "    __threadfence_system();\n  }\n}\n\n";
    return OS.str();
  }

  std::string readerName() const { return K.Name + "_read_"; }

  /// Converts the totals (device accumulation types) to the result (value
  /// types), for stencil::Pending.
  std::string resultReader() const {
    std::ostringstream OS;
    OS << resultType() << " " << readerName() << "(const void* totals_) {\n"
       << "  const " << totalsType() << "& host_ = *static_cast<const "
       << totalsType() << "*>(totals_);\n"
       << resultConversion() << "}\n\n";
    return OS.str();
  }

  /// Statements that build result_ from host_ and return it.
  std::string resultConversion() const {
    std::ostringstream OS;
    OS << "  " << resultType() << " result_;\n";
    for (const Param &P : K.Params)
      if (isReduction(P.Kind)) {
        std::string V = "host_." + P.Name;
        if (deviceAccumType(P) != P.Accum)
          V = "static_cast<" + cxxType(P.Accum) + ">(" + V + ")";
        OS << "  result_." << P.Name << " = static_cast<" << cxxType(P.Elem)
           << ">(" << V << ");\n";
      }
    OS << "  return result_;\n";
    return OS.str();
  }

  std::string deviceIdentity(const Param &P) const {
    std::string Id = identityOf(P);
    if (deviceAccumType(P) != P.Accum)
      Id = "static_cast<" + cxxType(deviceAccumType(P)) + ">(" + Id + ")";
    return Id;
  }

  //--- the __global__ kernel -------------------------------------------------

  std::string kernelName() const { return K.Name + "_kernel"; }

  std::string kernelSignature() const {
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
    if (K.Sched.StreamDim >= 0)
      Args.push_back("int points_per_thread_");
    for (const std::string &A : Cache.kernelParams())
      Args.push_back(A);
    Args.push_back("stencil::detail::Domain<" + std::to_string(K.Rank) +
                   "> dom_");
    std::string S = (hasHistograms() ? histogramKernelTemplate(K)
                                     : std::string("template <class Index>\n")) +
                    "__global__ void " + kernelName() + "(";
    for (size_t I = 0; I < Args.size(); ++I)
      S += (I ? ",\n    " : "\n    ") + Args[I];
    return S + ")";
  }

  /// Thread axis walking domain dimension D: x is the last dimension.
  std::string axis(int D) const {
    static const char *Axes[3] = {"x", "y", "z"};
    return Axes[K.Rank - 1 - D];
  }

  /// The loops over the domain, outermost first: grid-stride loops over
  /// every dimension but the streamed one, then (innermost) the streamed
  /// dimension walked in chunks of points_per_thread_ consecutive points.
  std::vector<int> loopOrder() const {
    std::vector<int> Order;
    for (int D = 0; D < K.Rank; ++D)
      if (D != K.Sched.StreamDim)
        Order.push_back(D);
    if (K.Sched.StreamDim >= 0)
      Order.push_back(K.Sched.StreamDim);
    return Order;
  }

  /// Index is the kernel's template parameter: int when every linear index
  /// (records included) fits comfortably, int64_t otherwise. 32-bit index
  /// arithmetic takes Himeno's kernel from 72 to 56 registers and the Jacobi
  /// sweep from 70 to 56 (ptxas -v, sm_90).
  std::string loopHeader(int D, int Depth) const {
    std::string A = axis(D), I = "i" + std::to_string(D) + "_";
    std::string Lo = "Index(dom_.Lo[" + std::to_string(D) + "])";
    std::string Hi = "Index(dom_.Hi[" + std::to_string(D) + "])";
    std::string Thread = "(Index(blockIdx." + A + ") * Index(blockDim." + A +
                         ") + Index(threadIdx." + A + "))";
    std::string Step = "Index(gridDim." + A + ") * Index(blockDim." + A + ")";
    if (D != K.Sched.StreamDim)
      return indent(Depth) + "for (Index " + I + " = " + Lo + " + " + Thread +
             "; " + I + " < " + Hi + "; " + I + " += " + Step + ") {\n";
    std::string C = "chunk" + std::to_string(D) + "_";
    std::string End = "end" + std::to_string(D) + "_";
    std::string S = indent(Depth) + "for (Index " + C + " = " + Lo + " + " +
                    Thread + " * points_per_thread_; " + C + " < " + Hi + "; " +
                    C + " += " + "(" + Step + ") * points_per_thread_) {\n" +
                    indent(Depth + 1) + "const Index " + End + " = " + C +
                    " + points_per_thread_ < " + Hi + " ? " + C +
                    " + points_per_thread_ : " + Hi + ";\n";
    // The linear index is an induction variable of the streamed loop, not
    // recomputed from the coordinates at each point: Himeno XL kernel 5.46 ->
    // 5.16 ms (1.098x -> 1.039x the floor), L 0.680 -> 0.644 ms (H100,
    // bench/proto/NOTES.md).
    std::string Next = "++" + I;
    if (UsesAt) {
      S += indent(Depth + 1) + "Index at_ = " + linearIndex(D, C) + ";\n";
      Next += ", at_ += " + strideOf(D);
    }
    // Not unrolled: 36 instead of 56 registers for the Jacobi sweep,
    // 0.234 ms vs 0.249 (H100, bench/results/2026-11-23T022216Z.json).
    return S + indent(Depth + 1) + "#pragma unroll 1\n" + indent(Depth + 1) +
           "for (Index " + I + " = " + C + "; " + I + " < " + End + "; " + Next +
           ") {\n";
  }

  /// The closing brace(s) of the loop of dimension D opened at Depth.
  std::string loopFooter(int D, int Depth) const {
    std::string S;
    if (D == K.Sched.StreamDim)
      S += indent(Depth + 1) + "}\n"; // the points of one chunk
    return S + indent(Depth) + "}\n";
  }

  /// The linear index of the point: the coordinates times the row-major
  /// strides, with Stream's coordinate read from StreamVar instead.
  std::string linearIndex(int Stream = -1, const std::string &StreamVar = "") const {
    std::string At;
    for (int D = 0; D < K.Rank; ++D) {
      std::string I = D == Stream ? StreamVar : "i" + std::to_string(D) + "_";
      At += (D ? " + " : "") +
            (D == K.Rank - 1 ? I : I + " * stride" + std::to_string(D) + "_");
    }
    return At;
  }

  /// The distance in elements between neighbours along dimension D.
  std::string strideOf(int D) const {
    return D == K.Rank - 1 ? "1" : "stride" + std::to_string(D) + "_";
  }

  std::string kernelBody() {
    const std::vector<int> Order = loopOrder();
    const bool Streams = K.Sched.StreamDim >= 0;
    const int Depth =
        Cache.active() ? Cache.bodyDepth() : 1 + K.Rank + (Streams ? 1 : 0);
    std::ostringstream Points;
    block(Points, K.Body, Depth);

    std::ostringstream OS;
    OS << histogramKernelBegin(K);
    if (hasHistograms()) // a template over its lowering, not its index type
      OS << "  using Index = int64_t;\n";
    for (const Param &P : K.Params)
      if (isReduction(P.Kind))
        OS << "  " << cxxType(P.Accum) << " " << P.Name << " = "
           << identityOf(P) << "; // this thread's partial "
           << reductionKindName(P.Kind) << "\n";
    for (int D = 0; D < K.Rank - 1; ++D)
      if (UsesStride[D] || UsesAt)
        OS << "  const Index stride" << D << "_ = Index(dom_.Stride[" << D << "]);\n";
    int Open = 1;
    if (Cache.active())
      OS << Cache.beginTiles();
    else
      for (int D : Order) {
        OS << loopHeader(D, Open);
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

    bool First = true;
    for (const Param &P : K.Params) {
      if (!isReduction(P.Kind))
        continue;
      if (First)
        OS << "  // Every thread reaches here (no early return): the block "
              "reductions synchronise.\n"
           << "  extern __shared__ double reduction_smem_[];\n";
      First = false;
      Type W = deviceAccumType(P);
      std::string Fn = K.Reductions == ReductionLowering::WarpShuffleAtomic
                           ? "reduceWarpShuffleAtomic"
                           : "reduceBlockTreeAtomic";
      OS << "  stencil::detail::" << Fn << "<" << reductionOp(P.Kind) << ">("
         << (selfResetting() ? "stencil::detail::blockSlot(" + P.Name + "_total_)"
                             : P.Name + "_total_")
         << ", "
         << (W == P.Accum ? P.Name
                          : "static_cast<" + cxxType(W) + ">(" + P.Name + ")")
         << ", reduction_smem_);\n";
    }
    return OS.str();
  }

  //--- the host launcher -----------------------------------------------------

  /// The launcher's signature; Async: the async:: launcher's, which returns
  /// a stencil::Pending of the result (kernels with self-resetting
  /// reductions only).
  std::string launcherSignature(bool WithDefault, bool Async = false) const {
    std::vector<std::string> Args;
    for (const Param &P : K.Params) {
      std::string T = cxxType(P.Elem);
      std::string G = "stencil::Grid<" + T + ", " + std::to_string(P.Rank) + ">";
      switch (P.Kind) {
      case ParamKind::In:
        Args.push_back("const " + G + "& " + P.Name);
        break;
      case ParamKind::Out:
      case ParamKind::InOut:
        Args.push_back(G + "& " + P.Name);
        break;
      case ParamKind::Histogram:
        Args.push_back("stencil::Grid<" + T + ", 1>& " + P.Name);
        break;
      case ParamKind::Scalar:
        Args.push_back(T + " " + P.Name);
        break;
      default: // reductions are returned, not passed
        break;
      }
    }
    Args.push_back("const stencil::LaunchOptions& " + OptsName +
                   (WithDefault ? " = {}" : ""));
    std::string Ret = hasReductions() ? resultType() : "void";
    if (Async)
      Ret = "stencil::Pending<" + resultType() + ">";
    std::string S = Ret + " " + K.Name + "(";
    for (size_t I = 0; I < Args.size(); ++I)
      S += (I ? ",\n    " : "\n    ") + Args[I];
    return S + ")";
  }

  /// The launcher's parameter names, comma-separated, for forwarding.
  std::string launcherArgumentNames() const {
    std::string S;
    for (const Param &P : K.Params)
      if (isGrid(P.Kind) || P.Kind == ParamKind::Histogram ||
          P.Kind == ParamKind::Scalar)
        S += P.Name + ", ";
    return S + OptsName;
  }

  std::string docComment() const {
    std::ostringstream OS;
    OS << "/// " << K.Name << " (" << SpecFile;
    if (K.Loc.valid())
      OS << ":" << K.Loc.Line;
    OS << "), rank " << K.Rank << ".\n/// Domain: ";
    bool Interior = false;
    for (int D = 0; D < K.Rank; ++D)
      Interior |= K.Foot.Lo[D] || K.Foot.Hi[D];
    if (!Interior)
      OS << "every point";
    else
      OS << "the interior";
    OS << " [";
    for (int D = 0; D < K.Rank; ++D) {
      OS << (D ? ", " : "") << K.Foot.Lo[D] << "..E" << D;
      if (K.Foot.Hi[D])
        OS << "-" << K.Foot.Hi[D];
    }
    OS << "), or " << OptsName << "'s region (checked against the footprint).\n";
    for (const GridFootprint &G : K.Foot.Grids) {
      OS << "/// Reads " << G.Grid << " at";
      for (const std::vector<int> &O : G.Offsets) {
        OS << " (";
        for (size_t I = 0; I < O.size(); ++I)
          OS << (I ? "," : "") << O[I];
        OS << ")";
      }
      OS << ".\n";
    }
    for (const Param &P : K.Params) {
      if (P.Kind == ParamKind::Out || P.Kind == ParamKind::InOut)
        OS << "/// Writes " << P.Name << " at the centre.\n";
      if (P.Kind == ParamKind::Histogram)
        OS << "/// Adds to histogram " << P.Name
           << " (not cleared; a bin outside it throws stencil::Error).\n";
      if (isReduction(P.Kind))
        OS << "/// Returns " << P.Name << ": " << reductionKindName(P.Kind)
           << "<" << cxxType(P.Elem) << ", " << cxxType(P.Accum) << ">.\n";
    }
    return OS.str();
  }

  const Param *firstGrid() const {
    for (const Param &P : K.Params)
      if (isGrid(P.Kind))
        return &P;
    return nullptr;
  }

  static std::string arr3(const std::array<int, 3> &A) {
    return "{" + std::to_string(A[0]) + ", " + std::to_string(A[1]) + ", " +
           std::to_string(A[2]) + "}";
  }

  std::string launcher() {
    std::ostringstream OS;
    const std::string R = std::to_string(K.Rank);
    const std::string &O = OptsName;
    const Param *First = firstGrid();
    if (selfResetting())
      OS << "namespace async {\n\n";
    OS << launcherSignature(/*WithDefault=*/false, selfResetting()) << " {\n";
    OS << "  static const char kernel_name_[] = \"" << K.Name << "\";\n";
    if (!First) {
      OS << "  static_assert(sizeof(kernel_name_) == 0, \"a kernel needs a grid\");\n}\n";
      return OS.str();
    }
    OS << "  const stencil::Extents<" << R << "> extents_ = " << First->Name
       << ".extents();\n";
    for (const Param &P : K.Params)
      if (isGrid(P.Kind) && &P != First)
        OS << "  stencil::detail::requireSameExtents<" << R
           << ">(kernel_name_, \"" << First->Name << "\", extents_, \""
           << P.Name << "\", " << P.Name << ".extents());\n";
    OS << "  const stencil::detail::Domain<" << R
       << "> domain_ = stencil::detail::launchDomain<" << R
       << ">(kernel_name_, extents_, " << arr3(K.Foot.Lo) << ", "
       << arr3(K.Foot.Hi) << ", " << O << ");\n";
    for (const Uniform &U : K.Uniforms)
      OS << "  const " << cxxType(U.Ty) << " " << localName(U.Name) << " = "
         << expr(U.Value, /*Host=*/true) << "; // uniform, once per launch\n";
    OS << "  const dim3 block_ = stencil::detail::blockShape<" << R << ">("
       << arr3(K.Sched.Block) << ", " << O << ");\n";
    OS << Cache.launcherCheck();
    // Reduction scratch in shared memory: the widest accumulator, one slot
    // per thread (tree) or per warp (shuffles).
    const int SmemElem = reductionSlotBytes(K);
    auto SmemFor = [&](const std::string &Block) -> std::string {
      if (!SmemElem)
        return "0";
      return K.Reductions == ReductionLowering::WarpShuffleAtomic
                 ? "32 * " + std::to_string(SmemElem)
                 : "size_t(stencil::detail::threadsPerBlock(" + Block + ")) * " +
                       std::to_string(SmemElem);
    };
    if (hasHistograms()) {
      // Histogram kernels: their own grid and lowering choice
      // (HistogramEmitter.h); privatised launches get a persistent grid there.
      OS << "  const int points_per_thread_ = " << O << ".PointsPerThread > 0 ? "
         << O << ".PointsPerThread : " << K.Sched.PointsPerThread << ";\n";
      OS << "  const dim3 grid_ = stencil::detail::gridShape<" << R
         << ">(domain_, block_, points_per_thread_, "
         << (K.Sched.StreamDim >= 0 ? K.Sched.StreamDim : 0) << ");\n";
      OS << histogramLauncherChoice(K, O);
    } else {
      int IndexScale = 1;
      for (const MergeGroup &M : K.Merged)
        IndexScale = std::max(IndexScale, recordFields(M) / perVector(M.Elem));
      OS << "  // 32-bit index arithmetic whenever every linear index fits.\n";
      OS << "  auto* const kernel_ = stencil::detail::fitsNarrowIndex<" << R
         << ">(extents_, " << IndexScale << ") ? &" << kernelName()
         << "<int> : &" << kernelName() << "<int64_t>;\n";
      OS << "  const size_t smem_ = " << SmemFor("block_") << ";\n";
      OS << "  const int points_per_thread_ = " << O << ".PointsPerThread > 0 ? "
         << O << ".PointsPerThread : " << K.Sched.PointsPerThread << ";\n";
      const std::string Stream =
          std::to_string(K.Sched.StreamDim >= 0 ? K.Sched.StreamDim : 0);
      OS << "  // Persistent grid (tile, or opts.Persistent): only the blocks "
            "resident at once,\n  // every thread walking many points.\n";
      OS << "  static stencil::detail::ResidentBlocks resident_;\n";
      OS << "  const bool persistent_ = " << O << ".Persistent < 0 ? "
         << (K.Sched.Persistent ? "true" : "false") << " : " << O
         << ".Persistent > 0;\n";
      OS << "  const dim3 grid_ = persistent_ ? stencil::detail::persistentGridShape<"
         << R << ">(domain_, block_, points_per_thread_, " << Stream
         << ", resident_.get(kernel_name_, kernel_, block_, smem_)) : "
            "stencil::detail::gridShape<"
         << R << ">(domain_, block_, points_per_thread_, " << Stream << ");\n";
    }
    const bool Device = hasReductions() || hasHistograms();
    if (selfResetting()) {
      OS << "  // Device-side slots at their identities between launches (the "
            "finalize kernel\n  // resets them); the totals come back through "
            "pinned host memory.\n";
      OS << "  static stencil::detail::SelfResettingAccumulators<"
         << accumulatorType() << ", " << totalsType() << "> accumulators_;\n";
      OS << "  if (!accumulators_.device()) {\n";
      OS << "    " << accumulatorType() << " identity_;\n";
      for (const Param &P : K.Params)
        if (isReduction(P.Kind))
          OS << "    for (auto& slot_ : identity_." << P.Name << ") slot_ = "
             << deviceIdentity(P) << ";\n";
      OS << "    accumulators_.prepare(kernel_name_, identity_);\n  }\n";
      OS << "  " << accumulatorType() << "* device_ = accumulators_.device();\n";
    } else if (Device) {
      OS << "  // Device-side accumulators and histogram faults, set to their "
            "identities before\n  // the launch and read back after it.\n";
      OS << "  struct Accumulators {\n";
      for (const Param &P : K.Params) {
        if (isReduction(P.Kind))
          OS << "    " << cxxType(deviceAccumType(P)) << " " << P.Name << ";\n";
        if (P.Kind == ParamKind::Histogram)
          OS << "    stencil::detail::HistogramFault " << P.Name << ";\n";
      }
      OS << "  };\n";
      OS << "  static stencil::detail::Scratch scratch_;\n";
      OS << "  Accumulators* device_ = scratch_.get<Accumulators>(kernel_name_);\n";
      OS << "  Accumulators host_{};\n";
      for (const Param &P : K.Params)
        if (isReduction(P.Kind))
          OS << "  host_." << P.Name << " = " << deviceIdentity(P) << ";\n";
      OS << "  stencil::detail::copyToDevice(kernel_name_, device_, &host_, "
            "sizeof host_, "
         << O << ".Stream);\n";
    }

    OS << "  if (!domain_.empty()) {\n";
    for (const MergeGroup &M : K.Merged) {
      OS << "    // merge-arrays: packed at the first launch, repacked when one "
            "of the grids changed.\n";
      OS << "    static stencil::detail::RecordArray<" << cxxType(M.Elem) << ", "
         << R << ", " << recordFields(M) << "> " << M.Name << "_records_;\n";
      OS << "    const " << vectorType(M.Elem) << "* " << recordParam(M)
         << " = reinterpret_cast<const " << vectorType(M.Elem) << "*>("
         << M.Name << "_records_.get(kernel_name_, {";
      for (size_t I = 0; I < M.Grids.size(); ++I)
        OS << (I ? ", " : "") << "&" << M.Grids[I];
      OS << "}, " << O << ".Stream));\n";
    }
    std::vector<std::string> Args;
    for (const Param &P : K.Params) {
      int Field = 0;
      switch (P.Kind) {
      case ParamKind::In:
        if (!mergeGroupOf(P.Name, Field))
          Args.push_back(P.Name + ".data()");
        break;
      case ParamKind::Out:
      case ParamKind::InOut:
        Args.push_back(P.Name + ".data()"); // mutable data(): bumps version()
        break;
      case ParamKind::Histogram:
        Args.push_back(P.Name + ".data()");
        Args.push_back(P.Name + ".size()");
        Args.push_back("&device_->" + P.Name);
        break;
      case ParamKind::Scalar:
        Args.push_back(P.Name);
        break;
      default: // reductions: the slots, or the scratch struct's field
        Args.push_back((selfResetting() ? "device_->" : "&device_->") + P.Name);
        break;
      }
    }
    for (const MergeGroup &M : K.Merged)
      Args.push_back(recordParam(M));
    for (const Uniform &U : K.Uniforms)
      Args.push_back(localName(U.Name));
    if (K.Sched.StreamDim >= 0)
      Args.push_back("points_per_thread_");
    for (const std::string &A : Cache.launchArgs())
      Args.push_back(A);
    Args.push_back("domain_");
    std::string ArgList;
    for (size_t I = 0; I < Args.size(); ++I)
      ArgList += (I ? ", " : "") + Args[I];
    if (hasHistograms()) {
      OS << histogramLaunch(K, kernelName(), ArgList, O, SmemFor);
    } else {
      OS << "    stencil::detail::LaunchTimer timer_(kernel_name_, grid_, block_, "
         << O << ".Stream);\n";
      OS << "    kernel_<<<grid_, block_, smem_, " << O << ".Stream>>>("
         << ArgList << ");\n";
      OS << "    STENCIL_CUDA_CHECK(cudaGetLastError(), kernel_name_);\n";
      OS << "    timer_.finish();\n";
    }
    if (selfResetting()) {
      OS << "    const stencil::detail::RingEntry entry_ = accumulators_.ring().begin();\n";
      OS << "    " << finalizeName()
         << "<<<1, stencil::detail::ReductionSlots, 32 * sizeof(double), " << O
         << ".Stream>>>(device_, static_cast<" << totalsType()
         << "*>(accumulators_.ring().onDevice(entry_)));\n";
      OS << "    STENCIL_CUDA_CHECK(cudaGetLastError(), kernel_name_);\n";
      OS << "    accumulators_.ring().recorded(kernel_name_, entry_, " << O
         << ".Stream);\n";
      OS << "    return stencil::Pending<" << resultType()
         << ">(kernel_name_, &accumulators_.ring(), entry_, &" << readerName()
         << ");\n";
    }
    OS << "  }\n";
    if (selfResetting()) {
      OS << "  // An empty domain: the identities, without a launch.\n";
      OS << "  " << totalsType() << " identities_;\n";
      for (const Param &P : K.Params)
        if (isReduction(P.Kind))
          OS << "  identities_." << P.Name << " = " << deviceIdentity(P) << ";\n";
      OS << "  return stencil::Pending<" << resultType() << ">(" << readerName()
         << "(&identities_));\n}\n\n} // namespace async\n\n";
      OS << launcherSignature(/*WithDefault=*/false) << " {\n  return async::"
         << K.Name << "(" << launcherArgumentNames() << ").get();\n}\n";
      return OS.str();
    }
    if (Device && !selfResetting())
      OS << "  stencil::detail::copyToHost(kernel_name_, &host_, device_, "
            "sizeof host_, "
         << O << ".Stream);\n";
    for (const Param &P : K.Params)
      if (P.Kind == ParamKind::Histogram)
        OS << "  stencil::detail::checkHistogramFault(kernel_name_, \""
           << P.Name << "\", host_." << P.Name << ", " << P.Name
           << ".size());\n";
    if (hasReductions())
      OS << resultConversion();
    OS << "}\n";
    return OS.str();
  }

  const Kernel &K;
  const EmitOptions &Opts;
  std::string SpecFile;
  std::map<std::string, std::string> Names;
  std::string OptsName = "opts";
  SmemCacheLowering Cache{K};
  bool UsesAt = false;
  bool UsesStride[3] = {false, false, false};
};

} // namespace

EmitResult emitCuda(const Module &M, const EmitOptions &Opts) {
  const std::string Spec = baseName(M.SourceFile.empty() ? "spec.cpp" : M.SourceFile);
  // No header name: the caller writes the header and the CUDA as one
  // stream (header first), so the CUDA includes nothing.
  const std::string &HeaderName = Opts.HeaderName;
  EmitResult R;

  bool AnyHistograms = false;
  for (const Kernel &K : M.Kernels)
    AnyHistograms |= K.hasHistograms();
  std::ostringstream H;
  H << "// " << (HeaderName.empty() ? stem(Spec) + ".h" : baseName(HeaderName))
    << " - generated by stencilc from " << Spec
    << "; do not edit.\n"
    << "// Host API: one function per kernel. Grids are stencil::Grid "
       "(device memory);\n"
    << "// reductions are returned; errors throw stencil::Error.\n"
    << "#pragma once\n\n#include <stencil/runtime.hpp>\n"
    << (AnyHistograms ? "#include <stencil/histogram.hpp>\n" : "") << "\n"
    << "namespace " << Opts.Namespace << " {\n\n";
  for (const Kernel &K : M.Kernels)
    H << KernelEmitter(K, Opts, Spec).headerDecl() << "\n";
  H << "} // namespace " << Opts.Namespace << "\n";
  R.Header = H.str();

  std::ostringstream C;
  C << "// " << stem(Spec) << ".cu - generated by stencilc from " << Spec
    << " for " << Opts.Arch << "; do not edit.\n"
    << (HeaderName.empty() ? "" : "#include \"" + HeaderName + "\"\n\n")
    << "#include <cmath>\n#include <cstdint>\n#include <limits>\n\n"
    << "namespace " << Opts.Namespace << " {\n\n";
  for (const Kernel &K : M.Kernels) {
    KernelEmitter E(K, Opts, Spec);
    C << E.source() << "\n";
  }
  C << "} // namespace " << Opts.Namespace << "\n";
  R.Cuda = C.str();
  return R;
}

} // namespace stencilc
