//===- Occupancy.cpp ------------------------------------------------------===//
#include "codegen/Occupancy.h"

#include <limits>

namespace stencilc {

namespace {

constexpr int WarpSize = 32;

int roundUp(int X, int Unit) { return (X + Unit - 1) / Unit * Unit; }

} // namespace

std::optional<SmLimits> smLimits(const std::string &Arch) {
  // Hopper (compute capability 9.0): CUDA C++ Programming Guide, table
  // "Technical Specifications per Compute Capability", and the 1 KB per
  // block that the driver reserves since sm_80.
  if (Arch == "sm_90" || Arch == "sm_90a")
    return SmLimits{/*RegistersPerSm=*/65536,
                    /*RegisterSubPartitions=*/4,
                    /*RegisterGranularity=*/256,
                    /*MaxRegistersPerThread=*/255,
                    /*MaxThreadsPerSm=*/2048,
                    /*MaxBlocksPerSm=*/32,
                    /*SharedBytesPerSm=*/228 * 1024,
                    /*SharedBytesPerBlock=*/227 * 1024,
                    /*SharedReservedPerBlock=*/1024,
                    /*SharedGranularity=*/128};
  return std::nullopt;
}

const char *limiterName(OccupancyLimiter L) {
  switch (L) {
  case OccupancyLimiter::Registers:
    return "registers";
  case OccupancyLimiter::SharedMemory:
    return "shared memory";
  case OccupancyLimiter::Threads:
    return "threads";
  case OccupancyLimiter::Blocks:
    return "blocks";
  }
  return "?";
}

Occupancy theoreticalOccupancy(const SmLimits &L, int ThreadsPerBlock,
                               int RegistersPerThread,
                               int SharedBytesPerBlock) {
  Occupancy O;
  if (ThreadsPerBlock <= 0 || ThreadsPerBlock > 1024 ||
      RegistersPerThread > L.MaxRegistersPerThread ||
      SharedBytesPerBlock > L.SharedBytesPerBlock)
    return O; // cannot launch: BlocksPerSm stays 0
  const int WarpsPerBlock = (ThreadsPerBlock + WarpSize - 1) / WarpSize;
  const int WarpSlots = L.MaxThreadsPerSm / WarpSize;

  // Registers: allocated per warp in units of RegisterGranularity, and a warp
  // lives in one sub-partition of the register file, so the warps that fit
  // are counted per sub-partition.
  int ByRegisters = std::numeric_limits<int>::max();
  if (RegistersPerThread > 0) {
    const int PerWarp =
        roundUp(RegistersPerThread * WarpSize, L.RegisterGranularity);
    if (PerWarp * WarpsPerBlock > L.RegistersPerSm)
      return O;
    const int WarpsPerPartition =
        L.RegistersPerSm / L.RegisterSubPartitions / PerWarp;
    ByRegisters = WarpsPerPartition * L.RegisterSubPartitions / WarpsPerBlock;
  }

  // Shared memory: every block also holds the driver's reserved share.
  const int SharedPerBlock = roundUp(
      SharedBytesPerBlock + L.SharedReservedPerBlock, L.SharedGranularity);
  const int BySharedMemory = SharedPerBlock
                                 ? L.SharedBytesPerSm / SharedPerBlock
                                 : std::numeric_limits<int>::max();

  const int ByThreads = WarpSlots / WarpsPerBlock;

  // At full occupancy the warp slots are the limit, whatever else ties.
  O.BlocksPerSm = ByThreads;
  O.Limiter = OccupancyLimiter::Threads;
  auto Consider = [&](int Blocks, OccupancyLimiter Why) {
    if (Blocks < O.BlocksPerSm) {
      O.BlocksPerSm = Blocks;
      O.Limiter = Why;
    }
  };
  Consider(L.MaxBlocksPerSm, OccupancyLimiter::Blocks);
  Consider(ByRegisters, OccupancyLimiter::Registers);
  Consider(BySharedMemory, OccupancyLimiter::SharedMemory);
  O.WarpsPerSm = O.BlocksPerSm * WarpsPerBlock;
  O.Fraction = double(O.WarpsPerSm) / WarpSlots;
  return O;
}

} // namespace stencilc
