// main.cu - distributed grids on one GPU (issue 11; docs/distributed.md):
// each kernel of distributed.spec.cpp, compiled with stencilc --distributed,
// on stencil::DistGrid cut into 1, 2, 3 and 5 slabs (and uneven explicit
// slabs) all on device 0, against the same launcher on one stencil::Grid and
// against stencil::reference.
//
//   distributed --check
//
// - sweep2d (5-point, Sum and Max) and sweep3d (reach {2, 1} along dimension
//   0, float Sum and Max; slabs thinner than the halo): several sweeps, the
//   grids swapped between them, so every sweep reads halos the last one
//   made stale. Fields bit for bit equal to the one-grid run and to the CPU
//   reference after every sweep; Max bit for bit; Sum (of non-negative
//   terms) within reassociation: against the one-grid run 1e-12 relative in
//   double and 2e-6 in float (each piece's total is rounded to float before
//   they are added); against the reference 1e-12, and n * FLT_EPSILON for
//   the float sum, which the reference adds up in float.
// - A region launch, in global coordinates, against the same region on one
//   grid.
// - relax (InOut in place, reading another grid's neighbours, Min) and
//   census (a histogram every piece adds to, an integer Sum): exact.
// - coords: index(d) on a piece is the point's place in the whole grid
//   (LaunchOptions::Origin), also over a region.
// - The halo bookkeeping: a grid just scattered, or read again unchanged,
//   copies nothing; a grid read only at the centre along dimension 0 is
//   never exchanged; a written grid is.
// - Errors: grids cut differently, a halo narrower than the kernel's reach.
#include "distributed.spec.cpp" // the kernels, for the CPU reference
#include "distributed_gen.h"    // namespace gpu: the generated host API

#include "../../../examples/common/harness.hpp"
#ifdef DIST_MPI
#include <stencil/mpi.hpp>
#endif

#include <cfloat>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <string>
#include <utility>
#include <vector>

