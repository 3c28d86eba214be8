//===- PtxasLog.h - reading ptxas -v and our kernels' mangled names -------===//
//
// --report=ptxas compiles the generated CUDA with `nvcc -Xptxas -v`; this
// reads the resources ptxas prints for each __global__ function, and the
// Itanium mangled names it prints them under, so that the report can give
// each kernel the functions emitted for it (one per index type, or one per
// histogram lowering) and say which instance is which.
//
//===----------------------------------------------------------------------===//
#ifndef STENCILC_CODEGEN_REPORT_PTXASLOG_H
#define STENCILC_CODEGEN_REPORT_PTXASLOG_H

#include <optional>
#include <string>
#include <vector>

namespace stencilc {

/// What ptxas -v says about one __global__ function.
struct PtxasFunction {
  std::string MangledName;
  std::string Arch; ///< e.g. sm_90
  int Registers = 0;
  int StackBytes = 0;
  int SpillStoreBytes = 0;
  int SpillLoadBytes = 0;
  int StaticSharedBytes = 0;
};

/// The entry functions described in the output of `nvcc -Xptxas -v`.
std::vector<PtxasFunction> parsePtxasLog(const std::string &Log);

/// What stencilc needs from an Itanium mangled function name.
struct MangledFunction {
  std::string Name;               ///< unqualified
  std::optional<int> IntArgument; ///< of a template over one integer
  /// A template's arguments as the source writes them, where each is an
  /// index type (int, int64_t), an integer or a bool: a stencil kernel's
  /// `<int64_t>`, `<int, 4>`, `<int, true>`. Empty otherwise.
  std::vector<std::string> TemplateArguments;
};

/// Reads a mangled function name (any namespace, internal linkage; template
/// arguments of index types, integers and bools understood); nullopt when it
/// is not one.
std::optional<MangledFunction>
parseMangledFunction(const std::string &MangledName);

/// True when MangledName is the Itanium mangling of a function (or function
/// template) called Name, in any namespace.
bool mangledNameIs(const std::string &MangledName, const std::string &Name);

} // namespace stencilc

#endif
