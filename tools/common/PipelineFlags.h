//===- PipelineFlags.h - option values both tools parse the same way ------===//
//
// stencilc and stencilc-opt accept the same --tile and --arch values and
// write their outputs the same way; that lives here once.
//
//===----------------------------------------------------------------------===//
#ifndef STENCILC_TOOLS_COMMON_PIPELINEFLAGS_H
#define STENCILC_TOOLS_COMMON_PIPELINEFLAGS_H

#include "codegen/IR.h"
#include "codegen/Pass.h"
// stencil::detail::MaxVariants: the bound of --tune-variants.
#include "runtime/include/stencil/detail/tune_cache.hpp"

#include "llvm/ADT/StringRef.h"

#include <map>
#include <string>

namespace stencilc {

/// The usage text for a malformed --tile value.
inline constexpr const char *TileSyntax =
    "KERNEL:BXxBY[xBZ][:ppt=N][:jam=N][:prefetch][:min-blocks=N][:stream=D|"
    "none], at most 1024 threads, jam 1 to 16, min-blocks 1 to 32";

/// Parses KERNEL:BXxBY[xBZ][:ppt=N][:jam=N][:prefetch][:min-blocks=N]
/// [:stream=D|none] into Out[KERNEL]; returns false on a malformed value.
/// Without stream=, a ppt above 1 streams along dimension 0. jam= is the
/// unroll-and-jam factor (docs/passes/tile.md#unroll-and-jam), prefetch asks
/// L2 for each chunk's column first (tile.md#prefetch), min-blocks= bounds
/// the registers for that many blocks per SM (__launch_bounds__); the tile
/// pass drops a jam or prefetch with a remark where the kernel cannot take
/// it, and the verifier refuses a bound no SM can hold.
bool parseTileFlag(llvm::StringRef Value,
                   std::map<std::string, ir::Schedule> &Out);

/// Writes Text to Path ('-' is stdout); on failure says so on stderr as
/// "TOOL: error: cannot write 'PATH': why" and returns false.
bool writeOutput(llvm::StringRef Tool, llvm::StringRef Path,
                 llvm::StringRef Text);

/// "" when every kernel that --tile, --smem-cache and --ring name (Opts) is
/// in M; else the usage error for the first that is not, naming M as Input
/// ("spec", "module"): a typo would otherwise change nothing, silently.
std::string unknownKernelFlag(const ir::Module &M, const PassOptions &Opts,
                              llvm::StringRef Input);

/// --arch=sm_NN -> NN; false when malformed.
bool parseSmVersion(llvm::StringRef Value, int &Out);

} // namespace stencilc

#endif
