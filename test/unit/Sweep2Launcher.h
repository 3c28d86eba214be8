//===- Sweep2Launcher.h - a distributed launcher as stencilc emits it -----===//
//
// For DistGridTest and DistRanksTest: a 2-D sweep with a Sum and a Max, the
// one-grid launcher of a piece with the CPU reference as its kernel, and the
// overload that stencilc --distributed emits for it (test/lit/emit/
// distributed.cpp checks the emitted text): halo exchange (before the
// launches, or beside them in three parts per piece), pieces' results
// collected in piece order (across ranks by one allgather), combined by the
// emitted fold. Include after fake_cuda/cuda_runtime.h and the runtime.
//
//===----------------------------------------------------------------------===//
#ifndef STENCIL_TEST_UNIT_SWEEP2LAUNCHER_H
#define STENCIL_TEST_UNIT_SWEEP2LAUNCHER_H

#include <stencil/detail/numerics.hpp>
#include <stencil/distributed.hpp>
#include <stencil/stencil.hpp>

namespace sweep2test {

using namespace stencil;

STENCIL_KERNEL void sweep2(In<double, 2> u, In<double, 2> f, Out<double, 2> v,
                           Sum<double> res, Max<double> change, double w) {
  double r = 0.25 * (u(-1, 0) + u(1, 0) + u(0, -1) + u(0, 1) - f()) - u();
  v() = u() + w * r;
  res += r * r;
  change = max(change, fabs(w * r));
}

struct Sweep2Result {
  double res, change;
};

/// The region of a launch's options (LaunchOptions::Lo/Hi).
template <int R> Region<R> regionOf(const LaunchOptions &O) {
  Region<R> Box;
  for (int D = 0; D < R; ++D) {
    Box.Lo[D] = O.Lo[D];
    Box.Hi[D] = O.Hi[D];
  }
  return Box;
}

/// The one-grid launcher on a piece: the domain checked as the generated
/// launcher checks it, then the CPU reference over it. Fail makes it throw
/// (a launch that fails on one rank).
inline Sweep2Result pieceSweep2(const Grid<double, 2> &u,
                                const Grid<double, 2> &f, Grid<double, 2> &v,
                                double w, const LaunchOptions &O,
                                bool Fail = false) {
  if (Fail)
    throw Error("sweep2", "a CUDA error on this rank");
  (void)detail::launchDomain<2>("sweep2", u.extents(), {1, 1, 0}, {1, 1, 0}, O);
  HostGrid<double, 2> U = u.download(), F = f.download(), V = v.download();
  Sweep2Result R{0, 0};
  reference(regionOf<2>(O), sweep2, U, F, V, R.res, R.change, w);
  v.upload(V);
  return R;
}

/// sweep2_combine_, as emitted: the pieces' results in piece order.
inline Sweep2Result combineSweep2(const std::vector<Sweep2Result> &part_) {
  Sweep2Result result_ = part_[0];
  for (size_t piece_ = 1; piece_ < part_.size(); ++piece_) {
    result_.res = detail::wrapAdd(result_.res, part_[piece_].res);
    result_.change = detail::reduceMaxOf(result_.change, part_[piece_].change);
  }
  return result_;
}

/// The distributed overload, as emitted; opts.OverlapExchange exchanges the
/// halos beside the launches. The piece launches of rank FailOnRank throw.
/// Reads the DistPending twice: the second get() gives the same value
/// without a second allgather.
inline Sweep2Result distSweep2(const DistGrid<double, 2> &u,
                               const DistGrid<double, 2> &f,
                               DistGrid<double, 2> &v, double w,
                               const LaunchOptions &opts = {},
                               int FailOnRank = -1) {
  static const char kernel_name_[] = "sweep2";
  const detail::DistLaunch<2> launch_(kernel_name_, u.decomposition(), u.halo(),
                                      {1, 1, 0}, {1, 1, 0}, opts);
  launch_.requireSame("u", "f", f);
  launch_.requireSame("u", "v", v);
  bool beside_ = false;
  if (launch_.overlap())
    beside_ |= u.exchangeHalosBeside(kernel_name_, 1, 1, opts.Stream);
  else
    u.exchangeHalos(kernel_name_, 1, 1, opts.Stream);
  detail::PieceResults<Sweep2Result> parts_(launch_);
  const Decomposition<2> &D = u.decomposition();
  const int Me = D.ranked() ? D.communicator()->rank() : 0;
  for (int stage_ = 0; stage_ < 2; ++stage_) {
    if (stage_ == 1) {
      if (!beside_)
        break;
      u.joinExchange(kernel_name_, opts.Stream);
    }
    for (int piece_ = 0; piece_ < launch_.pieces(); ++piece_) {
      if (!launch_.runs(piece_))
        continue;
      const detail::DeviceScope device_(kernel_name_, launch_.device(piece_));
      for (const LaunchOptions &rows_ : launch_.parts(piece_, stage_, beside_))
        parts_.add(piece_, [&] {
          return pieceSweep2(u.piece(piece_), f.piece(piece_), v.piece(piece_),
                             w, rows_, Me == FailOnRank);
        });
    }
  }
  // As emitted: async::sweep2 returns this DistPending, the plain overload
  // calls get() (collective: every rank's results, in piece order).
  const DistPending<Sweep2Result> Pending(std::move(parts_), &combineSweep2);
  const Sweep2Result First = Pending.get();
  const Sweep2Result Again = Pending.get();
  if (std::memcmp(&First, &Again, sizeof First) != 0)
    throw Error("sweep2", "DistPending::get() changed its value");
  return First;
}

/// LaunchOptions with the exchange beside the launches or before them.
inline LaunchOptions overlapped(bool Overlap, LaunchOptions O = {}) {
  O.OverlapExchange = Overlap;
  return O;
}

} // namespace sweep2test

#endif // STENCIL_TEST_UNIT_SWEEP2LAUNCHER_H
