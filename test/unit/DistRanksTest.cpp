//===- DistRanksTest.cpp - distributed grids over several ranks, on the host
//===//
//
// stencil/distributed.hpp with a stencil::Communicator of several ranks, on
// the fake CUDA runtime (test/unit/fake_cuda): each rank is a forked process
// holding only its own piece, and the communicator is a mesh of socket pairs
// (host collectives as MPI would give them, device sends and receives as
// NCCL would, the fake's device memory being host memory). What MPI and NCCL
// do on the GPU machine (scripts/multi-gpu) is checked here for its logic:
// the ranks agree on which halos are stale, pair their sends and receives,
// combine reductions in piece order on every rank, gather the whole grid on
// every rank, sum histograms over the ranks, and all throw when one rank's
// launch fails.
//
//===----------------------------------------------------------------------===//
#include "fake_cuda/cuda_runtime.h"

#include <stencil/detail/accumulators.hpp>
#include <stencil/detail/numerics.hpp>
#include <stencil/distributed.hpp>
#include <stencil/stencil.hpp>

#include "Sweep2Launcher.h"

#include <gtest/gtest.h>

#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstring>
#include <functional>
#include <memory>
#include <random>
#include <string>
#include <utility>
#include <vector>

using namespace stencil;
using namespace sweep2test;

namespace {

/// Ranks as processes joined by socket pairs; rank r talks to rank q over
/// Fd[r][q]. Messages are small (unit-test grids), below the sockets'
/// buffers, so a group's sends can all go before its receives.
class SocketCommunicator final : public Communicator {
public:
  SocketCommunicator(int Rank, std::vector<int> Fds)
      : Me(Rank), Fds(std::move(Fds)) {}
  int rank() const override { return Me; }
  int size() const override { return int(Fds.size()); }
  int device() const override { return Me % 2; } // the fake has two
  std::string name() const override { return "sockets"; }

  void allgather(const void *Send, size_t Bytes, void *Recv) override {
    for (int Q = 0; Q < size(); ++Q)
      if (Q != Me)
        put(Q, Send, Bytes);
    for (int Q = 0; Q < size(); ++Q) {
      char *To = static_cast<char *>(Recv) + size_t(Q) * Bytes;
      if (Q == Me)
        std::memcpy(To, Send, Bytes);
      else
        get(Q, To, Bytes);
    }
    ++Collectives;
  }
  void allreduceMax(uint64_t *Values, size_t Count) override {
    std::vector<uint64_t> All(Count * size_t(size()));
    allgather(Values, Count * sizeof(uint64_t), All.data());
    for (size_t I = 0; I < Count; ++I)
      for (int Q = 0; Q < size(); ++Q)
        Values[I] = std::max(Values[I], All[size_t(Q) * Count + I]);
  }
  void broadcast(void *Data, size_t Bytes, int Root) override {
    if (Me == Root) {
      for (int Q = 0; Q < size(); ++Q)
        if (Q != Me)
          put(Q, Data, Bytes);
    } else {
      get(Root, Data, Bytes);
    }
  }
  void groupBegin() override {
    EXPECT_FALSE(InGroup);
    InGroup = true;
  }
  void send(const void *Data, size_t Bytes, int Peer, cudaStream_t) override {
    EXPECT_TRUE(InGroup);
    Sends.push_back({Peer, const_cast<void *>(Data), Bytes});
  }
  void recv(void *Data, size_t Bytes, int Peer, cudaStream_t) override {
    EXPECT_TRUE(InGroup);
    Recvs.push_back({Peer, Data, Bytes});
  }
  void groupEnd() override {
    InGroup = false;
    for (const Transfer &T : Sends)
      put(T.Peer, T.Data, T.Bytes);
    for (const Transfer &T : Recvs)
      get(T.Peer, T.Data, T.Bytes);
    Sent += Sends.size();
    Received += Recvs.size();
    Sends.clear();
    Recvs.clear();
  }

