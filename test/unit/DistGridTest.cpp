//===- DistGridTest.cpp - stencil::DistGrid on a fake CUDA runtime --------===//
//
// stencil/distributed.hpp compiled against test/unit/fake_cuda (host memory
// registered per "device", copies checked to stay within one allocation,
// peer copies checked to name their pointers' devices, events recorded only
// on their own device): scatter and gather, the halo exchange, and whole
// distributed launches in which each piece's launch is the CPU reference
// over the piece's region (what the generated one-grid launcher computes),
// against the reference on the whole grid, bit for bit. Pieces go on two
// devices, so the peer path that a one-GPU machine cannot run is exercised.
// The launchers' per-device state (scratch, accumulators, record arrays) is
// checked to allocate on the current device.
//
//===----------------------------------------------------------------------===//
#include "fake_cuda/cuda_runtime.h"

#include <stencil/detail/accumulators.hpp>
#include <stencil/detail/numerics.hpp>
#include <stencil/detail/records.hpp>
#include <stencil/distributed.hpp>
#include <stencil/stencil.hpp>

#include "Sweep2Launcher.h"

#include <gtest/gtest.h>

#include <cstring>
#include <random>
#include <string>
#include <vector>

using namespace stencil;
using namespace sweep2test;

namespace {

// Reaches two rows below and one above along dimension 0.
STENCIL_KERNEL void reach3(In<float, 3> a, Out<float, 3> b, Max<float> peak) {
  float m = a(-2, 0, 0) + 0.5f * a(1, 0, 0) + a(0, 1, -1) - a(-1, -1, 1);
  b() = m;
  peak = max(peak, m);
}

template <class T, int R>
HostGrid<T, R> pattern(const Extents<R> &E, uint64_t Seed) {
  HostGrid<T, R> H(E);
  std::mt19937_64 Rng(Seed);
  for (int64_t I = 0; I < H.size(); ++I)
    H.data()[I] = T(std::uniform_real_distribution<double>(-1, 1)(Rng));
  return H;
}

template <class T, int R>
bool sameBits(const HostGrid<T, R> &A, const HostGrid<T, R> &B) {
  return A.extents() == B.extents() &&
         std::memcmp(A.data(), B.data(), size_t(A.size()) * sizeof(T)) == 0;
}

//--- what the generated launchers do, with the CPU reference as the kernel --

float distReach3(const DistGrid<float, 3> &a, DistGrid<float, 3> &b) {
  static const char kernel_name_[] = "reach3";
  const detail::DistLaunch<3> launch_(kernel_name_, a.decomposition(), a.halo(),
                                      {2, 1, 1}, {1, 1, 1}, {});
  launch_.requireSame("a", "b", b);
  a.exchangeHalos(kernel_name_, 2, 1);
  float Peak = 0;
  bool First = true;
  for (int P = 0; P < launch_.pieces(); ++P) {
    if (!launch_.runs(P))
      continue;
    const detail::DeviceScope device_(kernel_name_, launch_.device(P));
    const LaunchOptions O = launch_.options(P);
    (void)detail::launchDomain<3>(kernel_name_, a.piece(P).extents(), {2, 1, 1},
                                  {1, 1, 1}, O);
    HostGrid<float, 3> A = a.piece(P).download(), B = b.piece(P).download();
    float M = 0;
    reference(regionOf<3>(O), reach3, A, B, M);
    b.piece(P).upload(B);
    Peak = First ? M : detail::reduceMaxOf(Peak, M);
    First = false;
  }
  return Peak;
}

/// Cuts of N rows into 1, 2, 3 and 5 pieces, alternating two devices, and
/// uneven ones.
template <int R> std::vector<Decomposition<R>> cuts(const Extents<R> &E) {
  std::vector<Decomposition<R>> Cuts;
  for (int P : {1, 2, 3, 5}) {
    std::vector<int> Devices;
    for (int I = 0; I < P; ++I)
      Devices.push_back(I % 2);
    Cuts.emplace_back(E, Devices);
  }
  Cuts.emplace_back(E, std::vector<int>{1, 1, 0, 0, 1},
                    std::vector<int64_t>{1, 2, E[0] - 6, 1, 2});
  return Cuts;
}

/// Every halo row of every piece holds its owner's row of Want.
template <class T, int R>
void expectHalosHold(const DistGrid<T, R> &G, const HostGrid<T, R> &Want) {
  int64_t Row = 1;
  for (int D = 1; D < R; ++D)
    Row *= G.extents()[D];
  for (int P = 0; P < G.pieces(); ++P) {
    const HostGrid<T, R> Local = G.piece(P).download();
    const detail::RowRange Held = G.held(P);
    for (int64_t Global = Held.Begin; Global < Held.End; ++Global)
      EXPECT_EQ(std::memcmp(Local.data() + (Global - Held.Begin) * Row,
                            Want.data() + Global * Row,
                            size_t(Row) * sizeof(T)),
                0)
          << "piece " << P << " global row " << Global;
  }
}

} // namespace

