// Host-only stand-in for <stencil/runtime.hpp>, for bench/suite's g++ build
// (scripts/test.d/bench-suite, no CUDA): the generated headers need only the
// names of the types their launchers take. Nothing here can launch; the
// suite's device lambdas are never instantiated without __CUDACC__.
#ifndef STENCIL_SUITE_HOST_RUNTIME_HPP
#define STENCIL_SUITE_HOST_RUNTIME_HPP

#include <stencil/grid.hpp>

namespace stencil {
template <class T, int R> class Grid;
template <class Result> class Pending;
struct LaunchOptions {};
/// The header names each reduction as a value of a stop rule
/// (stencil/stop_rule.hpp): only the names here.
template <class Result> struct StopValue {
  static StopValue reduction(int) { return {}; }
};
template <class Result> class StopRule;
} // namespace stencil

#endif
