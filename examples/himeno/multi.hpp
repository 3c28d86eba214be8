// multi.hpp - himeno on several GPUs (issue 11, docs/distributed.md): the
// same generated sweep (stencilc --distributed) over stencil::DistGrid slabs
// along i, in one process driving N devices (--gpus) or one MPI rank per GPU
// (--mpi, built with -DHIMENO_MPI; halo rows through NCCL). Included by
// main.cu, which owns the options and the one-GPU path.
//
//   --gpus N | --gpus D0,D1,...   pieces on devices 0..N-1, or on the listed
//                                 ones (a device may repeat: several pieces
//                                 on one GPU)
//   --mpi                         one slab per rank (mpirun -np N)
//   --weak                        the size's mimax times the number of pieces
//                                 (the same work per GPU: weak scaling)
//
// Modes: the plain run (warm-up, reset, --iters sweeps pipelined as the
// one-GPU run's; every sweep's gosa checked against the float64 reference
// with --verify), --check (small sizes: every sweep's
// gosa against the original's float64 loop, and p bit for bit against the
// one-GPU launcher), --bench (per sweep: the one-GPU launcher and the
// distributed one in the same process, the latter with and without the
// exchange beside the inner rows, then both pipelined; the scaling ratios).
#ifndef HIMENO_MULTI_HPP
#define HIMENO_MULTI_HPP

#include <stencil/distributed.hpp>
#ifdef HIMENO_MPI
#include <stencil/mpi.hpp>
#endif

#include <algorithm>
#include <thread>

