//===- LowerHistograms.cpp ------------------------------------------------===//
#include "codegen/passes/LowerHistograms.h"

#include "codegen/ValueRange.h"
#include "runtime/include/stencil/histogram_model.hpp"

#include <string>

namespace stencilc {

using namespace ir;

namespace {

int counterBytes(Type T) {
  return T == Type::Int32 || T == Type::Float32 ? 4 : 8;
}

std::string binRange(const stencil::HistogramLoweringRange &R) {
  if (R.LastBins < 0)
    return std::to_string(R.FirstBins) + " bins and above";
  if (R.LastBins == R.FirstBins)
    return std::to_string(R.FirstBins) + (R.FirstBins == 1 ? " bin" : " bins");
  return std::to_string(R.FirstBins) + ".." + std::to_string(R.LastBins) +
         " bins";
}

class LowerHistogramsPass : public Pass {
public:
  LowerHistogramsPass() : Pass(PassID::LowerHistograms) {}
  bool run(Kernel &K, const PassOptions &Opts) override {
    int Histograms = 0;
    for (const Param &P : K.Params)
      Histograms += P.Kind == ParamKind::Histogram;
    if (!Histograms || K.Histograms == HistogramLowering::Auto)
      return false;
    K.Histograms = HistogramLowering::Auto;
    const int64_t Shared = stencil::sharedBytesPerBlockOptin(Opts.SmVersion);
    for (Param &P : K.Params) {
      if (P.Kind != ParamKind::Histogram)
        continue;
      narrowCounters(K, P, Shared);
      stencil::HistogramLoweringRange Ranges[8];
      int N = stencil::histogramLoweringRanges(
          counterBytes(P.Elem), isFloat(P.Elem), Shared, Ranges, 8);
      std::string M = "'" + P.Name + "' (" + typeName(P.Elem) +
                      " counters): chosen per launch; on sm_" +
                      std::to_string(Opts.SmVersion) + " (" +
                      std::to_string(Shared / 1024) +
                      " KiB shared memory per block): ";
      for (int I = 0; I < N; ++I)
        M += std::string(I ? ", " : "") +
             stencil::histogramLoweringName(Ranges[I].Lowering) + " for " +
             binRange(Ranges[I]);
      K.Remarks.push_back({name(), P.Loc, M});
    }
    if (Histograms > 1)
      K.Remarks.push_back(
          {name(), K.Loc,
           std::to_string(Histograms) +
               " histograms share one lowering: privatised only when their "
               "private copies fit in shared memory together"});
    return true;
  }

private:
  /// An int64, float or double histogram to which each point adds a
  /// bounded integer: a block's private copy can count in 32-bit integer
  /// words when the launch's points times that bound stay below 2^31 (the
  /// launcher checks; else its own type). One atomic add per update instead
  /// of an int64's low word's add, its carry and the high word's add, or a
  /// float's compare-and-swap loop (the SM has no floating-point atomics in
  /// shared memory); half an int64's or double's shared memory per bin.
  void narrowCounters(Kernel &K, Param &P, int64_t Shared) {
    if (!narrowCounterType(P.Elem))
      return;
    P.NarrowBound = histogramNarrowBound(K, P.Name);
    if (P.NarrowBound == 0)
      return;
    const int64_t Points = 0x7fffffff / P.NarrowBound;
    stencil::HistogramLoweringRange Ranges[8];
    const int N = stencil::histogramLoweringRanges(4, false, Shared, Ranges, 8);
    std::string Private;
    for (int I = 0; I < N; ++I)
      if (stencil::isSharedHistogramLowering(Ranges[I].Lowering))
        Private = " (privatised up to " + std::to_string(Ranges[I].LastBins) +
                  " bins then)";
    K.Remarks.push_back({name(), P.Loc,
                         "'" + P.Name + "': each point adds at most " +
                             std::to_string(P.NarrowBound) +
                             " to it: 32-bit private counters" + Private +
                             " on launches of at most " +
                             std::to_string(Points) + " points, " +
                             (P.Elem == Type::Int64     ? "64-bit"
                              : P.Elem == Type::Float32 ? "float"
                                                        : "double") +
                             " above"});
  }
};

} // namespace

std::unique_ptr<Pass> createLowerHistogramsPass() {
  return std::make_unique<LowerHistogramsPass>();
}

} // namespace stencilc