  void allreduceSum(void *Data, size_t Count, Elem Type,
                    cudaStream_t) override {
    const size_t Size =
        Type == Elem::Int32 || Type == Elem::UInt32 || Type == Elem::Float32
            ? 4
            : 8;
    std::vector<char> All(Count * Size * size_t(size()));
    allgather(Data, Count * Size, All.data());
    for (size_t I = 0; I < Count; ++I) // in rank order, as NCCL need not
      switch (Type) {
      case Elem::Int32:
        sum<int32_t>(Data, All, I, Count);
        break;
      case Elem::Int64:
        sum<int64_t>(Data, All, I, Count);
        break;
      case Elem::UInt32:
        sum<uint32_t>(Data, All, I, Count);
        break;
      case Elem::UInt64:
        sum<uint64_t>(Data, All, I, Count);
        break;
      case Elem::Float32:
        sum<float>(Data, All, I, Count);
        break;
      case Elem::Float64:
        sum<double>(Data, All, I, Count);
        break;
      }
  }

  size_t Sent = 0, Received = 0, Collectives = 0;

private:
  template <class T>
  void sum(void *Data, const std::vector<char> &All, size_t I, size_t Count) {
    T Total = 0;
    for (int Q = 0; Q < size(); ++Q)
      Total += reinterpret_cast<const T *>(All.data())[size_t(Q) * Count + I];
    static_cast<T *>(Data)[I] = Total;
  }
  struct Transfer {
    int Peer;
    void *Data;
    size_t Bytes;
  };
  // Each message carries its length, so a mismatched pairing is caught.
  void put(int Q, const void *Data, size_t Bytes) {
    const uint64_t N = Bytes;
    write(Q, &N, sizeof N);
    write(Q, Data, Bytes);
  }
  void get(int Q, void *Data, size_t Bytes) {
    uint64_t N = 0;
    read(Q, &N, sizeof N);
    if (N != Bytes)
      throw Error("SocketCommunicator",
                  "rank " + std::to_string(Me) + " expected " +
                      std::to_string(Bytes) + " bytes from rank " +
                      std::to_string(Q) + ", got " + std::to_string(N));
    read(Q, Data, Bytes);
  }
  void write(int Q, const void *Data, size_t Bytes) {
    const char *P = static_cast<const char *>(Data);
    while (Bytes) {
      const ssize_t N = ::write(Fds[size_t(Q)], P, Bytes);
      if (N <= 0)
        throw Error("SocketCommunicator", "write failed");
      P += N;
      Bytes -= size_t(N);
    }
  }
  void read(int Q, void *Data, size_t Bytes) {
    char *P = static_cast<char *>(Data);
    while (Bytes) {
      const ssize_t N = ::read(Fds[size_t(Q)], P, Bytes);
      if (N <= 0)
        throw Error("SocketCommunicator", "peer closed");
      P += N;
      Bytes -= size_t(N);
    }
  }

  int Me;
  std::vector<int> Fds;
  bool InGroup = false;
  std::vector<Transfer> Sends, Recvs;
};

/// Runs Body(comm) in Ranks forked processes; true when every one exited 0
/// (a failed EXPECT or an exception in a rank exits 1). gtest's output of a
/// rank goes to the terminal as usual.
bool runRanks(
    int Ranks,
    const std::function<void(std::shared_ptr<SocketCommunicator>)> &Body) {
  std::vector<std::vector<int>> Fd(size_t(Ranks),
                                   std::vector<int>(size_t(Ranks), -1));
  for (int A = 0; A < Ranks; ++A)
    for (int B = A + 1; B < Ranks; ++B) {
      int Pair[2];
      if (socketpair(AF_UNIX, SOCK_STREAM, 0, Pair) != 0)
        return false;
      Fd[size_t(A)][size_t(B)] = Pair[0];
      Fd[size_t(B)][size_t(A)] = Pair[1];
    }
  std::vector<pid_t> Children;
  for (int R = 0; R < Ranks; ++R) {
    const pid_t Pid = fork();
    if (Pid == 0) {
      int Status = 0;
      try {
        Body(std::make_shared<SocketCommunicator>(R, Fd[size_t(R)]));
        Status = ::testing::Test::HasFailure() ? 1 : 0;
      } catch (const std::exception &E) {
        std::fprintf(stderr, "rank %d: %s\n", R, E.what());
        Status = 1;
      }
      std::fflush(nullptr);
      _exit(Status);
    }
    Children.push_back(Pid);
  }
  for (auto &Row : Fd)
    for (int F : Row)
      if (F >= 0)
        close(F);
  bool Ok = true;
  for (pid_t Pid : Children) {
    int Status = 0;
    waitpid(Pid, &Status, 0);
    Ok = Ok && WIFEXITED(Status) && WEXITSTATUS(Status) == 0;
  }
  return Ok;
}

HostGrid<double, 2> pattern(const Extents<2> &E, uint64_t Seed) {
  HostGrid<double, 2> H(E);
  std::mt19937_64 Rng(Seed);
  for (int64_t I = 0; I < H.size(); ++I)
    H.data()[I] = std::uniform_real_distribution<double>(-1, 1)(Rng);
  return H;
}

} // namespace

