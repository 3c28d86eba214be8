// stencil/mpi.hpp - stencil::MpiCommunicator: one MPI rank per GPU, host
// collectives through MPI, halo rows through NCCL (docs/distributed.md).
//
//   auto Comm = stencil::MpiCommunicator::create(&argc, &argv);
//   stencil::Decomposition<3> D(E, Comm);     // one slab per rank
//   stencil::DistGrid<float, 3> p(D, gpu::jacobi_halo, host_p);
//   gpu::jacobi(p, ...);                      // the same call on every rank
//
// Start with `mpirun -np N prog`; rank r drives device (local rank r on its
// host) mod (the host's device count). Needs <mpi.h> and <nccl.h>: compile
// with `mpicxx --showme:compile` flags and link -lmpi -lnccl
// (examples/CMakeLists.txt, scripts/gpu-roundtrip). MPI is started here
// unless the program started it, and finalized when the communicator that
// started it goes away.
//
// NCCL's device transfers need nothing CUDA-aware from MPI: MPI only
// broadcasts NCCL's unique id and carries the host collectives (epochs of
// the halo bookkeeping, reductions' partial results, errors).
#ifndef STENCIL_MPI_HPP
#define STENCIL_MPI_HPP

#include <stencil/communicator.hpp>
#include <stencil/error.hpp>

#include <cuda_runtime.h>
#include <mpi.h>
#include <nccl.h>

#include <algorithm>
#include <climits>
#include <memory>
#include <string>

namespace stencil {

namespace detail {

inline void mpiCheck(int Status, const char *What) {
  if (Status == MPI_SUCCESS)
    return;
  char Text[MPI_MAX_ERROR_STRING];
  int Length = 0;
  MPI_Error_string(Status, Text, &Length);
  throw Error("MPI",
              std::string(What) + ": " + std::string(Text, size_t(Length)));
}

inline void ncclCheck(ncclResult_t Status, const char *What) {
  if (Status != ncclSuccess)
    throw Error("NCCL", std::string(What) + ": " + ncclGetErrorString(Status));
}

} // namespace detail

class MpiCommunicator final : public Communicator {
public:
  /// Starts MPI (unless the program did) and NCCL on every rank of
  /// MPI_COMM_WORLD. Collective.
  static std::shared_ptr<MpiCommunicator> create(int *Argc = nullptr,
                                                 char ***Argv = nullptr) {
    return std::shared_ptr<MpiCommunicator>(new MpiCommunicator(Argc, Argv));
  }
  ~MpiCommunicator() override {
    if (Nccl)
      (void)ncclCommDestroy(Nccl);
    if (Owned)
      (void)MPI_Comm_free(&World);
    if (StartedMpi)
      (void)MPI_Finalize();
  }
  MpiCommunicator(const MpiCommunicator &) = delete;
  MpiCommunicator &operator=(const MpiCommunicator &) = delete;

  int rank() const override { return Rank; }
  int size() const override { return Size; }
  int device() const override { return Device; }
  std::string name() const override { return "MPI + NCCL"; }

  void allgather(const void *Send, size_t Bytes, void *Recv) override {
    if (Bytes > size_t(INT_MAX))
      throw Error("MpiCommunicator::allgather",
                  std::to_string(Bytes) + " bytes per rank is too large");
    detail::mpiCheck(MPI_Allgather(Send, int(Bytes), MPI_BYTE, Recv, int(Bytes),
                                   MPI_BYTE, World),
                     "MPI_Allgather");
  }
  void allreduceMax(uint64_t *Values, size_t Count) override {
    detail::mpiCheck(MPI_Allreduce(MPI_IN_PLACE, Values, int(Count),
                                   MPI_UINT64_T, MPI_MAX, World),
                     "MPI_Allreduce");
  }
  void broadcast(void *Data, size_t Bytes, int Root) override {
    // MPI counts are ints: 1 GiB at a time.
    constexpr size_t Chunk = size_t(1) << 30;
    char *P = static_cast<char *>(Data);
    for (size_t Done = 0; Done < Bytes; Done += Chunk)
      detail::mpiCheck(MPI_Bcast(P + Done, int(std::min(Chunk, Bytes - Done)),
                                 MPI_BYTE, Root, World),
                       "MPI_Bcast");
  }

