//===- HistogramModelTest.cpp - the per-launch histogram lowering choice --===//
#include "runtime/include/stencil/histogram_model.hpp"

#include <gtest/gtest.h>

using stencil::HistogramLowering;
using stencil::chooseHistogramLowering;

namespace {

constexpr int64_t H100Optin = 227 * 1024; // cudaDevAttrMaxSharedMemoryPerBlockOptin

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

} // namespace