TEST(DistRanks, SweepsMatchTheWholeGridOnEveryRank) {
  for (int Ranks : {2, 3}) {
    SCOPED_TRACE(std::to_string(Ranks) + " ranks");
    const bool Ok = runRanks(Ranks, [&](std::shared_ptr<SocketCommunicator> C) {
      const Extents<2> E{17, 9};
      const HostGrid<double, 2> U0 = pattern(E, 4), F = pattern(E, 5);
      const Decomposition<2> D(E, C);
      ASSERT_TRUE(D.ranked());
      for (int P = 0; P < D.pieces(); ++P) {
        EXPECT_EQ(D.owner(P), P);
        EXPECT_EQ(D.local(P), P == C->rank());
        EXPECT_EQ(D.device(P), P % 2); // every rank's device, allgathered
      }
      DistGrid<double, 2> u(D, Halo{1, 1}, U0), v(D, Halo{1, 1}, U0);
      const DistGrid<double, 2> f(D, Halo{1, 1}, F);
      for (int P = 0; P < D.pieces(); ++P) // only its own piece is allocated
        EXPECT_EQ(std::as_const(u).piece(P).data() != nullptr, P == C->rank());
      HostGrid<double, 2> ur = U0, vr = U0;
      for (int S = 0; S < 4; ++S) {
        // Odd sweeps exchange beside the launches (three parts per piece),
        // even ones first.
        const Sweep2Result Got =
            distSweep2(u, f, v, 0.8, overlapped(S % 2 == 1));
        double Res = 0, Change = 0;
        reference(sweep2, ur, F, vr, Res, Change, 0.8);
        const HostGrid<double, 2> Whole = v.gather(); // on every rank
        EXPECT_EQ(std::memcmp(Whole.data(), vr.data(),
                              size_t(vr.size()) * sizeof(double)),
                  0)
            << "sweep " << S;
        EXPECT_EQ(Got.change, Change);
        EXPECT_NEAR(Got.res, Res, 1e-12 * Res);
        swap(u, v);
        std::swap(ur, vr);
      }
      // Sweep 0 read u as scattered (current); sweeps 1 to 3 read what the
      // sweep before wrote: its halo rows crossed ranks each time, one row
      // each way per neighbour; f, read at the centre, never.
      const int Me = C->rank(), Last = C->size() - 1;
      const size_t Neighbours = size_t(Me > 0) + size_t(Me < Last);
      EXPECT_EQ(C->Received, 3 * Neighbours);
      EXPECT_EQ(C->Sent, 3 * Neighbours);
      EXPECT_EQ(f.traffic().Copies, 0u);
      // u is what sweep 3 wrote: its rows cross once, then, with nothing
      // changed since, nothing crosses.
      u.exchangeHalos("k", 1, 1);
      EXPECT_EQ(C->Received, 4 * Neighbours);
      u.exchangeHalos("k", 1, 1);
      EXPECT_EQ(C->Received, 4 * Neighbours);
    });
    EXPECT_TRUE(Ok);
  }
}

