// stencil/detail/fill_rule.hpp - when a launch may take fewer points per
// thread than compiled.
//
// pointsToFill (launch.hpp) halves a launch-bound grid's points per thread
// while this holds; the emitter asks the same function whether a kernel's
// compiled count can be halved at all, and prints the pointsToFill line (and
// a mutable points_per_thread_) only then. Plain C++ (no CUDA), so that both
// read one rule.
#ifndef STENCIL_DETAIL_FILL_RULE_HPP
#define STENCIL_DETAIL_FILL_RULE_HPP

namespace stencil::detail {

/// True when Points halves without going below Least points per thread (a
/// jammed kernel's groups of Jam points need that many; at least 1).
constexpr bool canHalvePoints(int Points, int Least) {
  return Points / 2 >= (Least > 1 ? Least : 1);
}

} // namespace stencil::detail

#endif // STENCIL_DETAIL_FILL_RULE_HPP
