// main.cu - the exactness rule on the GPU (issue 10): for each kernel of
// exactness.spec.cpp, the generated launcher against stencil::reference.
//
//   exactness --check
//
// - extremes: Min/Max of float and double over terms with NaN, zeros of both
//   signs and infinities, bit for bit: only zeros and NaN (Min is -0.0, Max
//   +0.0), only NaN (the identities, the infinities), and random values with
//   NaN and infinities mixed in.
// - counts: Sum<int>, Sum<int64_t> and Sum<int, int64_t> that overflow,
//   against the reference and against the sum wrapped by hand.
// - weights: float histogram with integer weights and int counts bit for
//   bit; double histogram with fractional weights within the summation-order
//   bound, per bin; 1000 bins (shared-memory privatised) and 200003 bins.
// - carries: Histogram<int64_t> under every lowering, weights whose 32-bit
//   halves carry (the shared-memory copy adds them as two words).
// - narrow: Histogram<int64_t> with weights of at most 1000 in magnitude,
//   every lowering, at 2 000 000 points (32-bit private counters; one bin
//   collects 1.9 x 10^9) and 2 400 000 (past 2^31 / 1000: 64-bit counters;
//   the same bin passes 2^31).
// - lanes: a histogram kernel in vector lanes, every lowering, vector and
//   one-point instances.
// - intdiv: int / and % by a scalar (a multiplier and shifts per launch).
// - divide: float and double division by scalars (zero, infinite, NaN,
//   subnormal, out of the fast path's range, the Jacobi solver's b) and by
//   constants, of dividends at every special value and edge and of random
//   bit patterns, bit for bit.
// - fminmax: stencil::fmin/fmax (minimumNumber/maximumNumber) and min/max
//   (std::'s) on zeros of both signs, NaNs and infinities, bit for bit, and
//   fmin/fmax of zeros of opposite signs against the rule (seed 43028).
// - reload: an InOut value read after its own store in a ?: (seed 238).
// - negminmax: negated operands of int min/max, in reductions and chains of
//   min/max per point (seeds 835 and 10195: a ptxas miscompile that the
//   runtime's minMaxOperand avoids).
// - boolcast: seed 18006's kernel, a bool made a double and truncated back
//   twice in a row (a ptxas miscompile that converting through int avoids).
// - vec2, vec1, vec3: vectors along the row, the vector instance (rows of
//   whole vectors) and the one-point one, at edges and odd widths;
// - jam2, jam3: unroll-and-jam (4 points of the streamed dimension share
//   their loads), bit for bit, with chunks of 0 (compiled), 1, 3, 4, 5 and 9
//   points and grids whose interior is shorter than one group; ring3 and
//   ring2: register rings (each plane loaded once for the points that read
//   it; stencilc.flags forces them), at the same chunks.
// - rows2: a persistent rank-2 reduction jammed by 4 rows a grid stride
//   apart, on grids tall enough to run the jammed rows and the rest.
// - chains2: integer chains whose terms the lanes share (gather-chains), on
//   values whose sums wrap around.
//
//   exactness --check --variant N
//
// The same checks with every kernel's schedule variant N (stencilc.flags:
// --tune-variants; a kernel with fewer runs its own schedule): each variant
// is exact as the kernel's schedule is.
//
//   exactness --check-tuned
//
// The same with STENCIL_TUNE=1 (stencil/detail/tuning.hpp), twice: a tuning
// run's outputs are an untuned run's, and the cache file holds every kernel.
#include "exactness.spec.cpp" // the kernels, for the CPU reference
#include "exactness_gen.h"    // namespace gpu: the generated host API

#include "../../../examples/common/harness.hpp"

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <limits>
#include <random>
#include <type_traits>
#include <string>
#include <vector>

#include <unistd.h>

