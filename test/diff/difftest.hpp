// test/diff/difftest.hpp - what every generated batch program of the
// differential tester (test/diff/run) shares: deterministic fills, the
// comparisons of GPU results against stencil::reference under the exactness
// rule of issue 10, and the tally.
//
// The rule: fields, Max/Min results, integer sums and histogram counts (and
// floating-point histograms whose weights are small integers) are compared
// bit for bit; floating-point sums and floating-point histogram bins with
// arbitrary weights may differ only by summation order:
//   |gpu - cpu| <= 2 * n * eps(Acc) * S + 2 * ulp(T, |cpu|)
// where n is the number of terms, eps(Acc) the epsilon of the CPU's
// accumulator (the GPU accumulates float sums in double, which is tighter),
// and S the sum of |terms| (from the spec's "abs twin" kernel, run on the CPU
// in double). Recursive summation in any order errs by at most (n-1)u*S
// (Higham, Accuracy and Stability of Numerical Algorithms, 2nd ed., 4.2), so
// two orders differ by at most twice that, plus the final rounding to T.
//
// Built with -DDIFFTEST_CPU (test/diff/run --cpu-check) the "GPU" results come
// from a second stencil::reference run: that checks the generated program,
// the generator's freedom from undefined behaviour (with -fsanitize=undefined)
// and the tally, without a GPU.
#ifndef STENCIL_TEST_DIFFTEST_HPP
#define STENCIL_TEST_DIFFTEST_HPP

#include <stencil/stencil.hpp>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <exception>
#include <limits>
#include <string>
#include <type_traits>
#include <vector>

