//===- Diagnostics.h - the DSL's diagnostics ------------------------------===//
//
// Every construct the frontend refuses has one entry in Diagnostics.def: an
// error in Clang's style (lowercase, no trailing period) and a note saying
// what to write instead. They are reported through the spec's
// DiagnosticsEngine, so they print like Clang's own diagnostics:
// file:line:col, the line and a caret.
//
//===----------------------------------------------------------------------===//
#ifndef STENCILC_FRONTEND_DIAGNOSTICS_H
#define STENCILC_FRONTEND_DIAGNOSTICS_H

#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/SourceLocation.h"

#include <initializer_list>
#include <set>
#include <string>
#include <tuple>

namespace stencilc::frontend {

/// One per entry of Diagnostics.def, in its order.
enum class Diag {
#define DIAG(Id, Severity, Text, Note) Id,
#include "frontend/Diagnostics.def"
};

/// Reports DSL diagnostics through the spec's DiagnosticsEngine. Each Diag
/// is an error (or a warning, which does not fail the kernel) followed by a
/// note (at the same place unless NoteLoc is given); both take the same
/// arguments (%0, %1, ...). A diagnostic repeated at the same file position (a
/// macro argument expanded twice) is reported once.
class DiagReporter {
public:
  explicit DiagReporter(clang::DiagnosticsEngine &Engine) : Engine(Engine) {}

  void report(Diag Kind, clang::SourceLocation Loc,
              std::initializer_list<std::string> Args = {},
              clang::SourceLocation NoteLoc = {});
  /// Errors reported, repeats included (a repeat still fails its kernel);
  /// warnings are not counted.
  unsigned errorCount() const { return Errors; }

private:
  clang::DiagnosticsEngine &Engine;
  unsigned Errors = 0;
  std::set<std::tuple<Diag, clang::SourceLocation::UIntTy, std::string>> Seen;
};

} // namespace stencilc::frontend

#endif
