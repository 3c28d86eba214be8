// stencil/distributed.hpp - stencil::DistGrid<T, R>: a grid cut into slabs
// along dimension 0, each piece an ordinary stencil::Grid on a device, with
// halo rows filled from its neighbours by peer copies within one process.
//
// For users: stencil::Decomposition (the slabs and the device of each
// piece), stencil::DistGrid (pieces, scatter and gather, halo exchange), and
// stencil::Halo. For the code stencilc generates with --distributed:
// detail::DistLaunch (a launch's domain per piece), detail::PieceResults
// (reductions in piece order), detail::DeviceScope. Not part of
// <stencil/runtime.hpp>: the generated header includes it when it declares
// distributed launchers. docs/distributed.md has the design and what is not
// built yet (MPI ranks, NCCL, several hosts, pencils).
#ifndef STENCIL_DISTRIBUTED_HPP
#define STENCIL_DISTRIBUTED_HPP

#include <stencil/detail/decomposition.hpp>
#include <stencil/detail/launch.hpp>
#include <stencil/detail/result_ring.hpp>
#include <stencil/device_grid.hpp>
#include <stencil/error.hpp>
#include <stencil/grid.hpp>
#include <stencil/launch_options.hpp>
#include <stencil/pending.hpp>
#include <stencil/profiler.hpp>

#include <cuda_runtime.h>

#include <array>
#include <cstdint>
#include <deque>
#include <mutex>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace stencil {

namespace detail {

/// Makes Device current for its lifetime and restores the previous one.
class DeviceScope {
public:
  DeviceScope(const char *Who, int Device) {
    STENCIL_CUDA_CHECK(cudaGetDevice(&Previous), Who);
    if (Device == Previous)
      return;
    STENCIL_CUDA_CHECK(cudaSetDevice(Device), Who);
    Changed = true;
  }
  ~DeviceScope() {
    if (Changed)
      (void)cudaSetDevice(Previous); // never throw from a destructor
  }
  DeviceScope(const DeviceScope &) = delete;
  DeviceScope &operator=(const DeviceScope &) = delete;

private:
  int Previous = 0;
  bool Changed = false;
};

/// Lets device A read and write B's memory directly (NVLink or PCIe) where
/// the pair supports it, once per process and pair; without it
/// cudaMemcpyPeerAsync still works, staged by the driver.
inline void enablePeerAccess(const char *Who, int A, int B) {
  static std::mutex M;
  static std::set<std::pair<int, int>> Done;
  if (A == B)
    return;
  std::lock_guard<std::mutex> Lock(M);
  if (!Done.insert({A, B}).second)
    return;
  int Can = 0;
  STENCIL_CUDA_CHECK(cudaDeviceCanAccessPeer(&Can, A, B), Who);
  if (!Can)
    return;
  DeviceScope Scope(Who, A);
  const cudaError_t Status = cudaDeviceEnablePeerAccess(B, 0);
  if (Status == cudaErrorPeerAccessAlreadyEnabled) {
    (void)cudaGetLastError(); // not an error: someone enabled it before
    return;
  }
  STENCIL_CUDA_CHECK(Status, Who);
}

} // namespace detail

