// --depfile=FILE writes a Make-style rule: every file written depends on the
// spec and every header it includes, as Clang's preprocessor opened them
// (system headers left out, as with -MMD).
// RUN: rm -rf %t && mkdir -p "%t/out dir"
// RUN: %stencilc %s -o "%t/out dir/spec.cu" --header %t/spec.h --depfile=%t/spec.d
// RUN: FileCheck %s < %t/spec.d
// CHECK:      {{^}}{{.*}}/out\ dir/spec.cu {{.*}}/spec.h: \
// CHECK-NEXT: {{^}}  {{.*}}depfile.cpp \
// CHECK-NEXT: {{^}}  {{.*}}Inputs/coefficients.hpp \
// CHECK-NEXT: {{^}}  {{.*}}/stencil/stencil.hpp \
// CHECK-NEXT: {{^}}  {{.*}}/stencil/boundary.hpp \
// CHECK-NEXT: {{^}}  {{.*}}/stencil/fminmax.hpp \
// CHECK-NEXT: {{^}}  {{.*}}/stencil/grid.hpp{{$}}
// CHECK-NOT:  cmath
//
// From standard input the spec itself is no dependency; the headers are.
// RUN: %stencilc - --emit=ir -o %t/ir.txt --depfile=%t/ir.d -- -I%S < %s
// RUN: FileCheck %s --check-prefix=STDIN < %t/ir.d
// STDIN:      {{.*}}/ir.txt: \
// STDIN-NOT:  stdin
// STDIN:      Inputs/coefficients.hpp
//
// Nothing written to a file: nothing to name as the target.
// RUN: not %stencilc %s -o - --depfile=%t/none.d 2>&1 >/dev/null | FileCheck %s --check-prefix=NOFILE
// NOFILE: stencilc: error: --depfile needs an output file (-o FILE): nothing was written to a file
// A spec with errors writes no depfile.
// RUN: not %stencilc %S/Inputs/bad.cpp -o %t/bad.cu --depfile=%t/bad.d 2>/dev/null
// RUN: not ls %t/bad.d
#include "Inputs/coefficients.hpp"
#include <stencil/stencil.hpp>
using namespace stencil;

STENCIL_KERNEL void smooth(In<double, 1> a, Out<double, 1> b) {
  b() = Weight * (a(-1) + 2.0 * a() + a(1));
}
