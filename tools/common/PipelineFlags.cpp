//===- PipelineFlags.cpp --------------------------------------------------===//
#include "tools/common/PipelineFlags.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <utility>
#include <vector>

namespace stencilc {

bool writeOutput(llvm::StringRef Tool, llvm::StringRef Path,
                 llvm::StringRef Text) {
  if (Path == "-") {
    llvm::outs() << Text;
    return true;
  }
  std::error_code EC;
  llvm::raw_fd_ostream OS(Path, EC, llvm::sys::fs::OF_Text);
  if (EC) {
    llvm::errs() << Tool << ": error: cannot write '" << Path
                 << "': " << EC.message() << "\n";
    return false;
  }
  OS << Text;
  return true;
}

std::string unknownKernelFlag(const ir::Module &M, const PassOptions &Opts,
                              llvm::StringRef Input) {
  std::vector<std::pair<std::string, std::string>> Named;
  for (const auto &Entry : Opts.ScheduleOverrides)
    Named.push_back({"--tile", Entry.first});
  for (const std::string &N : Opts.SmemCacheForced)
    Named.push_back({"--smem-cache", N});
  for (const std::string &N : Opts.RingForced)
    Named.push_back({"--ring", N});
  std::string Kernels;
  for (const ir::Kernel &K : M.Kernels)
    Kernels += (Kernels.empty() ? "" : ", ") + K.Name;
  for (const auto &[Flag, Name] : Named)
    if (std::none_of(M.Kernels.begin(), M.Kernels.end(),
                     [&](const ir::Kernel &K) { return K.Name == Name; }))
      return Flag + " names kernel '" + Name + "', which the " + Input.str() +
             " does not define (its kernels: " +
             (Kernels.empty() ? "none" : Kernels) + ")";
  return "";
}

bool parseSmVersion(llvm::StringRef Value, int &Out) {
  if (!Value.consume_front("sm_"))
    return false;
  return !Value.getAsInteger(10, Out) && Out > 0;
}

bool parseTileFlag(llvm::StringRef Value,
                   std::map<std::string, ir::Schedule> &Out) {
  llvm::SmallVector<llvm::StringRef, 4> Fields;
  Value.split(Fields, ':');
  if (Fields.size() < 2 || Fields[0].empty() || Fields[1].empty())
    return false;
  llvm::SmallVector<llvm::StringRef, 3> Parts;
  Fields[1].split(Parts, 'x');
  if (Parts.empty() || Parts.size() > 3)
    return false;
  ir::Schedule S;
  S.Block = {1, 1, 1};
  int Threads = 1;
  for (size_t I = 0; I < Parts.size(); ++I) {
    if (Parts[I].getAsInteger(10, S.Block[I]) || S.Block[I] < 1)
      return false;
    if (S.Block[I] > 1024 || (Threads *= S.Block[I]) > 1024)
      return false;
  }
  bool StreamGiven = false;
  for (size_t I = 2; I < Fields.size(); ++I) {
    auto [Key, Val] = Fields[I].split('=');
    if (Key == "ppt") {
      if (Val.getAsInteger(10, S.PointsPerThread) || S.PointsPerThread < 1)
        return false;
    } else if (Key == "jam") {
      if (Val.getAsInteger(10, S.Jam) || S.Jam < 1 || S.Jam > 16)
        return false;
    } else if (Key == "min-blocks") {
      if (Val.getAsInteger(10, S.MinBlocks) || S.MinBlocks < 1 ||
          S.MinBlocks > 32)
        return false;
    } else if (Key == "prefetch" && Val.empty() && !Fields[I].contains('=')) {
      S.Prefetch = true;
    } else if (Key == "stream") {
      StreamGiven = true;
      if (Val == "none")
        S.StreamDim = -1;
      else if (Val.getAsInteger(10, S.StreamDim) || S.StreamDim < 0 ||
               S.StreamDim > 2)
        return false;
    } else {
      return false;
    }
  }
  if (!StreamGiven && S.PointsPerThread > 1)
    S.StreamDim = 0;
  Out[Fields[0].str()] = S;
  return true;
}

} // namespace stencilc
