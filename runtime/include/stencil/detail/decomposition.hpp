// stencil/detail/decomposition.hpp - the arithmetic of a distributed grid
// (stencil/distributed.hpp): slabs of rows along dimension 0, the rows each
// piece holds (its own plus its halo, clipped to the grid), the copies that
// fill a halo from the pieces owning those rows, and the bookkeeping that
// says whether a halo is still current.
//
// Plain C++17 without CUDA, so that test/unit/DecompositionTest.cpp checks
// it on the host. Arguments are assumed valid here; stencil::Decomposition
// and stencil::DistGrid check them (slabError) and throw stencil::Error.
//
// Internal: for the runtime and the code stencilc generates, not for
// programs; names and signatures change with the code generator.
#ifndef STENCIL_DETAIL_DECOMPOSITION_HPP
#define STENCIL_DETAIL_DECOMPOSITION_HPP

#include <algorithm>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace stencil {

/// Halo rows of each piece of a distributed grid along dimension 0: Lo rows
/// below its own slab, Hi rows above (fewer at the grid's ends). Public:
/// stencil::DistGrid takes one.
struct Halo {
  int Lo = 0;
  int Hi = 0;
  bool operator==(const Halo &O) const { return Lo == O.Lo && Hi == O.Hi; }
  bool operator!=(const Halo &O) const { return !(*this == O); }
};

