//===- SweepsTest.cpp - the multi-sweep launchers' bookkeeping
//-------------===//
//
// stencil/detail/sweeps.hpp on the host (against the fake CUDA runtime, as
// DistGridTest): how n sweeps split into launches, and whose ring each sweep
// reads as the newest state moves between the two buffers.
//
//===----------------------------------------------------------------------===//
#include "fake_cuda/cuda_runtime.h"
#include <stencil/detail/sweeps.hpp>

#include <gtest/gtest.h>

#include <numeric>
#include <vector>

using stencil::detail::PingPong;
using stencil::detail::sweepBatches;

namespace {

TEST(Sweeps, BatchesEndWithOneSweepAndAddUp) {
  EXPECT_TRUE(sweepBatches(0, 2).empty());
  EXPECT_EQ(sweepBatches(1, 2), std::vector<int>({1}));
  EXPECT_EQ(sweepBatches(2, 2), std::vector<int>({1, 1}));
  EXPECT_EQ(sweepBatches(5, 2), std::vector<int>({2, 2, 1}));
  EXPECT_EQ(sweepBatches(6, 4), std::vector<int>({4, 1, 1}));
  EXPECT_EQ(sweepBatches(7, 1), std::vector<int>(7, 1));
  // Depths outside 1..MaxSweepDepth are clamped.
  EXPECT_EQ(sweepBatches(4, 9), std::vector<int>({3, 1}));
  EXPECT_EQ(sweepBatches(3, 0), std::vector<int>({1, 1, 1}));
  for (int N = 1; N < 40; ++N)
    for (int D = 1; D <= stencil::detail::MaxSweepDepth; ++D) {
      const std::vector<int> B = sweepBatches(N, D);
      EXPECT_EQ(std::accumulate(B.begin(), B.end(), 0), N);
      EXPECT_EQ(B.back(), 1);
      for (int K : B)
        EXPECT_TRUE(K >= 1 && K <= D);
    }
}

TEST(Sweeps, EachSweepReadsTheRingTheLoopWould) {
  double A = 0, B = 0;
  PingPong<double> P(&A, &B);
  // The unfused loop: sweep t reads the buffer `state` started in when t is
  // odd, the other when t is even, whatever the launches were.
  for (int Steps : {2, 3, 1, 4, 1}) {
    for (int S = 1; S <= Steps; ++S)
      EXPECT_EQ(P.ring(P.Done + S), (P.Done + S) % 2 ? &A : &B);
    const double *Before = P.Cur;
    P.advance(Steps);
    EXPECT_NE(P.Cur, Before); // a launch writes the other buffer
  }
  EXPECT_EQ(P.Done, 11);
  P.undo(1);
  EXPECT_EQ(P.Done, 10);
}

} // namespace
