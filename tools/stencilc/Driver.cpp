//===- Driver.cpp - the stencilc command ----------------------------------===//
//
//   stencilc SPEC.cpp [-o OUT.cu] [--header OUT.h] [--emit=cuda|ir] [-O0|-O2]
//            [--print-after=PASS]... [--print-after-all]
//            [--disable-pass=PASS]...
//            [--report[=ptxas]] [--arch=sm_90] [--depfile=FILE] [--fast-math]
//            [--reassociate]
//            [-- EXTRA_CLANG_ARGS]
//   stencilc --verify-diagnostics SPEC.cpp [-- EXTRA_CLANG_ARGS]
//   stencilc --list-passes | --help | --version
//
// SPEC.cpp may be '-' (standard input) and -o may be '-' (standard output).
// Exit status: 0 on success, 1 when the spec has errors, 2 on a usage error
// (including a missing input file or tool), 3 on an internal compiler error
// (a verifier failure, or nvcc rejecting generated code: a bug in stencilc).
// With --verify-diagnostics (the diagnostics tests) only the frontend runs,
// under Clang's -verify: 0 when the spec's expected-* comments match its
// diagnostics exactly, 1 when they do not.
//
//===----------------------------------------------------------------------===//
#include "codegen/cuda/CudaEmitter.h"
#include "codegen/IRPrinter.h"
#include "codegen/Pipeline.h"
#include "codegen/Report.h"
#include "codegen/report/TuneCacheReport.h"
#include "frontend/Frontend.h"
#include "tools/common/PipelineFlags.h"
#include "tools/stencilc/Ptxas.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/IR/PrintPasses.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Support/thread.h"

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <optional>
#include <set>
#include <stdexcept>

using namespace llvm;