TEST(DistGrid, ScatterGatherAndPieceExtents) {
  const Extents<2> E{13, 7};
  const HostGrid<double, 2> H = pattern<double, 2>(E, 1);
  for (const Decomposition<2> &D : cuts<2>(E)) {
    SCOPED_TRACE(D.describe());
    const DistGrid<double, 2> G(D, Halo{2, 1}, H);
    for (int P = 0; P < G.pieces(); ++P) {
      EXPECT_EQ(G.piece(P).extents()[0], G.held(P).size());
      EXPECT_EQ(G.piece(P).extents()[1], 7);
      cudaPointerAttributes A;
      ASSERT_EQ(cudaPointerGetAttributes(&A, G.piece(P).data()), cudaSuccess);
      EXPECT_EQ(A.device, D.device(P)); // allocated on its own device
    }
    EXPECT_TRUE(sameBits(G.gather(), H));
    expectHalosHold(G, H);
  }
}

TEST(DistGrid, ExchangeCopiesOnlyWhatChanged) {
  const Extents<2> E{20, 5};
  const HostGrid<double, 2> H = pattern<double, 2>(E, 2);
  const Decomposition<2> D(E,
                           {0, 1, 1, 0}); // rows [0,5) [5,10) [10,15) [15,20)
  DistGrid<double, 2> G(D, Halo{1, 2}, H);
  // Scattered: current; nothing to copy.
  G.exchangeHalos();
  EXPECT_EQ(G.traffic().Copies, 0u);
  // Rewrite piece 1's owned rows as a launch would (through the mutable
  // data(), which bumps its version).
  HostGrid<double, 2> Want = H;
  {
    HostGrid<double, 2> Local = G.piece(1).download();
    for (int64_t Row = 5; Row < 10; ++Row)
      for (int64_t J = 0; J < 5; ++J) {
        Want(Row, J) = double(Row * 100 + J);
        Local(Row - G.origin(1), J) = Want(Row, J);
      }
    G.piece(1).upload(Local);
  }
  const long long Peer = fake_cuda::state().PeerCopies;
  G.exchangeHalos();
  // Piece 0's high side (2 rows, from piece 1) and piece 2's low side (1
  // row) read piece 1; piece 1's own sides are refilled too (its upload may
  // have overwritten them).
  EXPECT_EQ(G.traffic().Exchanges, 1u);
  EXPECT_EQ(G.traffic().Copies, 4u);
  // Piece 0 (device 0) from piece 1 (device 1), and piece 1 from piece 0:
  // peer copies; piece 2 from 1 and 1 from 2: same device.
  EXPECT_EQ(fake_cuda::state().PeerCopies - Peer, 2);
  expectHalosHold(G, Want);
  EXPECT_TRUE(sameBits(G.gather(), Want));
  // Nothing changed since: nothing copied.
  G.exchangeHalos();
  EXPECT_EQ(G.traffic().Copies, 4u);
  // A narrower exchange of current halos copies nothing either.
  G.exchangeHalos("k", 1, 1);
  EXPECT_EQ(G.traffic().Copies, 4u);
}

