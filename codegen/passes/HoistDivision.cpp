//===- HoistDivision.cpp --------------------------------------------------===//
#include "codegen/passes/HoistDivision.h"

#include "codegen/IRPrinter.h"
#include "codegen/IRVisitor.h"

#include <cctype>
#include <cfloat>
#include <cmath>
#include <cstring>
#include <map>
#include <mutex>

namespace stencilc {

using namespace ir;

namespace {

/// True when E has the same value at every point of a launch.
bool isLaunchUniform(const Expr &E) {
  bool Uniform = true;
  forEachSubExpr(E, [&](const Expr &Sub) {
    if (Sub->Kind == ExprKind::GridRead || Sub->Kind == ExprKind::Index)
      Uniform = false;
    if (const Var *V = as<Var>(Sub))
      Uniform &= V->Scope != VarScope::Local;
  });
  return Uniform;
}

/// A C identifier naming a value derived from divisor D: Prefix + b for a
/// parameter b (rcp_b, mul_b), else Prefix + Ordinal.
std::string derivedName(const char *Prefix, const Expr &D, size_t Ordinal) {
  if (const Var *V = as<Var>(D)) {
    std::string N = Prefix + V->Name;
    for (char &C : N)
      if (!std::isalnum(static_cast<unsigned char>(C)))
        C = '_';
    return N;
  }
  return Prefix + std::to_string(Ordinal);
}

class Hoister : public ExprMutator {
public:
  Hoister(Kernel &K, bool FastMath) : K(K), FastMath(FastMath) {
    // Uniforms an earlier run (or the IR file) made are reused.
    for (const Uniform &U : K.Uniforms) {
      const Binary *B = as<Binary>(U.Value);
      const Call *C = as<Call>(U.Value);
      if (B && B->Op == BinaryOp::Div && B->LHS->Kind == ExprKind::Constant)
        ByDivisor.emplace(printExpr(B->RHS), U.Name);
      else if (C && C->Fn == MathFn::RcpLow)
        LowByDivisor.emplace(printExpr(C->Args[0]), U.Name);
      else if (C && C->Fn == MathFn::IntDivMultiplier)
        Multipliers.emplace(printExpr(C->Args[0]), U.Name);
      else if (C && C->Fn == MathFn::IntDivShifts)
        Shifts.emplace(printExpr(C->Args[0]), U.Name);
      else
        Divisors.emplace(printExpr(U.Value), U.Name);
    }
  }
  SourceLoc CurrentLoc;

protected:
  Expr visitBinary(const Binary &N, const Expr &Self) override {
    Expr Rebuilt = ExprMutator::visitBinary(N, Self);
    const Binary *B = as<Binary>(Rebuilt);
    if (B && (B->Op == BinaryOp::Div || B->Op == BinaryOp::Rem) &&
        B->Ty == Type::Int32 && B->LHS->Ty == Type::Int32 &&
        B->RHS->Ty == Type::Int32 && B->RHS->Kind != ExprKind::Constant &&
        isLaunchUniform(B->RHS))
      return integerDivision(*B);
    if (!B || B->Op != BinaryOp::Div || !isFloat(B->Ty) ||
        !isLaunchUniform(B->RHS))
      return Rebuilt;
    const std::string Text = printExpr(B->RHS);
    const Constant *C = as<Constant>(B->RHS);
    if (C && isExactReciprocal(C->FloatValue, B->Ty)) {
      const Expr R = Constant::makeFloat(1.0 / C->FloatValue, B->Ty);
      K.Remarks.push_back({passName(PassID::HoistDivision), CurrentLoc,
                           "division by the power of two '" + Text +
                               "' became a multiply by " + printExpr(R) +
                               " (the same value: both round one number)"});
      return Binary::make(BinaryOp::Mul, B->LHS, R);
    }
    if (FastMath)
      return Binary::make(BinaryOp::Mul, B->LHS,
                          reciprocalOf(B->RHS, Text).first);
    const OneStep Proof =
        C ? oneCorrectionProved(C->FloatValue, B->Ty) : OneStep::NotProved;
    Expr D = divisorOf(B->RHS);
    auto [Rcp, Low] = reciprocalOf(D, Text, Proof);
    if (Proof != OneStep::NotProved)
      return Call::make(MathFn::ExactDiv1, {B->LHS, D, Rcp});
    return Call::make(MathFn::ExactDiv, {B->LHS, D, Rcp, Low});
  }

private:
  /// The divisor the kernel divides by: D itself when it is a parameter or a
  /// constant, else a uniform holding D, so that the host computes the
  /// reciprocal from the very value the device divides by (the host compiler
  /// may contract a product into an FMA where the device does not).
  Expr divisorOf(const Expr &D) {
    if (D->Kind == ExprKind::Var || D->Kind == ExprKind::Constant)
      return D;
    return uniformOf(Divisors, D, "div_" + std::to_string(K.Uniforms.size()),
                     D);
  }