namespace detail {

/// Global rows [Begin, End) along dimension 0.
struct RowRange {
  int64_t Begin = 0;
  int64_t End = 0;
  int64_t size() const { return End > Begin ? End - Begin : 0; }
  bool empty() const { return End <= Begin; }
  bool operator==(const RowRange &O) const {
    return Begin == O.Begin && End == O.End;
  }
  bool operator!=(const RowRange &O) const { return !(*this == O); }
};

/// Rows [0, N) in Pieces consecutive slabs, in order; the first N % Pieces
/// slabs have one row more than the others (as MPI_Dims-style block
/// distributions do), so that sizes differ by at most one row.
inline std::vector<RowRange> slabRows(int64_t N, int Pieces) {
  std::vector<RowRange> Slabs;
  const int64_t Base = N / Pieces, Extra = N % Pieces;
  int64_t Row = 0;
  for (int P = 0; P < Pieces; ++P) {
    const int64_t Rows = Base + (P < Extra ? 1 : 0);
    Slabs.push_back({Row, Row + Rows});
    Row += Rows;
  }
  return Slabs;
}

/// Slabs of the given row counts, in order.
inline std::vector<RowRange> slabRows(const std::vector<int64_t> &Rows) {
  std::vector<RowRange> Slabs;
  int64_t Row = 0;
  for (int64_t N : Rows) {
    Slabs.push_back({Row, Row + N});
    Row += N;
  }
  return Slabs;
}

/// Why Slabs cannot be the pieces of N rows with halo H; empty when they can:
/// at least one piece, each owning at least one row, covering [0, N) in
/// order, and a halo of non-negative widths.
inline std::string slabError(const std::vector<RowRange> &Slabs, int64_t N,
                             Halo H) {
  if (Slabs.empty())
    return "a distributed grid needs at least one piece";
  if (H.Lo < 0 || H.Hi < 0)
    return "halo widths must not be negative (got " + std::to_string(H.Lo) +
           " below, " + std::to_string(H.Hi) + " above)";
  int64_t Row = 0;
  for (size_t P = 0; P < Slabs.size(); ++P) {
    if (Slabs[P].Begin != Row || Slabs[P].empty())
      return "piece " + std::to_string(P) + " owns rows [" +
             std::to_string(Slabs[P].Begin) + ", " +
             std::to_string(Slabs[P].End) +
             "); every piece must own at least one row, the pieces in order "
             "along dimension 0 (" +
             std::to_string(Slabs.size()) + " pieces of " + std::to_string(N) +
             " rows)";
    Row = Slabs[P].End;
  }
  if (Row != N)
    return "the pieces own rows [0, " + std::to_string(Row) +
           ") of a grid of " + std::to_string(N) + " rows along dimension 0";
  return "";
}

/// The rows a piece holds: its own slab widened by the halo, clipped to the
/// grid's rows [0, N). Local row 0 of the piece is global row Begin.
inline RowRange heldRows(RowRange Owned, Halo H, int64_t N) {
  return {std::max<int64_t>(Owned.Begin - H.Lo, 0),
          std::min<int64_t>(Owned.End + H.Hi, N)};
}

/// The piece owning global row Row (Slabs as slabError accepts them).
inline int ownerOf(const std::vector<RowRange> &Slabs, int64_t Row) {
  auto It =
      std::upper_bound(Slabs.begin(), Slabs.end(), Row,
                       [](int64_t R, const RowRange &S) { return R < S.End; });
  return int(It - Slabs.begin());
}

enum class HaloSide : int { Low = 0, High = 1 };

/// One copy of a halo exchange: global rows Rows, owned by piece Src, into
/// the halo of piece Dst on side Side.
struct HaloCopy {
  int Dst = 0;
  int Src = 0;
  HaloSide Side = HaloSide::Low;
  RowRange Rows;
};

/// The halo rows on one side of piece Dst that the pieces hold: up to Width
/// rows next to its slab, clipped to the grid (none below piece 0 or above
/// the last piece).
inline RowRange haloRows(const std::vector<RowRange> &Slabs, int64_t N, int Dst,
                         HaloSide Side, int Width) {
  const RowRange &Own = Slabs[size_t(Dst)];
  if (Side == HaloSide::Low)
    return {std::max<int64_t>(Own.Begin - Width, 0), Own.Begin};
  return {Own.End, std::min<int64_t>(Own.End + Width, N)};
}

/// The copies that fill Width halo rows on one side of piece Dst, one per
/// owning piece (a slab thinner than the halo takes rows from several), in
/// row order.
inline std::vector<HaloCopy> haloCopies(const std::vector<RowRange> &Slabs,
                                        int64_t N, int Dst, HaloSide Side,
                                        int Width) {
  std::vector<HaloCopy> Copies;
  const RowRange Rows = haloRows(Slabs, N, Dst, Side, Width);
  for (int64_t Row = Rows.Begin; Row < Rows.End;) {
    const int Src = ownerOf(Slabs, Row);
    const int64_t End = std::min(Rows.End, Slabs[size_t(Src)].End);
    Copies.push_back({Dst, Src, Side, {Row, End}});
    Row = End;
  }
  return Copies;
}

/// Counts changes of each piece's own rows from the pieces' Grid::version():
/// an epoch that moves when a piece was written by anything but the halo
/// exchange itself (whose writes to the halo rows bump the version too,
/// since record arrays key on it, and are absorbed here).
class ChangeTracker {
public:
  explicit ChangeTracker(int Pieces = 0)
      : Seen(size_t(Pieces), ~uint64_t(0)), Epochs(size_t(Pieces), 0) {}
  /// Notes piece P's version: a version not seen before starts a new epoch.
  void observe(int P, uint64_t Version) {
    if (Seen[size_t(P)] == Version)
      return;
    Seen[size_t(P)] = Version;
    ++Epochs[size_t(P)];
  }
  /// Piece P's version after a write of the exchange's own (halo rows only):
  /// its rows did not change, so neither does its epoch.
  void absorb(int P, uint64_t Version) { Seen[size_t(P)] = Version; }
  const std::vector<uint64_t> &epochs() const { return Epochs; }

private:
  std::vector<uint64_t> Seen;
  std::vector<uint64_t> Epochs;
};

/// Which halo rows of each piece are current. A side is current for Width
/// rows when it was last filled with at least that many, from pieces whose
/// epochs have not moved since, and the piece itself has not been written
/// since (a write of the whole piece, an upload, may have overwritten it).
class HaloState {
public:
  explicit HaloState(int Pieces = 0) : Sides(size_t(Pieces) * 2) {}