namespace difftest {

/// splitmix64: the same sequence on every machine.
struct Rng {
  uint64_t S;
  explicit Rng(uint64_t Seed) : S(Seed) {}
  uint64_t next() {
    uint64_t Z = (S += 0x9E3779B97F4A7C15ull);
    Z = (Z ^ (Z >> 30)) * 0xBF58476D1CE4E5B9ull;
    Z = (Z ^ (Z >> 27)) * 0x94D049BB133111EBull;
    return Z ^ (Z >> 31);
  }
  double unit() { return (next() >> 11) * (1.0 / 9007199254740992.0); }
};

/// A non-zero value: integers in +-[1, 100] (int) or +-[1, 1000] (int64_t),
/// floating point in +-[0.1, 10).
template <class T> T value(Rng &R) {
  bool Neg = R.next() & 1;
  if constexpr (std::is_same_v<T, int>) {
    int V = int(R.next() % 100) + 1;
    return Neg ? -V : V;
  } else if constexpr (std::is_same_v<T, int64_t>) {
    int64_t V = int64_t(R.next() % 1000) + 1;
    return Neg ? -V : V;
  } else {
    T V = T(0.1 + 9.9 * R.unit());
    return Neg ? -V : V;
  }
}

template <class T, int R>
stencil::HostGrid<T, R> filled(const stencil::Extents<R> &E, uint64_t Seed) {
  stencil::HostGrid<T, R> G(E);
  Rng Gen(Seed);
  for (int64_t I = 0; I < G.size(); ++I)
    G.data()[I] = value<T>(Gen);
  return G;
}

/// Histogram bins start at small non-zero integers (launches add to them).
template <class T> stencil::HostGrid<T, 1> bins(int64_t N, uint64_t Seed) {
  stencil::HostGrid<T, 1> G(stencil::Extents<1>{N});
  Rng Gen(Seed);
  for (int64_t I = 0; I < N; ++I)
    G.data()[I] = T(int(Gen.next() % 5) + 1);
  return G;
}

struct Tally {
  int Kernels = 0;
  int Mismatches = 0;
  int TranscendentalMismatches = 0;
  int KernelsWithMismatch = 0;
};

inline Tally &tally() {
  static Tally T;
  return T;
}

/// The kernel under test (for the mismatch lines).
struct Current {
  const char *Variant = "";
  long long Seed = 0;
  const char *Kernel = "";
  bool Transcendental = false;
  int Mismatches = 0;
};
inline Current &current() {
  static Current C;
  return C;
}

inline void mismatch(const char *What, const std::string &Detail) {
  Current &C = current();
  ++C.Mismatches;
  ++tally().Mismatches;
  if (C.Transcendental)
    ++tally().TranscendentalMismatches;
  std::printf("MISMATCH variant=%s seed=%lld kernel=%s%s %s: %s\n", C.Variant,
              C.Seed, C.Kernel, C.Transcendental ? " (transcendental)" : "",
              What, Detail.c_str());
  std::fflush(stdout);
}

template <class T> std::string show(T V) {
  char B[96];
  if constexpr (std::is_floating_point_v<T>)
    std::snprintf(B, sizeof B, "%.17g (%a)", double(V), double(V));
  else
    std::snprintf(B, sizeof B, "%lld", static_cast<long long>(V));
  return B;
}

template <class T> bool same(T A, T B) {
  return std::memcmp(&A, &B, sizeof(T)) == 0;
}

template <class T> const char *zeroNote(T A, T B) {
  if constexpr (std::is_floating_point_v<T>)
    if (A == B)
      return " (signed zero)";
  return "";
}

/// Every point of a field, bit for bit (points outside the domain too: both
/// sides start from the same contents and must leave them alone).
template <class T, int R>
void field(const char *What, const stencil::HostGrid<T, R> &Ref,
           const stencil::HostGrid<T, R> &Got) {
  int64_t Differ = 0, First = -1;
  for (int64_t I = 0; I < Ref.size(); ++I)
    if (!same(Ref.data()[I], Got.data()[I])) {
      if (First < 0)
        First = I;
      ++Differ;
    }
  if (Differ)
    mismatch(What,
             std::to_string(Differ) + " of " + std::to_string(Ref.size()) +
                 " points differ; first at linear " + std::to_string(First) +
                 ": ref " + show(Ref.data()[First]) + " got " +
                 show(Got.data()[First]) +
                 zeroNote(Ref.data()[First], Got.data()[First]));
}

/// Max/Min results and integer sums: bit for bit.
template <class T> void exact(const char *What, T Ref, T Got) {
  if (!same(Ref, Got))
    mismatch(What,
             "ref " + show(Ref) + " got " + show(Got) + zeroNote(Ref, Got));
}

template <class T> double ulp(double X) {
  double A = std::fabs(X);
  T V = T(A);
  return double(std::nextafter(V, std::numeric_limits<T>::infinity())) -
         double(V);
}

/// A floating-point sum of N terms whose magnitudes add to AbsSum, CPU
/// accumulator Acc, result type T.
template <class T, class Acc>
void sum(const char *What, T Ref, T Got, double N, double AbsSum) {
  if constexpr (!std::is_floating_point_v<T> &&
                !std::is_floating_point_v<Acc>) {
    exact(What, Ref, Got);
  } else {
    double Bound = 2.0 * N * std::numeric_limits<Acc>::epsilon() * AbsSum +
                   2.0 * ulp<T>(double(Ref));
    double D = std::fabs(double(Ref) - double(Got));
    if (!(D <= Bound) || std::isnan(double(Got)))
      mismatch(What, "ref " + show(Ref) + " got " + show(Got) + " |diff| " +
                         show(D) + " > bound " + show(Bound) + " (n " +
                         show(N) + ", sum|t| " + show(AbsSum) + ")");
  }
}

/// Histogram bins: exactly, or (float weights) each bin within the bound of
/// its own terms (AbsBins from the twin, plus the starting value).
template <class T>
void histogram(const char *What, const stencil::HostGrid<T, 1> &Ref,
               const stencil::HostGrid<T, 1> &Got, bool Exact, double N,
               const stencil::HostGrid<double, 1> *AbsBins) {
  int64_t Differ = 0, First = -1;
  double FirstBound = 0;
  for (int64_t I = 0; I < Ref.size(); ++I) {
    T A = Ref.data()[I], B = Got.data()[I];
    bool Ok = same(A, B);
    double Bound = 0;
    if (!Ok && !Exact && AbsBins) {
      Bound = 2.0 * N * std::numeric_limits<T>::epsilon() * AbsBins->data()[I] +
              2.0 * ulp<T>(double(A));
      Ok = std::fabs(double(A) - double(B)) <= Bound;
    }
    if (!Ok) {
      if (First < 0) {
        First = I;
        FirstBound = Bound;
      }
      ++Differ;
    }
  }
  if (Differ)
    mismatch(
        What,
        std::to_string(Differ) + " of " + std::to_string(Ref.size()) +
            " bins differ; first bin " + std::to_string(First) + ": ref " +
            show(Ref.data()[First]) + " got " + show(Got.data()[First]) +
            (Exact ? std::string(" (exact)") : " bound " + show(FirstBound)));
}

/// Runs one kernel's test, counting an exception as a mismatch.
template <class F>
void test(const char *Variant, long long Seed, const char *Kernel,
          bool Transcendental, F &&Body) {
  Current &C = current();
  C.Variant = Variant;
  C.Seed = Seed;
  C.Kernel = Kernel;
  C.Transcendental = Transcendental;
  C.Mismatches = 0;
  ++tally().Kernels;
  try {
    Body();
  } catch (const std::exception &Ex) {
    mismatch("exception", Ex.what());
  }
  if (C.Mismatches)
    ++tally().KernelsWithMismatch;
}

inline int finish(const char *Variant, int Specs) {
  const Tally &T = tally();
  std::printf("difftest: %d specs, %d kernels, %d mismatches (variant %s; %d "
              "kernels with a mismatch; "
              "%d mismatches in kernels with transcendental functions)\n",
              Specs, T.Kernels, T.Mismatches, Variant, T.KernelsWithMismatch,
              T.TranscendentalMismatches);
  return T.Mismatches ? 1 : 0;
}

} // namespace difftest

#endif
