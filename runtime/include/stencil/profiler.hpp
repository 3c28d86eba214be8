// stencil/profiler.hpp - the STENCIL_PROFILE=1 per-kernel timing table.
//
// For users who read the table (what each column counts, when it is
// printed, what profiling costs); the classes are internals in
// stencil::detail, called by stencil::Grid (transfers) and by the generated
// launchers (LaunchTimer), never by a program.
#ifndef STENCIL_PROFILER_HPP
#define STENCIL_PROFILER_HPP

#include <stencil/error.hpp>

#include <cuda_runtime.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <mutex>
#include <string>

namespace stencil {

namespace detail {

/// Read once: the cost when profiling is off is this one cached branch.
inline bool profilingEnabled() {
  static const bool On = [] {
    const char *V = std::getenv("STENCIL_PROFILE");
    return V && *V && std::strcmp(V, "0") != 0;
  }();
  return On;
}

struct KernelProfile {
  uint64_t Launches = 0;
  double TotalMs = 0, MinMs = 0, MaxMs = 0;
  dim3 Grid{0, 0, 0}, Block{0, 0, 0}; ///< of the latest launch
  uint64_t HostToDevice = 0, DeviceToHost = 0;
  cudaEvent_t Start = nullptr, Stop = nullptr;
};

/// Per-kernel statistics, printed to stderr when the program exits. Grid
/// uploads and downloads are not tied to a kernel and have their own row.
class Profiler {
public:
  static Profiler &instance() {
    static Profiler P;
    return P;
  }
  static constexpr const char *TransfersRow = "(Grid transfers)";

  KernelProfile &entry(const std::string &Name) {
    std::lock_guard<std::mutex> Lock(M);
    return Entries[Name];
  }
  void addBytes(const std::string &Name, uint64_t H2D, uint64_t D2H) {
    std::lock_guard<std::mutex> Lock(M);
    KernelProfile &E = Entries[Name];
    E.HostToDevice += H2D;
    E.DeviceToHost += D2H;
  }
  void addLaunch(const std::string &Name, double Ms, dim3 G, dim3 B) {
    std::lock_guard<std::mutex> Lock(M);
    KernelProfile &E = Entries[Name];
    E.MinMs = E.Launches ? std::min(E.MinMs, Ms) : Ms;
    E.MaxMs = E.Launches ? std::max(E.MaxMs, Ms) : Ms;
    E.TotalMs += Ms;
    ++E.Launches;
    E.Grid = G;
    E.Block = B;
  }

  /// The table, one row per kernel (sorted by name, transfers last).
  std::string table() const {
    std::lock_guard<std::mutex> Lock(M);
    std::string S;
    char Line[512];
    std::snprintf(Line, sizeof Line,
                  "%-28s %9s %12s %10s %10s %10s %-16s %-12s %14s %14s\n",
                  "kernel", "launches", "total ms", "avg ms", "min ms",
                  "max ms", "grid", "block", "host->dev B", "dev->host B");
    S += "stencil profile (STENCIL_PROFILE=1)\n";
    S += Line;
    auto Row = [&](const std::string &Name, const KernelProfile &E) {
      char G[48] = "-", B[48] = "-";
      if (E.Launches) {
        std::snprintf(G, sizeof G, "%ux%ux%u", E.Grid.x, E.Grid.y, E.Grid.z);
        std::snprintf(B, sizeof B, "%ux%ux%u", E.Block.x, E.Block.y, E.Block.z);
      }
      double Avg = E.Launches ? E.TotalMs / double(E.Launches) : 0.0;
      std::snprintf(Line, sizeof Line,
                    "%-28s %9llu %12.3f %10.4f %10.4f %10.4f %-16s %-12s "
                    "%14llu %14llu\n",
                    Name.c_str(), (unsigned long long)E.Launches, E.TotalMs,
                    Avg, E.MinMs, E.MaxMs, G, B,
                    (unsigned long long)E.HostToDevice,
                    (unsigned long long)E.DeviceToHost);
      S += Line;
    };
    for (const auto &KV : Entries)
      if (KV.first != TransfersRow)
        Row(KV.first, KV.second);
    auto T = Entries.find(TransfersRow);
    if (T != Entries.end())
      Row(T->first, T->second);
    return S;
  }

  ~Profiler() {
    // No CUDA calls here: the runtime may already be torn down at exit.
    if (profilingEnabled() && !Entries.empty())
      std::fputs(table().c_str(), stderr);
  }

private:
  Profiler() = default;
  mutable std::mutex M;
  std::map<std::string, KernelProfile> Entries;
};

/// Counts bytes moved for `Name` (only when profiling).
inline void countTransfer(const char *Name, uint64_t H2D, uint64_t D2H) {
  if (profilingEnabled())
    Profiler::instance().addBytes(Name, H2D, D2H);
}

/// Times one launch with CUDA events when STENCIL_PROFILE=1; otherwise does
/// nothing. Timing synchronises on the launch's stop event, so a profiled
/// program loses host/device overlap (as PGI's accelerator timing does).
class LaunchTimer {
public:
  LaunchTimer(const char *Kernel, dim3 Grid, dim3 Block, cudaStream_t Stream)
      : Name(Kernel), G(Grid), B(Block), S(Stream) {
    if (!profilingEnabled())
      return;
    Entry = &Profiler::instance().entry(Name);
    if (!Entry->Start) {
      STENCIL_CUDA_CHECK(cudaEventCreate(&Entry->Start), Name);
      STENCIL_CUDA_CHECK(cudaEventCreate(&Entry->Stop), Name);
    }
    STENCIL_CUDA_CHECK(cudaEventRecord(Entry->Start, S), Name);
  }
  void finish() {
    if (!Entry)
      return;
    STENCIL_CUDA_CHECK(cudaEventRecord(Entry->Stop, S), Name);
    STENCIL_CUDA_CHECK(cudaEventSynchronize(Entry->Stop), Name);
    float Ms = 0;
    STENCIL_CUDA_CHECK(cudaEventElapsedTime(&Ms, Entry->Start, Entry->Stop),
                       Name);
    Profiler::instance().addLaunch(Name, Ms, G, B);
  }

private:
  const char *Name;
  dim3 G, B;
  cudaStream_t S;
  KernelProfile *Entry = nullptr; // std::map nodes are stable
};

} // namespace detail

} // namespace stencil

#endif // STENCIL_PROFILER_HPP
