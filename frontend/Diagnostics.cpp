//===- Diagnostics.cpp - report the DSL's diagnostics through Clang -------===//
#include "frontend/Diagnostics.h"

#include "clang/Basic/DiagnosticIDs.h"
#include "clang/Basic/SourceManager.h"

namespace stencilc::frontend {

namespace {

struct DiagText {
  clang::DiagnosticIDs::Level Severity;
  const char *Error;
  const char *Note;
};

// Indexed by Diag: both come from Diagnostics.def, in its order.
constexpr DiagText Texts[] = {
#define DIAG(Id, Severity, Text, Note)                                         \
  {clang::DiagnosticIDs::Severity, Text, Note},
#include "frontend/Diagnostics.def"
};

DiagText textOf(Diag Kind) { return Texts[static_cast<unsigned>(Kind)]; }

} // namespace

void DiagReporter::report(Diag Kind, clang::SourceLocation Loc,
                          std::initializer_list<std::string> Args,
                          clang::SourceLocation NoteLoc) {
  std::string Key;
  for (const std::string &A : Args)
    Key += A + '\0';
  clang::SourceLocation FileLoc =
      Loc.isValid() ? Engine.getSourceManager().getFileLoc(Loc) : Loc;
  DiagText Text = textOf(Kind);
  // Counted even when not printed again: the caller's translation failed.
  if (Text.Severity == clang::DiagnosticIDs::Error)
    ++Errors;
  if (!Seen.emplace(Kind, FileLoc.getRawEncoding(), Key).second)
    return;
  clang::DiagnosticIDs &IDs = *Engine.getDiagnosticIDs();
  unsigned ErrorID = IDs.getCustomDiagID(Text.Severity, Text.Error);
  unsigned NoteID = IDs.getCustomDiagID(clang::DiagnosticIDs::Note, Text.Note);
  {
    clang::DiagnosticBuilder B = Engine.Report(Loc, ErrorID);
    for (const std::string &A : Args)
      B << A;
  }
  {
    clang::DiagnosticBuilder B =
        Engine.Report(NoteLoc.isValid() ? NoteLoc : Loc, NoteID);
    for (const std::string &A : Args)
      B << A;
  }
}

} // namespace stencilc::frontend
