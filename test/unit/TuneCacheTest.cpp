//===- TuneCacheTest.cpp - the autotuner's candidates and cache file ------===//
//
// The cache decides which launch shape a later run uses without tuning, so
// nothing in it may be trusted blindly: a file of another format, a line that
// does not parse, an entry for another version of the kernel (its hash) are
// ignored with a warning, and an entry of another device is never used here.
// The candidates: the compiled shape first, at most 24, none above the
// kernel's launch bound, no duplicates.
//
//===----------------------------------------------------------------------===//
#include "runtime/include/stencil/detail/tune_cache.hpp"

#include <gtest/gtest.h>

#include <cstdio>
#include <string>
#include <vector>

using namespace stencil::detail;

namespace {

TuneEntry entry(uint64_t Hash, const std::string &Kernel,
                const std::string &Device, const std::string &Class) {
  TuneEntry E;
  E.Hash = Hash;
  E.Kernel = Kernel;
  E.Device = Device;
  E.Class = Class;
  E.Shape = {{128, 2, 1}, 8, 0};
  E.Ms = 0.25;
  return E;
}

TEST(TuneCache, RoundTrips) {
  TuneCache C;
  C.put(entry(42, "sweep", "NVIDIA_H100_80GB_HBM3", "8192x8192"));
  C.put(entry(7, "norm", "NVIDIA_H100_80GB_HBM3", "4096"));
  TuneCache D;
  std::vector<std::string> W;
  D.parse(C.format(), W);
  EXPECT_TRUE(W.empty());
  ASSERT_EQ(D.entries().size(), 2u);
  const TuneEntry *E =
      D.find(42, "sweep", "NVIDIA_H100_80GB_HBM3", "8192x8192", W);
  ASSERT_NE(E, nullptr);
  EXPECT_EQ(E->Shape, (TuneShape{{128, 2, 1}, 8, 0}));
  EXPECT_EQ(E->Ms, 0.25);
  EXPECT_EQ(D.format(), C.format());
}

TEST(TuneCache, PutReplacesTheSameKey) {
  TuneCache C;
  C.put(entry(42, "sweep", "dev", "64x64"));
  TuneEntry E = entry(43, "sweep", "dev", "64x64");
  E.Shape.PointsPerThread = 2;
  C.put(E);
  ASSERT_EQ(C.entries().size(), 1u);
  EXPECT_EQ(C.entries()[0].Hash, 43u);
}

TEST(TuneCache, ForeignFileIsIgnored) {
  TuneCache C;
  std::vector<std::string> W;
  C.parse("some other file\n42 sweep dev 64x64 128x2x1 8 0 0.25\n", W);
  EXPECT_TRUE(C.entries().empty());
  ASSERT_EQ(W.size(), 1u);
  EXPECT_NE(W[0].find("not a stencilc tuning cache"), std::string::npos);
}

TEST(TuneCache, CorruptLinesAreIgnored) {
  TuneCache C;
  std::vector<std::string> W;
  C.parse(std::string(TuneCache::HeaderV1) +
              "\n42 sweep dev 64x64 128x2x1 8 0 0.25\n"
              "43 sweep dev 64x64 128x2 8 0 0.25\n"    // block without z
              "44 sweep dev 64x64 2048x1x1 8 0 0.25\n" // > 1024 threads
              "45 sweep dev 64x64 128x2x1 8 3 0.25\n"  // persistent 3
              "46 sweep dev 64x64 128x2x1 0 0 0.25\n"  // 0 points/thread
              "47 sweep dev 64x64 128x2x1 8 0 -1\n"    // no time
              "48 sweep dev 64x64 128x2x1 8 0 0.25 extra\n"
              "garbage\n",
          W);
  ASSERT_EQ(C.entries().size(), 1u);
  EXPECT_EQ(C.entries()[0].Hash, 42u);
  EXPECT_EQ(W.size(), 7u);
}

// Version 2 adds the schedule variant (stencilc --tune-variants) before
// the time; a version-1 file's entries are variant 0.
TEST(TuneCache, VariantsRoundTripAndVersionOneReadsAsVariantZero) {
  TuneCache C;
  TuneEntry E = entry(42, "sweep", "dev", "64x64");
  E.Shape = TuneShape{};
  E.Shape.Variant = 2; // variant 2 at its own shape
  C.put(E);
  TuneEntry F = entry(43, "norm", "dev", "64x64");
  F.Shape.Variant = 1; // variant 1 at a given shape
  C.put(F);
  EXPECT_NE(C.format().find("42 sweep dev 64x64 0x0x0 0 -1 2 0 0.25"),
            std::string::npos);
  TuneCache D;
  std::vector<std::string> W;
  D.parse(C.format(), W);
  EXPECT_TRUE(W.empty());
  const TuneEntry *G = D.find(42, "sweep", "dev", "64x64", W);
  ASSERT_NE(G, nullptr);
  EXPECT_EQ(G->Shape.Variant, 2);
  EXPECT_TRUE(G->Shape.unshaped());
  EXPECT_FALSE(G->Shape.compiled());
  const TuneEntry *H = D.find(43, "norm", "dev", "64x64", W);
  ASSERT_NE(H, nullptr);
  EXPECT_EQ(H->Shape, F.Shape);

  TuneCache Old;
  Old.parse("stencilc-tune 1\n42 sweep dev 64x64 128x2x1 8 0 0.25\n", W);
  ASSERT_EQ(Old.entries().size(), 1u);
  EXPECT_EQ(Old.entries()[0].Shape.Variant, 0);
  EXPECT_TRUE(W.empty());

  TuneCache Bad;
  Bad.parse(std::string(TuneCache::HeaderV2) +
                "\n42 sweep dev 64x64 0x0x0 0 -1 1 0.25\n"
                "43 sweep dev 64x64 128x2x1 8 0 0.25\n"     // no variant
                "44 sweep dev 64x64 0x0x0 0 -1 -1 0.25\n"   // variant -1
                "45 sweep dev 64x64 0x0x0 0 -1 5 0.25\n"    // above the most
                "46 sweep dev 64x64 0x0x0 0 -1 1 0.25 x\n", // extra field
            W);
  ASSERT_EQ(Bad.entries().size(), 1u);
  EXPECT_EQ(Bad.entries()[0].Hash, 42u);
  EXPECT_EQ(W.size(), 4u);
}

// Version 3 adds a multi-sweep launcher's depth (LaunchOptions::SweepDepth)
// after the variant; version-1 and version-2 entries are depth 0.
TEST(TuneCache, SweepDepthsRoundTripAndOlderVersionsReadAsDepthZero) {
  TuneCache C;
  TuneEntry E = entry(42, "jacobi_sweeps", "dev", "512x512x1024");
  E.Shape = TuneShape{};
  E.Shape.SweepDepth = -1; // one-sweep launches
  C.put(E);
  TuneEntry F = entry(43, "sweep_sweeps", "dev", "8192x8192");
  F.Shape = TuneShape{};
  F.Shape.SweepDepth = 3;
  C.put(F);
  EXPECT_NE(C.format().find("42 jacobi_sweeps dev 512x512x1024 0x0x0 0 -1 0 -1 "
                            "0.25"),
            std::string::npos);
  TuneCache D;
  std::vector<std::string> W;
  D.parse(C.format(), W);
  EXPECT_TRUE(W.empty());
  const TuneEntry *G = D.find(42, "jacobi_sweeps", "dev", "512x512x1024", W);
  ASSERT_NE(G, nullptr);
  EXPECT_EQ(G->Shape.SweepDepth, -1);
  EXPECT_TRUE(G->Shape.unshaped());
  EXPECT_FALSE(G->Shape.compiled());
  const TuneEntry *H = D.find(43, "sweep_sweeps", "dev", "8192x8192", W);
  ASSERT_NE(H, nullptr);
  EXPECT_EQ(H->Shape, F.Shape);
  EXPECT_FALSE(H->Shape == TuneShape{});

  TuneCache V2;
  V2.parse(std::string(TuneCache::HeaderV2) +
               "\n42 sweep dev 64x64 0x0x0 0 -1 2 0.25\n",
           W);
  ASSERT_EQ(V2.entries().size(), 1u);
  EXPECT_EQ(V2.entries()[0].Shape.Variant, 2);
  EXPECT_EQ(V2.entries()[0].Shape.SweepDepth, 0);
  EXPECT_TRUE(W.empty());

  TuneCache Bad;
  Bad.parse(std::string(TuneCache::Header) +
                "\n42 s dev 64x64 0x0x0 0 -1 0 2 0.25\n"
                "43 s dev 64x64 0x0x0 0 -1 0 0.25\n"    // no depth
                "44 s dev 64x64 0x0x0 0 -1 0 -2 0.25\n" // below -1
                "45 s dev 64x64 0x0x0 0 -1 0 5 0.25\n"  // above the most
                "46 s dev 64x64 0x0x0 0 -1 0 2.5 0.25\n",
            W);
  ASSERT_EQ(Bad.entries().size(), 1u);
  EXPECT_EQ(Bad.entries()[0].Hash, 42u);
  EXPECT_EQ(W.size(), 4u);
}

// A multi-sweep launcher's candidates are depths: as compiled first, then
// one-sweep launches and each depth, nothing else, no duplicates.
TEST(TuneCandidates, SweepLaunchersTryEveryDepth) {
  CompiledShape C;
  C.Rank = 3;
  C.SweepDepth = 2;
  C.Variants = 2; // the one-sweep kernel's: not the launcher's candidates
  const std::vector<TuneShape> S = tuneCandidates(C);
  ASSERT_EQ(S.size(), size_t(MaxTunedSweepDepth) + 2);
  EXPECT_TRUE(S[0].compiled());
  EXPECT_EQ(S[1].SweepDepth, -1);
  for (int D = 1; D <= MaxTunedSweepDepth; ++D)
    EXPECT_EQ(S[size_t(D + 1)].SweepDepth, D);
  for (size_t I = 0; I < S.size(); ++I) {
    EXPECT_TRUE(S[I].unshaped());
    EXPECT_EQ(S[I].Variant, 0);
    for (size_t J = 0; J < I; ++J)
      EXPECT_FALSE(S[I] == S[J]);
  }
  // A one-sweep kernel's candidates never set a depth.
  C.SweepDepth = 0;
  for (const TuneShape &T : tuneCandidates(C))
    EXPECT_EQ(T.SweepDepth, 0);
}

TEST(TuneCandidates, VariantsComeFirstAsCompiled) {
  CompiledShape C;
  C.Rank = 2;
  C.Block = {64, 4, 1};
  C.PointsPerThread = 4;
  C.Streamed = true;
  C.Variants = 3;
  const std::vector<TuneShape> S = tuneCandidates(C);
  ASSERT_GE(S.size(), 5u);
  EXPECT_TRUE(S[0].compiled());
  for (int V = 1; V <= 3; ++V) {
    EXPECT_EQ(S[size_t(V)].Variant, V);
    EXPECT_TRUE(S[size_t(V)].unshaped());
  }
  EXPECT_EQ(S[4], (TuneShape{C.Block, C.PointsPerThread, 0}));
  EXPECT_LE(S.size(), 24u + 3u);
  size_t Shaped = 0;
  for (size_t I = 0; I < S.size(); ++I) {
    Shaped += S[I].Variant == 0;
    for (size_t J = 0; J < I; ++J)
      EXPECT_FALSE(S[I] == S[J]);
  }
  EXPECT_EQ(Shaped, tuneCandidates(
                        CompiledShape{C.Rank, C.Block, 4, true, false, 256, 0})
                        .size());
}

TEST(TuneCache, StaleAndForeignDeviceEntriesAreNotUsed) {
  TuneCache C;
  C.put(entry(41, "sweep", "NVIDIA_H100", "64x64"));       // old kernel
  C.put(entry(42, "sweep", "NVIDIA_H200", "64x64"));       // other device
  C.put(entry(42, "sweep", "NVIDIA_H100_other", "64x64")); // other device
  std::vector<std::string> W;
  EXPECT_EQ(C.find(42, "sweep", "NVIDIA_H100", "64x64", W), nullptr);
  ASSERT_EQ(W.size(), 1u); // the stale one is reported
  EXPECT_NE(W[0].find("another version"), std::string::npos);
  W.clear();
  EXPECT_EQ(C.find(42, "sweep", "NVIDIA_H100", "128x128", W), nullptr);
  EXPECT_TRUE(W.empty());
}

TEST(TuneCache, SavesAndLoads) {
  const std::string Dir = ::testing::TempDir() + "stencilc-tune-test/sub";
  const std::string Path = Dir + "/tune.txt";
  TuneCache C;
  C.put(entry(42, "sweep", "dev", "64x64"));
  ASSERT_TRUE(C.save(Path)); // makes the directories
  TuneCache D;
  std::vector<std::string> W;
  ASSERT_TRUE(D.load(Path, W));
  EXPECT_EQ(D.entries().size(), 1u);
  EXPECT_FALSE(D.load(Dir + "/missing.txt", W));
  std::remove(Path.c_str());
}

TEST(TuneCache, ExtentsClassRoundsUpToPowersOfTwo) {
  EXPECT_EQ(extentsClass<2>({5000, 5120}), "8192x8192");
  EXPECT_EQ(extentsClass<2>({4097, 4096}), "8192x4096");
  EXPECT_EQ(extentsClass<3>({1, 2, 3}), "1x2x4");
  EXPECT_EQ(extentsClass<1>({268435456}), "268435456");
  // Histogram kernels: each histogram's bytes in the class, so that one
  // kernel at 100 and at 10^4 bins is tuned twice.
  EXPECT_EQ(extentsClass<1>({100000000}, {800}), "134217728h1024");
  EXPECT_EQ(extentsClass<1>({100000000}, {80000}), "134217728h131072");
  EXPECT_EQ(extentsClass<2>({8192, 8192}, {1024, 4}), "8192x8192h1024h4");
}

TEST(TuneCandidates, BoundedUniqueWithinTheLaunchBound) {
  for (int Rank : {1, 2, 3})
    for (bool Streamed : {false, true})
      for (bool Persistent : {false, true})
        for (int Bound : {128, 256, 512, 1024}) {
          CompiledShape C;
          C.Rank = Rank;
          C.Block = Rank == 1 ? std::array<int, 3>{128, 1, 1}
                              : std::array<int, 3>{64, 2, 1};
          C.PointsPerThread = Streamed ? 8 : 1;
          C.Streamed = Streamed;
          C.Persistent = Persistent;
          C.LaunchBound = Bound;
          const std::vector<TuneShape> S = tuneCandidates(C);
          ASSERT_FALSE(S.empty());
          EXPECT_LE(S.size(), 24u);
          // The launch as compiled first, then its shape given explicitly.
          EXPECT_TRUE(S[0].compiled());
          EXPECT_EQ(S[1], (TuneShape{C.Block, C.PointsPerThread,
                                     Persistent ? 1 : 0}));
          for (size_t I = 1; I < S.size(); ++I) {
            EXPECT_LE(S[I].Block[0] * S[I].Block[1] * S[I].Block[2], Bound);
            if (Rank == 1) {
              EXPECT_EQ(S[I].Block[1], 1);
            }
            for (size_t J = 0; J < I; ++J)
              EXPECT_FALSE(S[I] == S[J]);
          }
          // Both grid kinds and several points per thread are tried.
          bool Other = false, Ppt16 = false;
          for (const TuneShape &T : S) {
            if (T.compiled())
              continue;
            Other |= T.Persistent != (Persistent ? 1 : 0);
            Ppt16 |= T.PointsPerThread == 16;
          }
          EXPECT_TRUE(Other);
          EXPECT_TRUE(Ppt16);
        }
}

TEST(TuneCache, CompiledShapeKeptUnlessClearlyBeaten) {
  using stencil::detail::pickTuned;
  // Index 0 is the compiled shape; a candidate must be 3% faster.
  EXPECT_EQ(pickTuned({1.00, 0.99, 1.20}), 0);
  EXPECT_EQ(pickTuned({1.00, 0.96, 0.98}), 1);
  EXPECT_EQ(pickTuned({1.00, 1.10, 0.50}), 2);
  // The compiled shape could not be launched: the fastest of the others.
  EXPECT_EQ(pickTuned({-1.0, 0.99, 0.98}), 2);
  EXPECT_EQ(pickTuned({-1.0, -1.0}), -1);
  EXPECT_EQ(pickTuned({}), -1);
}

TEST(TuneCache, TheConfirmingRoundAsksTheSameMargin) {
  using stencil::detail::confirmsTuned;
  EXPECT_TRUE(confirmsTuned(1.00, 0.96));
  EXPECT_TRUE(confirmsTuned(1.00, 0.97));
  EXPECT_FALSE(confirmsTuned(1.00, 0.98));
  EXPECT_FALSE(confirmsTuned(1.00, 1.10));
}

TEST(TuneCache, CompiledEntryRoundTrips) {
  using namespace stencil::detail;
  TuneCache C;
  TuneEntry E;
  E.Hash = 42;
  E.Kernel = "k";
  E.Device = "NVIDIA_H100";
  E.Class = "134217728h1024";
  E.Ms = 0.5;
  C.put(E); // the default shape: as compiled
  std::vector<std::string> Warnings;
  TuneCache D;
  D.parse(C.format(), Warnings);
  EXPECT_TRUE(Warnings.empty());
  const TuneEntry *F =
      D.find(42, "k", "NVIDIA_H100", "134217728h1024", Warnings);
  ASSERT_NE(F, nullptr);
  EXPECT_TRUE(F->Shape.compiled());
  // A zero block with a shape's other fields is not the compiled entry.
  D.parse("stencilc-tune 1\n42 k NVIDIA_H100 1 0x0x0 4 -1 0.5\n", Warnings);
  EXPECT_FALSE(Warnings.empty());
}

} // namespace