TEST(DistGrid, ExchangeBesideLaunchesNeedsAJoin) {
  const Extents<2> E{20, 5};
  const HostGrid<double, 2> H = pattern<double, 2>(E, 9);
  const Decomposition<2> D(E, {0, 1, 1, 0});
  DistGrid<double, 2> G(D, Halo{1, 1}, H);
  // Current after the scatter: nothing runs beside, nothing to join.
  EXPECT_FALSE(G.exchangeHalosBeside("k", 1, 1));
  for (int P = 0; P < G.pieces(); ++P) // every piece written
    (void)G.piece(P).data();
  EXPECT_TRUE(G.exchangeHalosBeside("k", 1, 1));
  expectHalosHold(G, H); // the fake runs copies at once
  // Another exchange before the launches joined this one is a bug.
  (void)G.piece(1).data();
  try {
    G.exchangeHalosBeside("k", 1, 1);
    FAIL() << "no error";
  } catch (const Error &Err) {
    EXPECT_NE(std::string(Err.what()).find("was not joined"), std::string::npos)
        << Err.what();
  }
  G.joinExchange("k");
  EXPECT_TRUE(G.exchangeHalosBeside("k", 1, 1));
  G.joinExchange("k");
  EXPECT_EQ(G.traffic().Copies, 6u + 4u); // 6 sides; then piece 1's 4
}

TEST(DistGrid, NarrowThenWideExchange) {
  const Extents<1> E{12};
  const HostGrid<int, 1> H = pattern<int, 1>(E, 3);
  DistGrid<int, 1> G(Decomposition<1>(E, {0, 0, 0}), Halo{3, 3}, H);
  HostGrid<int, 1> Want(E);
  for (int64_t I = 0; I < 12; ++I)
    Want(I) = int(I * 7);
  for (int P = 0; P < 3; ++P) { // every piece rewritten, halo included
    HostGrid<int, 1> Local(G.piece(P).extents());
    for (int64_t I = 0; I < Local.size(); ++I)
      Local(I) = G.owned(P).Begin <= G.origin(P) + I &&
                         G.origin(P) + I < G.owned(P).End
                     ? Want(G.origin(P) + I)
                     : -1; // stale halo
    G.piece(P).upload(Local);
  }
  G.exchangeHalos("k", 1, 0);
  const uint64_t Narrow = G.traffic().Copies;
  EXPECT_EQ(Narrow, 2u); // one row below pieces 1 and 2
  // The wider read needs more rows: the sides are refilled at 3 rows.
  G.exchangeHalos("k", 3, 3);
  expectHalosHold(G, Want);
  EXPECT_THROW(G.exchangeHalos("k", 4, 0), Error);
}

