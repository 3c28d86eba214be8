// stencil/runtime.hpp - the thin runtime that stencilc's generated code and
// its users' host code compile against (header-only, C++17, nvcc).
//
// For users and generated code alike: the one header to include. It
// includes every header of the runtime but stencil/histogram.hpp; each holds
// one concern and says who it is for (docs/runtime.md, "Headers").
//
// What the runtime owns, and nothing more; public, for users:
//   stencil/error.hpp           stencil::Error and STENCIL_CUDA_CHECK: every
//                               CUDA call is checked; the exception names the
//                               kernel (or Grid operation) and CUDA's error.
//   stencil/profiler.hpp        the STENCIL_PROFILE=1 per-kernel timing table,
//                               printed at exit.
//   stencil/device_grid.hpp     stencil::Grid<T, R>: device memory of given
//                               extents, copies to and from stencil::HostGrid,
//                               a version counter and an identity (merge-arrays
//                               repacks its records only when a grid changed).
//   stencil/launch_options.hpp  stencil::LaunchOptions: region, block shape,
//                               stream, lowering overrides.
//   stencil/pending.hpp         stencil::Pending: an async:: launch's result.
//   stencil/stop_rule.hpp       stencil::StopRule: NAME_until's stopping rule
//                               as data, evaluated on the device.
// Internal, for generated code (stencil/detail/): the small helpers generated
// kernels share:
//   launch.hpp (domain and launch shapes), result_ring.hpp and
//   accumulators.hpp (where reductions and histogram faults land),
//   numerics.hpp (min/max), atomics.hpp and reduction.hpp (device side),
//   records.hpp (merge-arrays' record arrays), sweeps.hpp (the multi-sweep
//   launchers' ping-pong bookkeeping).
// stencil/histogram.hpp (histogram lowerings) is included by the generated
// code of kernels with histograms.
// Layout is row-major (the last index contiguous), as in stencil/grid.hpp.
#ifndef STENCIL_RUNTIME_HPP
#define STENCIL_RUNTIME_HPP

// The includes of the single-file runtime.hpp, first and in its order: a
// program that relied on them still compiles, and nvcc's host compiler sees
// the declarations in the same order (g++ -O3 inlined the CPU reference of
// examples/himeno differently with these after the headers below).
#include <stencil/grid.hpp>
#include <stencil/histogram_model.hpp>

#include <cuda_runtime.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <map>
#include <mutex>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>
#include <initializer_list>

// In the order the code reads: each header after those it uses.
#include <stencil/error.hpp>
#include <stencil/profiler.hpp>
#include <stencil/device_grid.hpp>
#include <stencil/launch_options.hpp>
#include <stencil/detail/launch.hpp>
#include <stencil/detail/boundary.hpp>
#include <stencil/detail/exact_division.hpp>
#include <stencil/detail/result_ring.hpp>
#include <stencil/detail/accumulators.hpp>
#include <stencil/detail/numerics.hpp>
#include <stencil/detail/atomics.hpp>
#include <stencil/detail/reduction.hpp>
#include <stencil/detail/records.hpp>
#include <stencil/detail/tune_cache.hpp>
#include <stencil/detail/tuning.hpp>
#include <stencil/detail/sweeps.hpp>
#include <stencil/pending.hpp>
#include <stencil/stop_rule.hpp>

#endif // STENCIL_RUNTIME_HPP
