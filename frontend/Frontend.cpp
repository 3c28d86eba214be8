//===- Frontend.cpp - run Clang on the spec and translate its kernels -----===//
//
// Clang parses the spec as C++17 with the DSL headers on the include path
// and __STENCILC__ defined (the headers then declare their accessors
// permissively, so that misuse reaches our diagnostics rather than a
// template error). Clang's own errors end the run; otherwise every
// STENCIL_KERNEL function of the main file is translated, in source order.
//
// verifySpecDiagnostics runs the same with Clang's -verify, for the
// diagnostics tests: Clang's VerifyDiagnosticConsumer then matches the DSL's
// diagnostics, which go through the same DiagnosticsEngine, against the
// spec's expected-* comments.
//
// Clang's parser and the translator recurse once per level of nesting, so a
// spec with a few thousand nested operations (`- - - ... x`, a chain of
// `if`s) overflows the 8 MiB main stack; both run on a thread of their own
// with a larger stack (see ParseStackSize).
//
//===----------------------------------------------------------------------===//
#include "frontend/Frontend.h"

#include "frontend/Diagnostics.h"
#include "frontend/KernelTranslator.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Frontend/Utils.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Support/thread.h"

#ifndef STENCILC_CLANG_RESOURCE_DIR
#define STENCILC_CLANG_RESOURCE_DIR "/usr/lib/llvm-19/lib/clang/19"
#endif

namespace stencilc {

namespace {

/// Stack of the thread that parses and translates. 8 MiB (the main thread's)
/// overflowed in Clang's parser at 3000 nested unary minuses and at 6000
/// nested ifs (test/lit/frontend/deep-nesting.cpp); 1 GiB is only reserved
/// address space until it is touched. clang::noteBottomOfStack is not
/// called on purpose: Clang would then measure this stack against its own
/// 8 MiB, warn that it is nearly exhausted and move every deeper step onto a
/// fresh thread (20000 nested ifs took 12 s instead of 2 s).
constexpr unsigned ParseStackSize = 1u << 30;

/// Collects the kernels of the main file in source order.
class KernelFinder : public clang::RecursiveASTVisitor<KernelFinder> {
public:
  explicit KernelFinder(clang::SourceManager &SM) : SM(SM) {}

  bool VisitFunctionDecl(clang::FunctionDecl *FD) {
    if (FD->doesThisDeclarationHaveABody() && frontend::isKernel(FD) &&
        SM.isWrittenInMainFile(SM.getExpansionLoc(FD->getLocation())))
      Kernels.push_back(FD);
    return true;
  }

  std::vector<const clang::FunctionDecl *> Kernels;

private:
  clang::SourceManager &SM;
};

/// An empty spec, or one whose kernels lack STENCIL_KERNEL, is most likely
/// a mistake; the run still succeeds (with nothing to emit).
void warnNoKernels(clang::SourceManager &SM, clang::DiagnosticsEngine &Engine) {
  clang::SourceLocation Start = SM.getLocForStartOfFile(SM.getMainFileID());
  clang::DiagnosticIDs &IDs = *Engine.getDiagnosticIDs();
  Engine.Report(Start, IDs.getCustomDiagID(clang::DiagnosticIDs::Warning,
                                           "spec defines no kernel"));
  Engine.Report(Start, IDs.getCustomDiagID(
                           clang::DiagnosticIDs::Note,
                           "mark each kernel 'STENCIL_KERNEL void name(...)'; "
                           "kernels in included files are not translated"));
}

class TranslateConsumer : public clang::ASTConsumer {
public:
  TranslateConsumer(ir::Module &M, bool &Failed) : M(M), Failed(Failed) {}

  void HandleTranslationUnit(clang::ASTContext &Ctx) override {
    clang::DiagnosticsEngine &Engine = Ctx.getDiagnostics();
    if (Engine.hasErrorOccurred()) {
      Failed = true; // Clang has said what is wrong; the AST may be partial
      return;
    }
    KernelFinder Finder(Ctx.getSourceManager());
    Finder.TraverseDecl(Ctx.getTranslationUnitDecl());
    frontend::DiagReporter Diags(Engine);
    if (Finder.Kernels.empty())
      warnNoKernels(Ctx.getSourceManager(), Engine);
    frontend::reportDuplicateKernels(Finder.Kernels, Diags);
    for (const clang::FunctionDecl *FD : Finder.Kernels)
      if (std::optional<ir::Kernel> K =
              frontend::translateKernel(FD, Ctx, Diags))
        M.Kernels.push_back(std::move(*K));
    Failed |= Diags.errorCount() != 0;
  }

private:
  ir::Module &M;
  bool &Failed;
};

class TranslateAction : public clang::ASTFrontendAction {
public:
  TranslateAction(ir::Module &M, bool &Failed,
                  std::shared_ptr<clang::DependencyCollector> Deps)
      : M(M), Failed(Failed), Deps(std::move(Deps)) {}

protected:
  // The preprocessor exists here and has not entered the spec yet, so the
  // collector sees the spec and every #include.
  bool BeginSourceFileAction(clang::CompilerInstance &CI) override {
    if (Deps)
      Deps->attachToPreprocessor(CI.getPreprocessor());
    return true;
  }

