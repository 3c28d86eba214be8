// Deeply nested specs never crash stencilc: a few thousand levels translate
// (Clang and the translator run on a large stack), deeper ones are a
// diagnostic. 3000 nested minuses used to overflow the stack in Clang's parser.
// RUN: python3 %S/Inputs/deep-nesting.py minus 7000 > %t.minus.cpp
// RUN: %stencilc %t.minus.cpp -o %t.cu --header %t.h
// RUN: python3 %S/Inputs/deep-nesting.py sum 7000 > %t.sum.cpp
// RUN: %stencilc %t.sum.cpp --emit=ir | FileCheck %s --check-prefix=SUM
// RUN: python3 %S/Inputs/deep-nesting.py ifs 1500 > %t.ifs.cpp
// RUN: %stencilc %t.ifs.cpp --emit=ir | FileCheck %s --check-prefix=IFS
// RUN: python3 %S/Inputs/deep-nesting.py minus 20000 > %t.deep-minus.cpp
// RUN: not %stencilc %t.deep-minus.cpp 2>&1 | FileCheck %s --check-prefix=TOO-DEEP
// RUN: python3 %S/Inputs/deep-nesting.py ifs 2500 > %t.deep-ifs.cpp
// RUN: not %stencilc %t.deep-ifs.cpp 2>&1 | FileCheck %s --check-prefix=TOO-DEEP-IFS

// SUM: kernel deep rank 1
// SUM: store u = {{.*}}g[0]) + g[0])

// The IR after the pipeline: fold-constants made the spec's int literals,
// converted to double, 0.0 and 1.0.
// IFS: kernel deep rank 1
// IFS-COUNT-1500: if (g[0] > 0.0) {
// IFS-NEXT: store u = 1.0

// TOO-DEEP: deep-minus.cpp:4:16009: error: expression nested more than 8000 levels deep
// TOO-DEEP: note: split it: keep intermediate values in local variables
// TOO-DEEP: 1 error generated.

// TOO-DEEP-IFS: deep-ifs.cpp:4:26003: error: statement nested more than 2000 levels deep
// TOO-DEEP-IFS: 1 error generated.
