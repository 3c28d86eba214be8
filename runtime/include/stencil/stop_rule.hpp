// stencil/stop_rule.hpp - stopping rules over a kernel's reductions that the
// device evaluates: NAME_until's second overload (docs/passes/fuse-sweeps.md,
// "Stop rules").
//
// For users: a rule is written with the kernel's reductions, numbers, + - * /,
// sqrt, abs, comparisons and && || !, e.g. for Jacobi's residual
//
//   namespace R = gpu::helmholtz_sweep_stop;
//   auto done = !(sqrt(R::error) / double(n * m) > tol);
//   gpu::helmholtz_sweep_until(u, f, uold, ..., max_sweeps, done);
//
// The rule is data, a short postfix program, not a host function: the fused
// launches evaluate it on the device after each sweep, so NAME_until queues
// launches ahead of the host instead of waiting for each launch's results.
// The host evaluates the same program on the results it reads, with the same
// operations rounded once each (no contraction, sqrt correctly rounded on
// both), and the launcher checks that both found the same first sweep.
// Values are the reductions' result fields converted to double.
#ifndef STENCIL_STOP_RULE_HPP
#define STENCIL_STOP_RULE_HPP

#include <stencil/error.hpp>

#include <cmath>
#include <cstdint>
#include <string>

#ifdef __CUDACC__
#define STENCIL_STOP_HD __host__ __device__
#else
#define STENCIL_STOP_HD
#endif

