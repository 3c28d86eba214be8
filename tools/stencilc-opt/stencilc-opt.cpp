//===- stencilc-opt.cpp - run chosen passes on textual IR -----------------===//
//
//   stencilc-opt FILE.sir [--passes=NAME,...|--passes=default] [-o OUT]
//                [--emit=ir|cuda] [--header OUT.h] [--print-after-each]
//                [--report] [--tile=...] [--smem-cache=KERNEL] [--ring=KERNEL]
//                [--arch=sm_NN] [--fast-math] [--reassociate]
//
// In the spirit of mlir-opt: reads the IR that `stencilc --emit=ir` prints
// (FILE may be '-'), verifies it, runs exactly the passes named, in the
// order named (`default` is the whole pipeline in its order), verifies after
// each, and prints the IR, or with --emit=cuda the CUDA and host header that
// stencilc would write for it. A lit test of one pass starts from IR and
// runs that pass alone (test/lit/passes/*/).
//
// Exit status: 0 success; 1 the input has errors (syntax, names, types, or a
// verifier failure: an IR file is the user's input); 2 usage error; 3 a pass
// produced IR the verifier refuses (a bug in stencilc).
//
//===----------------------------------------------------------------------===//
#include "codegen/cuda/CudaEmitter.h"
#include "codegen/IRParser.h"
#include "codegen/IRPrinter.h"
#include "codegen/Pipeline.h"
#include "codegen/Report.h"
#include "tools/common/PipelineFlags.h"

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Support/thread.h"

#include <stdexcept>

using namespace llvm;

