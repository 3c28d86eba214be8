//===- IRParser.h - reads the textual IR back -----------------------------===//
//
// parseModule reads what printModule (codegen/IRPrinter.h) writes, so that a
// pass can run alone on a file: `stencilc spec.cpp --emit=ir -O0 > k.sir`,
// then `stencilc-opt k.sir --passes=tile` (tools/stencilc-opt). For every
// module M, parseModule(printModule(M)) prints as printModule(M) and emits
// the same CUDA (test/lit/ir/roundtrip.test checks every spec we have).
//
// What the reader checks: the syntax, names (every grid, scalar, local and
// uniform is declared before use), types (through the IR's make functions)
// and that a printed footprint is the one the body implies (footprints are
// derived; the line is there for the reader). It does not run the verifier:
// the caller does (stencilc::prepareModule), so that a test can also feed a
// well-formed file with a broken decision to the verifier. Remarks are not
// part of the text; a pass run by stencilc-opt adds its own.
//
//===----------------------------------------------------------------------===//
#ifndef STENCILC_CODEGEN_IRPARSER_H
#define STENCILC_CODEGEN_IRPARSER_H

#include "codegen/IR.h"

#include <optional>
#include <string>
#include <string_view>

namespace stencilc::ir {

/// Where the first error is (line and column in the text, 1-based) and what.
struct ParseError {
  SourceLoc Loc;
  std::string Message;
};

/// The module written in Text, or std::nullopt with Err describing the first
/// error.
std::optional<Module> parseModule(std::string_view Text, ParseError &Err);

} // namespace stencilc::ir

#endif
