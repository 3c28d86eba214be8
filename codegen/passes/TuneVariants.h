//===- TuneVariants.h - other schedules for the autotuner ----------------===//
//
// `tune-variants` (with --tune-variants=N; off by default) gives a kernel up
// to N schedule variants (ir::Kernel::Variants): the schedule `tile` chose
// with one or two of the choices its rules make from a model flipped, the
// ones the measurements show to be kernel-dependent (docs/performance.md,
// session 32: on the H200 the best jam and register bound of five rank-2
// stars were 3-8% apart, and no rule picked every best). In order, each
// taken where the verifier accepts it and it differs from those before:
//  1. the unroll-and-jam factor: 2 where tile chose none, none where it
//     chose one (with the register bound tile's rule gives that jam);
//  2. the register bound: none where tile chose one, else one for 75%
//     occupancy (48 of 64 warps on sm_90: 1536 threads per SM);
//  3. the vector width halved (kernels with vectors);
//  4. the jam and the bound both.
// Register rings, shared-memory-cached kernels and merged records keep
// their schedule (their lowering leaves no such choice). The emitter
// compiles each variant as a launcher of its own; the kernel's launcher
// runs variant N when LaunchOptions::Variant is N, which STENCIL_TUNE's
// candidates include (stencil/detail/tuning.hpp). The grids each variant
// writes are bitwise those of the kernel's own schedule (the same
// expressions, per point); sums differ only in their order of additions.
//
//===----------------------------------------------------------------------===//
#ifndef STENCILC_CODEGEN_PASSES_TUNEVARIANTS_H
#define STENCILC_CODEGEN_PASSES_TUNEVARIANTS_H

#include "codegen/Pass.h"

#include <string>

namespace stencilc {
std::unique_ptr<Pass> createTuneVariantsPass();
/// How variant V differs from the kernel's schedule S, in words:
/// "jam 2, no register bound".
std::string describeVariant(const ir::Schedule &S, const ir::Schedule &V);
} // namespace stencilc

#endif