TEST(DistRanks, AFailureOnOneRankThrowsOnEveryRank) {
  const bool Ok = runRanks(2, [](std::shared_ptr<SocketCommunicator> C) {
    const Extents<2> E{12, 6};
    const HostGrid<double, 2> U0 = pattern(E, 7);
    const Decomposition<2> D(E, C);
    DistGrid<double, 2> u(D, Halo{1, 1}, U0), v(D, Halo{1, 1}, U0);
    const DistGrid<double, 2> f(D, Halo{1, 1}, U0);
    try {
      distSweep2(u, f, v, 0.5, overlapped(true), /*FailOnRank=*/1);
      ADD_FAILURE() << "rank " << C->rank() << ": no error";
    } catch (const Error &Err) {
      EXPECT_NE(std::string(Err.what())
                    .find("rank 1 of 2 failed: stencil: sweep2: a CUDA error "
                          "on this rank"),
                std::string::npos)
          << Err.what();
    }
    // The ranks are still in step: the next launch works on both.
    EXPECT_NO_THROW(distSweep2(u, f, v, 0.5, overlapped(true)));
  });
  EXPECT_TRUE(Ok);
}

STENCIL_KERNEL void bins(In<double, 1> x, Histogram<int> h, int n) {
  h[min(int(x() * n), n - 1)] += 1;
}

/// bins over distributed grids, as emitted: each piece's launch (the CPU
/// reference over the piece's rows) adds into this rank's copy of h, then
/// shareHistogram sums the copies over the ranks.
void distBins(const DistGrid<double, 1> &x, Grid<int, 1> &h, int n) {
  static const char kernel_name_[] = "bins";
  const detail::DistLaunch<1> launch_(kernel_name_, x.decomposition(), x.halo(),
                                      {}, {}, {});
  launch_.prepareHistogram("h", h);
  detail::PieceResults<detail::NoResult> parts_(launch_);
  for (int piece_ = 0; piece_ < launch_.pieces(); ++piece_) {
    if (!launch_.runs(piece_))
      continue;
    parts_.add(piece_, [&] {
      const LaunchOptions O = launch_.options(piece_);
      HostGrid<double, 1> X = x.piece(piece_).download();
      HostGrid<int, 1> Counts = h.download();
      reference(Region<1>{{O.Lo[0]}, {O.Hi[0]}}, bins, X, Counts.vector(), n);
      h.upload(Counts);
      return detail::NoResult{};
    });
  }
  parts_.get();
  launch_.shareHistogram(h);
}

TEST(DistRanks, HistogramsAreSummedOverTheRanks) {
  for (int Ranks : {2, 3}) {
    SCOPED_TRACE(std::to_string(Ranks) + " ranks");
    const bool Ok = runRanks(Ranks, [](std::shared_ptr<SocketCommunicator> C) {
      const Extents<1> E{101};
      HostGrid<double, 1> X(E);
      for (int64_t I = 0; I < E[0]; ++I)
        X(I) = double((I * 37) % 101) / 101.0;
      const Decomposition<1> D(E, C);
      const DistGrid<double, 1> x(D, Halo{}, X);
      // Every rank starts with the same counts (rank 0's count once), on
      // its own device.
      ASSERT_EQ(cudaSetDevice(C->device()), cudaSuccess);
      HostGrid<int, 1> Start(Extents<1>{7}, 5), Want = Start;
      reference(bins, X, Want.vector(), 7);
      Grid<int, 1> h(Start);
      distBins(x, h, 7);
      const HostGrid<int, 1> Got = h.download();
      for (int B = 0; B < 7; ++B)
        EXPECT_EQ(Got(B), Want(B)) << "bin " << B << " on rank " << C->rank();
      // Twice: the sums stay right.
      reference(bins, X, Want.vector(), 7);
      distBins(x, h, 7);
      EXPECT_EQ(std::memcmp(h.download().data(), Want.data(), 7 * sizeof(int)),
                0);
    });
    EXPECT_TRUE(Ok);
  }
}
