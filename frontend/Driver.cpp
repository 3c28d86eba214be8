//===- Driver.cpp - the stencilc command ----------------------------------===//
//
//   stencilc SPEC.cpp [-o OUT.cu] [--header OUT.h] [--emit=cuda|ir] [-O0|-O2]
//            [--print-after=PASS]... [--print-after-all] [--disable-pass=PASS]...
//            [--report] [--arch=sm_90] [-- EXTRA_CLANG_ARGS]
//   stencilc --list-passes
//
// Exit status: 0 on success, 1 when the spec has errors, 2 on a usage error,
// 3 on an internal compiler error (a verifier failure: a bug in stencilc).
//
//===----------------------------------------------------------------------===//
#include "codegen/CudaEmitter.h"
#include "codegen/IRPrinter.h"
#include "codegen/Pipeline.h"
#include "codegen/Report.h"
#include "frontend/Frontend.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/IR/PrintPasses.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdio>
#include <set>
#include <stdexcept>

using namespace llvm;

namespace {

enum ExitCode { Success = 0, SpecError = 1, UsageError = 2, InternalError = 3 };
enum class EmitKind { Cuda, IR };

cl::OptionCategory InputCat("Input and output");
cl::OptionCategory PipelineCat("Optimisation pipeline");
cl::OptionCategory InfoCat("Reports and information");

cl::opt<std::string> SpecPath(cl::Positional, cl::desc("<spec.cpp | ->"),
                              cl::cat(InputCat));
cl::opt<std::string> OutputPath("o", cl::desc("Write CUDA (or IR) here; '-' is stdout (default: SPEC_STEM.cu, or stdout with --emit=ir)"),
                                cl::value_desc("file"), cl::cat(InputCat));
cl::opt<std::string> HeaderPath("header", cl::desc("Write the host header here (default: OUT with .h)"),
                                cl::value_desc("file"), cl::cat(InputCat));
cl::opt<EmitKind> Emit("emit", cl::desc("What to write"), cl::init(EmitKind::Cuda),
                       cl::values(clEnumValN(EmitKind::Cuda, "cuda", "CUDA source and host header (default)"),
                                  clEnumValN(EmitKind::IR, "ir", "the textual IR after the pipeline")),
                       cl::cat(InputCat));
cl::opt<std::string> Namespace("namespace", cl::desc("C++ namespace of the generated host API"),
                               cl::init("gpu"), cl::cat(InputCat));
cl::opt<std::string> Arch("arch", cl::desc("Target GPU architecture"), cl::init("sm_90"),
                          cl::cat(InputCat));
cl::opt<bool> LineDirectives("line-directives", cl::desc("Emit #line directives pointing into the spec"),
                             cl::cat(InputCat));

cl::opt<char> OptLevel("O", cl::desc("Optimisation level: -O0 (no passes) or -O2 (default)"),
                       cl::Prefix, cl::init('2'), cl::cat(PipelineCat));
// --print-after and --print-after-all are not declared here: libLLVM, which
// stencilc links, already registers options of those names for its own pass
// managers, and a second registration aborts at start-up. adoptLlvmOption()
// gives them our description and category; their values are read back through
// llvm/IR/PrintPasses.h.
cl::list<std::string> DisablePass("disable-pass", cl::desc("Do not run this pass (repeatable)"),
                                  cl::value_desc("pass"), cl::cat(PipelineCat));
cl::list<std::string> TileOverride("tile", cl::desc("Override the tile pass for one kernel: KERNEL:BXxBY[xBZ][:ppt=N][:stream=D|none]"),
                                   cl::value_desc("kernel:shape"), cl::cat(PipelineCat));
cl::opt<bool> ListPasses("list-passes", cl::desc("List the passes in pipeline order and exit"),
                         cl::cat(InfoCat));
cl::opt<bool> Report("report", cl::desc("Print one remark per decision, per kernel, on stderr"),
                     cl::cat(InfoCat));

/// Re-describes an option libLLVM registered under a name the stencilc
/// contract uses, so that --help shows it with ours.
void adoptLlvmOption(StringRef Name, StringRef ValueDesc, StringRef Desc) {
  auto &Registered = cl::getRegisteredOptions();
  auto It = Registered.find(Name);
  if (It == Registered.end())
    return;
  cl::Option *O = It->second;
  O->setDescription(Desc);
  O->setValueStr(ValueDesc);
  O->setHiddenFlag(cl::NotHidden);
  O->addCategory(PipelineCat);
}

int usage(const Twine &Msg) {
  errs() << "stencilc: error: " << Msg << "\n";
  return UsageError;
}

void listPasses() {
  outs() << "Passes, in pipeline order (each can be turned off with "
            "--disable-pass=NAME):\n";
  for (const auto &P : stencilc::createPipeline()) {
    outs() << "  " << P->name();
    for (size_t I = std::strlen(P->name()); I < 16; ++I)
      outs() << ' ';
    outs() << P->summary();
    if (!P->implemented())
      outs() << " (not yet written: runs as a no-op)";
    outs() << "\n";
  }
}

/// Where stencil/stencil.hpp lives: next to an installed binary
/// (PREFIX/bin/stencilc -> PREFIX/include/stencilc), else the source tree.
std::string findDslIncludeDir(const char *Argv0) {
  std::string Exe = sys::fs::getMainExecutable(Argv0, (void *)&findDslIncludeDir);
  SmallString<256> Installed(sys::path::parent_path(sys::path::parent_path(Exe)));
  sys::path::append(Installed, "include", "stencilc");
  SmallString<256> Probe(Installed);
  sys::path::append(Probe, "stencil", "stencil.hpp");
  if (sys::fs::exists(Probe))
    return std::string(Installed);
  return STENCILC_SOURCE_DSL_DIR;
}

/// Parses KERNEL:BXxBY[xBZ][:ppt=N][:stream=D|none]; returns false on a
/// malformed value. Without stream=, a ppt above 1 streams along dimension 0.
bool parseTile(StringRef Value, std::map<std::string, stencilc::ir::Schedule> &Out) {
  SmallVector<StringRef, 4> Fields;
  Value.split(Fields, ':');
  if (Fields.size() < 2 || Fields[0].empty() || Fields[1].empty())
    return false;
  SmallVector<StringRef, 3> Parts;
  Fields[1].split(Parts, 'x');
  if (Parts.empty() || Parts.size() > 3)
    return false;
  stencilc::ir::Schedule S;
  S.Block = {1, 1, 1};
  int Threads = 1;
  for (size_t I = 0; I < Parts.size(); ++I) {
    if (Parts[I].getAsInteger(10, S.Block[I]) || S.Block[I] < 1)
      return false;
    Threads *= S.Block[I];
  }
  if (Threads > 1024)
    return false;
  bool StreamGiven = false;
  for (size_t I = 2; I < Fields.size(); ++I) {
    auto [Key, Val] = Fields[I].split('=');
    if (Key == "ppt") {
      if (Val.getAsInteger(10, S.PointsPerThread) || S.PointsPerThread < 1)
        return false;
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

bool writeFile(StringRef Path, StringRef Text) {
  if (Path == "-") {
    outs() << Text;
    return true;
  }
  std::error_code EC;
  raw_fd_ostream OS(Path, EC, sys::fs::OF_Text);
  if (EC) {
    errs() << "stencilc: error: cannot write '" << Path << "': " << EC.message() << "\n";
    return false;
  }
  OS << Text;
  return true;
}

std::string defaultOutput() {
  if (SpecPath == "-")
    return "-";
  SmallString<256> P(sys::path::filename(SpecPath));
  // jacobi2d.spec.cpp -> jacobi2d.cu
  StringRef Stem = sys::path::stem(P);
  if (Stem.ends_with(".spec"))
    Stem = Stem.drop_back(5);
  return (Stem + ".cu").str();
}

} // namespace

int main(int Argc, char **Argv) {
  // Everything after `--` goes to Clang, untouched by our option parser.
  std::vector<const char *> Ours;
  std::vector<std::string> ClangArgs;
  bool AfterDashDash = false;
  for (int I = 0; I < Argc; ++I) {
    if (!AfterDashDash && I > 0 && StringRef(Argv[I]) == "--") {
      AfterDashDash = true;
      continue;
    }
    if (AfterDashDash)
      ClangArgs.push_back(Argv[I]);
    else
      Ours.push_back(Argv[I]);
  }

  adoptLlvmOption("print-after", "pass",
                  "Print the IR after this pass (repeatable, or comma-separated)");
  adoptLlvmOption("print-after-all", "", "Print the IR after every pass");
  cl::HideUnrelatedOptions({&InputCat, &PipelineCat, &InfoCat});
  cl::SetVersionPrinter([](raw_ostream &OS) {
    OS << "stencilc " << STENCILC_VERSION << " (LLVM/Clang " << LLVM_VERSION_STRING
       << ")\n";
  });
  if (!cl::ParseCommandLineOptions(static_cast<int>(Ours.size()), Ours.data(),
                                   "stencilc: compiles stencil specs to CUDA\n", &errs()))
    return UsageError;

  if (ListPasses) {
    listPasses();
    return Success;
  }
  if (SpecPath.empty())
    return usage("no spec file given (try 'stencilc --help')");
  if (OptLevel != '0' && OptLevel != '2')
    return usage(Twine("unknown optimisation level '-O") + Twine(OptLevel) +
                 "'; use -O0 or -O2");

  stencilc::PipelineOptions Pipe;
  Pipe.OptLevel = OptLevel - '0';
  Pipe.PrintAfterAll = shouldPrintAfterAll();
  std::vector<std::string> PrintAfter = printAfterPasses();
  std::set<std::string> Known;
  for (const auto &P : stencilc::createPipeline())
    Known.insert(P->name());
  for (const std::string &N : PrintAfter) {
    if (!Known.count(N))
      return usage("unknown pass '" + N + "' in --print-after (see --list-passes)");
    Pipe.PrintAfter.insert(N);
  }
  for (const std::string &N : DisablePass) {
    if (!Known.count(N))
      return usage("unknown pass '" + N + "' in --disable-pass (see --list-passes)");
    Pipe.Disabled.insert(N);
  }
  for (const std::string &T : TileOverride)
    if (!parseTile(T, Pipe.Pass.ScheduleOverrides))
      return usage("malformed --tile=" + T +
                   " (expected KERNEL:BXxBY[xBZ][:ppt=N][:stream=D|none], at most 1024 threads)");
  if (SpecPath != "-" && !sys::fs::exists(SpecPath))
    return usage("no such file: '" + SpecPath + "'");

  stencilc::FrontendOptions FO;
  FO.SpecPath = SpecPath;
  FO.DslIncludeDir = findDslIncludeDir(Argv[0]);
  FO.ExtraArgs = ClangArgs;
  std::optional<stencilc::ir::Module> M = stencilc::translateSpec(FO);
  if (!M)
    return SpecError;

  bool PrintsIR = Emit == EmitKind::IR || Pipe.PrintAfterAll || !PrintAfter.empty();
  try {
    stencilc::runPipeline(*M, Pipe, [&](const std::string &Pass,
                                        const stencilc::ir::Module &Now) {
      // IR dumps go to stdout when stdout carries nothing else.
      raw_ostream &OS = (OutputPath == "-" && Emit == EmitKind::Cuda) ? errs() : outs();
      OS << "; *** IR after " << Pass << " ***\n" << stencilc::ir::printModule(Now);
    });
  } catch (const std::logic_error &E) {
    errs() << "stencilc: internal error: " << E.what() << "\n";
    return InternalError;
  }

  if (Report)
    errs() << stencilc::reportModule(*M);

  if (Emit == EmitKind::IR) {
    std::string Out = OutputPath.empty() ? "-" : OutputPath.getValue();
    return writeFile(Out, stencilc::ir::printModule(*M)) ? Success : UsageError;
  }
  if (PrintsIR && OutputPath.empty())
    return Success; // --print-after without -o: the dump is what was asked for

  std::string Out = OutputPath.empty() ? defaultOutput() : OutputPath.getValue();
  std::string Header = HeaderPath;
  if (Header.empty())
    Header = Out == "-" ? "" : (sys::path::parent_path(Out).empty() ? "" : (sys::path::parent_path(Out) + "/").str()) +
                               (sys::path::stem(Out) + ".h").str();
  stencilc::EmitOptions EO;
  EO.Namespace = Namespace;
  EO.Arch = Arch;
  EO.LineDirectives = LineDirectives;
  EO.HeaderName = Header.empty() ? "" : sys::path::filename(Header).str();
  stencilc::EmitResult R = stencilc::emitCuda(*M, EO);
  if (Out == "-" && Header.empty()) {
    // One stream: the header first, then the CUDA that includes nothing.
    return writeFile("-", R.Header + "\n" + R.Cuda) ? Success : UsageError;
  }
  if (!writeFile(Out, R.Cuda) || (!Header.empty() && !writeFile(Header, R.Header)))
    return UsageError;
  return Success;
}
