//===- Diagnostics.cpp - texts of the DSL's diagnostics -------------------===//
#include "frontend/Diagnostics.h"

#include "clang/Basic/DiagnosticIDs.h"
#include "clang/Basic/SourceManager.h"

namespace stencilc::frontend {

namespace {

struct DiagText {
  const char *Error;
  const char *Note;
};

// Indexed by Diag. Clang's format syntax: %0.. are the arguments, %% is '%'.
DiagText textOf(Diag Kind) {
  switch (Kind) {
  case Diag::WriteInput:
    return {"cannot write to input grid '%0'",
            "In grids are read-only; declare '%0' as Out<T, R> or InOut<T, R> "
            "to write it"};
  case Diag::WriteOffCentre:
    return {"grid '%0' can only be written at the centre",
            "write '%0() = ...'; each point writes only its own element"};
  case Diag::ReadOutput:
    return {"cannot read output grid '%0'",
            "Out grids are write-only; keep the value in a local variable, or "
            "declare '%0' as InOut<T, R> to read its centre"};
  case Diag::ReadInOutOffCentre:
    return {"InOut grid '%0' can only be read at the centre",
            "read '%0()'; to read neighbours, read them from a separate "
            "In<T, R> grid holding the previous values"};
  case Diag::NonConstantOffset:
    return {"offset of grid '%0' is not a constant",
            "offsets must be integer constants: literals, constexpr variables "
            "or the variable of a loop with a constant trip count"};
  case Diag::OffsetNotInteger:
    return {"offset of grid '%0' has type '%1', not an integer",
            "offsets count points; write an integer constant"};
  case Diag::OffsetRange:
    return {"offset %1 of grid '%0' is out of range",
            "offsets lie within [-%2, %2]; a grid read that reaches further "
            "leaves any grid the kernel can run on"};
  case Diag::OffsetCount:
    return {"grid '%0' of rank %1 takes 0 or %1 offsets, not %2",
            "pass one offset per dimension, or none to read the centre"};
  case Diag::GridAsValue:
    return {"grid '%0' used as a value",
            "read an element with '%0(offsets...)'"};
  case Diag::ReductionUpdate:
    return {"%0 '%1' can only be updated with '%2'",
            "each point contributes one value through '%2'; other updates "
            "have no parallel meaning"};
  case Diag::ReductionRead:
    return {"cannot read %0 '%1' inside a kernel",
            "its value is known only after the launch, which returns it to "
            "the host"};
  case Diag::HistogramIndex:
    return {"histogram index has type '%0', not an integer",
            "convert the bin explicitly, e.g. '%1[int(x)] += 1'"};
  case Diag::HistogramContribution:
    return {"histogram '%0' counts %2 but the contribution has type '%1'",
            "C++ would add before truncating; convert the contribution "
            "explicitly, e.g. '%0[i] += int(e)'"};
  case Diag::IndexDimension:
    return {"index(%0) in a kernel of rank %1",
            "dimensions are numbered from 0 to the kernel's rank minus one"};
  case Diag::IndexNonConstant:
    return {"argument of index() is not a constant",
            "write index(0), index(1) or index(2)"};
  case Diag::UnsupportedParam:
    return {"parameter '%0' has unsupported type '%1'",
            "kernel parameters are In/Out/InOut<T, R>, Sum/Max/Min<T>, "
            "Histogram<T>, or float, double, int, int64_t or bool, all passed "
            "by value"};
  case Diag::RankMismatch:
    return {"grid '%0' has rank %1 but the kernel's first grid has rank %2",
            "all grids of a kernel share one domain; give them one rank or "
            "split the kernel"};
  case Diag::NoGrid:
    return {"kernel '%0' has no grid parameter",
            "a kernel runs once per point of its grids; add an In, Out or "
            "InOut parameter"};
  case Diag::KernelNotPlain:
    return {"kernel '%0' must be a plain function",
            "kernels cannot be templates, member functions or operators; "
            "write one named kernel per element type"};
  case Diag::KernelReturnsValue:
    return {"kernel '%0' must return void",
            "results leave a kernel through Out grids, reductions and "
            "histograms"};
  case Diag::KernelVariadic:
    return {"kernel '%0' cannot be variadic",
            "the generated host function takes a fixed list of arguments; "
            "name each parameter"};
  case Diag::DefaultArgument:
    return {"kernel parameter '%0' has a default argument",
            "the generated host function takes every argument; drop the "
            "default and pass the value at the launch"};
  case Diag::DuplicateKernel:
    return {"second kernel named '%0'",
            "the first '%0' is here; the generated host functions are "
            "named after their kernels, so give each kernel its own name"};
  case Diag::AssignParam:
    return {"cannot assign to scalar parameter '%0'",
            "scalar parameters are uniform over the launch; copy '%0' into a "
            "local variable and change that"};
  case Diag::UnsupportedCall:
    return {"call to '%0', which is neither a math function nor a helper",
            "kernels may call sqrt, fabs/abs, min/max/fmin/fmax, exp, log, "
            "pow, sin, cos, floor, ceil and inline helpers whose body is "
            "'return expr;'; inline the expression"};
  case Diag::KernelCall:
    return {"kernel '%0' cannot call kernel '%1'",
            "kernels are launched from the host; launch both from the host, "
            "or move the shared expression into an inline helper"};
  case Diag::HelperNotInlinable:
    return {"helper '%0' cannot be inlined into a kernel",
            "a helper's body must be a single 'return expr;' over scalar or "
            "grid parameters; inline the expression"};
  case Diag::HelperRecursive:
    return {"helper '%0' calls itself, directly or through other helpers",
            "helpers are inlined, so recursion never ends; compute the value "
            "with a loop of constant trip count in the kernel"};
  case Diag::NonConstantLoop:
    return {"loop without a constant trip count",
            "write 'for (int i = A; i < B; ++i)' with constant A, B and step; "
            "the loop is unrolled"};
  case Diag::LoopTooLong:
    return {"loop runs more than %0 iterations",
            "loops are unrolled; shorten the loop or restructure it"};
  case Diag::UnrollTooLarge:
    return {"nested loops unroll to more than %0 copies of their body",
            "loops are unrolled; shorten the loops or restructure them"};
  case Diag::LoopVariableRange:
    return {"loop variable '%0' takes the value %1, which does not fit in "
            "its type",
            "give the loop variable a wider type (int64_t) or change the "
            "bounds"};
  case Diag::AssignLoopVariable:
    return {"cannot modify loop variable '%0' inside the loop",
            "the loop is unrolled with '%0' a constant in each copy; change "
            "it only in the increment"};
  case Diag::UnsupportedStmt:
    return {"unsupported statement '%0'", "%1"};
  case Diag::EarlyReturn:
    return {"early return is not supported",
            "guard the rest of the body with if/else instead"};
  case Diag::UnusedValue:
    return {"expression statement has no effect",
            "assign the value to a local, a grid or a reduction"};
  case Diag::Pointer:
    return {"pointers are not supported in kernels",
            "read grids with g(offsets...) and keep values in local "
            "variables; no address-of, dereference or pointer arithmetic"};
  case Diag::UnsupportedExpr:
    return {"unsupported expression '%0'",
            "kernel expressions are arithmetic, comparisons, &&, ||, ?:, "
            "casts, grid reads, index(d) and math functions"};
  case Diag::UnsupportedOperator:
    return {"unsupported operator '%0'",
            "kernels support + - * / %% unary - ! comparisons && || and ?:"};
  case Diag::UnsupportedType:
    return {"type '%0' is not supported in kernels",
            "use float, double, int, int64_t or bool"};
  case Diag::Lambda:
    return {"lambdas are not supported in kernels",
            "define an inline helper function 'T f(...) { return expr; }' "
            "outside the kernel and call it"};
  case Diag::NestingTooDeep:
    return {"%0 nested more than %1 levels deep",
            "split it: keep intermediate values in local variables"};
  case Diag::ReservedName:
    return {"'%0' is a name the generated CUDA uses",
            "names ending in '_', CUDA's built-in variables and the math "
            "functions are reserved in the generated code; rename it"};
  case Diag::SelfInit:
    return {"local variable '%0' is read in its own initialiser",
            "its value is indeterminate there; initialise it from other "
            "values"};
  case Diag::SideEffectInExpr:
    return {"assignment or update inside an expression",
            "write it as a statement of its own"};
  case Diag::NonConstantGlobal:
    return {"kernel reads global variable '%0', which is not a constant",
            "make it constexpr, or pass it as a scalar parameter"};
  case Diag::Internal:
    return {"internal error while translating this construct: %0",
            "this is a bug in stencilc; please report it with the spec"};
  }
  return {"unknown diagnostic", "this is a bug in stencilc"};
}

} // namespace

void DiagReporter::report(Diag Kind, clang::SourceLocation Loc,
                          std::initializer_list<std::string> Args,
                          clang::SourceLocation NoteLoc) {
  std::string Key;
  for (const std::string &A : Args)
    Key += A + '\0';
  clang::SourceLocation FileLoc =
      Loc.isValid() ? Engine.getSourceManager().getFileLoc(Loc) : Loc;
  // Counted even when not printed again: the caller's translation failed.
  ++Errors;
  if (!Seen.emplace(Kind, FileLoc.getRawEncoding(), Key).second)
    return;
  DiagText Text = textOf(Kind);
  clang::DiagnosticIDs &IDs = *Engine.getDiagnosticIDs();
  unsigned ErrorID = IDs.getCustomDiagID(clang::DiagnosticIDs::Error, Text.Error);
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
