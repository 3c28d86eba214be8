//===- DecompositionTest.cpp - slabs and halo bookkeeping of DistGrid -----===//
//
// stencil::DistGrid (stencil/distributed.hpp) rests on this arithmetic: a
// wrong slab loses or doubles a row, a wrong halo copy reads a neighbour's
// halo instead of its own rows, and a halo wrongly taken as current gives a
// launch stale data without any error. So: uneven slabs, thin slabs (one
// row, thinner than the halo), the grid's ends, and every way a halo goes
// stale (its source written, a wider read, the piece itself rewritten) or
// stays current (nothing changed, only the exchange's own writes).
//
//===----------------------------------------------------------------------===//
#include "runtime/include/stencil/detail/decomposition.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

using namespace stencil;
using namespace stencil::detail;

namespace {

std::vector<int64_t> sizes(const std::vector<RowRange> &Slabs) {
  std::vector<int64_t> S;
  for (const RowRange &R : Slabs)
    S.push_back(R.size());
  return S;
}

/// Every row of [0, N) in exactly one slab, in order.
void expectPartition(const std::vector<RowRange> &Slabs, int64_t N) {
  int64_t Row = 0;
  for (const RowRange &R : Slabs) {
    EXPECT_EQ(R.Begin, Row);
    EXPECT_GT(R.End, R.Begin);
    Row = R.End;
  }
  EXPECT_EQ(Row, N);
}

} // namespace

TEST(Decomposition, EvenAndUnevenSlabs) {
  EXPECT_EQ(sizes(slabRows(12, 3)), (std::vector<int64_t>{4, 4, 4}));
  // 10 = 4 + 3 + 3: the first N % P slabs take the extra rows.
  EXPECT_EQ(sizes(slabRows(10, 3)), (std::vector<int64_t>{4, 3, 3}));
  EXPECT_EQ(sizes(slabRows(13, 5)), (std::vector<int64_t>{3, 3, 3, 2, 2}));
  EXPECT_EQ(sizes(slabRows(5, 5)), (std::vector<int64_t>{1, 1, 1, 1, 1}));
  EXPECT_EQ(sizes(slabRows(7, 1)), (std::vector<int64_t>{7}));
  for (int64_t N : {1, 2, 7, 64, 97, 1025})
    for (int P = 1; P <= 7 && P <= N; ++P) {
      SCOPED_TRACE(std::to_string(N) + " rows, " + std::to_string(P));
      const std::vector<RowRange> S = slabRows(N, P);
      ASSERT_EQ(S.size(), size_t(P));
      expectPartition(S, N);
      for (const RowRange &R : S) // sizes differ by at most one row
        EXPECT_LE(R.size() - S.back().size(), 1);
    }
  EXPECT_EQ(slabRows({2, 5, 1}),
            (std::vector<RowRange>{{0, 2}, {2, 7}, {7, 8}}));
}

TEST(Decomposition, SlabErrors) {
  EXPECT_EQ(slabError(slabRows(10, 3), 10, Halo{1, 2}), "");
  EXPECT_NE(slabError({}, 10, Halo{}), "");
  // More pieces than rows: a piece would own nothing.
  EXPECT_NE(
      slabError(slabRows(3, 4), 3, Halo{}).find("piece 3 owns rows [3, 3)"),
      std::string::npos);
  EXPECT_NE(slabError(slabRows({4, 4}), 10, Halo{}).find("rows [0, 8)"),
            std::string::npos);
  EXPECT_NE(slabError(slabRows(10, 2), 10, Halo{-1, 0}).find("negative"),
            std::string::npos);
  EXPECT_NE(slabError({{0, 4}, {5, 10}}, 10, Halo{}), ""); // a gap
}

TEST(Decomposition, HeldRowsClipToTheGrid) {
  const std::vector<RowRange> S = slabRows(10, 3); // [0,4) [4,7) [7,10)
  EXPECT_EQ(heldRows(S[0], Halo{1, 1}, 10), (RowRange{0, 5}));
  EXPECT_EQ(heldRows(S[1], Halo{1, 1}, 10), (RowRange{3, 8}));
  EXPECT_EQ(heldRows(S[2], Halo{1, 1}, 10), (RowRange{6, 10}));
  EXPECT_EQ(heldRows(S[1], Halo{2, 0}, 10), (RowRange{2, 7}));
  EXPECT_EQ(heldRows(S[1], Halo{0, 0}, 10), S[1]);
  // A halo wider than the whole grid holds all of it.
  EXPECT_EQ(heldRows(S[1], Halo{9, 9}, 10), (RowRange{0, 10}));
}

