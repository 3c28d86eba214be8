//===- KernelTranslator.h - one STENCIL_KERNEL function to an ir::Kernel --===//
//
// Walks a kernel's parameters and body once and builds the IR: grid reads at
// constant offsets, centre stores, reduction and histogram updates, locals
// (renamed to be unique within the kernel), if/else, and for loops with a
// constant trip count, unrolled with the loop variable substituted. C++'s
// implicit conversions become explicit ir::Casts, decided from the Clang type
// of each expression. Anything outside the DSL is reported (see
// Diagnostics.h) and translation carries on with the next statement, so one
// run reports every error; nothing is dropped silently.
//
//===----------------------------------------------------------------------===//
#ifndef STENCILC_FRONTEND_KERNELTRANSLATOR_H
#define STENCILC_FRONTEND_KERNELTRANSLATOR_H

#include "codegen/IR.h"
#include "frontend/Diagnostics.h"

#include "clang/AST/Decl.h"
#include "llvm/ADT/ArrayRef.h"

#include <optional>

namespace stencilc::frontend {

/// True when FD carries [[clang::annotate("stencil_kernel")]].
bool isKernel(const clang::FunctionDecl *FD);

/// Reports every kernel whose name an earlier one already has (overloads,
/// or the same name in two namespaces): the IR and the generated host API
/// name kernels by their unqualified names.
void reportDuplicateKernels(llvm::ArrayRef<const clang::FunctionDecl *> Kernels,
                            DiagReporter &Diags);

/// Translates one kernel. Returns nullopt after reporting errors.
std::optional<ir::Kernel> translateKernel(const clang::FunctionDecl *FD,
                                          clang::ASTContext &Ctx,
                                          DiagReporter &Diags);

} // namespace stencilc::frontend

#endif
