//===- SweepsTest.cpp - the multi-sweep launchers' bookkeeping
//-------------===//
//
// stencil/detail/sweeps.hpp on the host (against the fake CUDA runtime, as
// DistGridTest): how n sweeps split into launches, and whose ring each sweep
// reads as the newest state moves between the two buffers; a persistent
// launch's results, one event for all its entries; the entries' done flags.
//
//===----------------------------------------------------------------------===//
#include "fake_cuda/cuda_runtime.h"
#include <stencil/detail/sweeps.hpp>
#include <stencil/pending.hpp>

#include <gtest/gtest.h>

#include <cstring>
#include <numeric>
#include <vector>

using stencil::detail::PingPong;
using stencil::detail::sweepBatches;

namespace {

TEST(ResultRing, ALaunchsEntriesFollowItsLastEntrysEvent) {
  // A persistent launch of 5 sweeps (PersistentSweeps.cpp): one entry per
  // sweep, one event recorded on the last, the others markedBy it. Reading
  // them waits once, on that event, and each reads its own totals; an
  // entry of a plain launch taken later waits on its own event each time.
  // Counted from here (other tests' calls before this one left counts).
  const fake_cuda::State &F = fake_cuda::state();
  const long long Records0 = F.EventRecords, Syncs0 = F.EventSyncs,
                  Unrecorded0 = F.UnrecordedEventSyncs;
  const auto records = [&] { return F.EventRecords - Records0; };
  const auto syncs = [&] { return F.EventSyncs - Syncs0; };
  const auto unrecordedSyncs = [&] {
    return F.UnrecordedEventSyncs - Unrecorded0;
  };
  using stencil::detail::RingEntry;
  stencil::detail::ResultRing Ring;
  Ring.prepare("sweeps", sizeof(double));
  const auto Read = [](const void *Totals) {
    double V;
    std::memcpy(&V, Totals, sizeof V);
    return V;
  };
  std::vector<RingEntry> Launch;
  for (int S = 0; S < 5; ++S) {
    Launch.push_back(Ring.begin());
    const double V = 10.0 + S;
    std::memcpy(Ring.onDevice(Launch.back()), &V, sizeof V);
  }
  Ring.recorded("sweeps", Launch.back(), nullptr);
  for (const RingEntry &E : Launch)
    Ring.markedBy(E, Launch.back());
  EXPECT_EQ(records(), 1);
  for (int S = 0; S < 5; ++S)
    EXPECT_EQ(stencil::Pending<double>("sweeps", &Ring, Launch[S], +Read).get(),
              10.0 + S);
  // The first follower waited on the marker's event; the marker itself
  // waits on its own (recorded) event again; the other followers not at all.
  EXPECT_EQ(syncs(), 2);
  EXPECT_EQ(unrecordedSyncs(), 0);
  // A follower read again does not wait again.
  (void)stencil::Pending<double>("sweeps", &Ring, Launch[1], +Read).get();
  EXPECT_EQ(syncs(), 2);
  // A plain launch's entry: its own event, waited for at every read.
  const RingEntry Plain = Ring.begin();
  Ring.recorded("sweeps", Plain, nullptr);
  stencil::Pending<double> P("sweeps", &Ring, Plain, +Read);
  (void)P.get();
  (void)P.get();
  EXPECT_EQ(syncs(), 4);
  // Once the ring wraps, the followers' places are plain entries again:
  // each waits on its own event.
  for (int I = 0; I < stencil::detail::ResultRingSize; ++I) {
    const RingEntry E = Ring.begin();
    Ring.recorded("sweeps", E, nullptr);
    const long long Before = syncs();
    (void)stencil::Pending<double>("sweeps", &Ring, E, +Read).get();
    EXPECT_EQ(syncs(), Before + 1) << "entry " << I;
  }
  EXPECT_EQ(unrecordedSyncs(), 0);
  // A follower read after its place was reused is an error, as any entry.
  EXPECT_THROW(
      (void)stencil::Pending<double>("sweeps", &Ring, Launch[0], +Read).get(),
      stencil::Error);
}

/// What a finalize does to an entry (markWritten): the totals, then the
/// done flag after them.
void writeEntry(stencil::detail::ResultRing &Ring, stencil::detail::RingEntry E,
                double V, bool Mark = true) {
  char *Entry = static_cast<char *>(Ring.onDevice(E));
  std::memcpy(Entry, &V, sizeof V);
  const unsigned One = 1;
  if (Mark)
    std::memcpy(Entry + stencil::detail::ringFlagOffset(sizeof V), &One,
                sizeof One);
}

double readDouble(const void *Totals) {
  double V;
  std::memcpy(&V, Totals, sizeof V);
  return V;
}

unsigned flagOf(stencil::detail::ResultRing &Ring,
                stencil::detail::RingEntry E) {
  unsigned F;
  std::memcpy(&F,
              static_cast<char *>(Ring.onDevice(E)) +
                  stencil::detail::ringFlagOffset(sizeof(double)),
              sizeof F);
  return F;
}

/// Launches on the rest of the ring's entries (Count of them), each written,
/// flagged and read, as a loop of plain launches does.
void launchAndRead(stencil::detail::ResultRing &Ring, int Count, double V) {
  for (int I = 0; I < Count; ++I) {
    const stencil::detail::RingEntry E = Ring.begin();
    writeEntry(Ring, E, V);
    Ring.recorded("flags", E, nullptr);
    (void)Ring.wait("flags", E);
  }
}

TEST(ResultRing, ASetDoneFlagAnswersWithoutTheEvent) {
  fake_cuda::State &F = fake_cuda::state();
  const long long Syncs0 = F.EventSyncs;
  const auto syncs = [&] { return F.EventSyncs - Syncs0; };
  using stencil::detail::RingEntry;
  stencil::detail::ResultRing Ring;
  Ring.prepare("flags", sizeof(double));
  EXPECT_TRUE(Ring.polls());
  // Entries in their own stride: the flag never overlaps the next totals.
  std::vector<RingEntry> All;
  for (int I = 0; I < stencil::detail::ResultRingSize; ++I) {
    All.push_back(Ring.begin());
    writeEntry(Ring, All.back(), 100.0 + I);
    Ring.recorded("flags", All.back(), nullptr);
  }
  for (int I = 0; I < stencil::detail::ResultRingSize; ++I) {
    EXPECT_TRUE(Ring.ready("flags", All[I]));
    EXPECT_EQ(readDouble(Ring.wait("flags", All[I])), 100.0 + I);
  }
  EXPECT_EQ(syncs(), 0);
  // Every entry was seen finished: taking it again clears its flag.
  const RingEntry Again = Ring.begin();
  EXPECT_EQ(flagOf(Ring, Again), 0u);
  Ring.recorded("flags", Again, nullptr);
  writeEntry(Ring, Again, 7.0);
  EXPECT_EQ(readDouble(Ring.wait("flags", Again)), 7.0);
  EXPECT_EQ(syncs(), 0);
}

TEST(ResultRing, AFlagItCannotTrustIsNotRead) {
  fake_cuda::State &F = fake_cuda::state();
  const long long Syncs0 = F.EventSyncs;
  const auto syncs = [&] { return F.EventSyncs - Syncs0; };
  using stencil::detail::RingEntry;
  stencil::detail::ResultRing Ring;
  Ring.prepare("flags", sizeof(double));
  // Entry 0's launch is never read: the host never saw it finish, so when
  // the ring comes back to entry 0 its flag (set, as by a launch still
  // running) stands for nothing and the event answers.
  const RingEntry Unread = Ring.begin();
  writeEntry(Ring, Unread, 1.0);
  Ring.recorded("flags", Unread, nullptr);
  launchAndRead(Ring, stencil::detail::ResultRingSize - 1, 2.0);
  EXPECT_EQ(syncs(), 0);
  const RingEntry Reused = Ring.begin();
  EXPECT_EQ(Reused.Index, Unread.Index);
  EXPECT_EQ(flagOf(Ring, Reused), 1u) << "not cleared: it may still be set";
  Ring.recorded("flags", Reused, nullptr);
  (void)Ring.wait("flags", Reused);
  EXPECT_EQ(syncs(), 1);
  // Seen finished now: its next launch uses the flag again.
  launchAndRead(Ring, stencil::detail::ResultRingSize - 1, 3.0);
  const RingEntry Next = Ring.begin();
  EXPECT_EQ(Next.Index, Unread.Index);
  EXPECT_EQ(flagOf(Ring, Next), 0u);
  writeEntry(Ring, Next, 4.0);
  Ring.recorded("flags", Next, nullptr);
  (void)Ring.wait("flags", Next);
  EXPECT_EQ(syncs(), 1);
  // An entry recorded into a CUDA graph: replays set its flag at any time,
  // so neither this launch nor any later one on the entry reads it.
  F.Capturing = true;
  const RingEntry Captured = Ring.begin();
  writeEntry(Ring, Captured, 5.0);
  Ring.recorded("flags", Captured, nullptr);
  F.Capturing = false;
  (void)Ring.wait("flags", Captured);
  EXPECT_EQ(syncs(), 2);
  launchAndRead(Ring, stencil::detail::ResultRingSize - 1, 6.0);
  const RingEntry AfterGraph = Ring.begin();
  EXPECT_EQ(AfterGraph.Index, Captured.Index);
  writeEntry(Ring, AfterGraph, 8.0);
  Ring.recorded("flags", AfterGraph, nullptr);
  EXPECT_EQ(readDouble(Ring.wait("flags", AfterGraph)), 8.0);
  EXPECT_EQ(syncs(), 3);
}

TEST(ResultRing, LaunchesThatNeverSetTheirFlagsStopThePolling) {
  fake_cuda::State &F = fake_cuda::state();
  const long long Syncs0 = F.EventSyncs;
  stencil::detail::ResultRing Ring;
  Ring.prepare("unmarked", sizeof(double));
  for (int I = 0; I < 3; ++I) {
    EXPECT_TRUE(Ring.polls()) << I;
    const stencil::detail::RingEntry E = Ring.begin();
    writeEntry(Ring, E, 9.0, /*Mark=*/false);
    Ring.recorded("unmarked", E, nullptr);
    EXPECT_EQ(readDouble(Ring.wait("unmarked", E)), 9.0);
  }
  EXPECT_FALSE(Ring.polls());
  EXPECT_EQ(F.EventSyncs - Syncs0, 3);
  // Nor does a program that asked for blocking synchronisation poll.
  F.DeviceFlags = cudaDeviceScheduleBlockingSync;
  stencil::detail::ResultRing Blocking;
  Blocking.prepare("blocking", sizeof(double));
  F.DeviceFlags = 0;
  EXPECT_FALSE(Blocking.polls());
}

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

TEST(Sweeps, WithAScratchGridEveryLaunchIsAsDeepAsTheCountAllows) {
  using stencil::detail::SweepBatch;
  using stencil::detail::sweepPlan;
  using stencil::detail::SweepRole;
  auto Steps = [](const std::vector<SweepBatch> &Plan) {
    std::vector<int> S;
    for (const SweepBatch &L : Plan)
      S.push_back(L.Steps);
    return S;
  };
  // Jacobi's 100 sweeps at depth 4: 25 launches of 4 (24, 3 and 1 without).
  EXPECT_EQ(Steps(sweepPlan(100, 4, true)), std::vector<int>(25, 4));
  EXPECT_EQ(Steps(sweepPlan(100, 4, false)).size(), 26u);
  // Himeno's calls of 10 at depth 2: five launches, not 2, 2, 2, 2, 1, 1.
  EXPECT_EQ(Steps(sweepPlan(10, 2, true)), std::vector<int>(5, 2));
  EXPECT_EQ(Steps(sweepPlan(10, 2, false)),
            std::vector<int>({2, 2, 2, 2, 1, 1}));
  // Spread evenly, the deeper first.
  EXPECT_EQ(Steps(sweepPlan(11, 4, true)), std::vector<int>({4, 4, 3}));
  EXPECT_EQ(Steps(sweepPlan(9, 4, true)), std::vector<int>({3, 3, 3}));
  EXPECT_EQ(Steps(sweepPlan(4, 4, true)), std::vector<int>({2, 2}));
  // Where a launch would run one sweep the scratch grid gains nothing.
  EXPECT_EQ(Steps(sweepPlan(3, 4, true)), std::vector<int>({2, 1}));
  EXPECT_EQ(sweepPlan(3, 4, true).back().Role, SweepRole::Plain);
  EXPECT_EQ(Steps(sweepPlan(5, 1, true)), std::vector<int>(5, 1));
  EXPECT_TRUE(sweepPlan(0, 4, true).empty());
  for (int N = 1; N < 40; ++N)
    for (int D = 1; D <= stencil::detail::MaxSweepDepth; ++D) {
      const std::vector<SweepBatch> Plan = sweepPlan(N, D, true);
      int Sum = 0;
      for (size_t I = 0; I < Plan.size(); ++I) {
        Sum += Plan[I].Steps;
        EXPECT_TRUE(Plan[I].Steps >= 1 && Plan[I].Steps <= D);
        // Only the last two launches touch the scratch grid, in that order.
        const SweepRole Want = Plan.back().Role == SweepRole::Plain
                                   ? SweepRole::Plain
                               : I + 1 == Plan.size() ? SweepRole::FromScratch
                               : I + 2 == Plan.size() ? SweepRole::ToScratch
                                                      : SweepRole::Plain;
        EXPECT_EQ(Plan[I].Role, Want) << N << " at depth " << D;
      }
      EXPECT_EQ(Sum, N);
      // Without the scratch grid the last launch is a single sweep; with
      // it, none is, and never more launches than without.
      if (Plan.back().Role == SweepRole::Plain)
        EXPECT_EQ(Plan.back().Steps, 1);
      else
        for (const SweepBatch &L : Plan)
          EXPECT_GE(L.Steps, 2);
      EXPECT_LE(Plan.size(), sweepBatches(N, D).size());
      // sweepScratch asks sweepPlanUsesScratch instead of building the plan.
      EXPECT_EQ(stencil::detail::sweepPlanUsesScratch(N, D),
                Plan.back().Role == SweepRole::FromScratch)
          << N << " at depth " << D;
    }
}

TEST(Sweeps, TheLastLaunchWritesBothBuffersFromTheScratchGrid) {
  using stencil::detail::SweepBatch;
  using stencil::detail::SweepRole;
  double A = 0, B = 0, C = 0;
  PingPong<double> P(&A, &B, &C);
  // 4, 4 into C, 3 from C: the last reads C, writes its last sweep where a
  // plain launch would and the sweep before into the buffer that launch 2
  // read; afterwards Cur holds the newest, Oth the one before, as the loop.
  const std::vector<SweepBatch> Plan = stencil::detail::sweepPlan(11, 4, true);
  ASSERT_EQ(Plan.size(), 3u);
  EXPECT_EQ(P.input(), &A);
  EXPECT_EQ(P.output(Plan[0]), &B);
  EXPECT_EQ(P.previous(Plan[0]), nullptr);
  P.advance(Plan[0]);
  EXPECT_EQ(P.input(), &B);
  EXPECT_EQ(P.output(Plan[1]), &C);
  P.advance(Plan[1]);
  EXPECT_TRUE(P.InScratch);
  EXPECT_EQ(P.input(), &C);
  EXPECT_EQ(P.output(Plan[2]), &A);
  EXPECT_EQ(P.previous(Plan[2]), &B);
  // Sweeps 9 to 11 read the rings the loop would, from C as from a buffer.
  for (int S = 9; S <= 11; ++S)
    EXPECT_EQ(P.ring(S), S % 2 ? &A : &B);
  P.advance(Plan[2]);
  EXPECT_FALSE(P.InScratch);
  EXPECT_EQ(P.Done, 11);
  EXPECT_EQ(P.Cur, &A);
  EXPECT_EQ(P.Oth, &B);
  // A stop inside the last launch replays it from C, once, both buffers
  // written; inside the one before, from B without touching C's role.
  PingPong<double> BeforeLast(&A, &B, &C);
  BeforeLast.advance(Plan[0]);
  BeforeLast.advance(Plan[1]);
  EXPECT_EQ(stencil::detail::replayPlan(2, 4, BeforeLast),
            std::vector<SweepBatch>({{2, SweepRole::FromScratch}}));
  PingPong<double> BeforeSecond(&A, &B, &C);
  BeforeSecond.advance(Plan[0]);
  EXPECT_EQ(
      stencil::detail::replayPlan(3, 4, BeforeSecond),
      std::vector<SweepBatch>({{2, SweepRole::Plain}, {1, SweepRole::Plain}}));
  EXPECT_EQ(stencil::detail::replayPlan(4, 4, BeforeSecond),
            std::vector<SweepBatch>(
                {{2, SweepRole::ToScratch}, {2, SweepRole::FromScratch}}));
}

TEST(Sweeps, TheScratchGridIsTakenWhereThePlanUsesItAndTheMemoryAllows) {
  stencil::detail::Scratch Buffer;
  using stencil::detail::sweepScratch;
  // The plan would not use it, or the option says no.
  EXPECT_EQ(sweepScratch<double>("k", Buffer, 800, 3, 4, -1), nullptr);
  EXPECT_EQ(sweepScratch<double>("k", Buffer, 800, 100, 1, -1), nullptr);
  EXPECT_EQ(sweepScratch<double>("k", Buffer, 800, 100, 4, 0), nullptr);
  double *Got = sweepScratch<double>("k", Buffer, 800, 100, 4, -1);
  ASSERT_NE(Got, nullptr);
  EXPECT_NE(fake_cuda::find(Got, 800), nullptr);
  // Kept for the next call of that size or less.
  EXPECT_EQ(sweepScratch<double>("k", Buffer, 400, 8, 4, 1), Got);
  // A device without the memory: no scratch grid at -1 (the call runs the
  // plan without), an error at 1.
  fake_cuda::state().MallocLimit = 1000;
  EXPECT_EQ(sweepScratch<double>("k", Buffer, 4000, 100, 4, -1), nullptr);
  EXPECT_THROW(sweepScratch<double>("k", Buffer, 4000, 100, 4, 1),
               stencil::Error);
  EXPECT_THROW(sweepScratch<double>("k", Buffer, 800, 100, 4, 2),
               stencil::Error);
  fake_cuda::state().MallocLimit = SIZE_MAX;
  EXPECT_NE(sweepScratch<double>("k", Buffer, 4000, 100, 4, 1), nullptr);
  // STENCIL_SWEEP_SCRATCH decides where the options leave it (-1).
  ::setenv("STENCIL_SWEEP_SCRATCH", "0", 1);
  EXPECT_EQ(sweepScratch<double>("k", Buffer, 800, 100, 4, -1), nullptr);
  EXPECT_NE(sweepScratch<double>("k", Buffer, 800, 100, 4, 1), nullptr);
  ::setenv("STENCIL_SWEEP_SCRATCH", "yes", 1);
  EXPECT_THROW(sweepScratch<double>("k", Buffer, 800, 100, 4, -1),
               stencil::Error);
  ::unsetenv("STENCIL_SWEEP_SCRATCH");
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

TEST(Sweeps, PersistentLaunchesTakeTheFewestPointsTheResidentBlocksAllow) {
  using stencil::detail::blocksIn;
  using stencil::detail::Domain;
  using stencil::detail::gridShape;
  using stencil::detail::persistentPoints;
  // Himeno's sweep (blocks of 128 x 4, dimension 0 streamed) with 264
  // blocks resident: S's interior of 62 x 62 x 126 takes 992 blocks at one
  // point per thread, 496 at 2, 256 at 4.
  auto interior3 = [](int64_t N0, int64_t N1, int64_t N2) {
    Domain<3> D{};
    D.Lo[0] = D.Lo[1] = D.Lo[2] = 1;
    D.Hi[0] = N0 - 1;
    D.Hi[1] = N1 - 1;
    D.Hi[2] = N2 - 1;
    D.Stride[0] = N1 * N2;
    D.Stride[1] = N2;
    D.Stride[2] = 1;
    return D;
  };
  const dim3 B(128, 4, 1);
  EXPECT_EQ(persistentPoints<3>(interior3(64, 64, 128), B, 0, 264), 4);
  EXPECT_LE(blocksIn(gridShape<3>(interior3(64, 64, 128), B, 4, 0)), 264);
  // XS (32 x 32 x 64): 240 blocks at one point per thread.
  EXPECT_EQ(persistentPoints<3>(interior3(32, 32, 64), B, 0, 264), 1);
  // A jammed kernel keeps a whole group of Jam points (Least).
  EXPECT_EQ(persistentPoints<3>(interior3(32, 32, 64), B, 0, 264, 1, 4), 4);
  // Fewer resident blocks: more points per thread, every block resident.
  for (int64_t Resident : {1, 7, 132, 264, 1000}) {
    const int P = persistentPoints<3>(interior3(130, 66, 258), B, 0, Resident);
    EXPECT_LE(blocksIn(gridShape<3>(interior3(130, 66, 258), B, P, 0)),
              std::max<int64_t>(Resident, 2 * 66 / 4 + 2))
        << Resident; // rows and columns alone may need more: the grid is
                     // then clamped (persistentGridShape)
  }
}
