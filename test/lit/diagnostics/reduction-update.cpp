// RUN: not %stencilc %s --emit=ir 2>&1 | FileCheck %s
#include <stencil/stencil.hpp>
using namespace stencil;

STENCIL_KERNEL void k(In<double, 2> g, Sum<double> error, Max<double> m, Min<double> lo) {
  double e = g();
  error = e;
  error -= e;
  m = min(m, e);
  m += e;
  lo = max(e, lo);
  lo = min(e, 1.0);
}

// CHECK: {{.*}}reduction-update.cpp:7:3: error: sum reduction 'error' can only be updated with 'error += e'
// CHECK: {{.*}}reduction-update.cpp:7:3: note: each point contributes one value through 'error += e'; other updates have no parallel meaning
// CHECK: {{.*}}reduction-update.cpp:8:3: error: sum reduction 'error' can only be updated with 'error += e'
// CHECK: {{.*}}reduction-update.cpp:8:3: note: each point contributes one value through 'error += e'; other updates have no parallel meaning
// CHECK: {{.*}}reduction-update.cpp:9:3: error: max reduction 'm' can only be updated with 'm = max(m, e)'
// CHECK: {{.*}}reduction-update.cpp:9:3: note: each point contributes one value through 'm = max(m, e)'; other updates have no parallel meaning
// CHECK: {{.*}}reduction-update.cpp:10:3: error: max reduction 'm' can only be updated with 'm = max(m, e)'
// CHECK: {{.*}}reduction-update.cpp:10:3: note: each point contributes one value through 'm = max(m, e)'; other updates have no parallel meaning
// CHECK: {{.*}}reduction-update.cpp:11:3: error: min reduction 'lo' can only be updated with 'lo = min(lo, e)'
// CHECK: {{.*}}reduction-update.cpp:11:3: note: each point contributes one value through 'lo = min(lo, e)'; other updates have no parallel meaning
// CHECK: {{.*}}reduction-update.cpp:12:3: error: min reduction 'lo' can only be updated with 'lo = min(lo, e)'
// CHECK: {{.*}}reduction-update.cpp:12:3: note: each point contributes one value through 'lo = min(lo, e)'; other updates have no parallel meaning
// CHECK: 6 errors generated.
