//===- OccupancyTest.cpp - theoretical occupancy on sm_90 -----------------===//
//
// Expected values worked out by hand from the sm_90 limits (64K registers in
// 4 sub-partitions, 256-register allocation unit per warp, 64 warps, 32
// blocks, 228 KB shared memory with 1 KB reserved per block, 128-byte unit).
//
//===----------------------------------------------------------------------===//
#include "codegen/Occupancy.h"

#include <gtest/gtest.h>

#ifdef STENCILC_HAVE_CUDA_OCCUPANCY_H
#include <cuda_occupancy.h>
#endif

using namespace stencilc;

namespace {

SmLimits hopper() { return *smLimits("sm_90"); }

/// Checks blocks per SM, occupied fraction and limiter of one configuration.
void expectOccupancy(int Threads, int Registers, int Shared, int Blocks,
                     double Fraction, OccupancyLimiter Limiter) {
  Occupancy O = theoreticalOccupancy(hopper(), Threads, Registers, Shared);
  EXPECT_EQ(O.BlocksPerSm, Blocks);
  EXPECT_EQ(O.WarpsPerSm, Blocks * ((Threads + 31) / 32));
  EXPECT_DOUBLE_EQ(O.Fraction, Fraction);
  EXPECT_EQ(O.Limiter, Limiter);
}

TEST(Occupancy, KnowsHopperOnly) {
  EXPECT_TRUE(smLimits("sm_90").has_value());
  EXPECT_TRUE(smLimits("sm_90a").has_value());
  EXPECT_FALSE(smLimits("sm_80").has_value());
  EXPECT_FALSE(smLimits("compute_90").has_value());
}

TEST(Occupancy, FullWhenNothingBinds) {
  // 256 threads x 32 registers: 8 warps of 1024 registers; 16 warps per
  // sub-partition, 64 per SM: 8 blocks by registers and by threads.
  expectOccupancy(256, 32, 0, 8, 1.0, OccupancyLimiter::Threads);
}

TEST(Occupancy, RegistersBind) {
  // 40 registers: 1280 per warp, 12 warps per sub-partition, 48 per SM.
  expectOccupancy(256, 40, 0, 6, 0.75, OccupancyLimiter::Registers);
  // 33 registers round up to 1280 per warp as well (unit of 256).
  EXPECT_EQ(theoreticalOccupancy(hopper(), 256, 33, 0).BlocksPerSm, 6);
  // 64 registers: 8 warps per sub-partition, 4 blocks of 8 warps.
  EXPECT_DOUBLE_EQ(theoreticalOccupancy(hopper(), 256, 64, 0).Fraction, 0.5);
  // 255 registers: 8192 per warp, 2 warps per sub-partition, one block.
  expectOccupancy(256, 255, 0, 1, 0.125, OccupancyLimiter::Registers);
}

TEST(Occupancy, SharedMemoryBinds) {
  // 48 KB + 1 KB reserved per block: 4 blocks in 228 KB.
  expectOccupancy(256, 32, 48 * 1024, 4, 0.5, OccupancyLimiter::SharedMemory);
  // 2 KB of reduction scratch (256 doubles) leaves occupancy at 100%.
  EXPECT_DOUBLE_EQ(theoreticalOccupancy(hopper(), 256, 32, 2048).Fraction, 1.0);
  // The 128-byte unit: 27 KB + 1 KB reserved fits 8 times; 1 byte more does
  // not.
  EXPECT_EQ(
      theoreticalOccupancy(hopper(), 256, 32, 27 * 1024 + 512).BlocksPerSm, 8);
  EXPECT_EQ(
      theoreticalOccupancy(hopper(), 256, 32, 27 * 1024 + 513).BlocksPerSm, 7);
}

TEST(Occupancy, BlockCountBindsSmallBlocks) {
  // One warp per block: 32 blocks is the SM's limit, half the warp slots.
  expectOccupancy(32, 16, 0, 32, 0.5, OccupancyLimiter::Blocks);
}

TEST(Occupancy, PartialWarpsCountWhole) {
  // 100 threads occupy 4 warps.
  expectOccupancy(100, 32, 0, 16, 1.0, OccupancyLimiter::Threads);
}

TEST(Occupancy, TooBigDoesNotRun) {
  EXPECT_EQ(theoreticalOccupancy(hopper(), 256, 32, 227 * 1024 + 1).BlocksPerSm,
            0);
  EXPECT_EQ(theoreticalOccupancy(hopper(), 256, 256, 0).BlocksPerSm, 0);
  EXPECT_EQ(theoreticalOccupancy(hopper(), 2048, 16, 0).BlocksPerSm, 0);
  // 1024 threads x 128 registers need 128K registers: more than the SM has.
  EXPECT_EQ(theoreticalOccupancy(hopper(), 1024, 128, 0).BlocksPerSm, 0);
  EXPECT_EQ(theoreticalOccupancy(hopper(), 1024, 64, 0).BlocksPerSm, 1);
}

#ifdef STENCILC_HAVE_CUDA_OCCUPANCY_H
// NVIDIA's calculator (cuda_occupancy.h) with an H100's properties, over
// block sizes, register counts and shared-memory sizes: the same blocks/SM.
TEST(Occupancy, AgreesWithCudaOccupancyCalculator) {
  cudaOccDeviceProp P;
  P.computeMajor = 9;
  P.computeMinor = 0;
  P.maxThreadsPerBlock = 1024;
  P.maxThreadsPerMultiprocessor = 2048;
  P.regsPerBlock = 65536;
  P.regsPerMultiprocessor = 65536;
  P.warpSize = 32;
  P.sharedMemPerBlock = 48 * 1024;
  P.sharedMemPerMultiprocessor = 228 * 1024;
  P.numSms = 132;
  P.sharedMemPerBlockOptin = 227 * 1024;
  P.reservedSharedMemPerBlock = 1024;
  cudaOccDeviceState State;
  cudaOccFuncAttributes A;
  A.maxThreadsPerBlock = 1024;
  A.sharedSizeBytes = 0;
  A.partitionedGCConfig = PARTITIONED_GC_OFF;
  A.shmemLimitConfig = FUNC_SHMEM_LIMIT_OPTIN; // as a launcher that opts in
  A.maxDynamicSharedSizeBytes = 227 * 1024;
  A.numBlockBarriers = 1;
  int Compared = 0;
  for (int Threads : {32, 64, 96, 100, 128, 192, 256, 384, 512, 768, 1024})
    for (int Registers = 8; Registers <= 255; ++Registers)
      for (int Shared : {0, 128, 2048, 27 * 1024 + 512, 27 * 1024 + 513,
                         48 * 1024, 100000, 227 * 1024}) {
        A.numRegs = Registers;
        cudaOccResult R;
        int Want = cudaOccMaxActiveBlocksPerMultiprocessor(
                       &R, &P, &A, &State, Threads, Shared) == CUDA_OCC_SUCCESS
                       ? R.activeBlocksPerMultiprocessor
                       : 0;
        ASSERT_EQ(theoreticalOccupancy(hopper(), Threads, Registers, Shared)
                      .BlocksPerSm,
                  Want)
            << Threads << " threads, " << Registers << " registers, " << Shared
            << " B shared";
        ++Compared;
      }
  EXPECT_GT(Compared, 20000);
}
#endif

} // namespace