  std::unique_ptr<clang::ASTConsumer>
  CreateASTConsumer(clang::CompilerInstance &, llvm::StringRef) override {
    return std::make_unique<TranslateConsumer>(M, Failed);
  }

private:
  ir::Module &M;
  bool &Failed;
  std::shared_ptr<clang::DependencyCollector> Deps;
};

/// What one run of Clang over the spec gave.
struct FrontendRun {
  bool ToolOk = false; ///< Clang's verdict: no error reached its client
  bool Failed = false; ///< the spec had errors (Clang's own or the DSL's)
  ir::Module M;
};

/// Runs Clang and the translator over the spec on the big-stack thread.
/// Nullopt (after saying why) when the spec cannot be read. With Verify,
/// Clang's VerifyDiagnosticConsumer stands between the diagnostics and the
/// printer: it counts as an error only what does not match the spec's
/// expected-* comments, so ToolOk is then the verification's verdict.
std::optional<FrontendRun> runFrontend(const FrontendOptions &Opts, bool Verify,
                                       std::vector<std::string> *Dependencies) {
  bool FromStdin = Opts.SpecPath.empty() || Opts.SpecPath == "-";
  std::string FileName = FromStdin ? "<stdin>" : Opts.SpecPath;
  std::string Code = Opts.SpecContents;
  if (Code.empty()) {
    auto Buffer =
        llvm::MemoryBuffer::getFileOrSTDIN(FromStdin ? "-" : Opts.SpecPath);
    if (!Buffer) {
      llvm::errs() << "stencilc: error: cannot read '" << FileName
                   << "': " << Buffer.getError().message() << "\n";
      return std::nullopt;
    }
    Code = (*Buffer)->getBuffer().str();
  }

  // -xc++: the spec may come without a .cpp name (standard input).
  std::vector<std::string> Args = {
      "-xc++", "-std=c++17", "-D__STENCILC__",
      "-resource-dir=" STENCILC_CLANG_RESOURCE_DIR};
  if (!Opts.DslIncludeDir.empty())
    Args.push_back("-I" + Opts.DslIncludeDir);
  if (Verify)
    Args.insert(Args.end(), {"-Xclang", "-verify"});
  Args.insert(Args.end(), Opts.ExtraArgs.begin(), Opts.ExtraArgs.end());

  FrontendRun Run;
  Run.M.SourceFile = FileName; // as Clang's diagnostics name it
  // Clang's collector leaves out system headers (like -MMD).
  auto Deps =
      Dependencies ? std::make_shared<clang::DependencyCollector>() : nullptr;
  llvm::thread Parser(std::optional<unsigned>(ParseStackSize), [&] {
    Run.ToolOk = clang::tooling::runToolOnCodeWithArgs(
        std::make_unique<TranslateAction>(Run.M, Run.Failed, Deps), Code, Args,
        FileName, "stencilc");
  });
  Parser.join();
  if (Deps)
    for (const std::string &D : Deps->getDependencies())
      if (!(FromStdin && D == FileName)) // nothing to rebuild from
        Dependencies->push_back(D);
  return Run;
}

} // namespace

std::optional<ir::Module> translateSpec(const FrontendOptions &Opts) {
  std::vector<std::string> Deps;
  std::optional<FrontendRun> Run =
      runFrontend(Opts, /*Verify=*/false, Opts.Dependencies ? &Deps : nullptr);
  if (!Run || !Run->ToolOk || Run->Failed)
    return std::nullopt;
  if (Opts.Dependencies)
    Opts.Dependencies->insert(Opts.Dependencies->end(), Deps.begin(),
                              Deps.end());
  return std::move(Run->M);
}

bool verifySpecDiagnostics(const FrontendOptions &Opts) {
  // Failed says only that the spec has errors, which is what a test of
  // diagnostics expects; whether they were the expected ones is ToolOk.
  std::optional<FrontendRun> Run = runFrontend(Opts, /*Verify=*/true, nullptr);
  return Run && Run->ToolOk;
}

} // namespace stencilc
