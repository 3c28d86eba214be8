//===- Frontend.h - spec (C++ with the DSL headers) to IR -----------------===//
//
// The frontend only translates: it parses the spec with Clang (the dsl/
// headers on the include path), finds every STENCIL_KERNEL function and
// walks its body once into the IR. Constructs outside the DSL contract are
// reported through Clang's DiagnosticsEngine with the spec's file:line:col,
// the source line, a caret and a note with the fix; nothing is optimised here
// and no Clang type leaves this directory.
//
//===----------------------------------------------------------------------===//
#ifndef STENCILC_FRONTEND_FRONTEND_H
#define STENCILC_FRONTEND_FRONTEND_H

#include "codegen/IR.h"

#include <optional>
#include <string>
#include <vector>

namespace stencilc {

struct FrontendOptions {
  std::string SpecPath;      ///< as given; "-" means standard input
  std::string SpecContents;  ///< used instead of the file when non-empty
  std::string DslIncludeDir; ///< directory holding stencil/stencil.hpp
  std::vector<std::string> ExtraArgs; ///< after `--` on the command line
  /// When set, receives the files the spec was read from: the spec itself
  /// (unless it came from standard input) and every header it included
  /// outside the system include directories, as Clang's preprocessor opened
  /// them (the input of --depfile).
  std::vector<std::string> *Dependencies = nullptr;
};

/// Parses and translates the spec. Diagnostics go to stderr. Returns nullopt
/// when the spec has errors (Clang's own or the DSL's).
std::optional<ir::Module> translateSpec(const FrontendOptions &Opts);

/// `stencilc --verify-diagnostics`: parses and translates the spec as
/// translateSpec does, but under Clang's -verify, so that the spec's
/// `// expected-error {{...}}` (and -warning, -note, -remark) comments are
/// matched against the diagnostics instead of the diagnostics being printed.
/// True when every expected diagnostic appeared and no other did (notes
/// included); otherwise Clang's report of the mismatches is on stderr. The
/// translated IR is dropped.
bool verifySpecDiagnostics(const FrontendOptions &Opts);

} // namespace stencilc

#endif
