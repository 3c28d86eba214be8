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

#include <stencil/communicator.hpp>
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

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstring>
#include <deque>
#include <exception>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <type_traits>
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

/// A non-blocking stream per device for halo exchanges that run beside
/// launches (DistGrid::exchangeHalosBeside); created on first use, kept for
/// the process's lifetime. Non-blocking: it must not wait for the legacy
/// default stream the launches run on.
inline cudaStream_t exchangeStream(const char *Who, int Device) {
  static std::mutex M;
  static std::vector<cudaStream_t> Streams;
  std::lock_guard<std::mutex> Lock(M);
  if (size_t(Device) >= Streams.size())
    Streams.resize(size_t(Device) + 1, nullptr);
  cudaStream_t &S = Streams[size_t(Device)];
  if (!S) {
    DeviceScope Scope(Who, Device);
    STENCIL_CUDA_CHECK(cudaStreamCreateWithFlags(&S, cudaStreamNonBlocking),
                       Who);
  }
  return S;
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
  /// One slab per rank of Comm (rank r owns piece r, on the device that rank
  /// drives): the first N % size() slabs one row longer, or of the given row
  /// counts. Each rank then holds only its own piece of a DistGrid.
  /// Collective (every rank makes the same call).
  /// (A template so that a braced list of devices never converts to it.)
  template <class C,
            class = std::enable_if_t<std::is_base_of_v<Communicator, C>>>
  Decomposition(const Extents<R> &E, std::shared_ptr<C> Comm_,
                const std::vector<int64_t> &Rows = {})
      : Ext(E), Comm(std::move(Comm_)) {
    if (!Comm)
      throw Error("Decomposition", "a null communicator");
    const int Me = Comm->device();
    Devs.assign(size_t(Comm->size()), 0);
    Comm->allgather(&Me, sizeof Me, Devs.data());
    for (int P = 0; P < Comm->size(); ++P)
      Owners.push_back(P);
    check();
    if (Rows.empty()) {
      Slabs = detail::slabRows(E[0], int(Devs.size()));
    } else if (Rows.size() != Devs.size()) {
      throw Error("Decomposition", std::to_string(Rows.size()) +
                                       " row counts for " +
                                       std::to_string(Devs.size()) + " ranks");
    } else {
      Slabs = detail::slabRows(Rows);
    }
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
  /// Piece P's device, on the host of the rank that owns it.
  int device(int P) const { return Devs[size_t(P)]; }
  const std::vector<int> &devices() const { return Devs; }
  /// The communicator of a decomposition over ranks; null in one process.
  Communicator *communicator() const { return Comm.get(); }
  /// True when there are several ranks (then some pieces are remote).
  bool ranked() const { return Comm && Comm->size() > 1; }
  /// The rank owning piece P (0 in one process).
  int owner(int P) const { return Comm ? Owners[size_t(P)] : 0; }
  /// True when this process holds piece P.
  bool local(int P) const { return !Comm || owner(P) == Comm->rank(); }
  /// The rows piece P owns, global.
  detail::RowRange slab(int P) const { return Slabs[size_t(P)]; }
  const std::vector<detail::RowRange> &slabs() const { return Slabs; }
  /// True when every piece this process holds is on one device.
  bool oneDevice() const {
    int First = -1;
    for (int P = 0; P < pieces(); ++P)
      if (local(P)) {
        if (First >= 0 && Devs[size_t(P)] != First)
          return false;
        First = Devs[size_t(P)];
      }
    return true;
  }
  bool operator==(const Decomposition &O) const {
    return Ext == O.Ext && Devs == O.Devs && Slabs == O.Slabs && Comm == O.Comm;
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
           std::to_string(Devs[P]) +
           (Comm ? " of rank " + std::to_string(Owners[P]) : "");
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
  std::shared_ptr<Communicator> Comm;
  std::vector<int> Owners; ///< with Comm: the rank of each piece
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
    if (RemoteDone)
      (void)cudaEventDestroy(RemoteDone);
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

  /// True when this process holds piece P (always, but with a communicator
  /// of several ranks: only its own).
  bool local(int P) const { return Dec.local(P); }

  /// Uploads every piece's rows, halo included, from a host grid of the
  /// whole extents; every halo is then current. With several ranks each
  /// uploads its own piece (every rank passes the whole grid); collective.
  void scatter(const HostGrid<T, R> &Global) {
    requireExtents("DistGrid::scatter", Global.extents());
    for (int P = 0; P < pieces(); ++P) {
      if (!local(P))
        continue;
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
  /// extents if they differ). With several ranks every rank gets the whole
  /// grid (each piece's rows broadcast from its rank); collective.
  void gather(HostGrid<T, R> &Global) const {
    if (Global.extents() != extents())
      Global = HostGrid<T, R>(extents());
    for (int P = 0; P < pieces(); ++P) {
      if (!local(P))
        continue;
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
    if (Communicator *C = Dec.communicator())
      for (int P = 0; P < pieces(); ++P)
        C->broadcast(Global.data() + owned(P).Begin * rowPoints(),
                     size_t(owned(P).size() * rowPoints()) * sizeof(T),
                     Dec.owner(P));
  }
  HostGrid<T, R> gather() const {
    HostGrid<T, R> H(extents());
    gather(H);
    return H;
  }
  /// Every point, halo rows included, set to Value (collective).
  void fill(T Value) {
    for (int P = 0; P < pieces(); ++P) {
      if (!local(P))
        continue;
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
  /// With several ranks, rows held by another rank come through the
  /// communicator (NCCL send/recv, grouped) on the same stream, and the
  /// ranks agree on what is stale from every piece's epoch (one small
  /// allreduce): collective.
  /// Const: the halo rows are a cache of the neighbours' rows, not contents.
  void exchangeHalos(const char *Who, int Lo, int Hi,
                     cudaStream_t Stream = 0) const {
    (void)exchange(Who, Lo, Hi, Stream, /*Beside=*/false);
  }
  /// As exchangeHalos, but the copies go on a stream of their own per device
  /// (after the work already on Stream that wrote their source rows), so
  /// that launches on Stream which read no halo row run beside them;
  /// joinExchange(Stream) then makes Stream wait for them (before launches
  /// that read the halo rows, and before anything writes the source rows).
  /// True when something was copied. Collective with several ranks.
  bool exchangeHalosBeside(const char *Who, int Lo, int Hi,
                           cudaStream_t Stream = 0) const {
    return exchange(Who, Lo, Hi, Stream, /*Beside=*/true);
  }
  /// Stream (each device's, with 0) waits for the copies of the last
  /// exchangeHalosBeside.
  void joinExchange(const char *Who, cudaStream_t Stream = 0) const {
    for (const auto &[Device, Event] : Joins) {
      detail::DeviceScope Scope(Who, Device);
      STENCIL_CUDA_CHECK(cudaStreamWaitEvent(Stream, Event, 0), Who);
    }
    Joins.clear();
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
    std::swap(A.RemoteDone, B.RemoteDone);
    std::swap(A.Joins, B.Joins);
    std::swap(A.Traffic, B.Traffic);
  }

private:
  bool exchange(const char *Who, int Lo, int Hi, cudaStream_t Stream,
                bool Beside) const {
    if (!Joins.empty())
      throw Error(Who, "an exchange beside launches was not joined "
                       "(joinExchange) before the next exchange");
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
    const std::vector<uint64_t> Epochs = epochs();
    std::vector<Side> Plan = stale(Lo, Hi, Epochs);
    if (Plan.empty())
      return false;
    copy(Who, Plan, Stream, Beside);
    ++Traffic.Exchanges;
    for (const Side &S : Plan)
      Halos.record(S.Piece, S.Which, S.Width, S.Copies, Epochs);
    for (const Side &S : Plan)
      if (local(S.Piece))
        Changes.absorb(S.Piece, Pieces[size_t(S.Piece)].version());
    return true;
  }

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
    for (int P = 0; P < Dec.pieces(); ++P)
      if (local(P) && device(P) >= Count)
        throw Error("DistGrid", "device " + std::to_string(device(P)) +
                                    " does not exist (this machine has " +
                                    std::to_string(Count) + ")");
    for (int P = 0; P < Dec.pieces(); ++P) {
      if (!local(P)) { // another rank's: an empty stand-in
        Pieces.emplace_back();
        continue;
      }
      detail::DeviceScope Scope("DistGrid", device(P));
      Extents<R> Local = Dec.extents();
      Local[0] = held(P).size();
      Pieces.emplace_back(Local);
      for (int Q = 0; Q < Dec.pieces(); ++Q)
        if (local(Q))
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

  /// Every piece's epoch, the same on every rank: this process observes the
  /// pieces it holds; with several ranks each rank's own entries are
  /// combined by an allreduce (the others' entries are 0 here).
  std::vector<uint64_t> epochs() const {
    for (int P = 0; P < pieces(); ++P)
      if (local(P))
        Changes.observe(P, Pieces[size_t(P)].version());
    std::vector<uint64_t> Epochs = Changes.epochs();
    if (Dec.ranked()) {
      for (int P = 0; P < pieces(); ++P)
        if (!local(P))
          Epochs[size_t(P)] = 0;
      Dec.communicator()->allreduceMax(Epochs.data(), Epochs.size());
    }
    return Epochs;
  }

  /// After scatter or fill: every halo row holds its owner's row.
  void markHalosCurrent() {
    const std::vector<uint64_t> Epochs = epochs();
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

  /// The copies of Plan, ordered against the pieces' other work on Stream:
  /// between pieces this process holds by device and peer copies, between
  /// ranks by the communicator's grouped sends and receives.
  void copy(const char *Who, const std::vector<Side> &Plan, cudaStream_t Stream,
            bool Beside) const {
    std::set<int> Sources;
    for (const Side &S : Plan)
      for (const detail::HaloCopy &C : S.Copies)
        if (local(C.Src))
          Sources.insert(C.Src);
    // Each source's rows are ready once its earlier work is done.
    for (int Q : Sources) {
      detail::DeviceScope Scope(Who, device(Q));
      STENCIL_CUDA_CHECK(cudaEventRecord(event(Ready, Q, Who), Stream), Who);
    }
    // Each destination waits for its sources, copies, and marks itself done.
    std::set<std::pair<int, int>> Fed; // (source, destination)
    bool Remote = false;
    for (size_t I = 0; I < Plan.size();) {
      const int P = Plan[I].Piece;
      if (!local(P)) {
        for (; I < Plan.size() && Plan[I].Piece == P; ++I)
          Remote = true;
        continue;
      }
      detail::DeviceScope Scope(Who, device(P));
      const cudaStream_t On =
          Beside ? detail::exchangeStream(Who, device(P)) : Stream;
      T *Dst = Pieces[size_t(P)].data(); // bumps version(): records repack
      bool Copied = false;
      for (; I < Plan.size() && Plan[I].Piece == P; ++I)
        for (const detail::HaloCopy &C : Plan[I].Copies) {
          if (!local(C.Src)) {
            Remote = true;
            continue;
          }
          Copied = true;
          STENCIL_CUDA_CHECK(cudaStreamWaitEvent(On, Ready[size_t(C.Src)], 0),
                             Who);
          const size_t Bytes = rowsBytes(C.Rows);
          const T *From = rows(C.Src, C.Rows.Begin);
          T *To = Dst + (C.Rows.Begin - origin(P)) * rowPoints();
          if (device(C.Src) == device(P))
            STENCIL_CUDA_CHECK(
                cudaMemcpyAsync(To, From, Bytes, cudaMemcpyDeviceToDevice, On),
                Who);
          else
            STENCIL_CUDA_CHECK(cudaMemcpyPeerAsync(To, device(P), From,
                                                   device(C.Src), Bytes, On),
                               Who);
          Fed.insert({C.Src, P});
          ++Traffic.Copies;
          Traffic.Bytes += Bytes;
        }
      if (!Copied)
        continue;
      STENCIL_CUDA_CHECK(cudaEventRecord(event(Done, P, Who), On), Who);
      // Beside: the launches that read these halo rows wait at the join.
      if (Beside)
        Joins.push_back({device(P), Done[size_t(P)]});
    }
    // A source's later work (a launch writing its rows) waits for the copies
    // that read them: at once, or at the join.
    for (const auto &[Q, P] : Fed) {
      if (Beside) {
        Joins.push_back({device(Q), Done[size_t(P)]});
        continue;
      }
      detail::DeviceScope Scope(Who, device(Q));
      STENCIL_CUDA_CHECK(cudaStreamWaitEvent(Stream, Done[size_t(P)], 0), Who);
    }
    if (Remote && Dec.ranked())
      exchangeRemote(Who, Plan, Stream, Beside);
  }

  /// The copies of Plan between this rank and others, as one group of sends
  /// and receives on this rank's device. Every rank walks the same Plan in
  /// the same order, so each pair's sends and receives are posted in the
  /// same order on both sides. All of a rank's pieces are on the
  /// communicator's device and Stream orders them after earlier launches.
  void exchangeRemote(const char *Who, const std::vector<Side> &Plan,
                      cudaStream_t Stream, bool Beside) const {
    Communicator &C = *Dec.communicator();
    detail::DeviceScope Scope(Who, C.device());
    const cudaStream_t On =
        Beside ? detail::exchangeStream(Who, C.device()) : Stream;
    if (Beside) { // after the work on Stream that wrote the rows sent
      std::set<int> Senders; // this rank's pieces that send (copy() marked
                             // them Ready)
      for (const Side &S : Plan)
        for (const detail::HaloCopy &Copy : S.Copies)
          if (local(Copy.Src) && !local(S.Piece))
            Senders.insert(Copy.Src);
      for (int P : Senders)
        STENCIL_CUDA_CHECK(cudaStreamWaitEvent(On, Ready[size_t(P)], 0), Who);
    }
    C.groupBegin();
    for (const Side &S : Plan)
      for (const detail::HaloCopy &Copy : S.Copies) {
        const bool ToHere = local(S.Piece), FromHere = local(Copy.Src);
        if (ToHere == FromHere)
          continue;
        const size_t Bytes = rowsBytes(Copy.Rows);
        if (ToHere) {
          T *To = Pieces[size_t(S.Piece)].data() +
                  (Copy.Rows.Begin - origin(S.Piece)) * rowPoints();
          C.recv(To, Bytes, Dec.owner(Copy.Src), On);
          ++Traffic.Copies;
          Traffic.Bytes += Bytes;
        } else {
          C.send(rows(Copy.Src, Copy.Rows.Begin), Bytes, Dec.owner(S.Piece),
                 On);
        }
      }
    C.groupEnd();
    if (!Beside)
      return;
    if (!RemoteDone)
      STENCIL_CUDA_CHECK(
          cudaEventCreateWithFlags(&RemoteDone, cudaEventDisableTiming), Who);
    STENCIL_CUDA_CHECK(cudaEventRecord(RemoteDone, On), Who);
    Joins.push_back({C.device(), RemoteDone});
  }

  /// Piece P's storage of global row Row (P holds it).
  const T *rows(int P, int64_t Row) const {
    const Grid<T, R> &G = Pieces[size_t(P)];
    return G.data() + (Row - origin(P)) * rowPoints();
  }
  size_t rowsBytes(detail::RowRange Rows) const {
    return size_t(Rows.size() * rowPoints()) * sizeof(T);
  }

  Decomposition<R> Dec;
  Halo Width;
  mutable std::vector<Grid<T, R>> Pieces;
  mutable detail::ChangeTracker Changes;
  mutable detail::HaloState Halos;
  mutable std::vector<cudaEvent_t> Ready, Done;
  mutable cudaEvent_t RemoteDone = nullptr; ///< this rank's sends/receives
  /// After exchangeHalosBeside: (device, event) the launch streams wait for.
  mutable std::vector<std::pair<int, cudaEvent_t>> Joins;
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
      : Kernel(Kernel), Dec(D), Width(H), Opts(Opts), Below(FootLo[0]),
        Above(FootHi[0]) {
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

  /// Prepares histogram Name for the pieces' launches to add into (checks,
  /// peer access, zeroing: a mutation, hence not a require). In one process
  /// every piece adds into it directly: pieces on another device than the
  /// histogram's through peer memory, which needs native peer atomics
  /// (NVLink; refused otherwise). With several ranks each rank's pieces add
  /// into its own copy, which shareHistogram then sums over the ranks: so
  /// that rank 0's contents count once, the other ranks' copies are zeroed
  /// here (on the launch's stream). Every rank ends with rank 0's
  /// histogram plus every piece's counts (after an error in the launch, the
  /// other ranks' copies hold only their own pieces' counts).
  template <class T>
  void prepareHistogram(const char *Name, Grid<T, 1> &Bins) const {
    if (!std::as_const(Bins).data())
      return;
    cudaPointerAttributes A;
    STENCIL_CUDA_CHECK(cudaPointerGetAttributes(&A, std::as_const(Bins).data()),
                       Kernel);
    for (int P = 0; P < Dec.pieces(); ++P) {
      if (!Dec.local(P) || A.device == Dec.device(P))
        continue;
      if (Dec.ranked())
        throw Error(Kernel, "histogram '" + std::string(Name) +
                                "' is on device " + std::to_string(A.device) +
                                " but this rank's pieces on device " +
                                std::to_string(Dec.device(P)) +
                                ": with several ranks a histogram lives on "
                                "the rank's device");
      int Atomics = 0;
      STENCIL_CUDA_CHECK(cudaDeviceGetP2PAttribute(
                             &Atomics, cudaDevP2PAttrNativeAtomicSupported,
                             Dec.device(P), A.device),
                         Kernel);
      if (!Atomics)
        throw Error(Kernel, "histogram '" + std::string(Name) +
                                "' is on device " + std::to_string(A.device) +
                                " and piece " + std::to_string(P) +
                                " on device " + std::to_string(Dec.device(P)) +
                                ", which cannot add into its memory (no "
                                "native peer atomics between them)");
      enablePeerAccess(Kernel, Dec.device(P), A.device);
    }
    if (Dec.ranked() && Dec.communicator()->rank() != 0) {
      DeviceScope Scope(Kernel, A.device);
      STENCIL_CUDA_CHECK(cudaMemsetAsync(Bins.data(), 0,
                                         size_t(Bins.size()) * sizeof(T),
                                         Opts.Stream),
                         Kernel);
    }
  }
  /// After the pieces' launches: with several ranks, every rank's copy of
  /// the histogram becomes the sum over the ranks (one NCCL allreduce on the
  /// launch's stream). Nothing in one process.
  template <class T> void shareHistogram(Grid<T, 1> &Bins) const {
    if (!Dec.ranked() || !std::as_const(Bins).data())
      return;
    Communicator &C = *Dec.communicator();
    DeviceScope Scope(Kernel, C.device());
    C.allreduceSum(Bins.data(), size_t(Bins.size()), commElem<T>(),
                   Opts.Stream);
  }

  const char *kernel() const { return Kernel; }
  const Decomposition<R> &decomposition() const { return Dec; }
  int pieces() const { return Dec.pieces(); }
  int device(int P) const { return Dec.device(P); }
  /// True when piece P owns none of the domain.
  bool empty(int P) const {
    if (Global.empty())
      return true;
    const RowRange Own = Dec.slab(P);
    return Own.End <= Global.Lo[0] || Global.Hi[0] <= Own.Begin;
  }
  /// Whether piece P is launched here: when this process holds it and it
  /// owns part of the domain, and piece 0 when none does (its empty launch
  /// returns the reductions' identities).
  bool runs(int P) const {
    return Dec.local(P) && (!empty(P) || (P == 0 && AllEmpty));
  }
  /// The options of piece P's launch: the caller's, with the piece's part of
  /// the domain as the region, in the piece's local rows, and the piece's
  /// place in the whole grid added to the origin (index(d)).
  LaunchOptions options(int P) const {
    const int64_t Held = heldRows(Dec.slab(P), Width, Dec.extents()[0]).Begin;
    return rows(
        P, pieceDomainRows({Global.Lo[0], Global.Hi[0]}, Dec.slab(P), Held));
  }
  /// Whether the launches of stage 0 may run beside the halo exchange
  /// (LaunchOptions::OverlapExchange).
  bool overlap() const { return Opts.OverlapExchange; }
  /// The launches of piece P in stage Stage of a launch whose halo exchange
  /// ran beside it (Beside): stage 0 the rows that read no halo row, stage
  /// 1 (after the join) the edge rows below and above
  /// (detail::splitPieceRows). Without Beside, stage 0 is the piece's whole
  /// part (options(P)) and stage 1 empty. Nothing for a piece that does not
  /// run.
  std::vector<LaunchOptions> parts(int P, int Stage, bool Beside) const {
    std::vector<LaunchOptions> Out;
    if (!runs(P))
      return Out;
    if (!Beside || empty(P)) {
      if (Stage == 0)
        Out.push_back(options(P));
      return Out;
    }
    const RowRange Own = Dec.slab(P);
    const int64_t Held = heldRows(Own, Width, Dec.extents()[0]).Begin;
    const RowRange Part{std::max(Global.Lo[0], Own.Begin),
                        std::min(Global.Hi[0], Own.End)};
    const PieceSplit S =
        splitPieceRows(Part, Own, Dec.extents()[0], Below, Above);
    for (const RowRange *Rows : {&S.Inner, &S.Low, &S.High})
      if (!Rows->empty() && (Stage == 0) == (Rows == &S.Inner))
        Out.push_back(rows(P, {Rows->Begin - Held, Rows->End - Held}));
    return Out;
  }

private:
  /// The caller's options with local rows Rows of piece P along dimension 0
  /// and the domain's extent along the others; the piece's place in the
  /// whole grid added to the origin (index(d)).
  LaunchOptions rows(int P, RowRange Rows) const {
    LaunchOptions O = Opts;
    O.HasRegion = true;
    O.Lo[0] = Rows.Begin;
    O.Hi[0] = Rows.End;
    O.Origin[0] += heldRows(Dec.slab(P), Width, Dec.extents()[0]).Begin;
    for (int D = 1; D < R; ++D) {
      O.Lo[D] = Global.Lo[D];
      O.Hi[D] = Global.Hi[D];
    }
    return O;
  }

  const char *Kernel;
  const Decomposition<R> &Dec;
  Halo Width;
  LaunchOptions Opts;
  int Below, Above; ///< the kernel's reach along dimension 0
  Domain<R> Global;
  bool AllEmpty = true;
};

/// What a launcher without reductions collects from its pieces: nothing
/// but whether they ran (errors, across ranks).
struct NoResult {};

/// The results of a launch's pieces, in piece order (a piece launched in
/// parts, as an overlapped exchange splits it, gives up to MaxParts results,
/// in launch order). Pending results are read before detail::ResultRingSize
/// later launches could reuse their place in the launcher's ring.
///
/// With several ranks each rank launches its own pieces, and get() gives
/// every rank every piece's result through one allgather, in piece order (so
/// the combine that follows is the same fold on every rank: reproducible).
/// A piece launch that throws there is caught and its message carried by
/// the same allgather, so every rank throws a stencil::Error naming the
/// rank, instead of the others waiting for it forever.
template <class Result> class PieceResults {
public:
  template <int R>
  explicit PieceResults(const DistLaunch<R> &L)
      : Kernel(L.kernel()), Pieces(L.pieces()) {
    const Decomposition<R> &D = L.decomposition();
    if (!D.ranked())
      return;
    Comm = D.communicator();
    for (int P = 0; P < Pieces; ++P)
      Owners.push_back(D.owner(P));
  }

  /// Runs piece Piece's launch (Launch returns a Result or a Pending one).
  template <class F> void add(int Piece, F &&Launch) {
    guarded([&] { push(Piece, Launch()); });
  }
  /// Waits for every piece; the results in piece order.
  const std::vector<Result> &get() {
    flush();
    if (Comm)
      share();
    return Ready;
  }

private:
  static_assert(std::is_trivially_copyable_v<Result>,
                "results cross ranks as bytes");

  void push(int Piece, const Pending<Result> &P) {
    Waiting.push_back({Piece, P});
    if (Waiting.size() >= size_t(ResultRingSize)) {
      take(Waiting.front());
      Waiting.pop_front();
    }
  }
  void push(int Piece, const Result &R) {
    flush();
    Ready.push_back(R);
    Ran.push_back(Piece);
  }
  void take(const std::pair<int, Pending<Result>> &W) {
    guarded([&] {
      Ready.push_back(W.second.get());
      Ran.push_back(W.first);
    });
  }
  /// Runs Body; with several ranks an exception is recorded for share()
  /// (every rank then throws) instead of leaving this rank.
  template <class F> void guarded(F &&Body) {
    if (!Comm) {
      Body();
      return;
    }
    try {
      Body();
    } catch (const std::exception &E) {
      fail(E.what());
    }
  }
  void flush() {
    for (const auto &W : Waiting)
      take(W);
    Waiting.clear();
  }
  void fail(const char *What) {
    if (Failure.empty())
      Failure = What;
  }

  /// One rank's part of the allgather: its pieces' results and its error.
  struct Slot {
    unsigned char Ran;
    Result Value;
  };
  static constexpr size_t MessageBytes = 512;

  /// Every rank's results and errors to every rank, in piece order.
  void share() {
    const size_t Slots = size_t(Pieces) * MaxParts;
    const size_t Bytes = sizeof(int) + MessageBytes + sizeof(Slot) * Slots;
    std::vector<unsigned char> Mine(Bytes, 0), All(Bytes * Comm->size());
    int Failed = Failure.empty() ? 0 : 1;
    std::vector<int> Parts(size_t(Pieces), 0);
    for (size_t I = 0; I < Ran.size(); ++I) {
      const int Part = Parts[size_t(Ran[I])]++;
      if (Part >= MaxParts) {
        fail("more than 3 launches of one piece");
        Failed = 1;
        continue;
      }
      Slot S{1, Ready[I]};
      std::memcpy(Mine.data() + sizeof(int) + MessageBytes +
                      sizeof(Slot) * (size_t(Ran[I]) * MaxParts + size_t(Part)),
                  &S, sizeof S);
    }
    std::memcpy(Mine.data(), &Failed, sizeof Failed);
    std::memcpy(Mine.data() + sizeof(int), Failure.data(),
                std::min(Failure.size(), MessageBytes - 1));
    Comm->allgather(Mine.data(), Bytes, All.data());
    for (int Rank = 0; Rank < Comm->size(); ++Rank) {
      const unsigned char *Part = All.data() + Bytes * size_t(Rank);
      int RankFailed = 0;
      std::memcpy(&RankFailed, Part, sizeof RankFailed);
      if (RankFailed)
        throw Error(Kernel,
                    "rank " + std::to_string(Rank) + " of " +
                        std::to_string(Comm->size()) + " failed: " +
                        reinterpret_cast<const char *>(Part + sizeof(int)));
    }
    Ready.clear();
    for (size_t I = 0; I < Slots; ++I) {
      Slot S;
      std::memcpy(&S,
                  All.data() + Bytes * size_t(Owners[I / MaxParts]) +
                      sizeof(int) + MessageBytes + sizeof(Slot) * I,
                  sizeof S);
      if (S.Ran)
        Ready.push_back(S.Value);
    }
  }
  static constexpr int MaxParts = 3; ///< DistLaunch::parts: inner, edges

  const char *Kernel;
  int Pieces;
  Communicator *Comm = nullptr;
  std::vector<int> Owners;
  std::deque<std::pair<int, Pending<Result>>> Waiting;
  std::vector<Result> Ready;
  std::vector<int> Ran; ///< the piece of each Ready entry (this rank's)
  std::string Failure;
};

} // namespace detail

/// What an async:: launcher over distributed grids returns: every piece's
/// launch is queued (on each piece's device), and get() waits for them and
/// combines their reductions in piece order, as the plain distributed
/// launcher does (with several ranks get() is collective: every rank calls
/// it, in the same order). get() may be called again and returns the same
/// value; cheap to copy (the copies share one state). Pieces' results must
/// be read before detail::ResultRingSize later launches of the same kernel,
/// as with stencil::Pending; each piece and part on a device counts as a
/// launch there (pieces sharing a device share its ring).
template <class Result> class DistPending {
public:
  using Combine = Result (*)(const std::vector<Result> &);
  DistPending(detail::PieceResults<Result> &&Parts, Combine Fold)
      : State(std::make_shared<Shared>(std::move(Parts), Fold)) {}
  Result get() const {
    Shared &S = *State;
    if (!S.Done) {
      S.Value = S.Fold(S.Parts.get());
      S.Done = true;
    }
    return S.Value;
  }

private:
  struct Shared {
    Shared(detail::PieceResults<Result> &&P, Combine F)
        : Parts(std::move(P)), Fold(F) {}
    detail::PieceResults<Result> Parts;
    Combine Fold;
    Result Value{};
    bool Done = false;
  };
  std::shared_ptr<Shared> State;
};

namespace detail {

/// For the static_assert of a launcher that cannot take distributed grids.
template <class> inline constexpr bool UnsupportedDistributed = false;

} // namespace detail
} // namespace stencil

#endif // STENCIL_DISTRIBUTED_HPP