/// How a grid of extents E is cut: slabs of consecutive rows along
/// dimension 0, piece p on device Devices[p]. A device may appear more than
/// once (several pieces on one device: how the distributed path is tested on
/// a machine with one GPU). Every piece owns at least one row.
template <int R> class Decomposition {
public:
  Decomposition() = default;
  /// Even slabs: N rows into Devices.size() pieces, the first N % pieces one
  /// row longer.
  Decomposition(const Extents<R> &E, std::vector<int> Devices)
      : Ext(E), Devs(std::move(Devices)) {
    check();
    Slabs = detail::slabRows(E[0], int(Devs.size()));
    requireSlabs();
  }
  /// Slabs of the given row counts (one per device, in order).
  Decomposition(const Extents<R> &E, std::vector<int> Devices,
                const std::vector<int64_t> &Rows)
      : Ext(E), Devs(std::move(Devices)) {
    check();
    if (Rows.size() != Devs.size())
      throw Error("Decomposition",
                  std::to_string(Rows.size()) + " row counts for " +
                      std::to_string(Devs.size()) + " devices");
    Slabs = detail::slabRows(Rows);
    requireSlabs();
  }

  const Extents<R> &extents() const { return Ext; }
  int pieces() const { return int(Slabs.size()); }
  int device(int P) const { return Devs[size_t(P)]; }
  const std::vector<int> &devices() const { return Devs; }
  /// The rows piece P owns, global.
  detail::RowRange slab(int P) const { return Slabs[size_t(P)]; }
  const std::vector<detail::RowRange> &slabs() const { return Slabs; }
  /// True when every piece is on one device.
  bool oneDevice() const {
    for (int D : Devs)
      if (D != Devs.front())
        return false;
    return true;
  }
  bool operator==(const Decomposition &O) const {
    return Ext == O.Ext && Devs == O.Devs && Slabs == O.Slabs;
  }
  bool operator!=(const Decomposition &O) const { return !(*this == O); }

  /// "[100x64] in 3 slabs of rows [0, 34) on device 0, ..." for errors.
  std::string describe() const {
    std::string S = formatExtents<R>(Ext) + " in " +
                    std::to_string(Slabs.size()) + " slabs:";
    for (size_t P = 0; P < Slabs.size(); ++P)
      S += std::string(P ? "," : "") + " rows [" +
           std::to_string(Slabs[P].Begin) + ", " +
           std::to_string(Slabs[P].End) + ") on device " +
           std::to_string(Devs[P]);
    return S;
  }

private:
  void check() const {
    for (int64_t X : Ext)
      if (X <= 0)
        throw Error("Decomposition", "extents " + formatExtents<R>(Ext) +
                                         " must all be positive");
    for (int D : Devs)
      if (D < 0)
        throw Error("Decomposition",
                    "device " + std::to_string(D) + " is not a device ordinal");
  }
  void requireSlabs() const {
    const std::string Why = detail::slabError(Slabs, Ext[0], Halo{});
    if (!Why.empty())
      throw Error("Decomposition", Why);
  }

  Extents<R> Ext{};
  std::vector<int> Devs;
  std::vector<detail::RowRange> Slabs;
};

/// What a distributed grid's halo exchanges have copied so far.
struct HaloTraffic {
  uint64_t Exchanges = 0; ///< exchangeHalos calls that copied something
  uint64_t Copies = 0;    ///< cudaMemcpyAsync / cudaMemcpyPeerAsync calls
  uint64_t Bytes = 0;
};

