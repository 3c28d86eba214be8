// CRLF line endings and bytes that are not UTF-8 keep diagnostics at the
// right line and column.
// RUN: sed 's/$/\r/' %s > %t.crlf.cpp
// RUN: not %stencilc %t.crlf.cpp 2>&1 | FileCheck %s --check-prefix=CRLF
// RUN: not %stencilc %S/Inputs/latin1-spec.cpp 2>&1 | FileCheck %s --check-prefix=LATIN1
#include <stencil/stencil.hpp>
using namespace stencil;

STENCIL_KERNEL void k(In<double, 1> g, Out<double, 1> u) {
  u() = g(1);
  g() = 2.0;
}

// CRLF: crlf.cpp:11:3: error: cannot write to input grid 'g'
// CRLF: 1 error generated.

// Latin-1 in a comment is fine; in an identifier Clang says so.
// LATIN1: latin1-spec.cpp:7:10: error: source file is not valid UTF-8
// LATIN1-NOT: error: {{.*}}grid