  bool current(int P, HaloSide S, int Width,
               const std::vector<uint64_t> &Epochs) const {
    const Side &X = side(P, S);
    if (!X.Valid || X.Width < Width || X.OwnEpoch != Epochs[size_t(P)])
      return false;
    for (const auto &[Src, Epoch] : X.Sources)
      if (Epochs[size_t(Src)] != Epoch)
        return false;
    return true;
  }
  /// Piece P's side S now holds Width rows, copied by Copies at Epochs.
  void record(int P, HaloSide S, int Width, const std::vector<HaloCopy> &Copies,
              const std::vector<uint64_t> &Epochs) {
    Side &X = side(P, S);
    X.Valid = true;
    X.Width = Width;
    X.OwnEpoch = Epochs[size_t(P)];
    X.Sources.clear();
    for (const HaloCopy &C : Copies)
      X.Sources.emplace_back(C.Src, Epochs[size_t(C.Src)]);
  }

private:
  struct Side {
    bool Valid = false;
    int Width = 0;
    uint64_t OwnEpoch = 0;
    std::vector<std::pair<int, uint64_t>> Sources;
  };
  Side &side(int P, HaloSide S) { return Sides[size_t(P) * 2 + size_t(S)]; }
  const Side &side(int P, HaloSide S) const {
    return Sides[size_t(P) * 2 + size_t(S)];
  }
  std::vector<Side> Sides;
};

/// The rows of a launch over global domain rows Domain that piece Owned
/// (holding rows from HeldBegin) runs, in the piece's local rows: the part
/// of Domain it owns, shifted by HeldBegin. Empty when it owns none.
inline RowRange pieceDomainRows(RowRange Domain, RowRange Owned,
                                int64_t HeldBegin) {
  const int64_t Lo = std::max(Domain.Begin, Owned.Begin);
  const int64_t Hi = std::min(Domain.End, Owned.End);
  if (Hi <= Lo)
    return {0, 0};
  return {Lo - HeldBegin, Hi - HeldBegin};
}

/// A piece's part of a launch split so that the halo exchange can run beside
/// it: Inner, the rows whose points read no halo row (launched at once), and
/// the edges Low and High, whose points read halo rows below or above
/// (launched once the exchange is done). Global rows. A side at the grid's
/// end has no halo and no edge: its rows stay in Inner.
struct PieceSplit {
  RowRange Inner, Low, High;
};

/// Splits the rows Part (the domain's rows that piece Owned owns) of a
/// kernel reading Below rows below and Above rows above each point, in a
/// grid of N rows. Inner, Low and High are disjoint and cover Part.
inline PieceSplit splitPieceRows(RowRange Part, RowRange Owned, int64_t N,
                                 int Below, int Above) {
  PieceSplit S;
  if (Part.empty()) {
    S.Low = S.Inner = S.High = {Part.Begin, Part.Begin};
    return S;
  }
  // Rows r with r - Below < Owned.Begin read the low halo (when there is
  // one); rows with r + Above >= Owned.End the high halo.
  const int64_t LowEnd =
      Owned.Begin > 0 && Below > 0
          ? std::min(Part.End, std::max(Part.Begin, Owned.Begin + Below))
          : Part.Begin;
  const int64_t HighBegin =
      Owned.End < N && Above > 0
          ? std::max(LowEnd, std::min(Part.End, Owned.End - Above))
          : Part.End;
  S.Low = {Part.Begin, LowEnd};
  S.Inner = {LowEnd, HighBegin};
  S.High = {HighBegin, Part.End};
  return S;
}

} // namespace detail
} // namespace stencil

#endif // STENCIL_DETAIL_DECOMPOSITION_HPP