namespace {

template <class T> std::string bits(T V) {
  char Buf[64];
  std::snprintf(Buf, sizeof Buf, "%a", static_cast<double>(V));
  return Buf;
}
template <class T> bool sameBits(T A, T B) {
  return std::memcmp(&A, &B, sizeof(T)) == 0 || (std::isnan(A) && std::isnan(B));
}
template <class T>
void sameAs(example::Checker &C, const std::string &What, T Ref, T Got) {
  C.holds(What.c_str(), sameBits(Ref, Got), "ref " + bits(Ref) + " got " + bits(Got));
}

void checkExtremes(example::Checker &C, const char *Case, int64_t N,
                   double (*Value)(int64_t, std::mt19937_64 &)) {
  stencil::HostGrid<float, 1> X(stencil::Extents<1>{N});
  stencil::HostGrid<double, 1> Y(stencil::Extents<1>{N});
  std::mt19937_64 Rng(N);
  for (int64_t I = 0; I < N; ++I) {
    Y.data()[I] = Value(I, Rng);
    X.data()[I] = static_cast<float>(Y.data()[I]);
  }
  float Lo, Hi;
  double DLo, DHi;
  stencil::reference(extremes, X, Y, Lo, Hi, DLo, DHi);
  const stencil::Grid<float, 1> GX(X);
  const stencil::Grid<double, 1> GY(Y);
  const gpu::extremes_result R = gpu::extremes(GX, GY);
  const std::string P = std::string("extremes.") + Case + ".";
  sameAs(C, P + "lo", Lo, R.lo);
  sameAs(C, P + "hi", Hi, R.hi);
  sameAs(C, P + "dlo", DLo, R.dlo);
  sameAs(C, P + "dhi", DHi, R.dhi);
  if (std::string(Case) == "zeros") { // the rule itself, not only agreement
    C.holds("extremes.zeros.lo_is_-0", sameBits(R.dlo, -0.0), bits(R.dlo));
    C.holds("extremes.zeros.hi_is_+0", sameBits(R.dhi, 0.0), bits(R.dhi));
  }
  if (std::string(Case) == "nan") {
    C.holds("extremes.nan.lo_is_inf", R.lo == HUGE_VALF, bits(R.lo));
    C.holds("extremes.nan.dhi_is_-inf", R.dhi == -HUGE_VAL, bits(R.dhi));
  }
}

double zerosAndNaN(int64_t I, std::mt19937_64 &Rng) {
  switch (Rng() % 3) {
  case 0: return I % 2 ? 0.0 : -0.0;
  case 1: return -0.0 * double(I % 3 == 0);
  default: return std::numeric_limits<double>::quiet_NaN();
  }
}
double onlyNaN(int64_t, std::mt19937_64 &) {
  return std::numeric_limits<double>::quiet_NaN();
}
double mixed(int64_t I, std::mt19937_64 &Rng) {
  if (I % 97 == 5)
    return std::numeric_limits<double>::quiet_NaN();
  if (I == 1234)
    return HUGE_VAL;
  if (I == 77)
    return -0.0;
  return std::uniform_real_distribution<double>(-1e3, 1e3)(Rng);
}

void checkCounts(example::Checker &C, int64_t N) {
  stencil::HostGrid<int, 1> K(stencil::Extents<1>{N});
  stencil::HostGrid<int64_t, 1> W(stencil::Extents<1>{N});
  std::mt19937_64 Rng(7);
  for (int64_t I = 0; I < N; ++I) {
    K.data()[I] = int(Rng() % 2000000000u) - 300000000;
    W.data()[I] = int64_t(Rng() >> 2); // about 2^61 each: the sum wraps
  }
  int S = 0, Wide = 0;
  int64_t S64 = 0;
  stencil::reference(counts, K, W, S, S64, Wide);
  const gpu::counts_result R =
      gpu::counts(stencil::Grid<int, 1>(K), stencil::Grid<int64_t, 1>(W));
  uint32_t ByHand = 0;
  uint64_t ByHand64 = 0;
  for (int64_t I = 0; I < N; ++I) {
    ByHand += uint32_t(K.data()[I]);
    ByHand64 += uint64_t(W.data()[I]);
  }
  C.exact("counts.s", S, R.s);
  C.exact("counts.s_wrapped_by_hand", int(ByHand), R.s);
  C.exact("counts.s64", S64, R.s64);
  C.exact("counts.s64_wrapped_by_hand", int64_t(ByHand64), R.s64);
  C.exact("counts.wide", Wide, R.wide);
}

template <class T> stencil::HostGrid<T, 1> startPattern(int64_t Bins) {
  stencil::HostGrid<T, 1> H(stencil::Extents<1>{Bins});
  for (int64_t I = 0; I < Bins; ++I)
    H.data()[I] = T(I % 5 + 1);
  return H;
}

void checkWeights(example::Checker &C, int64_t N, int Bins) {
  stencil::HostGrid<double, 1> V(stencil::Extents<1>{N});
  std::mt19937_64 Rng(Bins);
  for (int64_t I = 0; I < N; ++I)
    V.data()[I] = std::uniform_real_distribution<double>(0.0, 1.0)(Rng);
  stencil::HostGrid<float, 1> Whole = startPattern<float>(Bins);
  stencil::HostGrid<double, 1> Frac = startPattern<double>(Bins);
  stencil::HostGrid<int, 1> Count = startPattern<int>(Bins);
  stencil::Grid<float, 1> GW(Whole);
  stencil::Grid<double, 1> GF(Frac);
  stencil::Grid<int, 1> GC(Count);
  stencil::reference(weights, V, Whole, Frac, Count, Bins);
  gpu::weights(stencil::Grid<double, 1>(V), GW, GF, GC, Bins);
  const std::string P = "weights." + std::to_string(Bins) + ".";
  C.field((P + "whole").c_str(), Whole, GW.download(), 0.0);
  C.field((P + "count").c_str(), Count, GC.download(), 0.0);
  const stencil::HostGrid<double, 1> Got = GF.download();
  int64_t Worst = -1;
  double WorstExcess = 0;
  for (int64_t B = 0; B < Bins; ++B) {
    // Terms >= 0, so sum |t| <= the bin's total; the count bounds n.
    const double Bound = 2 * double(Count.data()[B]) *
                         std::numeric_limits<double>::epsilon() * Frac.data()[B];
    const double Excess = std::fabs(Got.data()[B] - Frac.data()[B]) - Bound;
    if (Excess > WorstExcess) {
      WorstExcess = Excess;
      Worst = B;
    }
  }
  C.holds((P + "frac_within_order").c_str(), Worst < 0,
          Worst < 0 ? "every bin within 2 n eps sum|t|"
                    : "bin " + std::to_string(Worst) + " off by more than the bound");
}

/// One int64 histogram launched under every lowering but warp aggregation
/// in global memory, each from startPattern, against Ref bin for bin:
/// Launch(Got, Opts) runs the kernel; the checks are named Name.loweringL.
template <class LaunchFn>
void checkInt64Lowerings(example::Checker &C, const std::string &Name, int Bins,
                         const stencil::HostGrid<int64_t, 1> &Ref, LaunchFn Launch) {
  for (stencil::HistogramLowering L :
       {stencil::HistogramLowering::Auto, stencil::HistogramLowering::SharedPrivatized,
        stencil::HistogramLowering::SharedWarpAggregated,
        stencil::HistogramLowering::PlainAtomic}) {
    stencil::Grid<int64_t, 1> Got(startPattern<int64_t>(Bins));
    stencil::LaunchOptions Opts;
    Opts.HistogramLowering = L;
    Launch(Got, Opts);
    C.field((Name + ".lowering" + std::to_string(static_cast<int>(L))).c_str(), Ref,
            Got.download(), 0.0);
  }
}

/// carries: int64 weights through every histogram lowering, bin for bin.
/// The weights mix 2^32 - 1 and 2^31 (their low halves wrap after two adds),
/// -1 and -2^33 + 5 (high half all ones), 2^40 + 3 and random values in
/// (-2^40, 2^40), so every bin's low half wraps many times in each block.
void checkCarries(example::Checker &C, int64_t N, int Bins) {
  const stencil::Extents<1> E{N};
  stencil::HostGrid<int64_t, 1> W(E);
  stencil::HostGrid<int, 1> B(E);
  std::mt19937_64 Rng(uint64_t(Bins) * 31 + 7);
  const int64_t Special[] = {0xffffffffll, 0x80000000ll, -1, -(int64_t(1) << 33) + 5,
                             (int64_t(1) << 40) + 3};
  for (int64_t I = 0; I < N; ++I) {
    const uint64_t R = Rng();
    W.data()[I] = R % 3 ? Special[R % 5]
                        : int64_t(R >> 23) - (int64_t(1) << 40); // 41 bits
    B.data()[I] = int(Rng() % 1000000);
  }
  stencil::HostGrid<int64_t, 1> Ref = startPattern<int64_t>(Bins);
  stencil::reference(carries, W, B, Ref, Bins);
  checkInt64Lowerings(C, "carries." + std::to_string(Bins), Bins, Ref,
                      [&](stencil::Grid<int64_t, 1> &Got, const stencil::LaunchOptions &Opts) {
                        gpu::carries(stencil::Grid<int64_t, 1>(W), stencil::Grid<int, 1>(B),
                                     Got, Bins, Opts);
                      });
}

/// narrow: int64 bins to which each point adds k % 1001. 15 keys in 16 are
/// 1000 (bin 1000 mod Bins gets +1000 each: at N = 2 000 000 that bin ends
/// near 1.9 x 10^9, counted in 32-bit private counters, which the launcher
/// takes because N x 1000 < 2^31; at N = 2 400 000 it takes 64-bit ones and
/// the bin passes 2^31), the rest -1000 and random keys of both signs.
/// (Whether the launcher takes the narrow counters is narrowCountersFit's
/// unit test; each block's private share stays far below 2^31 either way.)
void checkNarrow(example::Checker &C, int64_t N, int Bins) {
  const stencil::Extents<1> E{N};
  stencil::HostGrid<int, 1> K(E);
  std::mt19937_64 Rng(uint64_t(N) * 17 + Bins);
  for (int64_t I = 0; I < N; ++I) {
    const uint64_t R = Rng() % 16;
    K.data()[I] = R < 15 ? 1000 : Rng() % 2 ? -1000 : int(uint32_t(Rng()));
  }
  stencil::HostGrid<int64_t, 1> Ref = startPattern<int64_t>(Bins);
  stencil::reference(narrow, K, Ref, Bins);
  checkInt64Lowerings(C, "narrow." + std::to_string(N) + "." + std::to_string(Bins), Bins,
                      Ref,
                      [&](stencil::Grid<int64_t, 1> &Got, const stencil::LaunchOptions &Opts) {
                        gpu::narrow(stencil::Grid<int, 1>(K), Got, Bins, Opts);
                      });
}

/// lanes: a vectorised rank-2 histogram kernel under every lowering, bin for
/// bin: rows of whole vectors (Cols a multiple of 4) run the vector instance
/// (LaunchOptions::Vectors = 1: these grids are too small to fill the
/// device), other widths the one-point one.
void checkLanes(example::Checker &C, int64_t Rows, int64_t Cols, int Bins) {
  const stencil::Extents<2> E{Rows, Cols};
  stencil::HostGrid<float, 2> U(E);
  std::mt19937_64 Rng(uint64_t(Cols) * 131 + Bins);
  for (int64_t I = 0; I < U.size(); ++I)
    U.data()[I] = float(std::uniform_real_distribution<double>(-0.1, 1.1)(Rng));
  stencil::HostGrid<int, 1> N = startPattern<int>(Bins);
  stencil::HostGrid<int64_t, 1> W = startPattern<int64_t>(Bins);
  stencil::reference(lanes, U, N, W, Bins);
  for (stencil::HistogramLowering L :
       {stencil::HistogramLowering::Auto, stencil::HistogramLowering::SharedPrivatized,
        stencil::HistogramLowering::SharedWarpAggregated,
        stencil::HistogramLowering::WarpAggregated,
        stencil::HistogramLowering::PlainAtomic}) {
    stencil::Grid<int, 1> GN(startPattern<int>(Bins));
    stencil::Grid<int64_t, 1> GW(startPattern<int64_t>(Bins));
    stencil::LaunchOptions Opts;
    Opts.HistogramLowering = L;
    Opts.Vectors = 1;
    gpu::lanes(stencil::Grid<float, 2>(U), GN, GW, Bins, Opts);
    const std::string P = "lanes." + std::to_string(Rows) + "x" + std::to_string(Cols) +
                          ".lowering" + std::to_string(static_cast<int>(L)) + ".";
    C.field((P + "n").c_str(), N, GN.download(), 0.0);
    C.field((P + "w").c_str(), W, GW.download(), 0.0);
  }
}

/// intdiv: C++'s quotient and remainder for dividends of every sign and
/// size (INT_MIN only where the divisor is not -1) by divisors 1, -1, 7, -7,
/// 3, 2^16, 2^31 - 1, -(2^31 - 1) and INT_MIN.
void checkIntDiv(example::Checker &C, int64_t N) {
  const stencil::Extents<1> E{N};
  stencil::HostGrid<int, 1> A(E);
  std::mt19937_64 Rng(4099);
  for (int64_t I = 0; I < N; ++I) {
    const uint64_t R = Rng();
    A.data()[I] = R % 4 ? int(uint32_t(R >> 32)) : int(int64_t(R >> 40) % 1000);
  }
  for (int D : {1, -1, 7, -7, 3, 65536, INT32_MAX, -INT32_MAX, INT32_MIN}) {
    stencil::HostGrid<int, 1> Arg = A;
    if (D == -1)
      for (int64_t I = 0; I < N; ++I)
        if (Arg.data()[I] == INT32_MIN)
          Arg.data()[I] = 5; // INT_MIN / -1 is undefined
    stencil::HostGrid<int, 1> Q(E, 3), R(E, 3);
    stencil::reference(intdiv, Arg, Q, R, D);
    stencil::Grid<int, 1> GQ(stencil::HostGrid<int, 1>(E, 3)), GR(stencil::HostGrid<int, 1>(E, 3));
    gpu::intdiv(stencil::Grid<int, 1>(Arg), GQ, GR, D);
    const std::string P = "intdiv." + std::to_string(D) + ".";
    C.field((P + "q").c_str(), Q, GQ.download(), 0.0);
    C.field((P + "r").c_str(), R, GR.download(), 0.0);
  }
}

/// divide: each (float, double) divisor pair below over the same dividends:
/// the special values and the fast path's edges (ExactDivisionRange) first,
/// then random bit patterns (every exponent, NaNs and subnormals among them)
/// and random in-range values.
void checkDivide(example::Checker &C) {
  const float FInf = HUGE_VALF, FNaN = std::numeric_limits<float>::quiet_NaN();
  const double Inf = HUGE_VAL, NaN = std::numeric_limits<double>::quiet_NaN();
  std::vector<float> Xs = {0.0f, -0.0f, FInf, -FInf, FNaN, 1.0f, -1.5f, 3.0f,
                           FLT_MIN, -FLT_MAX, FLT_MAX, 1e-45f, -1e-40f, 0x1p-60f,
                           0x1p60f, 0x1.fffffep-61f, 0x1.000002p60f, 0x1p-126f};
  std::vector<double> Ys = {0.0, -0.0, Inf, -Inf, NaN, 1.0, -1.5, 3.0,
                            DBL_MIN, -DBL_MAX, DBL_MAX, 5e-324, -1e-310, 0x1p-800,
                            0x1p800, 0x1.fffffffffffffp-801, 0x1.0000000000001p800, 81.0};
  const int64_t N = 300007;
  std::mt19937_64 Rng(23);
  while (int64_t(Xs.size()) < N) {
    const bool Bits = Xs.size() % 2 == 0;
    if (Bits) {
      const uint32_t B32 = uint32_t(Rng());
      const uint64_t B64 = Rng();
      float F;
      double D;
      std::memcpy(&F, &B32, sizeof F);
      std::memcpy(&D, &B64, sizeof D);
      Xs.push_back(F);
      Ys.push_back(D);
    } else {
      const double Sig = 1.0 + double(Rng() >> 11) * 0x1p-53;
      const int E = int(Rng() % 121) - 60;
      Xs.push_back(float(std::ldexp(Sig, E)) * (Rng() & 1 ? -1.0f : 1.0f));
      Ys.push_back(std::ldexp(Sig, int(Rng() % 1601) - 800) * (Rng() & 1 ? -1.0 : 1.0));
    }
  }
  const stencil::Extents<1> E{N};
  stencil::HostGrid<float, 1> X(E);
  stencil::HostGrid<double, 1> Y(E);
  std::copy(Xs.begin(), Xs.end(), X.data());
  std::copy(Ys.begin(), Ys.end(), Y.data());
  const stencil::Grid<float, 1> GX(X);
  const stencil::Grid<double, 1> GY(Y);
  const std::pair<float, double> Divisors[] = {
      {3.7f, 3.7},         {-0.3f, -0.3},       {7.0f, 49.0},
      {1e-35f, 1e-300},    {1e35f, 1e300},      {0.0f, 0.0},
      {-0.0f, -0.0},       {FInf, -Inf},        {FNaN, NaN},
      {1e-40f, 5e-324},    {0x1p30f, 0x1p126},  {0x1p-30f, 0x1p-126},
      {float(-0x1.86949ap+24), -0x1.86949ap+24}};
  int Case = 0;
  for (const auto &[S, T] : Divisors) {
    stencil::HostGrid<float, 1> Fs(E, 3), F7(E, 3), F9(E, 3);
    stencil::HostGrid<double, 1> Ds(E, 3), D81(E, 3), D49(E, 3);
    stencil::reference(divide, X, Y, Fs, F7, F9, Ds, D81, D49, S, T);
    stencil::Grid<float, 1> GFs(stencil::HostGrid<float, 1>(E, 3)), GF7(stencil::HostGrid<float, 1>(E, 3)),
        GF9(stencil::HostGrid<float, 1>(E, 3));
    stencil::Grid<double, 1> GDs(stencil::HostGrid<double, 1>(E, 3)),
        GD81(stencil::HostGrid<double, 1>(E, 3)), GD49(stencil::HostGrid<double, 1>(E, 3));
    gpu::divide(GX, GY, GFs, GF7, GF9, GDs, GD81, GD49, S, T);
    const std::string Name = "divide" + std::to_string(Case++);
    C.bits((Name + ".x/s").c_str(), Fs, GFs.download());
    C.bits((Name + ".y/t").c_str(), Ds, GDs.download());
    if (Case == 1) { // the constants do not depend on the scalars
      C.bits("divide.x/7", F7, GF7.download());
      C.bits("divide.x/9", F9, GF9.download());
      C.bits("divide.y/81", D81, GD81.download());
      C.bits("divide.y/49", D49, GD49.download());
    }
  }
}

/// fminmax: every pair of zeros of both signs, NaNs of both signs,
/// infinities and ordinary values (and random values after them), bit for
/// bit against the reference.
void checkFminMax(example::Checker &C) {
  const double NaN = std::numeric_limits<double>::quiet_NaN();
  const double Inf = HUGE_VAL;
  const std::vector<double> Special = {0.0, -0.0, NaN, -NaN, Inf, -Inf, 1.5, -1.5, 1e-310};
  const int64_t Pairs = int64_t(Special.size() * Special.size()), N = Pairs + 1000;
  const stencil::Extents<1> E{N};
  stencil::HostGrid<double, 1> A(E), B(E);
  std::mt19937_64 Rng(21017);
  for (int64_t I = 0; I < N; ++I) {
    if (I < Pairs) {
      A.data()[I] = Special[size_t(I) / Special.size()];
      B.data()[I] = Special[size_t(I) % Special.size()];
    } else {
      A.data()[I] = double(int(Rng() % 2001) - 1000) / 8.0;
      B.data()[I] = double(int(Rng() % 2001) - 1000) / 8.0;
    }
  }
  stencil::HostGrid<double, 1> Lo(E, 3), Hi(E, 3), Neg(E, 3), Mm(E, 3), Mn(E, 3), Mx(E, 3);
  stencil::HostGrid<float, 1> FLo(E, 3), FHi(E, 3);
  stencil::reference(fminmax, A, B, Lo, Hi, FLo, FHi, Neg, Mm, Mn, Mx);
  stencil::Grid<double, 1> GLo(stencil::HostGrid<double, 1>(E, 3)), GHi(stencil::HostGrid<double, 1>(E, 3)),
      GNeg(stencil::HostGrid<double, 1>(E, 3)), GMm(stencil::HostGrid<double, 1>(E, 3)),
      GMn(stencil::HostGrid<double, 1>(E, 3)), GMx(stencil::HostGrid<double, 1>(E, 3));
  stencil::Grid<float, 1> GFLo(stencil::HostGrid<float, 1>(E, 3)), GFHi(stencil::HostGrid<float, 1>(E, 3));
  gpu::fminmax(stencil::Grid<double, 1>(A), stencil::Grid<double, 1>(B), GLo, GHi, GFLo, GFHi, GNeg, GMm,
               GMn, GMx);
  // Every pair, zeros of opposite signs among them: stencil::fmin/fmax have
  // one rule (IEEE 754-2019 minimumNumber/maximumNumber) in the reference
  // and on the GPU (test/diff seed 43028). Left out: min/max with a NaN
  // operand, where the reference's result is the host toolchain's choice
  // (docs/runtime.md, Numerics: nvcc gives host code a global
  // max(double, double) that is fmax).
  auto AnyNaN = [&](int64_t I) { return std::isnan(A.data()[I]) || std::isnan(B.data()[I]); };
  const stencil::HostGrid<double, 1> DLo = GLo.download(), DHi = GHi.download();
  const stencil::HostGrid<float, 1> DFLo = GFLo.download(), DFHi = GFHi.download();
  C.bits("fminmax.lo", Lo, DLo);
  C.bits("fminmax.hi", Hi, DHi);
  C.bits("fminmax.flo", FLo, DFLo);
  C.bits("fminmax.fhi", FHi, DFHi);
  const stencil::HostGrid<double, 1> DNeg = GNeg.download();
  C.bits("fminmax.neg", Neg, DNeg);
  C.bits("fminmax.mm", Mm, GMm.download(), AnyNaN);
  // The rule itself, on the GPU: the pair (Special[1], Special[0]) is
  // (-0.0, +0.0) at point 9 and (+0.0, -0.0) at point 1, in either order
  // fmin's -0.0 and fmax's +0.0 (fhi takes its operands swapped).
  for (int64_t I : {int64_t(1), int64_t(9)}) {
    const std::string At = I == 1 ? "(+0,-0)" : "(-0,+0)";
    C.holds(("fminmax.lo" + At + "_is_-0").c_str(), sameBits(DLo.data()[I], -0.0),
            bits(DLo.data()[I]));
    C.holds(("fminmax.hi" + At + "_is_+0").c_str(), sameBits(DHi.data()[I], 0.0),
            bits(DHi.data()[I]));
    C.holds(("fminmax.flo" + At + "_is_-0").c_str(), sameBits(DFLo.data()[I], -0.0f),
            bits(DFLo.data()[I]));
    C.holds(("fminmax.fhi" + At + "_is_+0").c_str(), sameBits(DFHi.data()[I], 0.0f),
            bits(DFHi.data()[I]));
  }
  // min/max on the GPU are std::min/std::max on every pair, zeros of
  // opposite signs (the first operand) and NaN (a NaN first operand wins)
  // included. Checked against std:: here, called qualified: the reference's
  // unqualified min(double, double) is CUDA's fmin under nvcc, so Mn and Mx
  // (the reference's) are not compared.
  stencil::HostGrid<double, 1> StdMn(E), StdMx(E);
  for (int64_t I = 0; I < N; ++I) {
    StdMn.data()[I] = std::min(A.data()[I], B.data()[I]);
    StdMx.data()[I] = std::max(B.data()[I], A.data()[I]);
  }
  C.bits("fminmax.min_is_std::min", StdMn, GMn.download());
  C.bits("fminmax.max_is_std::max", StdMx, GMx.download());
  // Seed 21017's -fmin(-q, q) at q = +0.0 (point 0): fmin(-0.0, +0.0) is
  // -0.0, so +0.0 (with glibc's fmin, the second operand, it was -0.0).
  C.holds("fminmax.neg_of_+0_is_+0", sameBits(DNeg.data()[0], 0.0), bits(DNeg.data()[0]));
}

void checkReload(example::Checker &C, int64_t N) {
  stencil::HostGrid<int, 1> A3(stencil::Extents<1>{N});
  stencil::HostGrid<int64_t, 1> A2(stencil::Extents<1>{N}), Q(stencil::Extents<1>{N});
  std::mt19937_64 Rng(238);
  for (int64_t I = 0; I < N; ++I) {
    A3.data()[I] = int(Rng() % 201) - 100;
    A2.data()[I] = int64_t(Rng() % 2001) - 1000;
    Q.data()[I] = int64_t(Rng() % 2001) - 1000;
  }
  stencil::Grid<int64_t, 1> GQ(Q);
  float S = 0;
  stencil::reference(reload, A3, A2, Q, S);
  const gpu::reload_result R =
      gpu::reload(stencil::Grid<int, 1>(A3), stencil::Grid<int64_t, 1>(A2), GQ);
  C.field("reload.q", Q, GQ.download(), 0.0);
  sameAs(C, "reload.s", S, R.s); // integer terms: every partial sum exact
}

void checkNegMinMax(example::Checker &C, int64_t N) {
  const stencil::Extents<1> E{N};
  stencil::HostGrid<int64_t, 1> X(E);
  stencil::HostGrid<float, 1> F(E);
  stencil::HostGrid<int, 1> A(E), O(E, 7), P(E, 7);
  std::mt19937_64 Rng(10195);
  for (int64_t I = 0; I < N; ++I) {
    X.data()[I] = int64_t(Rng() % 21001) - 10500;
    F.data()[I] = float(int(Rng() % 2000) - 1000) / 100.0f;
    A.data()[I] = int(Rng() % 2001) - 1000;
  }
  stencil::Grid<int, 1> GO(O), GP(P);
  int Lo = 0, Hi = 0;
  stencil::reference(negminmax, X, F, A, Lo, Hi, O, P);
  const gpu::negminmax_result R =
      gpu::negminmax(stencil::Grid<int64_t, 1>(X), stencil::Grid<float, 1>(F),
                     stencil::Grid<int, 1>(A), GO, GP);
  C.field("negminmax.o", O, GO.download(), 0.0);
  C.field("negminmax.p", P, GP.download(), 0.0);
  sameAs(C, "negminmax.lo", Lo, R.lo);
  sameAs(C, "negminmax.hi", Hi, R.hi);
}

/// boolcast: test/diff seed 18006 kernel 1, on its own extents and region
/// (Box) or, with Whole, on the interior of a larger grid. Its values as the
/// differential tester draws them: integers in +-[1, 100] (int) and +-[1,
/// 1000] (int64), reals in +-[0.1, 10).
void checkBoolCast(example::Checker &C, stencil::Extents<3> E,
                   const stencil::Region<3> *Box) {
  std::mt19937_64 Rng(18006 + E[0]);
  auto Pick = [&](auto Zero) -> decltype(Zero) {
    using T = decltype(Zero);
    const bool Neg = Rng() & 1;
    T V;
    if constexpr (std::is_same_v<T, int>)
      V = int(Rng() % 100) + 1;
    else if constexpr (std::is_same_v<T, int64_t>)
      V = int64_t(Rng() % 1000) + 1;
    else
      V = T(0.1 + 9.9 * std::uniform_real_distribution<double>(0.0, 1.0)(Rng));
    return Neg ? T(-V) : V;
  };
  stencil::HostGrid<int64_t, 3> A2(E), U5(E);
  stencil::HostGrid<int, 3> Q6(E);
  stencil::HostGrid<double, 3> A3(E), A1(E);
  stencil::HostGrid<float, 3> U4(E);
  for (int64_t I = 0; I < A2.size(); ++I) {
    A2.data()[I] = Pick(int64_t(0));
    Q6.data()[I] = Pick(0);
    U5.data()[I] = Pick(int64_t(0));
    A3.data()[I] = Pick(0.0);
    A1.data()[I] = Pick(0.0);
    U4.data()[I] = Pick(0.0f);
  }
  stencil::HostGrid<int, 1> H8 = startPattern<int>(33);
  stencil::HostGrid<float, 1> H9 = startPattern<float>(257);
  stencil::Grid<int, 3> GQ6(Q6);
  stencil::Grid<int64_t, 3> GU5(U5);
  stencil::Grid<float, 3> GU4(U4);
  stencil::Grid<int, 1> GH8(H8);
  stencil::Grid<float, 1> GH9(H9);
  int M7 = 0;
  const stencil::Grid<int64_t, 3> GA2(A2);
  const stencil::Grid<double, 3> GA3(A3), GA1(A1);
  gpu::boolcast_result R;
  if (Box) {
    stencil::reference(*Box, boolcast, A2, Q6, U5, H8, A3, A1, U4, H9, M7, 33, 257, int64_t(3), true, -2.73);
    R = gpu::boolcast(GA2, GQ6, GU5, GH8, GA3, GA1, GU4, GH9, 33, 257, 3, true, -2.73, stencil::region(*Box));
  } else {
    stencil::reference(boolcast, A2, Q6, U5, H8, A3, A1, U4, H9, M7, 33, 257, int64_t(3), true, -2.73);
    R = gpu::boolcast(GA2, GQ6, GU5, GH8, GA3, GA1, GU4, GH9, 33, 257, 3, true, -2.73);
  }
  const std::string P = "boolcast." + std::to_string(E[0]) + "x" + std::to_string(E[1]) + "x" + std::to_string(E[2]) + ".";
  C.field((P + "q6").c_str(), Q6, GQ6.download(), 0.0);
  C.field((P + "u5").c_str(), U5, GU5.download(), 0.0);
  C.field((P + "u4").c_str(), U4, GU4.download(), 0.0);
  C.field((P + "h8").c_str(), H8, GH8.download(), 0.0);
  C.field((P + "h9").c_str(), H9, GH9.download(), 0.0); // integer weights
  sameAs(C, P + "m7", M7, R.m7);
}

template <class T, int R>
stencil::HostGrid<T, R> randomGrid(stencil::Extents<R> E, unsigned Seed) {
  stencil::HostGrid<T, R> G(E);
  std::mt19937_64 Rng(Seed);
  for (int64_t I = 0; I < G.size(); ++I)
    G.data()[I] = T(std::uniform_real_distribution<double>(-1.0, 1.5)(Rng));
  return G;
}

/// "what.RowsxCols.pptN.": the prefix of checkJam's and checkVec's names.
std::string caseName(const char *What, int64_t Rows, int64_t Cols, int Ppt) {
  return std::string(What) + "." + std::to_string(Rows) + "x" +
         std::to_string(Cols) + ".ppt" + std::to_string(Ppt) + ".";
}

/// Launch options with PointsPerThread (0: the compiled one), and the
/// vector instance of a vectorised kernel whenever the rows are whole
/// vectors (these grids are too small to fill the device, where the
/// launcher would otherwise take the one-point instance).
stencil::LaunchOptions withPointsPerThread(int Ppt) {
  stencil::LaunchOptions Opts;
  Opts.PointsPerThread = Ppt;
  Opts.Vectors = 1;
  return Opts;
}

/// jam2 and jam3 (unroll-and-jam) against the reference bit for bit, with
/// PointsPerThread (0: the compiled 4 or 8) such that chunks hold whole
/// groups of 4 jammed points, a group and a remainder, or only a remainder.
void checkJam(example::Checker &C, int64_t Rows, int64_t Cols, int Ppt) {
  const std::string P = caseName("jam", Rows, Cols, Ppt);
  const stencil::LaunchOptions Opts = withPointsPerThread(Ppt);
  const stencil::Extents<2> E2{Rows, Cols};
  const stencil::HostGrid<float, 2> U = randomGrid<float, 2>(E2, 1);
  const stencil::HostGrid<float, 2> Cf = randomGrid<float, 2>(E2, 2);
  stencil::HostGrid<float, 2> W = randomGrid<float, 2>(E2, 3);
  stencil::HostGrid<double, 2> O = randomGrid<double, 2>(E2, 4);
  stencil::Grid<float, 2> GW(W);
  stencil::Grid<double, 2> GO(O);
  float Peak = 0;
  int64_t Odd = 0;
  stencil::reference(jam2, U, Cf, W, O, Peak, Odd);
  const gpu::jam2_result R2 = gpu::jam2(stencil::Grid<float, 2>(U),
                                        stencil::Grid<float, 2>(Cf), GW, GO, Opts);
  C.field((P + "w").c_str(), W, GW.download(), 0.0);
  C.field((P + "o").c_str(), O, GO.download(), 0.0);
  sameAs(C, P + "peak", Peak, R2.peak);
  C.exact((P + "odd").c_str(), Odd, R2.odd);

  const stencil::Extents<3> E3{Rows / 4 + 3, Cols / 8 + 3, 29};
  const stencil::HostGrid<double, 3> U3 = randomGrid<double, 3>(E3, 5);
  stencil::HostGrid<double, 3> V3 = randomGrid<double, 3>(E3, 6);
  stencil::Grid<double, 3> GV3(V3);
  double Lo = 0;
  stencil::reference(jam3, U3, V3, Lo);
  const gpu::jam3_result R3 = gpu::jam3(stencil::Grid<double, 3>(U3), GV3, Opts);
  C.field((P + "v3").c_str(), V3, GV3.download(), 0.0);
  sameAs(C, P + "lo", Lo, R3.lo);

  // ring3, a ring of 3 lanes: chunks shorter than the ring, as long,
  // longer, and the compiled 32 (several unrolled groups).
  const stencil::Extents<3> F3{Rows / 4 + 4, Cols / 8 + 3, 31};
  const stencil::HostGrid<float, 3> RU = randomGrid<float, 3>(F3, 7);
  const stencil::HostGrid<float, 3> RC = randomGrid<float, 3>(F3, 8);
  stencil::HostGrid<float, 3> First = randomGrid<float, 3>(F3, 9);
  stencil::HostGrid<float, 3> RV = randomGrid<float, 3>(F3, 10);
  stencil::Grid<float, 3> GFirst(First), GRV(RV);
  float Hi = 0;
  double Total = 0;
  stencil::reference(ring3, RU, RC, First, RV, Hi, Total);
  const gpu::ring3_result R4 =
      gpu::ring3(stencil::Grid<float, 3>(RU), stencil::Grid<float, 3>(RC),
                 GFirst, GRV, Opts);
  C.field((P + "first").c_str(), First, GFirst.download(), 0.0);
  C.field((P + "rv").c_str(), RV, GRV.download(), 0.0);
  sameAs(C, P + "hi", Hi, R4.hi);
  C.scalar((P + "total").c_str(), Total, R4.total, 1e-10);

  // ring2: a rank-2 ring of 5 lanes.
  const stencil::HostGrid<int, 2> A = randomGrid<int, 2>(E2, 11);
  stencil::HostGrid<int, 2> S2 = randomGrid<int, 2>(E2, 12);
  stencil::Grid<int, 2> GS2(S2);
  int Lo2 = 0;
  stencil::reference(ring2, A, S2, Lo2);
  const gpu::ring2_result R5 = gpu::ring2(stencil::Grid<int, 2>(A), GS2, Opts);
  C.field((P + "s2").c_str(), S2, GS2.download(), 0.0);
  C.exact((P + "lo2").c_str(), Lo2, R5.lo);
}

/// vec2, vec1 and vec3 (vectors along the row) against the reference bit
/// for bit: Cols a multiple of 4 runs the vector instance (its first and
/// last groups partly outside the domain, one point at a time), other
/// widths the one-point instance; Ppt as for checkJam. vec2 has no
/// reductions (a rank-2 reduction sweep is persistent, without vectors).
void checkVec(example::Checker &C, int64_t Rows, int64_t Cols, int Ppt) {
  const std::string P = caseName("vec", Rows, Cols, Ppt);
  const stencil::LaunchOptions Opts = withPointsPerThread(Ppt);
  const stencil::Extents<2> E2{Rows, Cols};
  const stencil::HostGrid<float, 2> U = randomGrid<float, 2>(E2, 11);
  stencil::HostGrid<float, 2> W = randomGrid<float, 2>(E2, 12);
  stencil::HostGrid<int, 2> Odd(E2, 7);
  stencil::Grid<float, 2> GW(W);
  stencil::Grid<int, 2> GOdd(Odd);
  stencil::reference(vec2, U, W, Odd);
  gpu::vec2(stencil::Grid<float, 2>(U), GW, GOdd, Opts);
  C.field((P + "w").c_str(), W, GW.download(), 0.0);
  C.field((P + "odd").c_str(), Odd, GOdd.download(), 0.0);

  const stencil::Extents<1> E1{Rows * Cols + 1};
  stencil::HostGrid<int64_t, 1> A(E1), D(E1);
  for (int64_t I = 0; I < A.size(); ++I) {
    A.data()[I] = (I * 7919) % 2003 - 1001;
    D.data()[I] = -I;
  }
  stencil::Grid<int64_t, 1> GD(D);
  int64_t Lo = 0;
  stencil::reference(vec1, A, D, Lo);
  const gpu::vec1_result R1 = gpu::vec1(stencil::Grid<int64_t, 1>(A), GD, Opts);
  C.field((P + "d").c_str(), D, GD.download(), 0.0);
  C.exact((P + "lo").c_str(), Lo, R1.lo);

  const stencil::Extents<3> E3{Rows / 8 + 3, Rows / 4 + 3, Cols};
  const stencil::HostGrid<double, 3> U3 = randomGrid<double, 3>(E3, 13);
  stencil::HostGrid<double, 3> V3 = randomGrid<double, 3>(E3, 14);
  stencil::Grid<double, 3> GV3(V3);
  double Hi = 0;
  stencil::reference(vec3, U3, V3, Hi);
  const gpu::vec3_result R3 = gpu::vec3(stencil::Grid<double, 3>(U3), GV3, Opts);
  C.field((P + "v3").c_str(), V3, GV3.download(), 0.0);
  sameAs(C, P + "hi", Hi, R3.hi);
}

/// chains2 (integer chains shared by a jam group's 4 x 2 lanes) against the
/// reference bit for bit: int values across the whole range, so that both
/// the spec's partial sums and the shared ones wrap around; even widths run
/// the vector instance, odd ones the one-point instance's jammed rows.
void checkChains(example::Checker &C, int64_t Rows, int64_t Cols, int Ppt) {
  const std::string P = caseName("chains", Rows, Cols, Ppt);
  const stencil::LaunchOptions Opts = withPointsPerThread(Ppt);
  const stencil::Extents<2> E{Rows, Cols};
  stencil::HostGrid<int, 2> A(E), S(E, 7);
  stencil::HostGrid<int64_t, 2> B(E), Spread(E, 9);
  std::mt19937_64 Rng(Rows * 1009 + Cols);
  for (int64_t I = 0; I < A.size(); ++I) {
    A.data()[I] = static_cast<int>(static_cast<uint32_t>(Rng()));
    B.data()[I] = static_cast<int64_t>(Rng() >> (I % 3 == 0 ? 0 : 20));
  }
  stencil::Grid<int, 2> GS(S);
  stencil::Grid<int64_t, 2> GSpread(Spread);
  int Hi = 0;
  stencil::reference(chains2, A, B, S, Spread, Hi);
  const gpu::chains2_result R =
      gpu::chains2(stencil::Grid<int, 2>(A), stencil::Grid<int64_t, 2>(B), GS,
                   GSpread, Opts);
  C.field((P + "s").c_str(), S, GS.download(), 0.0);
  C.field((P + "spread").c_str(), Spread, GSpread.download(), 0.0);
  C.exact((P + "hi").c_str(), Hi, R.hi);
}

/// vecrow (edge vectors at the grid's first and last elements: 2 planes of
/// Rows x Cols) against the reference bit for bit, every column count
/// modulo 4, with vectors asked.
void checkVecRow(example::Checker &C, int64_t Rows, int64_t Cols) {
  const std::string P = caseName("vecrow", Rows, Cols, 0);
  const stencil::Extents<3> E{2, Rows, Cols};
  const stencil::HostGrid<float, 3> U = randomGrid<float, 3>(E, 17);
  stencil::HostGrid<float, 3> V = randomGrid<float, 3>(E, 18);
  const int Bins = 9;
  stencil::HostGrid<int, 1> H = startPattern<int>(Bins);
  stencil::Grid<float, 3> GV(V);
  stencil::Grid<int, 1> GH(H);
  stencil::reference(vecrow, U, V, H, Bins);
  stencil::LaunchOptions Opts;
  Opts.Vectors = 1;
  gpu::vecrow(stencil::Grid<float, 3>(U), GV, GH, Bins, Opts);
  C.field((P + "v").c_str(), V, GV.download(), 0.0);
  C.field((P + "h").c_str(), H, GH.download(), 0.0);
}

/// rows2 (4 rows a grid stride apart) against the reference bit for bit:
/// grids tall enough for threads to run the jammed rows (a persistent
/// grid's stride is thousands of rows when a row is one block wide) and
/// rows left over for the one-row loop.
void checkRows(example::Checker &C, int64_t Rows, int64_t Cols) {
  const std::string P = caseName("rows", Rows, Cols, 0);
  const stencil::Extents<2> E{Rows, Cols};
  const stencil::HostGrid<double, 2> U = randomGrid<double, 2>(E, 15);
  stencil::HostGrid<double, 2> V = randomGrid<double, 2>(E, 16);
  stencil::Grid<double, 2> GV(V);
  double Hi = 0;
  int Lo = 0;
  stencil::reference(rows2, U, V, Hi, Lo);
  const gpu::rows2_result R =
      gpu::rows2(stencil::Grid<double, 2>(U), GV, stencil::LaunchOptions());
  C.field((P + "v").c_str(), V, GV.download(), 0.0);
  sameAs(C, P + "hi", Hi, R.hi);
  C.exact((P + "lo").c_str(), Lo, R.lo);
}

/// Every check above, twice, with STENCIL_TUNE=1 and a fresh cache file:
/// the first round tunes each launcher on its first launch (trial launches of
/// the InOut and histogram kernels are undone), the second uses the shapes
/// the first chose. Both must give the reference's outputs exactly, and the
/// cache file must hold a valid entry for every kernel.
void checkTuned(example::Checker &C) {
  const std::string Cache =
      "/tmp/stencilc-exactness-tune-" + std::to_string(::getpid()) + ".txt";
  std::remove(Cache.c_str());
  ::setenv("STENCIL_TUNE", "1", 1);
  ::setenv("STENCIL_TUNE_CACHE", Cache.c_str(), 1);
  for (int Round = 0; Round < 2; ++Round) {
    checkExtremes(C, "mixed", 1000003, mixed);
    checkCounts(C, 1000003);
    checkWeights(C, 1000003, 1000);
    checkReload(C, 100003);
    checkJam(C, 67, 41, 0);
    checkJam(C, 67, 42, 0);
    checkVec(C, 67, 44, 0);
  }
  stencil::detail::TuneCache File;
  std::vector<std::string> Warnings;
  const bool Read = File.load(Cache, Warnings);
  C.holds("tuned.cache_written", Read && Warnings.empty(),
          Read ? std::to_string(File.entries().size()) + " entries"
               : "no file " + Cache);
  for (const char *Kernel :
       {"extremes", "counts", "weights", "reload", "jam2", "jam3", "ring3",
        "ring2", "vec2", "vec1", "vec3"}) {
    bool Found = false;
    for (const stencil::detail::TuneEntry &E : File.entries())
      Found |= E.Kernel == Kernel;
    C.holds((std::string("tuned.cache_has_") + Kernel).c_str(), Found,
            Found ? "entry" : "no entry");
  }
  std::remove(Cache.c_str());
}

} // namespace