namespace {

enum ExitCode {
  Success = 0,
  InputError = 1,
  UsageError = 2,
  InternalError = 3
};
enum class EmitKind { Cuda, IR };

cl::OptionCategory Cat("stencilc-opt options");

cl::opt<std::string> InputPath(cl::Positional, cl::desc("<file.sir | ->"),
                               cl::init("-"), cl::cat(Cat));
cl::opt<std::string>
    OutputPath("o",
               cl::desc("Write the IR (or CUDA) here; '-' is stdout (default)"),
               cl::value_desc("file"), cl::init("-"), cl::cat(Cat));
cl::opt<std::string>
    HeaderPath("header",
               cl::desc("With --emit=cuda: write the host header here "
                        "(default: before the CUDA, in the same stream)"),
               cl::value_desc("file"), cl::cat(Cat));
cl::opt<std::string>
    Passes("passes",
           cl::desc("Comma-separated passes to run, in this order; 'default' "
                    "is the whole pipeline (default: none)"),
           cl::value_desc("names"), cl::cat(Cat));
cl::opt<EmitKind>
    Emit("emit", cl::desc("What to write"), cl::init(EmitKind::IR),
         cl::values(clEnumValN(EmitKind::IR, "ir",
                               "the IR after the passes (default)"),
                    clEnumValN(EmitKind::Cuda, "cuda",
                               "CUDA source and host header")),
         cl::cat(Cat));
cl::opt<bool> PrintAfterEach(
    "print-after-each",
    cl::desc("Print the IR after every pass that runs (on stderr)"),
    cl::cat(Cat));
cl::opt<bool> Report("report",
                     cl::desc("Print the remarks of the passes that ran and "
                              "the per-kernel report on stderr"),
                     cl::cat(Cat));
cl::list<std::string>
    TileOverride("tile",
                 cl::desc("As stencilc --tile: "
                          "KERNEL:BXxBY[xBZ][:ppt=N][:jam=N][:prefetch][:min-"
                          "blocks=N][:stream=D|none]"),
                 cl::value_desc("kernel:shape"), cl::cat(Cat));
cl::opt<int>
    MaxJam("max-jam",
           cl::desc("As stencilc --max-jam: the largest unroll-and-jam "
                    "factor tile may choose, and the rows of a fused step "
                    "computed together (1: never)"),
           cl::value_desc("N"), cl::init(4), cl::cat(Cat));
cl::opt<int>
    MaxVec("max-vector",
           cl::desc("As stencilc --max-vector: the widest vector tile may "
                    "choose (1, 2 or 4; 1: never)"),
           cl::value_desc("N"), cl::init(4), cl::cat(Cat));
cl::opt<int> TuneVariants(
    "tune-variants",
    cl::desc("As stencilc --tune-variants: up to N schedule variants per "
             "kernel for the autotuner (0 to 4, default 0)"),
    cl::value_desc("N"), cl::init(0), cl::cat(Cat));
cl::list<std::string> SmemCacheKernels(
    "smem-cache",
    cl::desc("As stencilc --smem-cache: force smem-cache on for KERNEL"),
    cl::value_desc("kernel"), cl::cat(Cat));
cl::list<std::string>
    RingKernels("ring",
                cl::desc("As stencilc --ring: a register ring for KERNEL "
                         "where its body allows"),
                cl::value_desc("kernel"), cl::cat(Cat));
cl::opt<bool>
    FastMath("fast-math",
             cl::desc("As stencilc --fast-math: hoist-division multiplies by "
                      "the reciprocal, multiplies fuse into FMAs (may change "
                      "the last ulp)"),
             cl::cat(Cat));
cl::opt<bool> Reassociate(
    "reassociate",
    cl::desc("As stencilc --reassociate: regroup-sums may sum a floating "
             "local's terms in another order than the spec's"),
    cl::cat(Cat));
cl::opt<std::string> Arch("arch",
                          cl::desc("Target architecture (default: sm_90)"),
                          cl::value_desc("sm_NN"), cl::init("sm_90"),
                          cl::cat(Cat));
cl::opt<std::string> Namespace(
    "namespace",
    cl::desc("With --emit=cuda: namespace of the host API (default: gpu)"),
    cl::value_desc("name"), cl::init("gpu"), cl::cat(Cat));
cl::opt<bool>
    LineDirectives("line-directives",
                   cl::desc("With --emit=cuda: #line directives into the spec"),
                   cl::cat(Cat));
cl::opt<bool> Distributed(
    "distributed",
    cl::desc("With --emit=cuda: as stencilc --distributed, also a launcher "
             "over stencil::DistGrid per kernel (docs/distributed.md)"),
    cl::cat(Cat));
cl::opt<bool> ListPasses("list-passes",
                         cl::desc("List the passes in pipeline order and exit"),
                         cl::cat(Cat));

int usage(const Twine &Msg) {
  errs() << "stencilc-opt: error: " << Msg << "\n";
  return UsageError;
}

bool writeFile(StringRef Path, StringRef Text) {
  return stencilc::writeOutput("stencilc-opt", Path, Text);
}

/// The passes --passes names, in its order.
bool choosePasses(std::vector<std::unique_ptr<stencilc::Pass>> &Out) {
  if (Passes == "default") {
    Out = stencilc::createPipeline();
    return true;
  }
  SmallVector<StringRef, 8> Names;
  StringRef(Passes).split(Names, ',', -1, /*KeepEmpty=*/false);
  for (StringRef N : Names) {
    std::optional<stencilc::PassID> ID = stencilc::lookupPass(N.trim());
    if (!ID) {
      usage("unknown pass '" + N.trim() + "' in --passes (see --list-passes)");
      return false;
    }
    Out.push_back(stencilc::createPass(*ID));
  }
  return true;
}

} // namespace