TEST(Decomposition, OwnerOfEveryRow) {
  const std::vector<RowRange> S = slabRows(13, 5); // 3 3 3 2 2
  const int Expected[13] = {0, 0, 0, 1, 1, 1, 2, 2, 2, 3, 3, 4, 4};
  for (int64_t Row = 0; Row < 13; ++Row)
    EXPECT_EQ(ownerOf(S, Row), Expected[Row]) << "row " << Row;
}

TEST(Decomposition, HaloCopiesFromTheNeighbours) {
  const std::vector<RowRange> S = slabRows(10, 3); // [0,4) [4,7) [7,10)
  // Piece 1, one row each side: row 3 from piece 0, row 7 from piece 2.
  std::vector<HaloCopy> Low = haloCopies(S, 10, 1, HaloSide::Low, 1);
  ASSERT_EQ(Low.size(), 1u);
  EXPECT_EQ(Low[0].Src, 0);
  EXPECT_EQ(Low[0].Dst, 1);
  EXPECT_EQ(Low[0].Rows, (RowRange{3, 4}));
  std::vector<HaloCopy> High = haloCopies(S, 10, 1, HaloSide::High, 1);
  ASSERT_EQ(High.size(), 1u);
  EXPECT_EQ(High[0].Src, 2);
  EXPECT_EQ(High[0].Rows, (RowRange{7, 8}));
  // The grid's ends have no halo to fill.
  EXPECT_TRUE(haloCopies(S, 10, 0, HaloSide::Low, 1).empty());
  EXPECT_TRUE(haloCopies(S, 10, 2, HaloSide::High, 3).empty());
  // Zero width: nothing.
  EXPECT_TRUE(haloCopies(S, 10, 1, HaloSide::Low, 0).empty());
}

TEST(Decomposition, ThinSlabsFeedWideHalos) {
  // Slabs of one row with a halo of 3: rows come from several pieces, and
  // stop at the grid's ends.
  const std::vector<RowRange> S = slabRows(5, 5);
  std::vector<HaloCopy> Low = haloCopies(S, 5, 3, HaloSide::Low, 3);
  ASSERT_EQ(Low.size(), 3u);
  for (int I = 0; I < 3; ++I) {
    EXPECT_EQ(Low[size_t(I)].Src, I);
    EXPECT_EQ(Low[size_t(I)].Rows, (RowRange{I, I + 1}));
  }
  std::vector<HaloCopy> High = haloCopies(S, 5, 3, HaloSide::High, 3);
  ASSERT_EQ(High.size(), 1u); // only row 4 exists above piece 3
  EXPECT_EQ(High[0].Src, 4);
  EXPECT_EQ(High[0].Rows, (RowRange{4, 5}));
  // Uneven slabs: rows split where the owner changes.
  const std::vector<RowRange> U = slabRows({1, 2, 4});
  std::vector<HaloCopy> C = haloCopies(U, 7, 2, HaloSide::Low, 3);
  ASSERT_EQ(C.size(), 2u);
  EXPECT_EQ(C[0].Src, 0);
  EXPECT_EQ(C[0].Rows, (RowRange{0, 1}));
  EXPECT_EQ(C[1].Src, 1);
  EXPECT_EQ(C[1].Rows, (RowRange{1, 3}));
}

TEST(Decomposition, HaloRowsCoverHeldMinusOwned) {
  // For every piece the two sides plus its slab are exactly its held rows.
  for (int64_t N : {5, 10, 13, 64})
    for (int P = 1; P <= 5 && P <= N; ++P)
      for (int W = 0; W <= 3; ++W) {
        const std::vector<RowRange> S = slabRows(N, P);
        for (int Piece = 0; Piece < P; ++Piece) {
          const RowRange Held = heldRows(S[size_t(Piece)], Halo{W, W}, N);
          const RowRange Lo = haloRows(S, N, Piece, HaloSide::Low, W);
          const RowRange Hi = haloRows(S, N, Piece, HaloSide::High, W);
          EXPECT_EQ(Lo.Begin, Held.Begin);
          EXPECT_EQ(Lo.End, S[size_t(Piece)].Begin);
          EXPECT_EQ(Hi.Begin, S[size_t(Piece)].End);
          EXPECT_EQ(Hi.End, Held.End);
          int64_t Copied = 0;
          for (HaloSide Side : {HaloSide::Low, HaloSide::High})
            for (const HaloCopy &C : haloCopies(S, N, Piece, Side, W)) {
              Copied += C.Rows.size();
              // A copy reads only rows its source owns.
              EXPECT_GE(C.Rows.Begin, S[size_t(C.Src)].Begin);
              EXPECT_LE(C.Rows.End, S[size_t(C.Src)].End);
              EXPECT_NE(C.Src, Piece);
            }
          EXPECT_EQ(Copied, Held.size() - S[size_t(Piece)].size());
        }
      }
}