TEST(DistGrid, DistributedSweepsMatchTheWholeGrid) {
  for (const Extents<2> &E : {Extents<2>{23, 11}, Extents<2>{9, 30}}) {
    const HostGrid<double, 2> U0 = pattern<double, 2>(E, 4);
    const HostGrid<double, 2> F = pattern<double, 2>(E, 5);
    for (const Decomposition<2> &D : cuts<2>(E)) {
      SCOPED_TRACE(D.describe());
      DistGrid<double, 2> u(D, Halo{1, 1}, U0), v(D, Halo{1, 1}, U0);
      const DistGrid<double, 2> f(D, Halo{1, 1}, F);
      HostGrid<double, 2> ur = U0, vr = U0;
      for (int S = 0; S < 4; ++S) {
        // Odd sweeps exchange beside the launches, even ones before them.
        const Sweep2Result Got = distSweep2(u, f, v, 0.8, overlapped(S % 2));
        double Res = 0, Change = 0;
        reference(sweep2, ur, F, vr, Res, Change, 0.8);
        EXPECT_TRUE(sameBits(v.gather(), vr)) << "sweep " << S;
        EXPECT_EQ(std::memcmp(&Got.change, &Change, sizeof Change), 0);
        EXPECT_NEAR(Got.res, Res, 1e-12 * Res);
        swap(u, v);
        std::swap(ur, vr);
      }
      EXPECT_EQ(f.traffic().Copies, 0u); // read at the centre only
      // A region in global coordinates.
      HostGrid<double, 2> wr = U0;
      DistGrid<double, 2> w(D, Halo{1, 1}, U0);
      const Region<2> Box{{2, 3}, {E[0] - 3, E[1] - 2}};
      const Sweep2Result Got =
          distSweep2(u, f, w, 0.5, overlapped(true, region(Box)));
      double Res = 0, Change = 0;
      reference(Box, sweep2, ur, F, wr, Res, Change, 0.5);
      EXPECT_TRUE(sameBits(w.gather(), wr));
      EXPECT_EQ(Got.change, Change);
      // An empty region: the identities from piece 0 alone.
      const Sweep2Result None =
          distSweep2(u, f, w, 0.5, region(Region<2>{{4, 3}, {4, 5}}));
      EXPECT_EQ(None.res, 0.0);
    }
  }
}

TEST(DistGrid, ThinSlabsAndAWideReach) {
  // 7 rows in 5 pieces (2 2 1 1 1) read two rows below: halos filled from
  // two pieces.
  for (const Extents<3> &E : {Extents<3>{7, 5, 6}, Extents<3>{16, 4, 5}}) {
    const HostGrid<float, 3> A0 = pattern<float, 3>(E, 6);
    for (const Decomposition<3> &D : cuts<3>(E)) {
      SCOPED_TRACE(D.describe());
      DistGrid<float, 3> a(D, Halo{2, 1}, A0), b(D, Halo{2, 1}, A0);
      HostGrid<float, 3> ar = A0, br = A0;
      for (int S = 0; S < 3; ++S) {
        const float Got = distReach3(a, b);
        float Peak = 0;
        reference(reach3, ar, br, Peak);
        EXPECT_TRUE(sameBits(b.gather(), br)) << "sweep " << S;
        EXPECT_EQ(Got, Peak);
        swap(a, b);
        std::swap(ar, br);
      }
    }
  }
}

TEST(DistGrid, LaunchErrors) {
  const Extents<2> E{10, 6};
  const DistGrid<double, 2> u(Decomposition<2>(E, {0, 1}), Halo{1, 1});
  DistGrid<double, 2> v(Decomposition<2>(E, {0, 0}), Halo{1, 1});
  const DistGrid<double, 2> f(Decomposition<2>(E, {0, 1}), Halo{1, 1});
  try {
    distSweep2(u, f, v, 0.5);
    FAIL() << "no error";
  } catch (const Error &Err) {
    EXPECT_NE(std::string(Err.what()).find("must be cut alike"),
              std::string::npos)
        << Err.what();
  }
  DistGrid<double, 2> w(Decomposition<2>(E, {0, 1}), Halo{1, 2});
  try {
    distSweep2(u, f, w, 0.5);
    FAIL() << "no error";
  } catch (const Error &Err) {
    EXPECT_NE(std::string(Err.what()).find("the same halo"), std::string::npos)
        << Err.what();
  }
  // A device that does not exist, a negative halo, a host grid of other
  // extents.
  EXPECT_THROW((DistGrid<double, 2>(Decomposition<2>(E, {0, 2}), Halo{})),
               Error);
  EXPECT_THROW((DistGrid<double, 2>(Decomposition<2>(E, {0}), Halo{-1, 0})),
               Error);
  DistGrid<double, 2> One(Decomposition<2>(E, {0}), Halo{});
  EXPECT_THROW(One.scatter(HostGrid<double, 2>(Extents<2>{10, 5})), Error);
}

