//===- Occupancy.h - theoretical occupancy of a kernel launch -------------===//
//
// How many blocks of a kernel fit on one SM at once, and what fraction of the
// SM's warp slots they fill, from the per-thread registers and per-block
// shared memory that ptxas reports (`--report=ptxas`) and the block size of
// the kernel's schedule. This is the arithmetic of NVIDIA's occupancy
// calculator (cuda_occupancy.h): each resource gives a block limit and the
// smallest one wins. It knows the limits of sm_90 only and says so for any
// other architecture rather than guess.
//
//===----------------------------------------------------------------------===//
#ifndef STENCILC_CODEGEN_OCCUPANCY_H
#define STENCILC_CODEGEN_OCCUPANCY_H

#include <optional>
#include <string>

namespace stencilc {

/// Per-SM and per-block resources of one GPU architecture.
struct SmLimits {
  int RegistersPerSm;        ///< 32-bit registers in the register file
  int RegisterSubPartitions; ///< the file is split evenly between these
  int RegisterGranularity;   ///< registers are allocated per warp, in units of
                             ///< this
  int MaxRegistersPerThread;
  int MaxThreadsPerSm;
  int MaxBlocksPerSm;
  int SharedBytesPerSm;       ///< the largest shared-memory carveout
  int SharedBytesPerBlock;    ///< the most one block may use (static + dynamic)
  int SharedReservedPerBlock; ///< the driver's own share of every block
  int SharedGranularity;      ///< shared memory is allocated in units of this
};

/// The limits of ARCH ("sm_90", "sm_90a"), or nullopt for an architecture
/// whose limits stencilc does not know.
std::optional<SmLimits> smLimits(const std::string &Arch);

/// The resource that bounds the number of resident blocks.
enum class OccupancyLimiter { Registers, SharedMemory, Threads, Blocks };
const char *limiterName(OccupancyLimiter L);

struct Occupancy {
  int BlocksPerSm = 0; ///< 0: the block cannot run at all (too big)
  int WarpsPerSm = 0;
  double Fraction = 0.0; ///< resident warps / the SM's warp slots
  OccupancyLimiter Limiter = OccupancyLimiter::Blocks;
};

/// The theoretical occupancy of blocks of ThreadsPerBlock threads that use
/// RegistersPerThread registers and SharedBytesPerBlock bytes of shared
/// memory (static + dynamic). Ties between limiters name the first of
/// threads, blocks, registers, shared memory.
Occupancy theoreticalOccupancy(const SmLimits &L, int ThreadsPerBlock,
                               int RegistersPerThread, int SharedBytesPerBlock);

} // namespace stencilc

#endif
