//===- Verifier.h - structural checks of the IR ---------------------------===//
//
// Checks the invariants every pass and the emitter rely on: parameter names
// are unique; grids have the kernel's rank; locals are declared once, before
// use, with the type they are used at; reads touch only In/InOut grids (InOut
// at the centre), with one offset per dimension; stores target Out/InOut
// grids; reductions and histogram updates name parameters of that kind;
// index(d) has d < rank; uniforms use only scalar parameters and constants.
// The driver runs it after the frontend and after every pass; a failure is a
// compiler bug, reported as such.
//
//===----------------------------------------------------------------------===//
#ifndef STENCILC_CODEGEN_VERIFIER_H
#define STENCILC_CODEGEN_VERIFIER_H

#include "codegen/IR.h"

#include <string>
#include <vector>

namespace stencilc::ir {

/// Returns one message per broken invariant; empty when the kernel is valid.
std::vector<std::string> verifyKernel(const Kernel &K);

/// Message without verifyKernel's "kernel 'NAME': " prefix, for a remark or
/// message that names the kernel already.
std::string withoutKernelPrefix(const Kernel &K, const std::string &Message);

} // namespace stencilc::ir

#endif
