//===- ParseKernel.h - one kernel from the textual IR, for pass tests -----===//
//
// For the unit tests that state their kernels in the IR stencilc --emit=ir
// prints (FuseSweepsTest, RingTest): the first kernel of a module "t.cpp"
// holding Text, a test failure (with the reader's message) if it does not
// parse.
//
//===----------------------------------------------------------------------===//
#ifndef STENCIL_TEST_UNIT_PARSEKERNEL_H
#define STENCIL_TEST_UNIT_PARSEKERNEL_H

#include "codegen/IRParser.h"

#include <gtest/gtest.h>

#include <optional>
#include <string>

namespace stencilc::test {

inline ir::Kernel parseKernel(const std::string &Text) {
  ir::ParseError Err;
  std::optional<ir::Module> M =
      ir::parseModule("module \"t.cpp\"\n" + Text, Err);
  EXPECT_TRUE(M) << Err.Message << " at line " << Err.Loc.Line;
  return M ? std::move(M->Kernels.front()) : ir::Kernel();
}

} // namespace stencilc::test

#endif