TEST(DistPending, TwoLaunchesInFlightOfManyPiecesOnOneDevice) {
  // A pipelined solver keeps two launches in flight (examples/common
  // pipelinedLoop); with every piece on one device, both launches' pieces
  // and parts (an overlapped exchange launches a piece up to three times)
  // take entries of that device's one result ring. The ring must hold them
  // all: 2 launches x 5 pieces x 3 parts, read in launch order.
  const Extents<2> E{40, 6};
  const Decomposition<2> D(E, {0, 0, 0, 0, 0});
  detail::ResultRing Ring;
  Ring.prepare("sweep", sizeof(double));
  const auto Read = [](const void *Totals) {
    double V;
    std::memcpy(&V, Totals, sizeof V);
    return V;
  };
  double Next = 1.0;
  const auto launch = [&] {
    const detail::DistLaunch<2> L("sweep", D, Halo{1, 1}, {1, 1, 0}, {1, 1, 0},
                                  {});
    detail::PieceResults<double> Parts(L);
    for (int P = 0; P < L.pieces(); ++P)
      for (int Part = 0; Part < 3; ++Part)
        Parts.add(P, [&] {
          const detail::RingEntry At = Ring.begin();
          std::memcpy(Ring.onDevice(At), &Next, sizeof Next);
          Next += 1.0;
          Ring.recorded("sweep", At, nullptr);
          return Pending<double>("sweep", &Ring, At, +Read);
        });
    return DistPending<double>(std::move(Parts), [](const auto &V) {
      double S = 0;
      for (double X : V)
        S += X;
      return S;
    });
  };
  const DistPending<double> First = launch(), Second = launch();
  EXPECT_EQ(First.get(), 120.0);  // 1 + ... + 15
  EXPECT_EQ(Second.get(), 345.0); // 16 + ... + 30
}

TEST(DistGrid, DeviceRestoredAfterEachPiece) {
  ASSERT_EQ(cudaSetDevice(1), cudaSuccess);
  const Extents<2> E{10, 6};
  const DistGrid<double, 2> u(Decomposition<2>(E, {0, 1, 0}), Halo{1, 1});
  EXPECT_EQ(fake_cuda::state().Current, 1);
  ASSERT_EQ(cudaSetDevice(0), cudaSuccess);
}

TEST(PerDevice, LauncherStateLivesOnTheCurrentDevice) {
  struct Slots {
    double S[4];
  };
  detail::Scratch Scratch;
  detail::SelfResettingAccumulators<Slots, double> Acc;
  detail::RecordArray<double, 1, 2> Records;
  void *Ptr[2];
  const void *Ring[2];
  const double *Rec[2];
  for (int Dev = 0; Dev < 2; ++Dev) {
    ASSERT_EQ(cudaSetDevice(Dev), cudaSuccess);
    Ptr[Dev] = Scratch.get<Slots>("k");
    EXPECT_EQ(Scratch.get<Slots>("k"), Ptr[Dev]); // cached per device
    Acc.prepare("k", Slots{});
    Ring[Dev] = &Acc.ring();
    const Grid<double, 1> A(Extents<1>{8}), B(Extents<1>{8});
    Rec[Dev] = Records.get("k", {&A, &B}, nullptr);
    cudaPointerAttributes Where;
    for (const void *P : {static_cast<const void *>(Ptr[Dev]),
                          static_cast<const void *>(Acc.device()),
                          static_cast<const void *>(Rec[Dev])}) {
      ASSERT_EQ(cudaPointerGetAttributes(&Where, P), cudaSuccess);
      EXPECT_EQ(Where.device, Dev);
    }
  }
  EXPECT_NE(Ptr[0], Ptr[1]);
  EXPECT_NE(Ring[0], Ring[1]);
  EXPECT_NE(Rec[0], Rec[1]);
  ASSERT_EQ(cudaSetDevice(0), cudaSuccess);
  EXPECT_EQ(&Acc.ring(), Ring[0]); // stable: Pending keeps a pointer
  EXPECT_EQ(Scratch.get<Slots>("k"), Ptr[0]);
}
