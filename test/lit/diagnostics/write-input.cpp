// The printed form of a diagnostic, checked in full: FILE:LINE:COL, the
// source line, the caret under the column, the note with the fix, and
// Clang's count. The other tests in this directory use --verify-diagnostics,
// which matches each message and its line but not how it is printed; this
// one stays FileCheck so that the form users see stays tested.
// RUN: not %stencilc %s --emit=ir 2>&1 | FileCheck %s --strict-whitespace
#include <stencil/stencil.hpp>
using namespace stencil;

STENCIL_KERNEL void k(In<double, 2> uold, Out<double, 2> u) {
  uold() = 1.0;
  u() = uold();
}
// CHECK:      {{^.*}}write-input.cpp:[[@LINE-3]]:3: error: cannot write to input grid 'uold'{{$}}
// CHECK-NEXT: {{^ +}}[[@LINE-4]] |   uold() = 1.0;{{$}}
// CHECK-NEXT: {{^ +}}|   ^{{$}}
// CHECK-NEXT: {{^.*}}write-input.cpp:[[@LINE-6]]:3: note: In grids are read-only; declare 'uold' as Out<T, R> or InOut<T, R> to write it{{$}}
// CHECK-NEXT: {{^}}1 error generated.{{$}}