  void groupBegin() override {
    detail::ncclCheck(ncclGroupStart(), "ncclGroupStart");
  }
  void send(const void *Data, size_t Bytes, int Peer,
            cudaStream_t Stream) override {
    detail::ncclCheck(ncclSend(Data, Bytes, ncclChar, Peer, Nccl, Stream),
                      "ncclSend");
  }
  void recv(void *Data, size_t Bytes, int Peer, cudaStream_t Stream) override {
    detail::ncclCheck(ncclRecv(Data, Bytes, ncclChar, Peer, Nccl, Stream),
                      "ncclRecv");
  }
  void groupEnd() override {
    detail::ncclCheck(ncclGroupEnd(), "ncclGroupEnd");
  }
  void allreduceSum(void *Data, size_t Count, Elem Type,
                    cudaStream_t Stream) override {
    static constexpr ncclDataType_t Types[] = {
        ncclInt32, ncclInt64, ncclUint32, ncclUint64, ncclFloat32, ncclFloat64};
    detail::ncclCheck(ncclAllReduce(Data, Data, Count, Types[int(Type)],
                                    ncclSum, Nccl, Stream),
                      "ncclAllReduce");
  }

  /// The MPI communicator the ranks share (a duplicate of MPI_COMM_WORLD).
  MPI_Comm mpi() const { return World; }

private:
  MpiCommunicator(int *Argc, char ***Argv) {
    int Started = 0;
    detail::mpiCheck(MPI_Initialized(&Started), "MPI_Initialized");
    if (!Started) {
      detail::mpiCheck(MPI_Init(Argc, Argv), "MPI_Init");
      StartedMpi = true;
    }
    detail::mpiCheck(MPI_Comm_dup(MPI_COMM_WORLD, &World), "MPI_Comm_dup");
    Owned = true;
    // Errors come back as return codes, which become stencil::Error.
    detail::mpiCheck(MPI_Comm_set_errhandler(World, MPI_ERRORS_RETURN),
                     "MPI_Comm_set_errhandler");
    detail::mpiCheck(MPI_Comm_rank(World, &Rank), "MPI_Comm_rank");
    detail::mpiCheck(MPI_Comm_size(World, &Size), "MPI_Comm_size");
    // The rank among those on this host picks the device.
    MPI_Comm Host;
    detail::mpiCheck(MPI_Comm_split_type(World, MPI_COMM_TYPE_SHARED, Rank,
                                         MPI_INFO_NULL, &Host),
                     "MPI_Comm_split_type");
    int Local = 0;
    const int Status = MPI_Comm_rank(Host, &Local);
    MPI_Comm_free(&Host);
    detail::mpiCheck(Status, "MPI_Comm_rank");
    int Count = 0;
    STENCIL_CUDA_CHECK(cudaGetDeviceCount(&Count), "MpiCommunicator");
    if (Count == 0)
      throw Error("MpiCommunicator",
                  "rank " + std::to_string(Rank) + " sees no CUDA device");
    Device = Local % Count;
    STENCIL_CUDA_CHECK(cudaSetDevice(Device), "MpiCommunicator");
    ncclUniqueId Id;
    if (Rank == 0)
      detail::ncclCheck(ncclGetUniqueId(&Id), "ncclGetUniqueId");
    broadcast(&Id, sizeof Id, 0);
    detail::ncclCheck(ncclCommInitRank(&Nccl, Size, Id, Rank),
                      "ncclCommInitRank");
  }

  MPI_Comm World = MPI_COMM_NULL;
  bool Owned = false, StartedMpi = false;
  int Rank = 0, Size = 1, Device = 0;
  ncclComm_t Nccl = nullptr;
};

} // namespace stencil

#endif // STENCIL_MPI_HPP
