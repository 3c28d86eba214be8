// REQUIRES: nvcc
// Host-side pieces of stencil/distributed.hpp that need no GPU: the
// decomposition and its errors, each piece's part of a launch (a region in
// the piece's local rows), the launch's errors, and the pieces' results kept
// in piece order.
// RUN: %nvcc -Werror all-warnings -Xcompiler -Wall,-Wextra,-Werror %s -x cu -o %t
// RUN: %t | FileCheck %s
#include <stencil/distributed.hpp>

#include <cstdio>

using namespace stencil;

template <class F> void expectError(F &&Fn) {
  try {
    Fn();
    std::printf("no error\n");
  } catch (const Error &E) {
    std::printf("%s\n", E.what());
  }
}

template <int R> void printPieces(const detail::DistLaunch<R> &L) {
  for (int P = 0; P < L.pieces(); ++P) {
    const LaunchOptions O = L.options(P);
    std::printf("piece %d device %d %s", P, L.device(P), L.runs(P) ? "runs" : "idle");
    for (int D = 0; D < R; ++D)
      std::printf(" [%lld,%lld)", (long long)O.Lo[D], (long long)O.Hi[D]);
    std::printf(" origin %lld\n", (long long)O.Origin[0]);
  }
}

struct Result {
  int Piece;
};

int main() {
  // 10 x 6 in three slabs on devices 0, 0, 1: rows [0,4) [4,7) [7,10).
  const Decomposition<2> D({10, 6}, {0, 0, 1});
  // CHECK: [10x6] in 3 slabs: rows [0, 4) on device 0, rows [4, 7) on device 0, rows [7, 10) on device 1
  std::printf("%s\n", D.describe().c_str());

  // A radius-1 kernel with halo 1: the interior, global rows [1, 9), per
  // piece in local rows (piece 1 holds global rows [3, 8), piece 2 [6, 10)).
  const detail::DistLaunch<2> L("k", D, Halo{1, 1}, {1, 1, 0}, {1, 1, 0}, LaunchOptions{});
  // CHECK-NEXT: piece 0 device 0 runs [1,4) [1,5) origin 0
  // CHECK-NEXT: piece 1 device 0 runs [1,4) [1,5) origin 3
  // CHECK-NEXT: piece 2 device 1 runs [1,3) [1,5) origin 6
  printPieces(L);

  // A region in global coordinates that misses piece 0 and ends in piece 1;
  // the caller's origin (a grid that is itself part of a larger one) adds.
  LaunchOptions Box = region(Region<2>{{5, 2}, {7, 3}});
  Box.Origin = {100, 0, 0};
  const detail::DistLaunch<2> Part("k", D, Halo{1, 1}, {1, 1, 0}, {1, 1, 0}, Box);
  // CHECK-NEXT: piece 0 device 0 idle [0,0) [2,3) origin 100
  // CHECK-NEXT: piece 1 device 0 runs [2,4) [2,3) origin 103
  // CHECK-NEXT: piece 2 device 1 idle [0,0) [2,3) origin 106
  printPieces(Part);

  // An empty region: piece 0 alone runs (its empty launch returns the
  // reductions' identities).
  const detail::DistLaunch<2> None("k", D, Halo{1, 1}, {1, 1, 0}, {1, 1, 0},
                                   region(Region<2>{{3, 1}, {3, 5}}));
  // CHECK-NEXT: piece 0 device 0 runs [0,0) [1,5) origin 0
  // CHECK-NEXT: piece 1 device 0 idle [0,0) [1,5) origin 3
  // CHECK-NEXT: piece 2 device 1 idle [0,0) [1,5) origin 6
  printPieces(None);

  // Uneven explicit slabs (rows [0,2) [2,7) [7,9)), a kernel reaching 2 rows
  // down and 0 up (interior [2, 9)), halo {2, 1}: piece 0 owns none of it.
  const Decomposition<1> U({9}, {0, 0, 0}, {2, 5, 2});
  const detail::DistLaunch<1> LU("k", U, Halo{2, 1}, {2, 0, 0}, {0, 0, 0}, LaunchOptions{});
  // CHECK-NEXT: piece 0 device 0 idle [0,0) origin 0
  // CHECK-NEXT: piece 1 device 0 runs [2,7) origin 0
  // CHECK-NEXT: piece 2 device 0 runs [2,4) origin 5
  printPieces(LU);

  // CHECK-NEXT: stencil: k: the kernel reads 2 rows below and 1 above each point along dimension 0, but the distributed grids' halo is 1 below and 1 above; make them with at least stencil::Halo{2, 1}
  expectError([&] { detail::DistLaunch<2>("k", D, Halo{1, 1}, {2, 0, 0}, {1, 0, 0}, {}); });
  // The region is checked on the whole grid, in its coordinates.
  // CHECK-NEXT: stencil: k: region [0, 5) along dimension 0 with the kernel's reads at offsets -1..1 leaves grids of extents [10x6]; it must lie within [1, 9)
  expectError([&] {
    detail::DistLaunch<2>("k", D, Halo{1, 1}, {1, 1, 0}, {1, 1, 0},
                          region(Region<2>{{0, 1}, {5, 5}}));
  });
  LaunchOptions OnStream;
  OnStream.Stream = reinterpret_cast<cudaStream_t>(1);
  // CHECK-NEXT: stencil: k: a LaunchOptions::Stream with pieces on several devices is not supported yet; use the default stream (0)
  expectError([&] { detail::DistLaunch<2>("k", D, Halo{1, 1}, {1, 1, 0}, {1, 1, 0}, OnStream); });
  // CHECK-NEXT: stencil: k: a distributed grid of no pieces (default-constructed or moved from)
  expectError([&] { detail::DistLaunch<2>("k", Decomposition<2>(), Halo{}, {}, {}, {}); });

  // CHECK-NEXT: stencil: Decomposition: piece 3 owns rows [3, 3); every piece must own at least one row, the pieces in order along dimension 0 (4 pieces of 3 rows)
  expectError([] { Decomposition<2>({3, 8}, {0, 0, 0, 0}); });
  // CHECK-NEXT: stencil: Decomposition: the pieces own rows [0, 8) of a grid of 9 rows along dimension 0
  expectError([] { Decomposition<1>({9}, {0, 1}, {4, 4}); });
  // CHECK-NEXT: stencil: Decomposition: 3 row counts for 2 devices
  expectError([] { Decomposition<1>({9}, {0, 1}, {3, 3, 3}); });
  // CHECK-NEXT: stencil: Decomposition: device -1 is not a device ordinal
  expectError([] { Decomposition<1>({9}, {0, -1}); });
  // CHECK-NEXT: stencil: Decomposition: extents [0x4] must all be positive
  expectError([] { Decomposition<2>({0, 4}, {0}); });

  // Results in piece order, however many pieces.
  const Decomposition<1> Eleven({11}, std::vector<int>(11, 0));
  const detail::DistLaunch<1> Launch("k", Eleven, Halo{}, {}, {}, {});
  detail::PieceResults<Result> Parts(Launch);
  for (int P = 0; P < 11; ++P)
    Parts.add(P, [&] { return Pending<Result>(Result{P}); });
  // CHECK-NEXT: results 0 1 2 3 4 5 6 7 8 9 10
  std::printf("results");
  for (const Result &R : Parts.get())
    std::printf(" %d", R.Piece);
  std::printf("\n");
  return 0;
}
