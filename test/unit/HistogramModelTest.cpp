//===- HistogramModelTest.cpp - the per-launch histogram lowering choice --===//
#include "runtime/include/stencil/histogram_model.hpp"

#include <gtest/gtest.h>

using stencil::chooseHistogramLowering;
using stencil::HistogramLowering;

namespace {

constexpr int64_t H100Optin =
    227 * 1024; // cudaDevAttrMaxSharedMemoryPerBlockOptin

TEST(HistogramModel, SharedWhenTheBinsFit) {
  for (int64_t Bins : {1, 10, 100, 1000, 10000})
    EXPECT_EQ(chooseHistogramLowering(Bins, 4, false, H100Optin),
              HistogramLowering::SharedPrivatized)
        << Bins;
  for (int64_t Bins : {100, 1000, 10000})
    EXPECT_EQ(chooseHistogramLowering(Bins, 8, true, H100Optin),
              HistogramLowering::SharedPrivatized)
        << Bins;
}

TEST(HistogramModel, FloatCountersAggregateTheWarpAtFewBins) {
  EXPECT_EQ(chooseHistogramLowering(1, 8, true, H100Optin),
            HistogramLowering::SharedWarpAggregated);
  EXPECT_EQ(chooseHistogramLowering(10, 4, true, H100Optin),
            HistogramLowering::SharedWarpAggregated);
  EXPECT_EQ(chooseHistogramLowering(33, 8, true, H100Optin),
            HistogramLowering::SharedPrivatized);
}

TEST(HistogramModel, PlainAtomicsWhenTheBinsDoNotFit) {
  EXPECT_EQ(chooseHistogramLowering(100000, 4, false, H100Optin),
            HistogramLowering::PlainAtomic);
  EXPECT_EQ(chooseHistogramLowering(30000, 8, true, H100Optin),
            HistogramLowering::PlainAtomic);
  EXPECT_EQ(chooseHistogramLowering(10000000, 8, true, H100Optin),
            HistogramLowering::PlainAtomic);
  // The boundary is the shared-memory capacity, not a fixed bin count.
  int64_t Max = stencil::histogramSharedMaxBins(4, H100Optin);
  EXPECT_EQ(chooseHistogramLowering(Max, 4, false, H100Optin),
            HistogramLowering::SharedPrivatized);
  EXPECT_EQ(chooseHistogramLowering(Max + 1, 4, false, H100Optin),
            HistogramLowering::PlainAtomic);
  EXPECT_EQ(chooseHistogramLowering(1000, 4, false, 2048),
            HistogramLowering::PlainAtomic);
}

TEST(HistogramModel, EmptyHistogramNeverPrivatises) {
  EXPECT_EQ(chooseHistogramLowering(0, 4, false, H100Optin),
            HistogramLowering::PlainAtomic);
}

TEST(HistogramModel, SeveralHistogramsShareTheSharedMemory) {
  using stencil::HistogramShape;
  // Each fits alone (20000 x 8 = 160 KB); together they do not.
  const HistogramShape TwoLarge[] = {{20000, 8, true}, {20000, 8, false}};
  EXPECT_EQ(chooseHistogramLowering(TwoLarge, 2, H100Optin),
            HistogramLowering::PlainAtomic);
  EXPECT_EQ(chooseHistogramLowering(TwoLarge, 1, H100Optin),
            HistogramLowering::SharedPrivatized);
  // A float histogram of few bins makes the whole kernel aggregate the warp.
  const HistogramShape Mixed[] = {{5000, 4, false}, {10, 8, true}};
  EXPECT_EQ(chooseHistogramLowering(Mixed, 2, H100Optin),
            HistogramLowering::SharedWarpAggregated);
  // Empty histograms take no shared memory; all empty: nothing to privatise.
  const HistogramShape Empty[] = {{0, 4, false}, {0, 8, true}};
  EXPECT_EQ(chooseHistogramLowering(Empty, 2, H100Optin),
            HistogramLowering::PlainAtomic);
  // Copies are 8-byte aligned: 3 int bins take 16 bytes.
  EXPECT_EQ(stencil::histogramSharedBytes({3, 4, false}), 16);
}

TEST(HistogramModel, PrivatizedBlockGrowsWithTheBins) {
  using stencil::HistogramShape;
  const HistogramShape FewInt[] = {{100, 4, false}};
  const HistogramShape FewDouble[] = {{100, 8, true}};
  const HistogramShape ManyDouble[] = {{1000, 8, true}};
  const HistogramShape Both[] = {{10, 4, false}, {5000, 4, false}};
  EXPECT_EQ(stencil::histogramPrivatizedBlockThreads(FewInt, 1), 512);
  EXPECT_EQ(stencil::histogramPrivatizedBlockThreads(FewDouble, 1), 256);
  EXPECT_EQ(stencil::histogramPrivatizedBlockThreads(ManyDouble, 1), 1024);
  EXPECT_EQ(stencil::histogramPrivatizedBlockThreads(Both, 2), 1024);
}

TEST(HistogramModel, RangesForTheReport) {
  stencil::HistogramLoweringRange R[8];
  int N = stencil::histogramLoweringRanges(8, true, H100Optin, R, 8);
  ASSERT_EQ(N, 3);
  EXPECT_EQ(R[0].Lowering, HistogramLowering::SharedWarpAggregated);
  EXPECT_EQ(R[0].FirstBins, 1);
  EXPECT_EQ(R[0].LastBins, stencil::histogramWarpAggregateMaxBins);
  EXPECT_EQ(R[1].Lowering, HistogramLowering::SharedPrivatized);
  EXPECT_EQ(R[1].FirstBins, stencil::histogramWarpAggregateMaxBins + 1);
  EXPECT_EQ(R[1].LastBins, stencil::histogramSharedMaxBins(8, H100Optin));
  EXPECT_EQ(R[2].Lowering, HistogramLowering::PlainAtomic);
  EXPECT_EQ(R[2].FirstBins, stencil::histogramSharedMaxBins(8, H100Optin) + 1);
  EXPECT_EQ(R[2].LastBins, -1);
  // The ranges agree with the choice at every boundary.
  for (int I = 0; I < N; ++I) {
    EXPECT_EQ(chooseHistogramLowering(R[I].FirstBins, 8, true, H100Optin),
              R[I].Lowering);
    if (R[I].LastBins > 0) {
      EXPECT_EQ(chooseHistogramLowering(R[I].LastBins, 8, true, H100Optin),
                R[I].Lowering);
    }
  }
  // Too little shared memory for one bin: plain atomics throughout.
  N = stencil::histogramLoweringRanges(4, false, 1024, R, 8);
  ASSERT_EQ(N, 1);
  EXPECT_EQ(R[0].Lowering, HistogramLowering::PlainAtomic);
}

TEST(HistogramModel, SharedMemoryPerTarget) {
  EXPECT_EQ(stencil::sharedBytesPerBlockOptin(90), H100Optin);
  EXPECT_EQ(stencil::sharedBytesPerBlockOptin(80), 163 * 1024);
  EXPECT_EQ(stencil::sharedBytesPerBlockOptin(86), 99 * 1024);
  EXPECT_EQ(stencil::sharedBytesPerBlockOptin(70), 96 * 1024);
}

} // namespace