int main(int argc, char **argv) {
  const std::string Mode = argc >= 2 ? argv[1] : "";
  // --variant N: every launch runs schedule variant N where its kernel has
  // one (stencilc.flags compiles them: --tune-variants), through
  // STENCIL_VARIANT, read at the first launch.
  const bool Variant = argc == 4 && std::string(argv[2]) == "--variant" &&
                       Mode == "--check";
  if ((Mode != "--check" && Mode != "--check-tuned") ||
      (argc != 2 && !Variant)) {
    std::fprintf(stderr,
                 "usage: exactness --check [--variant N] | --check-tuned\n");
    return 2;
  }
  if (Variant)
    ::setenv("STENCIL_VARIANT", argv[3], 1);
  try {
    example::Checker C(Variant ? "exactness variant" :
                       Mode == "--check" ? "exactness" : "exactness tuned");
    if (Mode == "--check-tuned") {
      checkTuned(C);
      return C.finish();
    }
    checkExtremes(C, "zeros", 100003, zerosAndNaN);
    checkExtremes(C, "nan", 4099, onlyNaN);
    checkExtremes(C, "mixed", 1000003, mixed);
    checkCounts(C, 1000003);
    checkWeights(C, 1000003, 1000);
    checkWeights(C, 1000003, 200003);
    checkReload(C, 100003);
    checkCarries(C, 1000003, 1000);
    checkCarries(C, 100003, 3);
    checkNarrow(C, 2000000, 7);
    checkNarrow(C, 2400000, 7);
    checkNarrow(C, 100003, 1000);
    checkIntDiv(C, 100003);
    checkFminMax(C);
    checkDivide(C);
    for (int64_t Cols : {44, 41, 1028})
      checkLanes(C, 67, Cols, 37);
    checkLanes(C, 1030, 516, 1000);
    checkNegMinMax(C, 1000);
    checkNegMinMax(C, 1000003);
    const stencil::Region<3> SeedBox{{3, 3, 3}, {16, 4, 8}};
    checkBoolCast(C, {19, 7, 11}, &SeedBox);
    checkBoolCast(C, {40, 23, 37}, nullptr);
    // jam2 is jammed by 4 with vectors of 2 (2-D register blocking): odd
    // widths take its one-point instance (each jam group's rows one point
    // at a time), even widths its vector instance (edge groups one point at
    // a time).
    for (int Ppt : {0, 1, 3, 4, 5, 9})
      for (int64_t Cols : {41, 42})
        checkJam(C, 67, Cols, Ppt);
    checkJam(C, 9, 7, 0);     // interior rows 3: a remainder only
    checkJam(C, 11, 13, 0);   // 5 interior rows: one group and one point
    checkJam(C, 11, 14, 0);
    checkJam(C, 1030, 517, 0);
    checkJam(C, 1030, 516, 0);
    for (int Ppt : {0, 1, 3})
      for (int64_t Cols : {44, 41, 8, 6})
        checkVec(C, 67, Cols, Ppt);
    checkVec(C, 5, 4, 0);      // one interior column: no whole group
    checkVec(C, 1030, 516, 0); // many groups per thread
    for (int Ppt : {0, 1, 3, 5})
      for (int64_t Cols : {44, 41, 10, 7})
        checkChains(C, 67, Cols, Ppt);
    checkChains(C, 1030, 516, 0);
    for (const int64_t Cols : {4, 5, 6, 7, 8, 41, 516})
      for (const int64_t Rows : {1, 2, 37})
        checkVecRow(C, Rows, Cols);
    for (const int64_t Cols : {37, 1003})
      for (const int64_t Rows : {3, 4099, 20011})
        checkRows(C, Rows, Cols);
    return C.finish();
  } catch (const std::exception &E) {
    std::fprintf(stderr, "exactness: %s\n", E.what());
    return 1;
  }
}
