// --distributed: per kernel, an overload over stencil::DistGrid that checks
// the grids are cut alike, exchanges the halo rows each grid is read at along
// dimension 0, runs the one-grid launcher on every piece over its owned rows
// and combines the reductions in piece order. Kernels it cannot take yet
// (boundary rules) get an overload that fails to compile when called.
// index(d) adds the piece's origin in the whole grid. Without the flag
// nothing of it is emitted.
// RUN: %stencilc %s --distributed -o %t.cu --header %t.h
// RUN: FileCheck %s < %t.cu
// RUN: FileCheck %s --check-prefix=HDR < %t.h
// RUN: %stencilc %s -o %t.plain.cu --header %t.plain.h
// RUN: cat %t.plain.h %t.plain.cu | FileCheck %s --check-prefix=PLAIN
// RUN: FileCheck %s --check-prefix=PLAINK < %t.plain.cu
#include <stencil/stencil.hpp>
using namespace stencil;

// PLAIN-NOT: distributed grids
// PLAIN-NOT: DistGrid
// PLAIN-NOT: stencil::Halo

// HDR: #include <stencil/runtime.hpp>
// HDR: #include <stencil/distributed.hpp>

// A 2-D sweep with a Sum and a Max: u is read two rows up, one down.
STENCIL_KERNEL void sweep(In<double, 2> u, In<double, 2> f, Out<double, 2> v,
                          Sum<double> res, Max<float> peak, double w) {
  double r = u(-2, 0) + u(1, 0) + u(0, -1) + u(0, 1) - 4.0 * u() - f();
  v() = u() + w * r;
  res += r * r;
  peak = max(peak, float(fabs(r)));
}
// HDR-LABEL: inline constexpr stencil::Halo sweep_halo{2, 1};
// HDR:       /// sweep over distributed grids (stencil/distributed.hpp): exchanges the
// HDR-NEXT:  /// halo rows read along dimension 0 (u: 2 below, 1 above),
// HDR:       sweep_result sweep(
// HDR-NEXT:      const stencil::DistGrid<double, 2>& u,
// HDR-NEXT:      const stencil::DistGrid<double, 2>& f,
// HDR-NEXT:      stencil::DistGrid<double, 2>& v,
// HDR-NEXT:      double w,
// HDR-NEXT:      const stencil::LaunchOptions& opts = {});

// HDR:       namespace async {
// HDR:       stencil::DistPending<sweep_result> sweep(
// HDR-NEXT:      const stencil::DistGrid<double, 2>& u,

// The pieces' reductions are folded by sweep_combine_, which get() of the
// async:: launcher's stencil::DistPending calls.
// CHECK-LABEL:   sweep_result sweep_combine_(const std::vector<sweep_result>& part_) {
// CHECK:         double res_total_ = part_[0].res;
// CHECK-NEXT:    for (size_t piece_ = 1; piece_ < part_.size(); ++piece_) {
// CHECK-NEXT:      res_total_ = stencil::detail::wrapAdd(res_total_, static_cast<double>(part_[piece_].res));
// CHECK-NEXT:      result_.peak = stencil::detail::reduceMaxOf(result_.peak, part_[piece_].peak);
// CHECK-NEXT:    }
// CHECK-NEXT:    result_.res = static_cast<double>(res_total_);
// CHECK-NEXT:    return result_;
// CHECK:         namespace async {
// CHECK:         stencil::DistPending<sweep_result> sweep(
// CHECK-NEXT:        const stencil::DistGrid<double, 2>& u,
// CHECK:         static const char kernel_name_[] = "sweep";
// CHECK-NEXT:    const stencil::detail::DistLaunch<2> launch_(kernel_name_, u.decomposition(), u.halo(), {2, 1, 0}, {1, 1, 0}, opts);
// CHECK-NEXT:    launch_.requireSame("u", "f", f);
// CHECK-NEXT:    launch_.requireSame("u", "v", v);
// Only u is read off-centre along dimension 0; f (centre) is not exchanged.
// The exchange runs beside the rows that read no halo row (stage 0), the
// edge rows after the join (stage 1), unless opts.OverlapExchange is false.
// CHECK-NEXT:    bool beside_ = false;
// CHECK-NEXT:    // u: read at rows -2..1 along dimension 0; copied where stale.
// CHECK-NEXT:    if (launch_.overlap())
// CHECK-NEXT:      beside_ |= u.exchangeHalosBeside(kernel_name_, 2, 1, opts.Stream);
// CHECK-NEXT:    else
// CHECK-NEXT:      u.exchangeHalos(kernel_name_, 2, 1, opts.Stream);
// CHECK-NOT:     f.exchangeHalos
// CHECK:         stencil::detail::PieceResults<sweep_result> parts_(launch_);
// CHECK-NEXT:    for (int stage_ = 0; stage_ < 2; ++stage_) {
// CHECK-NEXT:      if (stage_ == 1) {
// CHECK-NEXT:        if (!beside_)
// CHECK-NEXT:          break;
// CHECK-NEXT:        u.joinExchange(kernel_name_, opts.Stream);
// CHECK-NEXT:      }
// CHECK:             if (!launch_.runs(piece_))
// CHECK:             const stencil::detail::DeviceScope device_(kernel_name_, launch_.device(piece_));
// CHECK-NEXT:        for (const stencil::LaunchOptions& rows_ : launch_.parts(piece_, stage_, beside_))
// CHECK-NEXT:          parts_.add(piece_, [&] { return async::sweep(u.piece(piece_), f.piece(piece_), v.piece(piece_), w, rows_); });
// CHECK:         return stencil::DistPending<sweep_result>(std::move(parts_), &sweep_combine_);
// CHECK-NEXT:  }
// CHECK:       } // namespace async
// The plain overload: the async one, then get().
// CHECK:         sweep_result sweep(
// CHECK-NEXT:        const stencil::DistGrid<double, 2>& u,
// CHECK:           return async::sweep(u, f, v, w, opts).get();