TEST(Decomposition, ChangeTrackerAbsorbsTheExchangesOwnWrites) {
  ChangeTracker T(2);
  T.observe(0, 5);
  T.observe(1, 9);
  const uint64_t E0 = T.epochs()[0];
  T.observe(0, 5); // unchanged
  EXPECT_EQ(T.epochs()[0], E0);
  T.absorb(0, 6); // the exchange wrote piece 0's halo (version 5 -> 6)
  T.observe(0, 6);
  EXPECT_EQ(T.epochs()[0], E0);
  T.observe(0, 7); // a launch wrote piece 0
  EXPECT_EQ(T.epochs()[0], E0 + 1);
}

TEST(Decomposition, HaloStateGoesStaleWhenItShould) {
  const std::vector<RowRange> S = slabRows(10, 3);
  ChangeTracker T(3);
  HaloState H(3);
  for (int P = 0; P < 3; ++P)
    T.observe(P, 1);
  std::vector<uint64_t> E = T.epochs();
  // Nothing recorded yet: nothing is current.
  EXPECT_FALSE(H.current(1, HaloSide::Low, 1, E));
  H.record(1, HaloSide::Low, 1, haloCopies(S, 10, 1, HaloSide::Low, 1), E);
  H.record(1, HaloSide::High, 1, haloCopies(S, 10, 1, HaloSide::High, 1), E);
  EXPECT_TRUE(H.current(1, HaloSide::Low, 1, E));
  EXPECT_TRUE(H.current(1, HaloSide::High, 1, E));
  // Narrower is current too; wider is not.
  EXPECT_TRUE(H.current(1, HaloSide::Low, 0, E));
  EXPECT_FALSE(H.current(1, HaloSide::Low, 2, E));
  // Piece 2 written: piece 1's high side (from piece 2) is stale, its low
  // side (from piece 0) is not.
  T.observe(2, 2);
  E = T.epochs();
  EXPECT_TRUE(H.current(1, HaloSide::Low, 1, E));
  EXPECT_FALSE(H.current(1, HaloSide::High, 1, E));
  // Piece 1 itself rewritten (an upload may have overwritten its halo):
  // both sides stale.
  H.record(1, HaloSide::High, 1, haloCopies(S, 10, 1, HaloSide::High, 1), E);
  EXPECT_TRUE(H.current(1, HaloSide::High, 1, E));
  T.observe(1, 2);
  E = T.epochs();
  EXPECT_FALSE(H.current(1, HaloSide::Low, 1, E));
  EXPECT_FALSE(H.current(1, HaloSide::High, 1, E));
}

TEST(Decomposition, HaloStateWithSeveralSources) {
  // A halo fed by two pieces goes stale when either changes.
  const std::vector<RowRange> S = slabRows(5, 5);
  ChangeTracker T(5);
  HaloState H(5);
  for (int P = 0; P < 5; ++P)
    T.observe(P, 1);
  std::vector<uint64_t> E = T.epochs();
  H.record(3, HaloSide::Low, 2, haloCopies(S, 5, 3, HaloSide::Low, 2), E);
  EXPECT_TRUE(H.current(3, HaloSide::Low, 2, E));
  T.observe(0, 2); // not a source of a 2-row halo below piece 3
  E = T.epochs();
  EXPECT_TRUE(H.current(3, HaloSide::Low, 2, E));
  T.observe(1, 2); // a source
  E = T.epochs();
  EXPECT_FALSE(H.current(3, HaloSide::Low, 2, E));
}