int toolMain(int Argc, char **Argv) {
  cl::HideUnrelatedOptions(Cat);
  cl::SetVersionPrinter([](raw_ostream &OS) {
    OS << "stencilc-opt " << STENCILC_VERSION << " (LLVM "
       << LLVM_VERSION_STRING << ")\n";
  });
  if (!cl::ParseCommandLineOptions(
          Argc, Argv,
          "stencilc-opt: runs stencilc passes on textual IR "
          "(the output of stencilc --emit=ir)\n",
          &errs()))
    return UsageError;
  if (ListPasses) {
    for (const auto &P : stencilc::createPipeline())
      outs() << P->name() << "\n";
    return Success;
  }

  stencilc::PassOptions Opts;
  for (const std::string &T : TileOverride)
    if (!stencilc::parseTileFlag(T, Opts.ScheduleOverrides))
      return usage("malformed --tile=" + T + " (expected " +
                   stencilc::TileSyntax + ")");
  for (const std::string &N : SmemCacheKernels)
    Opts.SmemCacheForced.insert(N);
  for (const std::string &N : RingKernels)
    Opts.RingForced.insert(N);
  Opts.FastMath = FastMath;
  Opts.Reassociate = Reassociate;
  if (MaxJam < 1 || MaxJam > 16)
    return usage("--max-jam=" + Twine(MaxJam) + " is outside 1 to 16");
  Opts.MaxJam = MaxJam;
  if (MaxVec != 1 && MaxVec != 2 && MaxVec != 4)
    return usage("--max-vector=" + Twine(MaxVec) + " is not 1, 2 or 4");
  Opts.MaxVec = MaxVec;
  if (TuneVariants < 0 || TuneVariants > stencil::detail::MaxVariants)
    return usage("--tune-variants=" + Twine(TuneVariants) +
                 " is outside 0 to " + Twine(stencil::detail::MaxVariants));
  Opts.TuneVariants = TuneVariants;
  if (!stencilc::parseSmVersion(Arch, Opts.SmVersion))
    return usage("malformed --arch=" + Arch + " (expected sm_NN, e.g. sm_90)");
  std::vector<std::unique_ptr<stencilc::Pass>> Pipeline;
  if (!choosePasses(Pipeline))
    return UsageError;

  ErrorOr<std::unique_ptr<MemoryBuffer>> Buffer =
      MemoryBuffer::getFileOrSTDIN(InputPath, /*IsText=*/true);
  if (!Buffer)
    return usage("cannot read '" + InputPath +
                 "': " + Buffer.getError().message());
  std::string Name = InputPath == "-" ? "<stdin>" : InputPath.getValue();
  stencilc::ir::ParseError Err;
  std::optional<stencilc::ir::Module> M =
      stencilc::ir::parseModule((*Buffer)->getBuffer(), Err);
  if (!M) {
    errs() << Name;
    if (Err.Loc.valid())
      errs() << ":" << Err.Loc.Line << ":" << Err.Loc.Col;
    errs() << ": error: " << Err.Message << "\n";
    return InputError;
  }
  try {
    stencilc::prepareModule(*M, "reading " + Name);
  } catch (const std::logic_error &E) {
    errs() << Name << ": error: " << E.what() << "\n";
    return InputError;
  }
  if (std::string Unknown = stencilc::unknownKernelFlag(*M, Opts, "module");
      !Unknown.empty())
    return usage(Unknown);

  try {
    for (const std::unique_ptr<stencilc::Pass> &P : Pipeline) {
      stencilc::runPass(*M, *P, Opts);
      if (PrintAfterEach)
        errs() << "; *** IR after " << P->name() << " ***\n"
               << stencilc::ir::printModule(*M);
    }
  } catch (const std::logic_error &E) {
    errs() << "stencilc-opt: internal error: " << E.what() << "\n";
    return InternalError;
  }

  if (Report)
    errs() << stencilc::reportModule(*M);
  if (Emit == EmitKind::IR)
    return writeFile(OutputPath, stencilc::ir::printModule(*M)) ? Success
                                                                : UsageError;

  stencilc::EmitOptions EO;
  EO.Namespace = Namespace;
  EO.Arch = Arch;
  EO.LineDirectives = LineDirectives;
  EO.Distributed = Distributed;
  EO.ContractFma = FastMath;
  EO.HeaderName =
      HeaderPath.empty() ? "" : sys::path::filename(HeaderPath).str();
  stencilc::EmitResult R = stencilc::emitCuda(*M, EO);
  if (HeaderPath.empty())
    return writeFile(OutputPath, R.Header + "\n" + R.Cuda) ? Success
                                                           : UsageError;
  return writeFile(OutputPath, R.Cuda) && writeFile(HeaderPath, R.Header)
             ? Success
             : UsageError;
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
