//===- ValueRange.h - the values an integer expression can take -----------===//
//
// An interval [Lo, Hi] that holds every value an integer (or bool) expression
// of a kernel can take at any point, from its operands' types and constants:
// a grid element or a scalar parameter can be any value of its type, a
// coordinate any non-negative int, `x % 3` lies in (-3, 3) and has x's sign,
// comparisons are 0 or 1. Arithmetic that may leave its type's range (and
// wrap on the device) gives the whole type. A local counts as its
// initialiser when nothing assigns it afterwards, as its type otherwise.
//
// A floating-point expression that always holds an integer (a constant such
// as 1.0, an int converted to double, sums and products of those that stay
// exact) has an integral range too (ValueRanges::integral).
//
// lower-histograms asks it for the values added to an int64, float or double
// histogram: when each point adds at most a few units, the block's private
// counters can be 32-bit integers
// (docs/passes/lower-histograms.md#narrow-counters).
//
//===----------------------------------------------------------------------===//
#ifndef STENCILC_CODEGEN_VALUERANGE_H
#define STENCILC_CODEGEN_VALUERANGE_H

#include "codegen/IR.h"

#include <cstdint>
#include <map>
#include <optional>
#include <string>

namespace stencilc::ir {

struct ValueRange {
  int64_t Lo = 0, Hi = 0; ///< inclusive
  /// The largest magnitude in the range (saturated at INT64_MAX).
  int64_t magnitude() const;
  bool operator==(const ValueRange &O) const {
    return Lo == O.Lo && Hi == O.Hi;
  }
};

/// Every value of an integer or bool type.
ValueRange typeRange(Type T);

/// The ranges of one kernel's integer expressions (its locals' initialisers
/// collected once).
class ValueRanges {
public:
  explicit ValueRanges(const Kernel &K);
  /// The range of E; nullopt when E is not of an integer or bool type.
  std::optional<ValueRange> of(const Expr &E) const;
  /// The range of E when E holds an integer at every point: of(E) for an
  /// integer or bool E; for a float or double E, when it is an integral
  /// constant, an integer converted exactly, or a negation, selection, sum,
  /// difference or product of such whose every value the type holds exactly
  /// (a float's integers up to 2^24, a double's up to 2^53); else nullopt.
  std::optional<ValueRange> integral(const Expr &E) const;

private:
  std::optional<ValueRange> integralFloat(const Expr &E, int Depth) const;
  ValueRange range(const Expr &E, int Depth) const;
  ValueRange local(const std::string &Name, Type T, int Depth) const;
  std::map<std::string, Expr> SingleInit; ///< locals never assigned
};

/// Whether a histogram of element type T may count in 32-bit private
/// counters (narrow): int64, float and double (int is 32-bit already).
bool narrowCounterType(Type T);

/// The most one point of K adds to a bin of histogram Hist in magnitude: the
/// sum over its updates (each counted once, whatever branch it sits in) of
/// the largest magnitude each adds; 0 when an update may add a value that is
/// not an integer, or when the sum reaches 2^31 (2^19 for a float histogram,
/// so that a warp's 32 updates summed in float stay exact).
int64_t histogramNarrowBound(const Kernel &K, const std::string &Hist);

} // namespace stencilc::ir

#endif // STENCILC_CODEGEN_VALUERANGE_H