TEST(Decomposition, PieceDomainRowsAreLocal) {
  // Rows [0, 10) in [0,4) [4,7) [7,10), halo 1; the interior of a radius-1
  // kernel is global rows [1, 9).
  const std::vector<RowRange> S = slabRows(10, 3);
  const RowRange Domain{1, 9};
  // Piece 0 holds [0, 5): owns [0, 4), runs global [1, 4) = local [1, 4).
  EXPECT_EQ(pieceDomainRows(Domain, S[0], 0), (RowRange{1, 4}));
  // Piece 1 holds [3, 8): runs global [4, 7) = local [1, 4).
  EXPECT_EQ(pieceDomainRows(Domain, S[1], 3), (RowRange{1, 4}));
  // Piece 2 holds [6, 10): runs global [7, 9) = local [1, 3).
  EXPECT_EQ(pieceDomainRows(Domain, S[2], 6), (RowRange{1, 3}));
  // A region that misses a piece leaves it empty.
  EXPECT_TRUE(pieceDomainRows({0, 3}, S[1], 3).empty());
  EXPECT_TRUE(pieceDomainRows({5, 5}, S[1], 3).empty());
  // Every domain row runs on exactly one piece.
  for (int64_t Lo = 0; Lo <= 10; ++Lo)
    for (int64_t Hi = Lo; Hi <= 10; ++Hi) {
      int64_t Rows = 0;
      for (const RowRange &Own : S)
        Rows += pieceDomainRows({Lo, Hi}, Own, Own.Begin).size();
      EXPECT_EQ(Rows, Hi - Lo);
    }
}

TEST(Decomposition, SplitPieceRowsForTheOverlappedExchange) {
  // 20 rows in [0, 7) [7, 14) [14, 20); a kernel reading 2 below, 1 above;
  // the domain is the interior [2, 19).
  const std::vector<RowRange> S = slabRows(20, 3);
  auto split = [&](int P) {
    const RowRange Part{std::max<int64_t>(2, S[P].Begin),
                        std::min<int64_t>(19, S[P].End)};
    return splitPieceRows(Part, S[P], 20, 2, 1);
  };
  // Piece 0 has no low halo: [2, 6) inner, row 6 reads row 7 above.
  EXPECT_TRUE(split(0).Low.empty());
  EXPECT_EQ(split(0).Inner, (RowRange{2, 6}));
  EXPECT_EQ(split(0).High, (RowRange{6, 7}));
  // Piece 1: rows 7 and 8 read rows 5 and 6 below; row 13 reads 14.
  EXPECT_EQ(split(1).Low, (RowRange{7, 9}));
  EXPECT_EQ(split(1).Inner, (RowRange{9, 13}));
  EXPECT_EQ(split(1).High, (RowRange{13, 14}));
  // The last piece has no high halo.
  EXPECT_EQ(split(2).Low, (RowRange{14, 16}));
  EXPECT_EQ(split(2).Inner, (RowRange{16, 19}));
  EXPECT_TRUE(split(2).High.empty());
  // A point-wise kernel along dimension 0 reads no halo: all inner.
  EXPECT_EQ(splitPieceRows({7, 14}, S[1], 20, 0, 0).Inner, (RowRange{7, 14}));
  // Thin slabs and every part: disjoint, in order, covering the part, and
  // an inner row reads only rows the piece owns (or beyond the grid).
  for (int64_t N : {3, 8, 13})
    for (int Pieces = 1; Pieces <= 4 && Pieces <= N; ++Pieces)
      for (int Below = 0; Below <= 3; ++Below)
        for (int Above = 0; Above <= 3; ++Above) {
          const std::vector<RowRange> T = slabRows(N, Pieces);
          for (const RowRange &Own : T)
            for (int64_t Lo = Own.Begin; Lo <= Own.End; ++Lo)
              for (int64_t Hi = Lo; Hi <= Own.End; ++Hi) {
                const PieceSplit X =
                    splitPieceRows({Lo, Hi}, Own, N, Below, Above);
                EXPECT_EQ(X.Low.Begin, Lo);
                EXPECT_EQ(X.Low.End, X.Inner.Begin);
                EXPECT_EQ(X.Inner.End, X.High.Begin);
                EXPECT_EQ(X.High.End, Hi);
                for (int64_t R = X.Inner.Begin; R < X.Inner.End; ++R) {
                  EXPECT_TRUE(R - Below >= Own.Begin || Own.Begin == 0);
                  EXPECT_TRUE(R + Above < Own.End || Own.End == N);
                }
              }
        }
}