  /// The uniform Known holds for Key, else a new one named Name of value
  /// Value (each divisor's values are computed once per launch, however
  /// often it divides).
  Expr uniformOf(std::map<std::string, std::string> &Known, const Expr &Key,
                 const std::string &Name, const Expr &Value) {
    auto [It, New] = Known.try_emplace(printExpr(Key), Name);
    if (New)
      K.Uniforms.push_back(Uniform{Name, Value->Ty, Value});
    return Var::make(It->second, VarScope::Uniform, Value->Ty);
  }

  /// An i32 n / d or n % d by a divisor fixed for the launch (not a
  /// constant: nvcc already multiplies by those): int_div or int_rem from
  /// the multiplier and shifts the host computes once per launch
  /// (stencil/detail/exact_division.hpp), the same value as the division.
  Expr integerDivision(const Binary &B) {
    const std::string Text = printExpr(B.RHS);
    Expr D = divisorOf(B.RHS);
    auto Helper = [&](std::map<std::string, std::string> &Known, MathFn Fn,
                      const char *Prefix) {
      return uniformOf(Known, D, derivedName(Prefix, D, K.Uniforms.size()),
                       Call::make(Fn, {D}));
    };
    Expr M = Helper(Multipliers, MathFn::IntDivMultiplier, "mul_");
    Expr S = Helper(Shifts, MathFn::IntDivShifts, "shift_");
    const bool Quotient = B.Op == BinaryOp::Div;
    K.Remarks.push_back(
        {passName(PassID::HoistDivision), CurrentLoc,
         std::string("integer ") + (Quotient ? "division" : "remainder") +
             " by '" + Text + "' uses %" + as<Var>(M)->Name + " and %" +
             as<Var>(S)->Name +
             ", computed once per launch: a multiply-high and two shifts, "
             "the same value as the division"});
    return Call::make(Quotient ? MathFn::IntDiv : MathFn::IntRem,
                      {B.LHS, D, M, S});
  }

  /// The uniform rcp_low(D), the low word of 1 / D (exact_div's fourth
  /// argument).
  Expr reciprocalLowOf(const Expr &D) {
    return uniformOf(LowByDivisor, D,
                     derivedName("rcplo_", D, K.Uniforms.size()),
                     Call::make(MathFn::RcpLow, {D}));
  }

  /// The uniform 1 / D, and for an exact division whose Proof of one
  /// correction is NotProved also the uniform rcp_low(D) (else null). Text
  /// is the divisor as the spec wrote it.
  std::pair<Expr, Expr> reciprocalOf(const Expr &D, const std::string &Text,
                                     OneStep Proof = OneStep::NotProved) {
    const Expr Rcp = uniformOf(
        ByDivisor, D, derivedName("rcp_", D, K.Uniforms.size()),
        Binary::make(BinaryOp::Div, Constant::makeFloat(1.0, D->Ty), D));
    const Expr Low =
        !FastMath && Proof == OneStep::NotProved ? reciprocalLowOf(D) : nullptr;
    const std::string Said =
        "%" + as<Var>(Rcp)->Name + " = 1 / " + Text +
        (Low ? " and its low word %" + as<Var>(Low)->Name : std::string()) +
        ", computed once per launch";
    K.Remarks.push_back(
        {passName(PassID::HoistDivision), CurrentLoc,
         FastMath
             ? "division by '" + Text + "' became a multiply by " + Said +
                   " (--fast-math: may differ from the division in the "
                   "last ulp)"
             : "division by '" + Text + "' uses " + Said + howExact(Proof)});
    return {Rcp, Low};
  }

  Kernel &K;
  bool FastMath;
  /// The rest of the remark on an exact division.
  static std::string howExact(OneStep Proof) {
    switch (Proof) {
    case OneStep::ReciprocalClose:
      return ", and one FMA correction: its reciprocal lies within u/2 of "
             "1 / d, so every quotient rounds exactly as the division does";
    case OneStep::Tried:
      return ", and one FMA correction, which rounds every quotient exactly "
             "as the division does (tried on every significand)";
    case OneStep::NotProved:
      break;
    }
    return ": a multiply and three FMAs that round exactly as the division "
           "does";
  }