// Sums in the device accumulator: a float sum adds the pieces in double and
// rounds once, as one launch does; an int sum with an int64 accumulator
// wraps there.
STENCIL_KERNEL void norms(In<float, 1> x, Sum<float> total, Sum<int, int64_t> count,
                          Min<float> lo) {
  total += x();
  count += 1;
  lo = min(lo, x());
}
// CHECK-LABEL:   norms_result norms_combine_(const std::vector<norms_result>& part_) {
// CHECK:         double total_total_ = part_[0].total;
// CHECK-NEXT:    int64_t count_total_ = part_[0].count;
// CHECK:           total_total_ = stencil::detail::wrapAdd(total_total_, static_cast<double>(part_[piece_].total));
// CHECK-NEXT:      count_total_ = stencil::detail::wrapAdd(count_total_, static_cast<int64_t>(part_[piece_].count));
// CHECK-NEXT:      result_.lo = stencil::detail::reduceMinOf(result_.lo, part_[piece_].lo);
// CHECK:         result_.total = static_cast<float>(static_cast<float>(total_total_));
// CHECK-NEXT:    result_.count = static_cast<int>(count_total_);
// CHECK:         const stencil::detail::DistLaunch<1> launch_(kernel_name_, x.decomposition(), x.halo(), {0, 0, 0}, {0, 0, 0}, opts);
// Nothing to exchange: one launch per piece over its whole part.
// CHECK-NOT:     exchangeHalos
// CHECK-NOT:     stage_
// CHECK:           parts_.add(piece_, [&] { return async::norms(x.piece(piece_), launch_.options(piece_)); });

// No reductions: the pieces' launches, and parts_ only for errors (with
// several ranks every rank learns whether any failed).
STENCIL_KERNEL void copy3(In<float, 3> a, Out<float, 3> b) { b() = a(0, 1, -1) + a(-1, 0, 0); }
// HDR-LABEL: inline constexpr stencil::Halo copy3_halo{1, 0};
// CHECK-LABEL:   const stencil::DistGrid<float, 3>& a,
// CHECK:         beside_ |= a.exchangeHalosBeside(kernel_name_, 1, 0, opts.Stream);
// CHECK:         stencil::detail::PieceResults<stencil::detail::NoResult> parts_(launch_);
// CHECK:               parts_.add(piece_, [&] {
// CHECK-NEXT:            copy3(a.piece(piece_), b.piece(piece_), rows_);
// CHECK-NEXT:            return stencil::detail::NoResult{};
// CHECK-NEXT:          });
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:    parts_.get();
// CHECK-NEXT:  }

// Histograms stay stencil::Grid: every piece's launch adds to them (on the
// pieces' device, checked at run time); the plain launcher is synchronous.
STENCIL_KERNEL void bins(In<double, 1> x, Histogram<int> h, Max<double> top, int n) {
  h[min(int(x() * n), n - 1)] += 1;
  top = max(top, x());
}
// HDR-LABEL:     const stencil::DistGrid<double, 1>& x,
// HDR-NEXT:      stencil::Grid<int, 1>& h,
// CHECK-LABEL:   const stencil::DistGrid<double, 1>& x,
// CHECK:         launch_.prepareHistogram("h", h);
// CHECK:           parts_.add(piece_, [&] { return bins(x.piece(piece_), h, n, launch_.options(piece_)); });

// index(d) adds the launch's origin (each piece's place in the whole grid);
// only with --distributed.
STENCIL_KERNEL void ramp(Out<double, 2> u) { u() = double(index(0) + index(1)); }
// CHECK-LABEL: __global__ void __launch_bounds__({{[0-9]+(, [0-9]+)?}}) ramp_kernel(
// CHECK:         u[at_] = static_cast<double>((static_cast<int>(i0_ + dom_.Origin[0]) + static_cast<int>(i1_ + dom_.Origin[1])));
// CHECK-LABEL:   stencil::DistGrid<double, 2>& u,
// CHECK:             ramp(u.piece(piece_), launch_.options(piece_));
// PLAINK-LABEL: ramp_kernel(
// PLAINK:        u[at_] = static_cast<double>((static_cast<int>(i0_) + static_cast<int>(i1_)));
// PLAIN-NOT:     Origin

// Boundary rules need the pieces' global position: refused, when called.
STENCIL_KERNEL void wrap(In<double, 1, Periodic> a, Out<double, 1> b) { b() = a(-1) + a(1); }
// HDR-LABEL: /// wrap over distributed grids: not supported yet:
// HDR-NEXT:  /// kernels with boundary rules need the pieces' global position for their shell.
// HDR-NEXT:  template <class Unsupported_ = void>
// HDR-NEXT:  void wrap(
// HDR-NEXT:      const stencil::DistGrid<double, 1>& a,
// HDR-NEXT:      stencil::DistGrid<double, 1>& b,
// HDR-NEXT:      const stencil::LaunchOptions& opts = {}) {
// HDR-NEXT:    static_assert(stencil::detail::UnsupportedDistributed<Unsupported_>,
// HDR-NEXT:      "stencil: wrap: distributed grids are not supported yet for this kernel: kernels with boundary rules