namespace {

template <class T, int R>
stencil::HostGrid<T, R> pattern(const stencil::Extents<R> &E, uint64_t Seed) {
  stencil::HostGrid<T, R> H(E);
  std::mt19937_64 Rng(Seed);
  for (int64_t I = 0; I < H.size(); ++I)
    H.data()[I] = T(std::uniform_real_distribution<double>(-1.0, 1.0)(Rng));
  return H;
}

template <class T>
void sameBits(example::Checker &C, const std::string &What, T Want, T Got) {
  char Detail[120];
  std::snprintf(Detail, sizeof Detail, "want %a got %a", double(Want),
                double(Got));
  C.holds(What.c_str(), std::memcmp(&Want, &Got, sizeof(T)) == 0, Detail);
}

/// Every case below runs on these cuts of a grid of N rows, piece p on
/// device p mod Devices (--devices; 1 by default: all on device 0).
int Devices = 1;
template <int R>
std::vector<std::pair<std::string, stencil::Decomposition<R>>>
cuts(const stencil::Extents<R> &E, int Over = Devices) {
  auto on = [&](int Pieces) {
    std::vector<int> D;
    for (int P = 0; P < Pieces; ++P)
      D.push_back(P % Over);
    return D;
  };
  std::vector<std::pair<std::string, stencil::Decomposition<R>>> Cuts;
  const std::string Where = Over > 1 ? "-" + std::to_string(Over) + "gpus" : "";
  for (int Pieces : {1, 2, 3, 5})
    Cuts.emplace_back(std::to_string(Pieces) + "pieces" + Where,
                      stencil::Decomposition<R>(E, on(Pieces)));
  // Uneven by hand: one-row slabs at both ends and a thin one inside.
  const int64_t N = E[0];
  if (N >= 8)
    Cuts.emplace_back("uneven" + Where, stencil::Decomposition<R>(
                                    E, on(5), {1, 2, N - 6, 1, 2}));
  return Cuts;
}

void check2d(example::Checker &C, const stencil::Extents<2> &E,
             const std::string &Cut, const stencil::Decomposition<2> &D,
             int Sweeps) {
  const std::string P = "sweep2d." + std::to_string(E[0]) + "x" +
                        std::to_string(E[1]) + "." + Cut + ".";
  const double W = 0.8;
  const stencil::HostGrid<double, 2> U0 = pattern<double, 2>(E, 1);
  const stencil::HostGrid<double, 2> F = pattern<double, 2>(E, 2);
  // One grid, the pieces, and the CPU reference, from the same start.
  stencil::Grid<double, 2> u1(U0), v1(U0);
  const stencil::Grid<double, 2> f1(F);
  stencil::DistGrid<double, 2> u(D, gpu::sweep2d_halo, U0), v(D, gpu::sweep2d_halo, U0);
  const stencil::DistGrid<double, 2> f(D, gpu::sweep2d_halo, F);
  stencil::HostGrid<double, 2> ur = U0, vr = U0;
  for (int S = 0; S < Sweeps; ++S) {
    const std::string Q = P + std::to_string(S) + ".";
    const uint64_t Before = u.traffic().Copies;
    const gpu::sweep2d_result One = gpu::sweep2d(u1, f1, v1, W);
    const gpu::sweep2d_result Dist = gpu::sweep2d(u, f, v, W);
    double Res = 0, Change = 0;
    stencil::reference(sweep2d, ur, F, vr, Res, Change, W);
    if (S == 0) // scattered: every halo is current
      C.holds((Q + "no_copies_after_scatter").c_str(),
              u.traffic().Copies == Before,
              std::to_string(u.traffic().Copies - Before) + " copies");
    else if (D.pieces() > 1) // u was written by the last sweep
      C.holds((Q + "exchanged").c_str(), u.traffic().Copies > Before,
              std::to_string(u.traffic().Copies - Before) + " copies");
    const stencil::HostGrid<double, 2> Got = v.gather();
    C.bits((Q + "v_vs_one_grid").c_str(), v1.download(), Got);
    C.bits((Q + "v_vs_reference").c_str(), vr, Got);
    sameBits(C, Q + "max", One.change, Dist.change);
    sameBits(C, Q + "max_vs_reference", Change, Dist.change);
    C.scalar((Q + "sum").c_str(), One.res, Dist.res, 1e-12);
    C.scalar((Q + "sum_vs_reference").c_str(), Res, Dist.res, 1e-12);
    swap(u1, v1);
    swap(u, v);
    std::swap(ur, vr);
  }
  // Read again with nothing changed: no copies.
  (void)gpu::sweep2d(u, f, v, W);
  const uint64_t Settled = u.traffic().Copies;
  (void)gpu::sweep2d(u, f, v, W);
  C.holds((P + "unchanged_no_copies").c_str(), u.traffic().Copies == Settled,
          std::to_string(u.traffic().Copies - Settled) + " copies");
  C.holds((P + "centre_read_never_exchanged").c_str(),
          f.traffic().Copies == 0,
          std::to_string(f.traffic().Copies) + " copies of f");
  // A region, in global coordinates, as on one grid.
  const stencil::LaunchOptions Box = stencil::region(
      stencil::Region<2>{{3, 2}, {E[0] - 4, E[1] - 3}});
  stencil::Grid<double, 2> w1(U0);
  stencil::DistGrid<double, 2> w(D, gpu::sweep2d_halo, U0);
  u1.upload(ur); // the state both runs reached: the reference's
  u.scatter(ur);
  const gpu::sweep2d_result One = gpu::sweep2d(u1, f1, w1, W, Box);
  const gpu::sweep2d_result Dist = gpu::sweep2d(u, f, w, W, Box);
  C.bits((P + "region.v").c_str(), w1.download(), w.gather());
  sameBits(C, P + "region.max", One.change, Dist.change);
  C.scalar((P + "region.sum").c_str(), One.res, Dist.res, 1e-12);
}

void check3d(example::Checker &C, const stencil::Extents<3> &E,
             const std::string &Cut, const stencil::Decomposition<3> &D,
             int Sweeps) {
  const std::string P = "sweep3d." + std::to_string(E[0]) + "x" +
                        std::to_string(E[1]) + "x" + std::to_string(E[2]) +
                        "." + Cut + ".";
  const stencil::HostGrid<float, 3> A0 = pattern<float, 3>(E, 3);
  const stencil::HostGrid<float, 3> Coef = pattern<float, 3>(E, 4);
  stencil::Grid<float, 3> a1(A0), b1(A0);
  const stencil::Grid<float, 3> c1(Coef);
  stencil::DistGrid<float, 3> a(D, gpu::sweep3d_halo, A0), b(D, gpu::sweep3d_halo, A0);
  const stencil::DistGrid<float, 3> c(D, gpu::sweep3d_halo, Coef);
  stencil::HostGrid<float, 3> ar = A0, br = A0;
  for (int S = 0; S < Sweeps; ++S) {
    const std::string Q = P + std::to_string(S) + ".";
    const gpu::sweep3d_result One = gpu::sweep3d(a1, c1, b1);
    const gpu::sweep3d_result Dist = gpu::sweep3d(a, c, b);
    float Total = 0, Peak = 0;
    stencil::reference(sweep3d, ar, Coef, br, Total, Peak);
    const stencil::HostGrid<float, 3> Got = b.gather();
    C.bits((Q + "b_vs_one_grid").c_str(), b1.download(), Got);
    C.bits((Q + "b_vs_reference").c_str(), br, Got);
    sameBits(C, Q + "max", One.peak, Dist.peak);
    sameBits(C, Q + "max_vs_reference", Peak, Dist.peak);
    C.scalar((Q + "sum").c_str(), One.total, Dist.total, 2e-6);
    C.scalar((Q + "sum_vs_reference").c_str(), Total, Dist.total,
             double(A0.size()) * FLT_EPSILON);
    swap(a1, b1);
    swap(a, b);
    std::swap(ar, br);
  }
}

void checkRelaxCensus(example::Checker &C, const stencil::Extents<2> &E,
                      const std::string &Cut, const stencil::Decomposition<2> &D) {
  const std::string P = "relax_census." + Cut + ".";
  const stencil::HostGrid<double, 2> U0 = pattern<double, 2>(E, 5);
  const stencil::HostGrid<double, 2> G = pattern<double, 2>(E, 6);
  stencil::Grid<double, 2> u1(U0);
  const stencil::Grid<double, 2> g1(G);
  stencil::DistGrid<double, 2> u(D, gpu::relax_halo, U0);
  const stencil::DistGrid<double, 2> g(D, gpu::relax_halo, G);
  stencil::HostGrid<double, 2> ur = U0;
  for (int S = 0; S < 3; ++S) {
    const gpu::relax_result One = gpu::relax(u1, g1);
    const gpu::relax_result Dist = gpu::relax(u, g);
    double Lo = 0;
    stencil::reference(relax, ur, G, Lo);
    sameBits(C, P + "min." + std::to_string(S), One.lo, Dist.lo);
    sameBits(C, P + "min_vs_reference." + std::to_string(S), Lo, Dist.lo);
  }
  const stencil::HostGrid<double, 2> Got = u.gather();
  C.bits((P + "u_vs_one_grid").c_str(), u1.download(), Got);
  C.bits((P + "u_vs_reference").c_str(), ur, Got);
  C.holds((P + "g_scattered_never_exchanged").c_str(), g.traffic().Copies == 0,
          std::to_string(g.traffic().Copies) + " copies of g");

  const int Bins = 37;
  stencil::Grid<int, 1> h1(stencil::Extents<1>{Bins}), h(stencil::Extents<1>{Bins});
  stencil::HostGrid<int, 1> hr(stencil::Extents<1>{Bins});
  const gpu::census_result One = gpu::census(u1, h1, Bins);
  const gpu::census_result Dist = gpu::census(u, h, Bins);
  int N = 0;
  stencil::reference(census, ur, hr.vector(), N, Bins);
  C.exact((P + "census.sum").c_str(), One.n, Dist.n);
  C.exact((P + "census.sum_vs_reference").c_str(), N, Dist.n);
  C.bits((P + "census.bins").c_str(), h1.download(), h.download());
  C.bits((P + "census.bins_vs_reference").c_str(), hr, h.download());
}

void checkCoords(example::Checker &C, const stencil::Extents<2> &E,
                 const std::string &Cut, const stencil::Decomposition<2> &D) {
  const std::string P = "coords." + Cut + ".";
  const double Dx = 2.0 / double(E[0] - 1), Dy = 2.0 / double(E[1] - 1);
  const stencil::HostGrid<double, 2> U0 = pattern<double, 2>(E, 7);
  for (int Boxed = 0; Boxed < 2; ++Boxed) {
    const stencil::Region<2> Box{{2, 1}, {E[0] - 1, E[1] - 3}};
    const stencil::LaunchOptions O = Boxed ? stencil::region(Box) : stencil::LaunchOptions{};
    const std::string Q = P + (Boxed ? "region." : "");
    stencil::Grid<double, 2> u1(U0);
    stencil::DistGrid<double, 2> u(D, gpu::coords_halo, U0);
    stencil::HostGrid<double, 2> ur = U0;
    const gpu::coords_result One = gpu::coords(u1, Dx, Dy, O);
    const gpu::coords_result Dist = gpu::coords(u, Dx, Dy, O);
    double S = 0;
    int Top = 0;
    if (Boxed)
      stencil::reference(Box, coords, ur, S, Top, Dx, Dy);
    else
      stencil::reference(coords, ur, S, Top, Dx, Dy);
    const stencil::HostGrid<double, 2> Got = u.gather();
    C.bits((Q + "u_vs_one_grid").c_str(), u1.download(), Got);
    C.bits((Q + "u_vs_reference").c_str(), ur, Got);
    C.exact((Q + "max").c_str(), One.top, Dist.top);
    C.exact((Q + "max_vs_reference").c_str(), Top, Dist.top);
    C.scalar((Q + "sum_vs_reference").c_str(), S, Dist.s, 1e-12);
  }
}

template <class F>
void refused(example::Checker &C, const char *What, const char *Expect, F &&Fn) {
  try {
    Fn();
    C.holds(What, false, "no error");
  } catch (const stencil::Error &E) {
    C.holds(What, std::string(E.what()).find(Expect) != std::string::npos,
            E.what());
  }
}

void checkErrors(example::Checker &C) {
  const stencil::Extents<2> E{20, 8};
  const stencil::Decomposition<2> Two(E, {0, 0}), Three(E, {0, 0, 0});
  stencil::DistGrid<double, 2> u(Two, gpu::sweep2d_halo), v(Two, gpu::sweep2d_halo);
  const stencil::DistGrid<double, 2> f3(Three, gpu::sweep2d_halo);
  refused(C, "error.cut_differently", "must be cut alike",
          [&] { (void)gpu::sweep2d(u, f3, v, 0.5); });
  const stencil::DistGrid<float, 3> a(stencil::Decomposition<3>({9, 4, 4}, {0, 0}),
                                      stencil::Halo{1, 1});
  stencil::DistGrid<float, 3> b(a.decomposition(), stencil::Halo{1, 1});
  const stencil::DistGrid<float, 3> c(a.decomposition(), stencil::Halo{1, 1});
  refused(C, "error.halo_too_narrow", "make them with at least stencil::Halo{2, 1}",
          [&] { (void)gpu::sweep3d(a, c, b); });
}

} // namespace