  std::map<std::string, std::string> ByDivisor;    ///< divisor -> 1 / divisor
  std::map<std::string, std::string> LowByDivisor; ///< divisor -> rcp_low
  std::map<std::string, std::string> Divisors;     ///< expression -> uniform
  std::map<std::string, std::string> Multipliers; ///< i32 divisor -> multiplier
  std::map<std::string, std::string> Shifts;      ///< i32 divisor -> shifts
};

class HoistDivisionPass : public Pass {
public:
  HoistDivisionPass() : Pass(PassID::HoistDivision) {}
  bool run(Kernel &K, const PassOptions &Opts) override {
    size_t Before = K.Remarks.size();
    Hoister H(K, Opts.FastMath);
    rewrite(H, K.Body);
    return K.Remarks.size() != Before;
  }

private:
  static void rewrite(Hoister &H, Block &B) {
    for (StmtPtr &S : B) {
      H.CurrentLoc = S->Loc;
      S->Value = H.mutate(S->Value);
      S->Index = H.mutate(S->Index);
      S->Cond = H.mutate(S->Cond);
      rewrite(H, S->Then);
      rewrite(H, S->Else);
    }
  }
};

} // namespace

bool exactDivisionNeedsOneStep(float D) {
  // Each divisor is tried once per process (kernels and passes repeat them).
  static std::mutex Lock;
  static std::map<float, bool> Tried;
  const std::lock_guard<std::mutex> Hold(Lock);
  auto [It, New] = Tried.try_emplace(D, false);
  if (New)
    It->second = exactDivisionNeedsOneStep(D, 1.0f / D);
  return It->second;
}

bool exactDivisionNeedsOneStep(float D, float R) {
  if (!std::isnormal(D) || !std::isnormal(R))
    return false;
  // Every significand of a in [1, 2): the quotient correctly rounded is
  // the double quotient rounded to float (24-bit operands: a double
  // rounding could only err within 2^-53 of a float midpoint, and no such
  // quotient of 24-bit numbers lies that close without lying on it, which
  // needs D a power of two).
  for (uint32_t M = 0; M < (1u << 23); ++M) {
    const uint32_t Bits = 0x3f800000u | M;
    float A;
    std::memcpy(&A, &Bits, sizeof A);
    const float Q = A * R;
    const float Q1 = std::fmaf(std::fmaf(-Q, D, A), R, Q);
    if (Q1 != float(double(A) / double(D)))
      return false;
  }
  return true;
}

bool reciprocalIsClose(double D, Type T) {
  // |D * RN(1/D) - 1| <= u/2 (u = 2^-p): then a * RN(1/D) lies within
  // |a/D| u/2 < ulp(a/D)/2 of a/D (ulp(x) > |x| u), so its rounding is
  // faithful for every a in the fast path's range, and Markstein's
  // correction rounds it exactly (docs/passes/hoist-division.md). D * RN(1/D)
  // - 1 is exact in one FMA.
  if (T == Type::Float32) {
    const float F = float(D);
    const float R = 1.0f / F;
    return std::isnormal(F) && std::isnormal(R) &&
           std::fabs(std::fmaf(F, R, -1.0f)) <= 0x1p-25f;
  }
  const double R = 1.0 / D;
  return std::isnormal(D) && std::isnormal(R) &&
         std::fabs(std::fma(D, R, -1.0)) <= 0x1p-54;
}

OneStep oneCorrectionProved(double D, Type T) {
  if (reciprocalIsClose(D, T))
    return OneStep::ReciprocalClose;
  if (T == Type::Float32 && exactDivisionNeedsOneStep(float(D)))
    return OneStep::Tried;
  return OneStep::NotProved;
}

bool isExactReciprocal(double D, Type T) {
  if (!std::isfinite(D) || D == 0.0)
    return false;
  int Exp = 0;
  if (std::frexp(std::fabs(D), &Exp) != 0.5)
    return false; // not a power of two
  const double Min = T == Type::Float32 ? FLT_MIN : DBL_MIN;
  const double Max = T == Type::Float32 ? FLT_MAX : DBL_MAX;
  const double R = std::fabs(1.0 / D);
  return R >= Min && R <= Max;
}

std::unique_ptr<Pass> createHoistDivisionPass() {
  return std::make_unique<HoistDivisionPass>();
}

} // namespace stencilc