namespace multi {

using DField = stencil::DistGrid<float, 3>;

/// Where the pieces go: devices in one process, or the ranks of Comm.
struct Placement {
  std::vector<int> Devices;
  std::shared_ptr<stencil::Communicator> Comm;
  int pieces() const { return Comm ? Comm->size() : int(Devices.size()); }
  bool root() const { return !Comm || Comm->rank() == 0; }
  std::string describe() const {
    if (Comm)
      return std::to_string(Comm->size()) + " ranks (" + Comm->name() + ")";
    std::string S = std::to_string(Devices.size()) + " pieces on device";
    for (size_t I = 0; I < Devices.size(); ++I)
      S += (I ? "," : " ") + std::to_string(Devices[I]);
    return S;
  }
  stencil::Decomposition<3> cut(const stencil::Extents<3> &E) const {
    return Comm ? stencil::Decomposition<3>(E, Comm)
                : stencil::Decomposition<3>(E, Devices);
  }
};

/// The initial p of initmt: (float)(i*i) / (float)((mimax-1)^2).
inline Field initialP(const stencil::Extents<3> &E) {
  Field P(E);
  const int64_t Plane = E[1] * E[2];
  for (int64_t I = 0; I < E[0]; ++I) {
    const float V =
        static_cast<float>(I * I) / static_cast<float>((E[0] - 1) * (E[0] - 1));
    std::fill(P.data() + I * Plane, P.data() + (I + 1) * Plane, V);
  }
  return P;
}

/// The benchmark's state on distributed grids: the twelve coefficients
/// filled with initmt's constants on the devices (no host copy: at XXL each
/// is 8.6 GB), p and wrk2 scattered from P0.
struct DistDevice {
  std::vector<DField> Coef;
  DField P, Wrk2;
  DistDevice(const stencil::Decomposition<3> &D, const Field &P0)
      : P(D, gpu::jacobi_halo, P0), Wrk2(D, gpu::jacobi_halo, P0) {
    const float Values[NumCoefficients] = {1, 1, 1, 1.0f / 6.0f, 0, 0,
                                           0, 1, 1, 1,           0, 1};
    for (int C = 0; C < NumCoefficients; ++C) {
      Coef.emplace_back(D, gpu::jacobi_halo);
      Coef.back().fill(Values[C]);
    }
  }
  void reset(const Field &P0) {
    P.scatter(P0);
    Wrk2.scatter(P0);
  }
  /// One sweep queued on every piece's device; p = wrk2 for the next one.
  stencil::DistPending<gpu::jacobi_result> sweepAsync() {
    auto &C = Coef;
    auto G = gpu::async::jacobi(P, C[A0], C[A1], C[A2], C[A3], C[B0], C[B1],
                                C[B2], C[C0], C[C1], C[C2], C[Wrk1], C[Bnd],
                                Wrk2, Omega, Launch);
    using std::swap;
    swap(P, Wrk2);
    return G;
  }
  /// One sweep, waiting for its gosa.
  double sweep() { return sweepAsync().get().gosa; }
  /// Iters sweeps, each queued on every device before the previous gosa is
  /// read (the devices never wait for the host: the one-GPU run's loop,
  /// main.cu's Device::sweepPipelined); Visit(gosa) sees every sweep's.
  template <class VisitF> void sweepPipelined(int Iters, VisitF &&Visit) {
    example::pipelinedLoop(
        Iters, /*Pipelined=*/true, [&] { return sweepAsync(); },
        [&](const gpu::jacobi_result &R, int) {
          Visit(double(R.gosa));
          return true;
        },
        [] {}, [](int) {});
  }
};

/// The float64 reference of gosa for initmt's constant coefficients: the
/// original's loop (p in float, the same expressions) with the coefficient
/// arrays replaced by their constant values, which gives the same floats;
/// gosa summed in double, per plane of i in threads and the planes added in
/// order. For sizes whose twelve host arrays would not fit (XXL: 112 GB).
inline std::vector<double> constantGosa(const stencil::Extents<3> &E,
                                        int Iters) {
  Field P = initialP(E), W = P;
  const int64_t Imax = E[0] - 1, Jmax = E[1] - 1, Kmax = E[2] - 1;
  const float a0 = 1, a1 = 1, a2 = 1, a3 = 1.0f / 6.0f, b0 = 0, b1 = 0, b2 = 0,
              c0 = 1, c1 = 1, c2 = 1, wrk1 = 0, bnd = 1;
  std::vector<double> Gosa;
  std::vector<double> Plane(size_t(E[0]), 0.0);
  const int Threads =
      std::max(1, std::min(64, int(std::thread::hardware_concurrency())));
  for (int N = 0; N < Iters; ++N) {
    auto work = [&](int T) {
      const Field &p = P;
      for (int64_t i = 1 + T; i < Imax; i += Threads) {
        double G = 0.0;
        for (int64_t j = 1; j < Jmax; ++j)
          for (int64_t k = 1; k < Kmax; ++k) {
            float s0 = a0 * p(i + 1, j, k) + a1 * p(i, j + 1, k) +
                       a2 * p(i, j, k + 1) +
                       b0 * (p(i + 1, j + 1, k) - p(i + 1, j - 1, k) -
                             p(i - 1, j + 1, k) + p(i - 1, j - 1, k)) +
                       b1 * (p(i, j + 1, k + 1) - p(i, j - 1, k + 1) -
                             p(i, j + 1, k - 1) + p(i, j - 1, k - 1)) +
                       b2 * (p(i + 1, j, k + 1) - p(i - 1, j, k + 1) -
                             p(i + 1, j, k - 1) + p(i - 1, j, k - 1)) +
                       c0 * p(i - 1, j, k) + c1 * p(i, j - 1, k) +
                       c2 * p(i, j, k - 1) + wrk1;
            float ss = (s0 * a3 - p(i, j, k)) * bnd;
            G += static_cast<double>(ss * ss);
            W(i, j, k) = p(i, j, k) + Omega * ss;
          }
        Plane[size_t(i)] = G;
      }
    };
    std::vector<std::thread> Pool;
    for (int T = 0; T < Threads; ++T)
      Pool.emplace_back(work, T);
    for (std::thread &T : Pool)
      T.join();
    double Sum = 0.0;
    for (int64_t i = 1; i < Imax; ++i)
      Sum += Plane[size_t(i)];
    Gosa.push_back(Sum);
    std::swap(P, W); // boundaries agree: both hold P0's
  }
  return Gosa;
}

/// The run: warm-up sweep, reset, Iters sweeps pipelined and timed (as the
/// one-GPU run); with Verify every sweep's gosa against constantGosa (rel
/// GosaTolerance).
inline int run(const Placement &Where, const stencil::Extents<3> &E,
               const char *Name, int Iters, bool Verify) {
  const Field P0 = initialP(E);
  DistDevice D(Where.cut(E), P0);
  D.sweep();
  D.reset(P0);
  std::vector<double> Gosa;
  example::HostTimer T; // the sweeps end on every device: gosa is read
  T.start();
  D.sweepPipelined(Iters, [&](double G) { Gosa.push_back(G); });
  const double Ms = T.stop();
  int Status = 0;
  if (Where.root()) {
    const Size Z{Name, E[0], E[1], E[2]};
    printResult(Z, Iters, Ms, Gosa.back(),
                ("GPU, " + Where.describe()).c_str());
  }
  if (Verify && Where.root()) { // one host computes the reference
    const std::vector<double> Ref = constantGosa(E, Iters);
    double Worst = 0.0;
    for (int N = 0; N < Iters; ++N)
      Worst = std::max(
          Worst, example::relativeDifference(Ref[size_t(N)], Gosa[size_t(N)]));
    const bool Ok = Worst <= GosaTolerance;
    std::printf("  gosa of every sweep against the float64 reference: worst "
                "rel diff %.3e (tol %.0e): %s\n",
                Worst, GosaTolerance, Ok ? "ok" : "MISMATCH");
    Status = Ok ? 0 : 1;
  }
  return Status;
}

/// --check: the distributed sweeps one at a time against the one-GPU
/// launcher (p bit for bit, gosa within the reassociation of its sum) and
/// the original's float64 loop (gosa, rel GosaTolerance), with bnd changed
/// half-way on both (the distributed coefficients are re-scattered).
inline int check(const Placement &Where, const Size &Z, int Iters) {
  example::Checker C(std::string("himeno ") + Z.Name + " " + Where.describe() +
                     " iters=" + std::to_string(Iters));
  State S(Z);
  Device One(S);
  const stencil::Decomposition<3> Dec = Where.cut(S.P.extents());
  DistDevice D(Dec, S.P);
  Field OrigP = S.P, OrigWrk2(S.P.extents(), 0.0f);
  std::vector<double> OneGosa, DistGosa, Float64Gosa;
  for (int N = 0; N < Iters; ++N) {
    if (N == Iters / 2) {
      perturb(S.Coef[Bnd]);
      One.Coef[Bnd].upload(S.Coef[Bnd]);
      D.Coef[Bnd].scatter(S.Coef[Bnd]);
    }
    OneGosa.push_back(One.sweep());
    DistGosa.push_back(D.sweep());
    Float64Gosa.push_back(originalSweep(S.Coef, OrigP, OrigWrk2).Double);
  }
  const Field DistP = D.P.gather();
  C.series("gosa_vs_float64", Float64Gosa, DistGosa, GosaTolerance);
  C.series("gosa_vs_one_gpu", OneGosa, DistGosa, GosaTolerance);
  C.field("p_vs_one_gpu", One.P.download(), DistP, 0.0);
  C.field("p_vs_original", OrigP, DistP, 1e-5);
  // The constant-coefficient reference of run --verify, against the
  // original's loop (before any perturbation).
  State Fresh(Z);
  std::vector<double> Orig;
  for (const OriginalGosa &G : runOriginal(Fresh, Iters, false))
    Orig.push_back(G.Double);
  C.series("constant_reference_vs_original", Orig,
           constantGosa(Fresh.P.extents(), Iters), 0.0);
  return C.finish();
}

/// --bench: per sweep (each waits for its gosa), the one-GPU launcher on
/// the first piece's device at the one-GPU size, then the distributed
/// launcher; BENCH lines and the scaling ratio. Then both per sweep of the
/// pipelined loop (each sweep queued before the previous gosa is read: what
/// the plain runs time), and that loop's scaling ratio.
inline void bench(const Placement &Where, const Size &Z, bool Weak, int Reps) {
  const stencil::Extents<3> All{Weak ? Z.I * Where.pieces() : Z.I, Z.J, Z.K};
  const std::string Tag = std::string("himeno.") + Z.Name;
  std::vector<double> OneMs, OnePipelinedMs;
  if (Where.root()) {
    // The one-GPU run, alone on its device (its memory freed after).
    State S(Z);
    Device D(S);
    OneMs = example::timeRepeats(3, Reps, [&] { D.sweep(); });
    example::printBench(Tag + ".one-gpu", interiorPoints(Z), 56, OneMs);
    OnePipelinedMs = pipelinedMs(Reps, [&](int N) { D.sweepPipelined(N); });
    example::printBench(Tag + ".one-gpu.pipelined", interiorPoints(Z), 56,
                        OnePipelinedMs);
  }
  const Field P0 = initialP(All);
  DistDevice D(Where.cut(All), P0);
  // Per sweep with the exchange beside the inner rows (the default), and
  // with the exchange first (LaunchOptions::OverlapExchange = false). By the
  // host's clock: a sweep returns once gosa is in from every device.
  auto time = [&](bool Overlap) {
    const bool Was = Launch.OverlapExchange;
    Launch.OverlapExchange = Overlap;
    std::vector<double> T =
        example::timeRepeats<example::HostTimer>(3, Reps, [&] { D.sweep(); });
    Launch.OverlapExchange = Was;
    return T;
  };
  const std::vector<double> Ms = time(true), Serial = time(false);
  const std::vector<double> PipelinedMs = pipelinedMs<example::HostTimer>(
      Reps, [&](int N) { D.sweepPipelined(N, [](double) {}); });
  // The halo exchange alone: p's pieces marked written (as a sweep marks
  // them: a host counter), then exchangeHalos and every device drained.
  const std::vector<double> ExchangeMs =
      example::timeRepeats<example::HostTimer>(3, Reps, [&] {
        for (int P = 0; P < D.P.pieces(); ++P)
          if (D.P.local(P))
            (void)D.P.piece(P).data(); // bumps its version: rows changed
        D.P.exchangeHalos();
        for (int P = 0; P < D.P.pieces(); ++P)
          if (D.P.local(P)) {
            const stencil::detail::DeviceScope Scope("bench", D.P.device(P));
            STENCIL_CUDA_CHECK(cudaDeviceSynchronize(), "bench");
          }
      });
  const Size ZAll{Z.Name, All[0], All[1], All[2]};
  const std::string Name = Tag + (Weak ? ".weak" : ".strong") +
                           std::to_string(Where.pieces()) +
                           (Where.Comm ? "-mpi" : "");
  if (!Where.root())
    return;
  example::printBench(Name, interiorPoints(ZAll), 56, Ms);
  example::printBench(Name + ".no-overlap", interiorPoints(ZAll), 56, Serial);
  const double T1 = example::median(OneMs), TN = example::median(Ms);
  // Strong: the same points, T1 / TN. Weak: N times the points,
  // N * T1 / TN (points per second against one GPU's).
  const double Speedup =
      double(interiorPoints(ZAll)) / double(interiorPoints(Z)) * T1 / TN;
  const double Exchange = example::median(ExchangeMs);
  // Overlap achieved: the share of the exchange's time that the overlapped
  // sweep saved against the exchange-first one.
  const double TS = example::median(Serial);
  std::printf(
      "SCALING name=%s pieces=%d mode=%s one_gpu_ms=%.4f ms=%.4f "
      "speedup=%.3f efficiency=%.3f no_overlap_ms=%.4f "
      "exchange_ms=%.4f exchange_share=%.4f overlap_saved=%.3f "
      "halo_bytes=%llu\n",
      Name.c_str(), Where.pieces(), Weak ? "weak" : "strong", T1, TN, Speedup,
      Speedup / Where.pieces(), TS, Exchange, Exchange / TN,
      Exchange > 0 ? (TS - TN) / Exchange : 0.0,
      (unsigned long long)(D.P.traffic().Bytes + D.Wrk2.traffic().Bytes));
  // The pipelined loops: the launch work of one sweep on the host is beside
  // the devices' work on the one before.
  example::printBench(Name + ".pipelined", interiorPoints(ZAll), 56,
                      PipelinedMs);
  const double P1 = example::median(OnePipelinedMs),
               PN = example::median(PipelinedMs);
  const double PipelinedSpeedup =
      double(interiorPoints(ZAll)) / double(interiorPoints(Z)) * P1 / PN;
  std::printf("SCALING name=%s.pipelined pieces=%d mode=%s one_gpu_ms=%.4f "
              "ms=%.4f speedup=%.3f efficiency=%.3f\n",
              Name.c_str(), Where.pieces(), Weak ? "weak" : "strong", P1, PN,
              PipelinedSpeedup, PipelinedSpeedup / Where.pieces());
}

} // namespace multi

#endif // HIMENO_MULTI_HPP