/// A grid of extents Decomposition::extents() stored as one stencil::Grid
/// per piece on the piece's device. Piece p holds the rows it owns plus the
/// halo, Halo::Lo rows below and Halo::Hi above (fewer at the grid's ends),
/// so its extents are those of the whole grid but along dimension 0; local
/// row 0 is global row origin(p).
///
/// The owned rows are the grid's contents; the halo rows are a copy of the
/// neighbours' owned rows, refreshed by exchangeHalos only when a neighbour
/// changed since (Grid::version()), so a launch that reads no new data
/// copies nothing. Write a piece's owned rows only (launches do); the halo
/// rows belong to the exchange. Move-only; swap is O(1).
template <class T, int R> class DistGrid {
public:
  using value_type = T;
  static constexpr int rank = R;

  DistGrid() = default;
  /// Zero-filled pieces.
  DistGrid(const Decomposition<R> &D, Halo H) : Dec(D), Width(H) {
    allocate();
    markHalosCurrent();
  }
  /// Pieces holding Global's rows (scatter).
  DistGrid(const Decomposition<R> &D, Halo H, const HostGrid<T, R> &Global)
      : Dec(D), Width(H) {
    allocate();
    scatter(Global);
  }
  DistGrid(const DistGrid &) = delete;
  DistGrid &operator=(const DistGrid &) = delete;
  DistGrid(DistGrid &&O) noexcept { swap(*this, O); }
  DistGrid &operator=(DistGrid &&O) noexcept {
    if (this != &O) {
      DistGrid Tmp(std::move(O));
      swap(*this, Tmp);
    }
    return *this;
  }
  ~DistGrid() {
    for (cudaEvent_t E : Ready)
      if (E)
        (void)cudaEventDestroy(E);
    for (cudaEvent_t E : Done)
      if (E)
        (void)cudaEventDestroy(E);
  }

  const Decomposition<R> &decomposition() const { return Dec; }
  const Extents<R> &extents() const { return Dec.extents(); }
  Halo halo() const { return Width; }
  int pieces() const { return int(Pieces.size()); }
  int device(int P) const { return Dec.device(P); }
  const Grid<T, R> &piece(int P) const { return Pieces[size_t(P)]; }
  /// Mutable: for launches that write the piece (its owned rows).
  Grid<T, R> &piece(int P) { return Pieces[size_t(P)]; }
  /// The global rows piece P owns, and those it holds (owned plus halo).
  detail::RowRange owned(int P) const { return Dec.slab(P); }
  detail::RowRange held(int P) const {
    return detail::heldRows(Dec.slab(P), Width, Dec.extents()[0]);
  }
  /// The global row of piece P's local row 0.
  int64_t origin(int P) const { return held(P).Begin; }
  /// The copies the halo exchanges made (tests check that a launch which
  /// reads nothing new copies nothing).
  const HaloTraffic &traffic() const { return Traffic; }

  /// Uploads every piece's rows, halo included, from a host grid of the
  /// whole extents; every halo is then current.
  void scatter(const HostGrid<T, R> &Global) {
    requireExtents("DistGrid::scatter", Global.extents());
    for (int P = 0; P < pieces(); ++P) {
      detail::DeviceScope Scope("DistGrid::scatter", device(P));
      const detail::RowRange Rows = held(P);
      const size_t Bytes = size_t(Rows.size() * rowPoints()) * sizeof(T);
      STENCIL_CUDA_CHECK(cudaMemcpy(Pieces[size_t(P)].data(),
                                    Global.data() + Rows.Begin * rowPoints(),
                                    Bytes, cudaMemcpyHostToDevice),
                         "DistGrid::scatter");
      detail::countTransfer(detail::Profiler::TransfersRow, Bytes, 0);
    }
    markHalosCurrent();
  }
  /// Downloads every piece's owned rows into Global (reshaped to the
  /// extents if they differ).
  void gather(HostGrid<T, R> &Global) const {
    if (Global.extents() != extents())
      Global = HostGrid<T, R>(extents());
    for (int P = 0; P < pieces(); ++P) {
      detail::DeviceScope Scope("DistGrid::gather", device(P));
      const detail::RowRange Own = owned(P);
      const size_t Bytes = size_t(Own.size() * rowPoints()) * sizeof(T);
      STENCIL_CUDA_CHECK(
          cudaMemcpy(Global.data() + Own.Begin * rowPoints(),
                     piece(P).data() + (Own.Begin - origin(P)) * rowPoints(),
                     Bytes, cudaMemcpyDeviceToHost),
          "DistGrid::gather");
      detail::countTransfer(detail::Profiler::TransfersRow, 0, Bytes);
    }
  }
  HostGrid<T, R> gather() const {
    HostGrid<T, R> H(extents());
    gather(H);
    return H;
  }
  /// Every point, halo rows included, set to Value.
  void fill(T Value) {
    for (int P = 0; P < pieces(); ++P) {
      detail::DeviceScope Scope("DistGrid::fill", device(P));
      Pieces[size_t(P)].fill(Value);
    }
    markHalosCurrent();
  }

  /// Makes Lo halo rows below and Hi above every piece's slab current,
  /// copying only the sides whose source rows changed since they were last
  /// filled (or that were filled narrower): same-device copies by
  /// cudaMemcpyAsync, others by cudaMemcpyPeerAsync, on Stream (with the
  /// default stream 0: each device's own). Events order each copy after the
  /// source's earlier work and the source's later work after the copy.
  /// Const: the halo rows are a cache of the neighbours' rows, not contents.
  void exchangeHalos(const char *Who, int Lo, int Hi,
                     cudaStream_t Stream = 0) const {
    if (Lo > Width.Lo || Hi > Width.Hi || Lo < 0 || Hi < 0)
      throw Error(Who, "a halo exchange of " + std::to_string(Lo) +
                           " rows below and " + std::to_string(Hi) +
                           " above each piece, but the distributed grid's "
                           "halo is " +
                           std::to_string(Width.Lo) + " below and " +
                           std::to_string(Width.Hi) + " above");
    if (Stream && !Dec.oneDevice())
      throw Error(Who, "a LaunchOptions::Stream with pieces on several "
                       "devices is not supported yet; use the default "
                       "stream (0)");
    for (int P = 0; P < pieces(); ++P)
      Changes.observe(P, Pieces[size_t(P)].version());
    const std::vector<uint64_t> Epochs = Changes.epochs();
    std::vector<Side> Plan = stale(Lo, Hi, Epochs);
    if (Plan.empty())
      return;
    copy(Who, Plan, Stream);
    ++Traffic.Exchanges;
    for (const Side &S : Plan)
      Halos.record(S.Piece, S.Which, S.Width, S.Copies, Epochs);
    for (const Side &S : Plan)
      Changes.absorb(S.Piece, Pieces[size_t(S.Piece)].version());
  }
  /// The whole halo.
  void exchangeHalos(cudaStream_t Stream = 0) const {
    exchangeHalos("DistGrid::exchangeHalos", Width.Lo, Width.Hi, Stream);
  }

  /// O(1): exchanges the pieces with their halo bookkeeping (double
  /// buffering).
  friend void swap(DistGrid &A, DistGrid &B) noexcept {
    std::swap(A.Dec, B.Dec);
    std::swap(A.Width, B.Width);
    std::swap(A.Pieces, B.Pieces);
    std::swap(A.Changes, B.Changes);
    std::swap(A.Halos, B.Halos);
    std::swap(A.Ready, B.Ready);
    std::swap(A.Done, B.Done);
    std::swap(A.Traffic, B.Traffic);
  }

private:
  /// One side of one piece to refill, and the copies that do it.
  struct Side {
    int Piece;
    detail::HaloSide Which;
    int Width;
    std::vector<detail::HaloCopy> Copies;
  };

  int64_t rowPoints() const {
    int64_t N = 1;
    for (int D = 1; D < R; ++D)
      N *= extents()[D];
    return N;
  }

  void allocate() {
    const std::string Why =
        detail::slabError(Dec.slabs(), Dec.extents()[0], Width);
    if (!Why.empty())
      throw Error("DistGrid", Why);
    int Count = 0;
    STENCIL_CUDA_CHECK(cudaGetDeviceCount(&Count), "DistGrid");
    for (int D : Dec.devices())
      if (D >= Count)
        throw Error("DistGrid", "device " + std::to_string(D) +
                                    " does not exist (this machine has " +
                                    std::to_string(Count) + ")");
    for (int P = 0; P < Dec.pieces(); ++P) {
      detail::DeviceScope Scope("DistGrid", device(P));
      Extents<R> Local = Dec.extents();
      Local[0] = held(P).size();
      Pieces.emplace_back(Local);
      for (int Q = 0; Q < Dec.pieces(); ++Q)
        detail::enablePeerAccess("DistGrid", device(P), device(Q));
    }
    Changes = detail::ChangeTracker(pieces());
    Halos = detail::HaloState(pieces());
    Ready.assign(size_t(pieces()), nullptr);
    Done.assign(size_t(pieces()), nullptr);
  }

  void requireExtents(const char *What, const Extents<R> &E) const {
    if (E != extents())
      throw Error(What, "extents " + formatExtents<R>(E) +
                            " differ from the distributed grid's " +
                            formatExtents<R>(extents()));
  }

  /// After scatter or fill: every halo row holds its owner's row.
  void markHalosCurrent() {
    for (int P = 0; P < pieces(); ++P)
      Changes.observe(P, Pieces[size_t(P)].version());
    const std::vector<uint64_t> &Epochs = Changes.epochs();
    for (int P = 0; P < pieces(); ++P)
      for (detail::HaloSide S :
           {detail::HaloSide::Low, detail::HaloSide::High}) {
        const int W = S == detail::HaloSide::Low ? Width.Lo : Width.Hi;
        const std::vector<detail::HaloCopy> Copies =
            detail::haloCopies(Dec.slabs(), extents()[0], P, S, W);
        if (!Copies.empty())
          Halos.record(P, S, W, Copies, Epochs);
      }
  }

  /// The sides whose Lo (Hi) rows are not current.
  std::vector<Side> stale(int Lo, int Hi,
                          const std::vector<uint64_t> &Epochs) const {
    std::vector<Side> Plan;
    for (int P = 0; P < pieces(); ++P)
      for (detail::HaloSide S :
           {detail::HaloSide::Low, detail::HaloSide::High}) {
        const int W = S == detail::HaloSide::Low ? Lo : Hi;
        const int Rows =
            int(detail::haloRows(Dec.slabs(), extents()[0], P, S, W).size());
        if (Rows == 0 || Halos.current(P, S, Rows, Epochs))
          continue;
        Plan.push_back(
            {P, S, Rows,
             detail::haloCopies(Dec.slabs(), extents()[0], P, S, W)});
      }
    return Plan;
  }

  cudaEvent_t event(std::vector<cudaEvent_t> &Events, int P,
                    const char *Who) const {
    cudaEvent_t &E = Events[size_t(P)];
    if (!E) // on the piece's device, which the caller made current
      STENCIL_CUDA_CHECK(cudaEventCreateWithFlags(&E, cudaEventDisableTiming),
                         Who);
    return E;
  }

  /// The copies of Plan, ordered against the pieces' other work on Stream.
  void copy(const char *Who, const std::vector<Side> &Plan,
            cudaStream_t Stream) const {
    std::set<int> Sources;
    for (const Side &S : Plan)
      for (const detail::HaloCopy &C : S.Copies)
        Sources.insert(C.Src);
    // Each source's rows are ready once its earlier work is done.
    for (int Q : Sources) {
      detail::DeviceScope Scope(Who, device(Q));
      STENCIL_CUDA_CHECK(cudaEventRecord(event(Ready, Q, Who), Stream), Who);
    }
    // Each destination waits for its sources, copies, and marks itself done.
    std::set<std::pair<int, int>> Fed; // (source, destination)
    for (size_t I = 0; I < Plan.size();) {
      const int P = Plan[I].Piece;
      detail::DeviceScope Scope(Who, device(P));
      T *Dst = Pieces[size_t(P)].data(); // bumps version(): records repack
      for (; I < Plan.size() && Plan[I].Piece == P; ++I)
        for (const detail::HaloCopy &C : Plan[I].Copies) {
          STENCIL_CUDA_CHECK(
              cudaStreamWaitEvent(Stream, Ready[size_t(C.Src)], 0), Who);
          const size_t Bytes = size_t(C.Rows.size() * rowPoints()) * sizeof(T);
          const T *From = Pieces[size_t(C.Src)].data() +
                          (C.Rows.Begin - origin(C.Src)) * rowPoints();
          T *To = Dst + (C.Rows.Begin - origin(P)) * rowPoints();
          if (device(C.Src) == device(P))
            STENCIL_CUDA_CHECK(cudaMemcpyAsync(To, From, Bytes,
                                               cudaMemcpyDeviceToDevice,
                                               Stream),
                               Who);
          else
            STENCIL_CUDA_CHECK(cudaMemcpyPeerAsync(To, device(P), From,
                                                   device(C.Src), Bytes,
                                                   Stream),
                               Who);
          Fed.insert({C.Src, P});
          ++Traffic.Copies;
          Traffic.Bytes += Bytes;
        }
      STENCIL_CUDA_CHECK(cudaEventRecord(event(Done, P, Who), Stream), Who);
    }
    // A source's later work (a launch writing its rows) waits for the copies
    // that read them.
    for (const auto &[Q, P] : Fed) {
      detail::DeviceScope Scope(Who, device(Q));
      STENCIL_CUDA_CHECK(cudaStreamWaitEvent(Stream, Done[size_t(P)], 0), Who);
    }
  }

  Decomposition<R> Dec;
  Halo Width;
  mutable std::vector<Grid<T, R>> Pieces;
  mutable detail::ChangeTracker Changes;
  mutable detail::HaloState Halos;
  mutable std::vector<cudaEvent_t> Ready, Done;
  mutable HaloTraffic Traffic;
};