namespace {

enum ExitCode { Success = 0, SpecError = 1, UsageError = 2, InternalError = 3 };
enum class EmitKind { Cuda, IR };
enum class ReportKind { None, Remarks, Ptxas };

cl::OptionCategory InputCat("Input and output");
cl::OptionCategory PipelineCat("Optimisation pipeline");
cl::OptionCategory InfoCat("Reports and information");

cl::opt<std::string> SpecPath(cl::Positional, cl::desc("<spec.cpp | ->"),
                              cl::cat(InputCat));
cl::opt<std::string>
    OutputPath("o",
               cl::desc("Write CUDA (or IR) here; '-' is stdout (default: "
                        "SPEC_STEM.cu, or stdout with --emit=ir)"),
               cl::value_desc("file"), cl::cat(InputCat));
cl::opt<std::string>
    HeaderPath("header",
               cl::desc("Write the host header here (default: OUT with .h)"),
               cl::value_desc("file"), cl::cat(InputCat));
cl::opt<EmitKind>
    Emit("emit", cl::desc("What to write"), cl::init(EmitKind::Cuda),
         cl::values(clEnumValN(EmitKind::Cuda, "cuda",
                               "CUDA source and host header (default)"),
                    clEnumValN(EmitKind::IR, "ir",
                               "the textual IR after the pipeline")),
         cl::cat(InputCat));
cl::opt<std::string>
    DepFile("depfile",
            cl::desc("Write a Make-style depfile: the outputs depend on the "
                     "spec and every non-system header it includes"),
            cl::value_desc("file"), cl::cat(InputCat));
cl::opt<std::string> Namespace(
    "namespace",
    cl::desc("C++ namespace of the generated host API (default: gpu)"),
    cl::value_desc("name"), cl::init("gpu"), cl::cat(InputCat));
cl::opt<std::string>
    Arch("arch",
         cl::desc("Target GPU architecture; schedules and --report=ptxas use "
                  "its limits (default: sm_90)"),
         cl::value_desc("sm_NN"), cl::init("sm_90"), cl::cat(InputCat));
cl::opt<bool>
    LineDirectives("line-directives",
                   cl::desc("Emit #line directives pointing into the spec"),
                   cl::cat(InputCat));

cl::opt<bool> Distributed(
    "distributed",
    cl::desc("Also emit, per kernel, a launcher over stencil::DistGrid "
             "(grids cut into slabs across devices, halos exchanged; "
             "docs/distributed.md)"),
    cl::cat(InputCat));

cl::opt<char>
    OptLevel("O",
             cl::desc("Optimisation level: -O0 (no passes) or -O2 (default)"),
             cl::value_desc("level"), cl::AlwaysPrefix, cl::init('2'),
             cl::cat(PipelineCat));
// --print-after and --print-after-all are not declared here: libLLVM, which
// stencilc links, already registers options of those names for its own pass
// managers, and a second registration aborts at start-up. adoptLlvmOption()
// gives them our description and category; their values are read back through
// llvm/IR/PrintPasses.h.
cl::list<std::string> DisablePass("disable-pass",
                                  cl::desc("Do not run this pass (repeatable)"),
                                  cl::value_desc("pass"), cl::cat(PipelineCat));
cl::opt<bool> FastMath(
    "fast-math",
    cl::desc("Allow optimisations that may change results in the last ulp "
             "(hoist-division as a plain multiply by the reciprocal, "
             "multiplies fused with the adds they feed into FMAs); off, "
             "every output is bit-identical to the CPU reference"),
    cl::cat(PipelineCat));
cl::opt<bool> Reassociate(
    "reassociate",
    cl::desc("Allow floating-point sums in another order than the spec's "
             "(regroup-sums: a local's terms summed plane by plane, shared "
             "between neighbouring points); results then differ from the CPU "
             "reference by that order's rounding"),
    cl::cat(PipelineCat));
cl::opt<int> MaxJam(
    "max-jam",
    cl::desc("Largest unroll-and-jam factor the tile pass may choose (streamed "
             "and rank-1 kernels) and rows a fused sweep step computes "
             "together (fuse-sweeps); 1 to 16, default 4; 1: never jam"),
    cl::value_desc("N"), cl::init(4), cl::cat(PipelineCat));
cl::opt<int> MaxVec(
    "max-vector",
    cl::desc("Widest vector the tile pass may choose: adjacent points per "
             "thread along the contiguous dimension, read with 16-byte loads "
             "(1, 2 or 4, default 4; 1: never)"),
    cl::value_desc("N"), cl::init(4), cl::cat(PipelineCat));
cl::opt<int> TuneVariants(
    "tune-variants",
    cl::desc("Compile up to N other schedules per kernel (another "
             "unroll-and-jam factor, register bound or vector width; "
             "tune-variants) for STENCIL_TUNE=1 to choose among per launch; "
             "0 to 4, default 0. Each costs nvcc the time of the kernel"),
    cl::value_desc("N"), cl::init(0), cl::cat(PipelineCat));
cl::list<std::string> SmemCacheKernels(
    "smem-cache",
    cl::desc(
        "Force the smem-cache pass on for one kernel: KERNEL (off by default)"),
    cl::value_desc("kernel"), cl::cat(PipelineCat));
cl::list<std::string> RingKernels(
    "ring",
    cl::desc("Compute one kernel as a register ring along its streamed "
             "dimension where its body allows, whatever tile's rule says: "
             "KERNEL (docs/passes/tile.md#ring)"),
    cl::value_desc("kernel"), cl::cat(PipelineCat));
cl::list<std::string>
    TileOverride("tile",
                 cl::desc("Override the tile pass for one kernel: "
                          "KERNEL:BXxBY[xBZ][:ppt=N][:jam=N][:prefetch][:min-"
                          "blocks=N][:stream=D|none]"),
                 cl::value_desc("kernel:shape"), cl::cat(PipelineCat));
cl::opt<bool> ListPasses("list-passes",
                         cl::desc("List the passes in pipeline order and exit"),
                         cl::cat(InfoCat));
// Value-optional: `--report` alone is the remarks, `--report=ptxas` adds
// ptxas's resource usage. `--report ptxas` (with a space) leaves "ptxas" to
// the positional spec, as for every option of this kind.
cl::opt<ReportKind> Report(
    "report",
    cl::desc("Print one line per decision, per kernel, on stderr "
             "(FILE:LINE:COL: remark: kernel NAME: TOPIC: ...)"),
    cl::ValueOptional, cl::init(ReportKind::None),
    cl::values(clEnumValN(ReportKind::Remarks, "",
                          "(--report alone) the pipeline's decisions"),
               clEnumValN(ReportKind::Ptxas, "ptxas",
                          "also compile with nvcc -Xptxas -v: registers, "
                          "shared memory, spills, occupancy")),
    cl::cat(InfoCat));
cl::opt<std::string> TuneCache(
    "tune-cache",
    cl::desc("With --report: also say which launch shape (and, for fused "
             "sweeps, which fusion depth) the autotuning cache FILE holds "
             "for each kernel (docs/runtime.md#autotuning)"),
    cl::value_desc("FILE"), cl::cat(InfoCat));
cl::opt<bool>
    VerifyDiagnostics("verify-diagnostics",
                      cl::desc("Test the spec's diagnostics against its '// "
                               "expected-error {{...}}' comments, as "
                               "Clang's -verify does (notes must be expected "
                               "too): only the frontend runs, nothing is "
                               "written; exit 0 when all match, 1 otherwise"),
                      cl::cat(InfoCat));
cl::opt<std::string>
    NvccPath("nvcc",
             cl::desc("The nvcc that --report=ptxas runs (default: from PATH, "
                      "else /usr/local/cuda/bin)"),
             cl::value_desc("path"), cl::cat(InfoCat));

cl::extrahelp MoreHelp(R"(
EXAMPLES:
  stencilc heat.spec.cpp -o heat.cu --header heat.h   CUDA + host API
  stencilc heat.spec.cpp --emit=ir                    the IR after the pipeline
  stencilc - -o - < heat.spec.cpp                     a filter: header, then CUDA
  stencilc heat.spec.cpp --report=ptxas -o heat.cu    decisions + registers, occupancy
  stencilc heat.spec.cpp -o heat.cu -- -DN=4          after --: arguments for Clang
  stencilc --verify-diagnostics bad.spec.cpp          a test: diagnostics vs expected-* comments

EXIT STATUS:
  0 success; 1 the spec has errors (diagnostics on stderr); 2 usage error
  (bad option, missing file, unknown pass, nvcc not found); 3 internal error
  (a bug in stencilc: please report it with the spec).
  With --verify-diagnostics: 0 the diagnostics match the expected-* comments,
  1 they do not (Clang's report on stderr), 2 usage error.

Documentation: docs/ in the source tree (README.md links every page).
)");

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
  auto Pipeline = stencilc::createPipeline();
  size_t Width = 0;
  for (const auto &P : Pipeline)
    Width = std::max(Width, std::strlen(P->name()));
  for (const auto &P : Pipeline) {
    outs() << "  " << P->name();
    for (size_t I = std::strlen(P->name()); I < Width + 2; ++I)
      outs() << ' ';
    outs() << P->summary();
    outs() << "\n";
  }
}

struct IncludeDirs {
  std::string Dsl;     ///< holds stencil/stencil.hpp
  std::string Runtime; ///< holds stencil/runtime.hpp
};

/// Where the DSL and runtime headers live: next to an installed binary
/// (PREFIX/bin/stencilc -> PREFIX/include/stencilc holds both), else the
/// source tree stencilc was built from.
IncludeDirs findIncludeDirs(const char *Argv0) {
  std::string Exe = sys::fs::getMainExecutable(Argv0, (void *)&findIncludeDirs);
  SmallString<256> Installed(
      sys::path::parent_path(sys::path::parent_path(Exe)));
  sys::path::append(Installed, "include", "stencilc");
  SmallString<256> Probe(Installed);
  sys::path::append(Probe, "stencil", "stencil.hpp");
  if (sys::fs::exists(Probe))
    return {std::string(Installed), std::string(Installed)};
  return {STENCILC_SOURCE_DSL_DIR, STENCILC_SOURCE_RUNTIME_DIR};
}

/// Make's escaping for a path in a rule: spaces, '#' and '$'.
std::string makeEscaped(StringRef Path) {
  std::string S;
  for (char C : Path) {
    if (C == ' ' || C == '#')
      S += '\\';
    else if (C == '$')
      S += '$';
    S += C;
  }
  return S;
}

/// TARGETS: DEPS, one dependency per line, as gcc -MD writes it.
std::string makeDepfile(const std::vector<std::string> &Targets,
                        const std::vector<std::string> &Deps) {
  std::string S;
  for (const std::string &T : Targets)
    S += (S.empty() ? "" : " ") + makeEscaped(T);
  S += ":";
  for (const std::string &D : Deps)
    S += " \\\n  " + makeEscaped(D);
  return S + "\n";
}

bool writeFile(StringRef Path, StringRef Text) {
  return stencilc::writeOutput("stencilc", Path, Text);
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

/// --report=ptxas: compiles the module's CUDA with nvcc -Xptxas -v and prints
/// the report with ptxas's numbers. False (after saying why) when nvcc fails.
bool reportWithPtxas(const stencilc::ir::Module &M, stencilc::EmitOptions EO,
                     const std::string &Nvcc, const IncludeDirs &Includes) {
  EO.HeaderName = "spec.h";
  stencilc::EmitResult R = stencilc::emitCuda(M, EO);
  stencilc::PtxasRun Run =
      stencilc::runPtxas(Nvcc, R.Cuda, R.Header, EO.HeaderName, EO.Arch,
                         {Includes.Dsl, Includes.Runtime});
  if (!Run.Ok) {
    errs() << "stencilc: internal error: " << Nvcc
           << " failed on the generated CUDA (a bug in stencilc, unless nvcc "
              "itself is broken):\n"
           << Run.Log;
    return false;
  }
  std::vector<stencilc::PtxasFunction> Functions =
      stencilc::parsePtxasLog(Run.Log);
  errs() << stencilc::reportModule(M, &Functions, EO.Arch);
  return true;
}

stencilc::FrontendOptions
frontendOptions(const IncludeDirs &Includes,
                const std::vector<std::string> &ClangArgs) {
  stencilc::FrontendOptions FO;
  FO.SpecPath = SpecPath;
  FO.DslIncludeDir = Includes.Dsl;
  FO.ExtraArgs = ClangArgs;
  return FO;
}

/// The first option given that asks for output, which --verify-diagnostics
/// does not write.
std::optional<StringRef> outputOption() {
  if (OutputPath.getNumOccurrences())
    return StringRef("-o");
  if (HeaderPath.getNumOccurrences())
    return StringRef("--header");
  if (Emit.getNumOccurrences())
    return StringRef("--emit");
  if (DepFile.getNumOccurrences())
    return StringRef("--depfile");
  if (Report.getNumOccurrences())
    return StringRef("--report");
  if (shouldPrintAfterAll())
    return StringRef("--print-after-all");
  if (!printAfterPasses().empty())
    return StringRef("--print-after");
  return std::nullopt;
}

} // namespace

int toolMain(int Argc, char **Argv) {
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

  adoptLlvmOption(
      "print-after", "pass",
      "Print the IR after this pass (repeatable, or comma-separated)");
  adoptLlvmOption("print-after-all", "", "Print the IR after every pass");
  cl::HideUnrelatedOptions({&InputCat, &PipelineCat, &InfoCat});
  cl::SetVersionPrinter([](raw_ostream &OS) {
    OS << "stencilc " << STENCILC_VERSION << " (LLVM/Clang "
       << LLVM_VERSION_STRING << ")\n";
  });
  if (!cl::ParseCommandLineOptions(static_cast<int>(Ours.size()), Ours.data(),
                                   "stencilc: compiles stencil specs to CUDA\n",
                                   &errs()))
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
  for (const std::string &N : PrintAfter) {
    if (!stencilc::lookupPass(N))
      return usage("unknown pass '" + N +
                   "' in --print-after (see --list-passes)");
    Pipe.PrintAfter.insert(N);
  }
  for (const std::string &N : DisablePass) {
    if (!stencilc::lookupPass(N))
      return usage("unknown pass '" + N +
                   "' in --disable-pass (see --list-passes)");
    Pipe.Disabled.insert(N);
  }
  for (const std::string &T : TileOverride)
    if (!stencilc::parseTileFlag(T, Pipe.Pass.ScheduleOverrides))
      return usage("malformed --tile=" + T + " (expected " +
                   stencilc::TileSyntax + ")");
  for (const std::string &N : SmemCacheKernels)
    Pipe.Pass.SmemCacheForced.insert(N);
  for (const std::string &N : RingKernels)
    Pipe.Pass.RingForced.insert(N);
  Pipe.Pass.FastMath = FastMath;
  Pipe.Pass.Reassociate = Reassociate;
  if (MaxJam < 1 || MaxJam > 16)
    return usage("--max-jam=" + std::to_string(MaxJam) + " is outside 1 to 16");
  Pipe.Pass.MaxJam = MaxJam;
  if (MaxVec != 1 && MaxVec != 2 && MaxVec != 4)
    return usage("--max-vector=" + std::to_string(MaxVec) +
                 " is not 1, 2 or 4");
  Pipe.Pass.MaxVec = MaxVec;
  if (TuneVariants < 0 || TuneVariants > stencil::detail::MaxVariants)
    return usage("--tune-variants=" + std::to_string(TuneVariants) +
                 " is outside 0 to " +
                 std::to_string(stencil::detail::MaxVariants));
  Pipe.Pass.TuneVariants = TuneVariants;
  if (!stencilc::parseSmVersion(Arch, Pipe.Pass.SmVersion))
    return usage("malformed --arch=" + Arch + " (expected sm_NN, e.g. sm_90)");
  if (SpecPath != "-" && !sys::fs::exists(SpecPath))
    return usage("no such file: '" + SpecPath + "'");
  if (SpecPath != "-" && sys::fs::is_directory(SpecPath))
    return usage("'" + SpecPath + "' is a directory, not a spec");
  if (VerifyDiagnostics) {
    if (std::optional<StringRef> Output = outputOption())
      return usage("--verify-diagnostics runs only the frontend and writes "
                   "nothing; drop " +
                   *Output);
    return stencilc::verifySpecDiagnostics(
               frontendOptions(findIncludeDirs(Argv[0]), ClangArgs))
               ? Success
               : SpecError;
  }
  std::optional<std::string> Nvcc;
  if (Report == ReportKind::Ptxas) {
    if (!NvccPath.empty() && !sys::fs::can_execute(NvccPath))
      return usage("no nvcc at '" + NvccPath + "' (--nvcc)");
    Nvcc = NvccPath.empty() ? stencilc::findNvcc() : NvccPath.getValue();
    if (!Nvcc)
      return usage("--report=ptxas needs nvcc, which is neither on PATH nor in "
                   "/usr/local/cuda/bin (or give --nvcc=PATH)");
  }

  IncludeDirs Includes = findIncludeDirs(Argv[0]);
  stencilc::FrontendOptions FO = frontendOptions(Includes, ClangArgs);
  std::vector<std::string> Dependencies;
  if (!DepFile.empty())
    FO.Dependencies = &Dependencies;
  std::optional<stencilc::ir::Module> M = stencilc::translateSpec(FO);
  if (!M)
    return SpecError;
  if (std::string Unknown = stencilc::unknownKernelFlag(*M, Pipe.Pass, "spec");
      !Unknown.empty())
    return usage(Unknown);

  bool PrintsIR =
      Emit == EmitKind::IR || Pipe.PrintAfterAll || !PrintAfter.empty();
  try {
    stencilc::runPipeline(
        *M, Pipe,
        [&](const std::string &Pass, const stencilc::ir::Module &Now) {
          // IR dumps go to stdout when stdout carries nothing else.
          raw_ostream &OS =
              (OutputPath == "-" && Emit == EmitKind::Cuda) ? errs() : outs();
          OS << "; *** IR after " << Pass << " ***\n"
             << stencilc::ir::printModule(Now);
        });
  } catch (const std::logic_error &E) {
    errs() << "stencilc: internal error: " << E.what() << "\n";
    return InternalError;
  }

  stencilc::EmitOptions EO;
  EO.Namespace = Namespace;
  EO.Arch = Arch;
  EO.LineDirectives = LineDirectives;
  EO.Distributed = Distributed;
  EO.ContractFma = FastMath;
  if (Report == ReportKind::Ptxas && !reportWithPtxas(*M, EO, *Nvcc, Includes))
    return InternalError;
  if (Report == ReportKind::Remarks)
    errs() << stencilc::reportModule(*M);
  if (!TuneCache.empty()) {
    if (Report == ReportKind::None)
      return usage("--tune-cache needs --report");
    std::string Text;
    if (!stencilc::reportTuneCache(*M, TuneCache, Text))
      return usage("cannot read the tuning cache '" + TuneCache +
                   "' (STENCIL_TUNE=1 writes it; docs/runtime.md#autotuning)");
    errs() << Text;
  }

  // The files written, for --depfile.
  std::vector<std::string> Written;
  auto Finish = [&]() -> int {
    if (DepFile.empty())
      return Success;
    if (Written.empty())
      return usage("--depfile needs an output file (-o FILE): nothing was "
                   "written to a file");
    return writeFile(DepFile, makeDepfile(Written, Dependencies)) ? Success
                                                                  : UsageError;
  };

  if (Emit == EmitKind::IR) {
    std::string Out = OutputPath.empty() ? "-" : OutputPath.getValue();
    if (!writeFile(Out, stencilc::ir::printModule(*M)))
      return UsageError;
    if (Out != "-")
      Written.push_back(Out);
    return Finish();
  }
  if (PrintsIR && OutputPath.empty())
    return Finish(); // --print-after without -o: the dump is what was asked for

  std::string Out =
      OutputPath.empty() ? defaultOutput() : OutputPath.getValue();
  std::string Header = HeaderPath;
  if (Header.empty())
    Header = Out == "-" ? ""
                        : (sys::path::parent_path(Out).empty()
                               ? ""
                               : (sys::path::parent_path(Out) + "/").str()) +
                              (sys::path::stem(Out) + ".h").str();
  EO.HeaderName = Header.empty() ? "" : sys::path::filename(Header).str();
  stencilc::EmitResult R = stencilc::emitCuda(*M, EO);
  if (Out == "-" && Header.empty()) {
    // One stream: the header first, then the CUDA that includes nothing.
    return writeFile("-", R.Header + "\n" + R.Cuda) ? Finish() : UsageError;
  }
  if (!writeFile(Out, R.Cuda) ||
      (!Header.empty() && !writeFile(Header, R.Header)))
    return UsageError;
  for (const std::string &F : {Out, Header})
    if (!F.empty() && F != "-")
      Written.push_back(F);
  return Finish();
}

/// Deep expressions recurse as deeply in the passes and the emitter as in the
/// parser (7000 nested minuses overflowed the 8 MiB main stack in the
/// emitter): everything runs on a thread with a 1 GiB stack, which costs only
/// address space until it is touched (frontend/Frontend.cpp, ParseStackSize).
int main(int Argc, char **Argv) {
  int Status = 0;
  llvm::thread Worker(std::optional<unsigned>(1u << 30),
                      [&] { Status = toolMain(Argc, Argv); });
  Worker.join();
  return Status;
}
