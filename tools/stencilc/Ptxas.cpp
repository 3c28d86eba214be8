//===- Ptxas.cpp ----------------------------------------------------------===//
#include "tools/stencilc/Ptxas.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"

namespace stencilc {

using namespace llvm;

std::optional<std::string> findNvcc() {
  if (ErrorOr<std::string> P = sys::findProgramByName("nvcc"))
    return *P;
  if (ErrorOr<std::string> P =
          sys::findProgramByName("nvcc", {"/usr/local/cuda/bin"}))
    return *P;
  return std::nullopt;
}

namespace {

bool writeText(const Twine &Path, StringRef Text) {
  std::error_code EC;
  raw_fd_ostream OS(Path.str(), EC, sys::fs::OF_Text);
  if (EC)
    return false;
  OS << Text;
  return true;
}

/// Removes what runPtxas put in its temporary directory, and the directory.
class TempDir {
public:
  TempDir() { Ok = !sys::fs::createUniqueDirectory("stencilc-ptxas", Path); }
  ~TempDir() {
    if (Ok)
      sys::fs::remove_directories(Path);
  }
  bool Ok = false;
  SmallString<128> Path;
};

} // namespace

PtxasRun runPtxas(const std::string &Nvcc, const std::string &Cuda,
                  const std::string &Header, const std::string &HeaderName,
                  const std::string &Arch,
                  const std::vector<std::string> &IncludeDirs) {
  PtxasRun R;
  TempDir Dir;
  if (!Dir.Ok) {
    R.Log = "cannot create a temporary directory";
    return R;
  }
  std::string Cu = (Dir.Path + "/spec.cu").str();
  std::string Log = (Dir.Path + "/ptxas.log").str();
  if (!writeText(Dir.Path + "/" + HeaderName, Header) || !writeText(Cu, Cuda)) {
    R.Log = "cannot write to " + Dir.Path.str().str();
    return R;
  }
  // --cubin: device code only, which is all ptxas sees; the host compile
  // would only cost time.
  std::vector<std::string> Args = {
      Nvcc,         "-arch=" + Arch,
      "-std=c++17", "--cubin",
      "-Xptxas",    "-v",
      "-o",         (Dir.Path + "/spec.cubin").str()};
  for (const std::string &I : IncludeDirs)
    Args.push_back("-I" + I);
  Args.push_back(Cu);
  std::vector<StringRef> Refs(Args.begin(), Args.end());
  std::optional<StringRef> Redirects[] = {std::nullopt, StringRef(Log),
                                          StringRef(Log)};
  std::string Error;
  int Rc =
      sys::ExecuteAndWait(Nvcc, Refs, std::nullopt, Redirects, 0, 0, &Error);
  if (auto Buffer = MemoryBuffer::getFile(Log))
    R.Log = (*Buffer)->getBuffer().str();
  if (!Error.empty())
    R.Log += Error;
  R.Ok = Rc == 0;
  return R;
}

} // namespace stencilc
