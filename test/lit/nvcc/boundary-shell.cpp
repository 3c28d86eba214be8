// REQUIRES: nvcc
// The split launch of kernels with boundary rules, on the host
// (stencil/detail/boundary.hpp): for many extents, footprints and regions the
// interior and the shell's boxes cover the domain exactly once, and
// shellPoint enumerates the shell's points in order.
// RUN: %nvcc -Werror all-warnings -Xcompiler -Wall,-Wextra,-Werror %s -x cu -o %t
// RUN: %t | FileCheck %s
#include <stencil/runtime.hpp>

#include <cstdio>
#include <vector>

using namespace stencil;

template <int R>
bool coversOnce(const Extents<R> &E, std::array<int, 3> Lo, std::array<int, 3> Hi,
                const LaunchOptions &Opts, int64_t &ShellPoints) {
  const detail::Domain<R> Full =
      detail::launchDomain<R>("k", E, {0, 0, 0}, {0, 0, 0}, Opts);
  const detail::Domain<R> In = detail::interiorDomain<R>(Full, E, Lo, Hi);
  const detail::Shell<R> S = detail::shellOf<R>(Full, In, E);
  std::vector<int> Seen(static_cast<size_t>(volume<R>(E)), 0);
  auto Linear = [&](const int64_t *P) {
    int64_t L = 0;
    for (int D = 0; D < R; ++D)
      L = L * E[D] + P[D];
    return L;
  };
  if (!In.empty()) { // the interior kernel's points
    int64_t P[3] = {0, 0, 0}, A[3] = {0, 0, 0}, B[3] = {1, 1, 1};
    for (int D = 0; D < R; ++D) {
      A[D] = In.Lo[D];
      B[D] = In.Hi[D];
    }
    for (P[0] = A[0]; P[0] < B[0]; ++P[0])
      for (P[1] = A[1]; P[1] < B[1]; ++P[1])
        for (P[2] = A[2]; P[2] < B[2]; ++P[2])
          ++Seen[Linear(P)];
  }
  ShellPoints = S.points();
  for (int64_t T = 0; T < S.points(); ++T) {
    int64_t P[R];
    detail::shellPoint<R>(S, T, P);
    for (int D = 0; D < R; ++D)
      if (P[D] < Full.Lo[D] || P[D] >= Full.Hi[D])
        return false;
    ++Seen[Linear(P)];
  }
  int64_t I = 0;
  for (int64_t X0 = 0; X0 < E[0]; ++X0)
    for (int64_t X1 = 0; X1 < (R > 1 ? E[1] : 1); ++X1)
      for (int64_t X2 = 0; X2 < (R > 2 ? E[2] : 1); ++X2, ++I) {
        const int64_t X[3] = {X0, X1, X2};
        bool InFull = true;
        for (int D = 0; D < R; ++D)
          InFull &= X[D] >= Full.Lo[D] && X[D] < Full.Hi[D];
        if (Seen[I] != (InFull ? 1 : 0))
          return false;
      }
  return true;
}

int main() {
  int Cases = 0, Bad = 0;
  int64_t Shell = 0;
  for (int64_t N0 : {1, 2, 3, 7})
    for (int64_t N1 : {1, 4, 9})
      for (int64_t N2 : {1, 2, 5})
        for (int L : {0, 1, 3})
          for (int H : {0, 2}) {
            ++Cases;
            Bad += !coversOnce<3>({N0, N1, N2}, {L, H, 1}, {H, L, 2}, {}, Shell);
            ++Cases;
            Bad += !coversOnce<2>({N0, N1}, {L, 1, 0}, {H, L, 0}, {}, Shell);
            ++Cases;
            Bad += !coversOnce<1>({N0 * N1}, {L, 0, 0}, {H, 0, 0}, {}, Shell);
          }
  // A region: the domain is the region, the interior inside it.
  ++Cases;
  Bad += !coversOnce<2>({9, 8}, {1, 1, 0}, {1, 1, 0}, region(Region<2>{{0, 3}, {5, 8}}), Shell);
  std::printf("region shell points %lld\n", static_cast<long long>(Shell));
  // 5120 x 5000, radius 1: the shell is 2 * (5120 + 5000) - 4 points.
  ++Cases;
  Bad += !coversOnce<2>({5120, 5000}, {1, 1, 0}, {1, 1, 0}, {}, Shell);
  std::printf("sweep shell points %lld\n", static_cast<long long>(Shell));
  std::printf("%d cases, %d bad\n", Cases, Bad);
}
// CHECK: region shell points 9
// CHECK: sweep shell points 20236
// CHECK: 650 cases, 0 bad