namespace stencil {
namespace detail {

/// The operations of a stop program; each pops its operands and pushes its
/// result (comparisons and logic push 1 or 0).
enum class StopCode : int32_t {
  Value,    ///< push the reduction Index's value
  Constant, ///< push Constant
  Add,
  Sub,
  Mul,
  Div,
  Neg,
  Sqrt,
  Abs,
  Less,
  LessEqual,
  Greater,
  GreaterEqual,
  Equal,
  NotEqual,
  And,
  Or,
  Not,
};

struct StopOp {
  StopCode Code;
  int32_t Index;   ///< StopCode::Value
  double Constant; ///< StopCode::Constant
};

/// The most operations a rule may have: the program is a kernel parameter of
/// the fused finalize (16 bytes an operation).
constexpr int MaxStopOps = 32;

/// A rule as its postfix program; Size 0 is no rule.
struct StopProgram {
  int32_t Size = 0;
  StopOp Ops[MaxStopOps];
};

/// Each operation rounded once: the intrinsics on the device (nvcc contracts
/// a * b + c into an FMA otherwise), the plain operators on the host, where
/// an interpreted program has no expression to contract.
STENCIL_STOP_HD inline double stopArith(StopCode Code, double A, double B) {
#ifdef __CUDA_ARCH__
  switch (Code) {
  case StopCode::Add:
    return __dadd_rn(A, B);
  case StopCode::Sub:
    return __dsub_rn(A, B);
  case StopCode::Mul:
    return __dmul_rn(A, B);
  default:
    return __ddiv_rn(A, B);
  }
#else
  switch (Code) {
  case StopCode::Add:
    return A + B;
  case StopCode::Sub:
    return A - B;
  case StopCode::Mul:
    return A * B;
  default:
    return A / B;
  }
#endif
}

STENCIL_STOP_HD inline double stopSqrt(double A) {
#ifdef __CUDA_ARCH__
  return __dsqrt_rn(A);
#else
  return std::sqrt(A);
#endif
}

/// Whether the program holds for Values (a reduction's value at its index).
/// A program built by StopRule is well formed; its result is true when not
/// zero (a NaN comparison is false, as in C++).
STENCIL_STOP_HD inline bool stopHolds(const StopProgram &P,
                                      const double *Values) {
  double Stack[MaxStopOps];
  int Top = 0;
  for (int I = 0; I < P.Size; ++I) {
    const StopOp &Op = P.Ops[I];
    switch (Op.Code) {
    case StopCode::Value:
      Stack[Top++] = Values[Op.Index];
      continue;
    case StopCode::Constant:
      Stack[Top++] = Op.Constant;
      continue;
    case StopCode::Neg:
      Stack[Top - 1] = -Stack[Top - 1];
      continue;
    case StopCode::Sqrt:
      Stack[Top - 1] = stopSqrt(Stack[Top - 1]);
      continue;
    case StopCode::Abs:
      Stack[Top - 1] = Stack[Top - 1] < 0.0 ? -Stack[Top - 1] : Stack[Top - 1];
      continue;
    case StopCode::Not:
      Stack[Top - 1] = Stack[Top - 1] == 0.0 ? 1.0 : 0.0;
      continue;
    default:
      break;
    }
    const double B = Stack[--Top], A = Stack[Top - 1];
    double R = 0.0;
    switch (Op.Code) {
    case StopCode::Less:
      R = A < B;
      break;
    case StopCode::LessEqual:
      R = A <= B;
      break;
    case StopCode::Greater:
      R = A > B;
      break;
    case StopCode::GreaterEqual:
      R = A >= B;
      break;
    case StopCode::Equal:
      R = A == B;
      break;
    case StopCode::NotEqual:
      R = A != B;
      break;
    case StopCode::And:
      R = A != 0.0 && B != 0.0;
      break;
    case StopCode::Or:
      R = A != 0.0 || B != 0.0;
      break;
    default:
      R = stopArith(Op.Code, A, B);
    }
    Stack[Top - 1] = R;
  }
  return Top == 1 && Stack[0] != 0.0;
}

/// A's operations, then B's, then Code.
inline StopProgram stopJoin(const StopProgram &A, const StopProgram &B,
                            StopCode Code) {
  if (A.Size + B.Size + 1 > MaxStopOps)
    throw Error("stop rule", "more than " + std::to_string(MaxStopOps) +
                                 " operations (values, numbers and "
                                 "operators); write a shorter rule");
  StopProgram P = A;
  for (int I = 0; I < B.Size; ++I)
    P.Ops[P.Size++] = B.Ops[I];
  P.Ops[P.Size++] = StopOp{Code, 0, 0.0};
  return P;
}

} // namespace detail

template <class Result> class StopRule;

/// A number computed from the reductions of the kernel whose result type is
/// Result: one of them (gpu::NAME_stop::REDUCTION), a number, or an
/// arithmetic expression of those. Converts implicitly from double.
template <class Result> class StopValue {
public:
  StopValue(double Constant) {
    P.Size = 1;
    P.Ops[0] = detail::StopOp{detail::StopCode::Constant, 0, Constant};
  }
  /// The Index-th reduction of the kernel (the generated NAME_stop names
  /// them).
  static StopValue reduction(int Index) {
    StopValue V(0.0);
    V.P.Ops[0] = detail::StopOp{detail::StopCode::Value, Index, 0.0};
    return V;
  }
  const detail::StopProgram &program() const { return P; }

  friend StopValue operator+(const StopValue &A, const StopValue &B) {
    return join(A, B, detail::StopCode::Add);
  }
  friend StopValue operator-(const StopValue &A, const StopValue &B) {
    return join(A, B, detail::StopCode::Sub);
  }
  friend StopValue operator*(const StopValue &A, const StopValue &B) {
    return join(A, B, detail::StopCode::Mul);
  }
  friend StopValue operator/(const StopValue &A, const StopValue &B) {
    return join(A, B, detail::StopCode::Div);
  }
  friend StopValue operator-(const StopValue &A) {
    return unary(A, detail::StopCode::Neg);
  }
  /// Correctly rounded, on the host and the device.
  friend StopValue sqrt(const StopValue &A) {
    return unary(A, detail::StopCode::Sqrt);
  }
  friend StopValue abs(const StopValue &A) {
    return unary(A, detail::StopCode::Abs);
  }
  friend StopValue fabs(const StopValue &A) {
    return unary(A, detail::StopCode::Abs);
  }
  friend StopRule<Result> operator<(const StopValue &A, const StopValue &B) {
    return compare(A, B, detail::StopCode::Less);
  }
  friend StopRule<Result> operator<=(const StopValue &A, const StopValue &B) {
    return compare(A, B, detail::StopCode::LessEqual);
  }
  friend StopRule<Result> operator>(const StopValue &A, const StopValue &B) {
    return compare(A, B, detail::StopCode::Greater);
  }
  friend StopRule<Result> operator>=(const StopValue &A, const StopValue &B) {
    return compare(A, B, detail::StopCode::GreaterEqual);
  }
  friend StopRule<Result> operator==(const StopValue &A, const StopValue &B) {
    return compare(A, B, detail::StopCode::Equal);
  }
  friend StopRule<Result> operator!=(const StopValue &A, const StopValue &B) {
    return compare(A, B, detail::StopCode::NotEqual);
  }

private:
  static StopValue join(const StopValue &A, const StopValue &B,
                        detail::StopCode Code) {
    StopValue V(0.0);
    V.P = detail::stopJoin(A.P, B.P, Code);
    return V;
  }
  static StopValue unary(const StopValue &A, detail::StopCode Code) {
    StopValue V(0.0);
    V.P = detail::stopJoin(A.P, detail::StopProgram(), Code);
    return V;
  }
  static StopRule<Result> compare(const StopValue &A, const StopValue &B,
                                  detail::StopCode Code) {
    return StopRule<Result>(detail::stopJoin(A.P, B.P, Code));
  }
  detail::StopProgram P;
};

/// A condition on the reductions of the kernel whose result type is Result:
/// a comparison of StopValues, or && || ! of conditions. NAME_until stops
/// after the first sweep for which it holds.
template <class Result> class StopRule {
public:
  explicit StopRule(const detail::StopProgram &P) : P(P) {}
  const detail::StopProgram &program() const { return P; }
  /// Whether it holds for Values (the reductions' values in order, as
  /// doubles), on the host.
  bool holds(const double *Values) const {
    return detail::stopHolds(P, Values);
  }

  friend StopRule operator&&(const StopRule &A, const StopRule &B) {
    return StopRule(detail::stopJoin(A.P, B.P, detail::StopCode::And));
  }
  friend StopRule operator||(const StopRule &A, const StopRule &B) {
    return StopRule(detail::stopJoin(A.P, B.P, detail::StopCode::Or));
  }
  friend StopRule operator!(const StopRule &A) {
    return StopRule(
        detail::stopJoin(A.P, detail::StopProgram(), detail::StopCode::Not));
  }

private:
  detail::StopProgram P;
};

} // namespace stencil

#endif // STENCIL_STOP_RULE_HPP