namespace detail {

/// The domain of one launch over distributed grids, per piece: the kernel's
/// interior (or the options' region) of the whole grid, checked against the
/// footprint in global coordinates, and each piece's part of it in the
/// piece's local coordinates. Host arithmetic only.
template <int R> class DistLaunch {
public:
  DistLaunch(const char *Kernel, const Decomposition<R> &D, Halo H,
             const std::array<int, 3> &FootLo, const std::array<int, 3> &FootHi,
             const LaunchOptions &Opts)
      : Kernel(Kernel), Dec(D), Width(H), Opts(Opts) {
    if (Dec.pieces() == 0)
      throw Error(Kernel, "a distributed grid of no pieces (default-"
                          "constructed or moved from)");
    if (FootLo[0] > H.Lo || FootHi[0] > H.Hi)
      throw Error(Kernel, "the kernel reads " + std::to_string(FootLo[0]) +
                              " rows below and " + std::to_string(FootHi[0]) +
                              " above each point along dimension 0, but the "
                              "distributed grids' halo is " +
                              std::to_string(H.Lo) + " below and " +
                              std::to_string(H.Hi) +
                              " above; make them with at least stencil::Halo{" +
                              std::to_string(FootLo[0]) + ", " +
                              std::to_string(FootHi[0]) + "}");
    if (Opts.Stream && !Dec.oneDevice())
      throw Error(Kernel, "a LaunchOptions::Stream with pieces on several "
                          "devices is not supported yet; use the default "
                          "stream (0)");
    Global = launchDomain<R>(Kernel, Dec.extents(), FootLo, FootHi, Opts);
    for (int P = 0; P < Dec.pieces(); ++P)
      AllEmpty = AllEmpty && empty(P);
  }

  /// Throws unless G is cut as the first grid ('First') is, with the same
  /// halo: the pieces of one launch must have equal extents.
  template <class T>
  void requireSame(const char *First, const char *Name,
                   const DistGrid<T, R> &G) const {
    if (G.decomposition() != Dec)
      throw Error(Kernel, "distributed grids of one launch must be cut "
                          "alike, but '" +
                              std::string(First) + "' is " + Dec.describe() +
                              " and '" + Name + "' is " +
                              G.decomposition().describe());
    if (G.halo() != Width)
      throw Error(Kernel,
                  "distributed grids of one launch must have the same halo, "
                  "but '" +
                      std::string(First) + "' has " + std::to_string(Width.Lo) +
                      " below and " + std::to_string(Width.Hi) +
                      " above and '" + Name + "' " +
                      std::to_string(G.halo().Lo) + " and " +
                      std::to_string(G.halo().Hi));
  }

  /// Throws unless the histogram Name is on the device of every piece: each
  /// piece's launch adds into it.
  template <class T>
  void requireHistogramOnPieces(const char *Name,
                                const Grid<T, 1> &Bins) const {
    if (!Bins.data())
      return;
    cudaPointerAttributes A;
    STENCIL_CUDA_CHECK(cudaPointerGetAttributes(&A, Bins.data()), Kernel);
    for (int P = 0; P < Dec.pieces(); ++P)
      if (A.device != Dec.device(P))
        throw Error(Kernel, "histogram '" + std::string(Name) +
                                "' is on device " + std::to_string(A.device) +
                                " and piece " + std::to_string(P) +
                                " on device " + std::to_string(Dec.device(P)) +
                                ": a histogram shared by pieces on several "
                                "devices is not supported yet");
  }

  int pieces() const { return Dec.pieces(); }
  int device(int P) const { return Dec.device(P); }
  /// True when piece P owns none of the domain.
  bool empty(int P) const {
    if (Global.empty())
      return true;
    const RowRange Own = Dec.slab(P);
    return Own.End <= Global.Lo[0] || Global.Hi[0] <= Own.Begin;
  }
  /// Whether piece P is launched: when it owns part of the domain, and piece
  /// 0 when none does (its empty launch returns the reductions' identities).
  bool runs(int P) const { return !empty(P) || (P == 0 && AllEmpty); }
  /// The options of piece P's launch: the caller's, with the piece's part of
  /// the domain as the region, in the piece's local rows, and the piece's
  /// place in the whole grid added to the origin (index(d)).
  LaunchOptions options(int P) const {
    LaunchOptions O = Opts;
    O.HasRegion = true;
    const RowRange Rows =
        pieceDomainRows({Global.Lo[0], Global.Hi[0]}, Dec.slab(P),
                        heldRows(Dec.slab(P), Width, Dec.extents()[0]).Begin);
    O.Lo[0] = Rows.Begin;
    O.Hi[0] = Rows.End;
    O.Origin[0] += heldRows(Dec.slab(P), Width, Dec.extents()[0]).Begin;
    for (int D = 1; D < R; ++D) {
      O.Lo[D] = Global.Lo[D];
      O.Hi[D] = Global.Hi[D];
    }
    return O;
  }

private:
  const char *Kernel;
  const Decomposition<R> &Dec;
  Halo Width;
  LaunchOptions Opts;
  Domain<R> Global;
  bool AllEmpty = true;
};

/// The results of a launch's pieces, in piece order. Pending results are
/// read before detail::ResultRingSize later launches could reuse their
/// place in the launcher's ring.
template <class Result> class PieceResults {
public:
  void add(const Pending<Result> &P) {
    Waiting.push_back(P);
    if (Waiting.size() >= size_t(ResultRingSize)) {
      Ready.push_back(Waiting.front().get());
      Waiting.pop_front();
    }
  }
  void add(const Result &R) {
    flush();
    Ready.push_back(R);
  }
  /// Waits for every piece; the results in piece order.
  const std::vector<Result> &get() {
    flush();
    return Ready;
  }

private:
  void flush() {
    for (const Pending<Result> &P : Waiting)
      Ready.push_back(P.get());
    Waiting.clear();
  }
  std::deque<Pending<Result>> Waiting;
  std::vector<Result> Ready;
};

/// For the static_assert of a launcher that cannot take distributed grids.
template <class> inline constexpr bool UnsupportedDistributed = false;

} // namespace detail
} // namespace stencil

#endif // STENCIL_DISTRIBUTED_HPP
