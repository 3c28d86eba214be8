//===- TuneVariants.cpp ---------------------------------------------------===//
#include "codegen/passes/TuneVariants.h"

#include "codegen/Verifier.h"
#include "codegen/passes/Tile.h"

#include <algorithm>
#include <vector>

namespace stencilc {

using namespace ir;

namespace {

/// Equal in what a variant may change and what follows from it.
bool sameChoices(const Schedule &A, const Schedule &B) {
  return A.Jam == B.Jam && A.MinBlocks == B.MinBlocks && A.Vec == B.Vec &&
         A.PointsPerThread == B.PointsPerThread && A.Zigzag == B.Zigzag &&
         A.Prefetch == B.Prefetch;
}

/// S with the jam flipped: 2 where it has none, none where it has one; the
/// register bound is what tile's rule gives the new jam. Kernels whose
/// vectors replace a jam (rank 1, or not streamed) keep theirs.
std::optional<Schedule> flipJam(const Kernel &K, Schedule S) {
  if (S.Vec > 1 && S.StreamDim < 0)
    return std::nullopt;
  S.Jam = S.Jam > 1 ? 1 : 2;
  holdJamGroup(S);
  S.MinBlocks = chooseMinBlocks(K, S);
  return S;
}

/// S with the register bound flipped: none where it has one, else one for
/// 48 of an SM's 64 warps.
std::optional<Schedule> flipBound(Schedule S) {
  if (S.MinBlocks > 0) {
    S.MinBlocks = 0;
    return S;
  }
  const int Blocks = occupancyBound(S);
  if (!Blocks)
    return std::nullopt;
  S.MinBlocks = Blocks;
  return S;
}

std::optional<Schedule> halveVector(Schedule S) {
  if (S.Vec < 2)
    return std::nullopt;
  S.Vec /= 2;
  return S;
}

class TuneVariantsPass : public Pass {
public:
  TuneVariantsPass() : Pass(PassID::TuneVariants) {}
  bool run(Kernel &K, const PassOptions &Opts) override {
    if (Opts.TuneVariants <= 0 || !K.Variants.empty())
      return false;
    if (K.Sched.Ring || !K.Cached.empty() || !K.Merged.empty()) {
      K.Remarks.push_back(
          {name(), K.Loc,
           std::string("no schedule variants: ") +
               (K.Sched.Ring        ? "a register ring"
                : !K.Cached.empty() ? "cached in shared memory"
                                    : "merged records") +
               " (its lowering has no jam, bound or vector choice)"});
      return false;
    }
    std::vector<std::optional<Schedule>> Tried;
    const std::optional<Schedule> Jam = flipJam(K, K.Sched);
    Tried.push_back(Jam);
    Tried.push_back(flipBound(K.Sched));
    Tried.push_back(halveVector(K.Sched));
    if (Jam)
      Tried.push_back(flipBound(*Jam));
    std::string Words, Refused;
    for (std::optional<Schedule> &V : Tried) {
      if (!V || int(K.Variants.size()) >= Opts.TuneVariants)
        continue;
      V->Zigzag = chooseZigzag(K, *V);
      V->Prefetch = choosePrefetch(K, *V);
      if (sameChoices(*V, K.Sched) ||
          std::any_of(K.Variants.begin(), K.Variants.end(),
                      [&](const Schedule &O) { return sameChoices(O, *V); }))
        continue;
      Kernel With = K.clone();
      With.Sched = *V;
      const std::vector<std::string> Why = verifyKernel(With);
      if (!Why.empty()) {
        Refused += "; not " + describeVariant(K.Sched, *V) + ": " +
                   withoutKernelPrefix(K, Why.front());
        continue;
      }
      K.Variants.push_back(*V);
      Words += (K.Variants.size() > 1 ? "; " : "") +
               std::to_string(K.Variants.size()) + ": " +
               describeVariant(K.Sched, *V);
    }
    if (K.Variants.empty()) {
      K.Remarks.push_back({name(), K.Loc,
                           "no schedule variants: none differs from tile's "
                           "choice and is valid" +
                               Refused});
      return false;
    }
    K.Remarks.push_back({name(), K.Loc,
                         std::to_string(K.Variants.size()) +
                             " schedule variants for STENCIL_TUNE (" + Words +
                             ")" + Refused});
    return true;
  }
};

} // namespace

std::string describeVariant(const Schedule &S, const Schedule &V) {
  std::vector<std::string> Parts;
  if (V.Jam != S.Jam)
    Parts.push_back(V.Jam > 1 ? "jam " + std::to_string(V.Jam) : "no jam");
  if (V.MinBlocks != S.MinBlocks)
    Parts.push_back(V.MinBlocks > 0
                        ? "registers bounded for " +
                              std::to_string(V.MinBlocks) + " blocks per SM"
                        : "no register bound");
  if (V.Vec != S.Vec)
    Parts.push_back(V.Vec > 1 ? "vectors of " + std::to_string(V.Vec)
                              : "no vectors");
  if (V.PointsPerThread != S.PointsPerThread)
    Parts.push_back("chunks of " + std::to_string(V.PointsPerThread));
  if (V.Prefetch != S.Prefetch)
    Parts.push_back(V.Prefetch ? "prefetch" : "no prefetch");
  if (V.Zigzag != S.Zigzag)
    Parts.push_back(V.Zigzag ? "zig-zag chunks" : "no zig-zag chunks");
  std::string Out;
  for (size_t I = 0; I < Parts.size(); ++I)
    Out += (I ? ", " : "") + Parts[I];
  return Out.empty() ? "the same schedule" : Out;
}

std::unique_ptr<Pass> createTuneVariantsPass() {
  return std::make_unique<TuneVariantsPass>();
}

} // namespace stencilc