#ifdef DIST_MPI
/// distributed-mpi --check --mpi under mpirun: the same cases with one slab
/// per rank (MPI + NCCL): sweeps, the histogram summed over the ranks,
/// coordinates, every rank checking the whole grid it gathers.
int checkRanks(int *Argc, char ***Argv) {
  const auto Comm = stencil::MpiCommunicator::create(Argc, Argv);
  example::Checker C("distributed over " + std::to_string(Comm->size()) +
                     " ranks, rank " + std::to_string(Comm->rank()));
  for (const stencil::Extents<2> &E :
       {stencil::Extents<2>{67, 41}, stencil::Extents<2>{9, 130}})
    check2d(C, E, "ranks", stencil::Decomposition<2>(E, Comm), 4);
  checkRelaxCensus(C, stencil::Extents<2>{31, 17}, "ranks",
                   stencil::Decomposition<2>(stencil::Extents<2>{31, 17}, Comm));
  checkCoords(C, stencil::Extents<2>{29, 19}, "ranks",
              stencil::Decomposition<2>(stencil::Extents<2>{29, 19}, Comm));
  return C.finish();
}
#endif

int main(int argc, char **argv) {
#ifdef DIST_MPI
  if (argc == 3 && std::string(argv[1]) == "--check" &&
      std::string(argv[2]) == "--mpi") {
    try {
      return checkRanks(&argc, &argv);
    } catch (const std::exception &E) {
      std::fprintf(stderr, "distributed: %s\n", E.what());
      MPI_Abort(MPI_COMM_WORLD, 1);
    }
  }
#endif
  // --devices N: the pieces alternate over devices 0..N-1 (peer copies; the
  // histogram on device 0, pieces elsewhere adding into it by peer
  // atomics).
  if (argc == 4 && std::string(argv[2]) == "--devices")
    Devices = std::atoi(argv[3]);
  if ((argc != 2 && argc != 4) || std::string(argv[1]) != "--check" ||
      Devices < 1) {
    std::fprintf(stderr, "usage: distributed --check [--devices N]\n");
    return 2;
  }
  try {
    example::Checker C("distributed");
    for (const stencil::Extents<2> &E :
         {stencil::Extents<2>{67, 41}, stencil::Extents<2>{9, 130}})
      for (const auto &[Cut, D] : cuts<2>(E))
        check2d(C, E, Cut, D, 4);
    for (const stencil::Extents<3> &E :
         {stencil::Extents<3>{23, 9, 13}, stencil::Extents<3>{7, 6, 5}})
      for (const auto &[Cut, D] : cuts<3>(E))
        check3d(C, E, Cut, D, 3);
    for (const auto &[Cut, D] : cuts<2>(stencil::Extents<2>{31, 17}))
      checkRelaxCensus(C, stencil::Extents<2>{31, 17}, Cut, D);
    for (const auto &[Cut, D] : cuts<2>(stencil::Extents<2>{29, 19}))
      checkCoords(C, stencil::Extents<2>{29, 19}, Cut, D);
    checkErrors(C);
    return C.finish();
  } catch (const std::exception &E) {
    std::fprintf(stderr, "distributed: %s\n", E.what());
    return 1;
  }
}
