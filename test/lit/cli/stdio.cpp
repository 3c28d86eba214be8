// Shell-friendly I/O: the spec from standard input with '-', the output on
// standard output with '-o -', and nothing else on stdout (remarks and IR
// dumps that would mix with the CUDA go to stderr).
//
// One stream: the header first, then the CUDA, which includes no header.
// RUN: %stencilc - -o - < %s | FileCheck %s --check-prefix=STREAM
// RUN: cat %s | %stencilc - -o - --report 2>%t.err | FileCheck %s --check-prefix=STREAM
// RUN: FileCheck %s --check-prefix=REPORT < %t.err
// STREAM:     #pragma once
// STREAM:     void scale(
// STREAM-NOT: #include "
// STREAM:     __global__ void __launch_bounds__({{[0-9]+(, [0-9]+)?}}) scale_kernel(
// REPORT:     <stdin>:[[# @LINE+16]]:21: remark: kernel scale: launch:
//
// CUDA on stdout, the header into a file.
// RUN: %stencilc %s -o - --header %t.h | FileCheck %s --check-prefix=CUDA
// RUN: FileCheck %s --check-prefix=HEADER < %t.h
// CUDA:     #include "{{.*}}stdio.cpp.tmp.h"
// CUDA:     __global__ void __launch_bounds__({{[0-9]+(, [0-9]+)?}}) scale_kernel(
// HEADER:   void scale(
//
// With -o -, --print-after dumps go to stderr.
// RUN: %stencilc - -o - --print-after=tile < %s 2>%t.dump | FileCheck %s --check-prefix=STREAM
// RUN: FileCheck %s --check-prefix=DUMP < %t.dump
// DUMP: ; *** IR after tile ***
#include <stencil/stencil.hpp>
using namespace stencil;

STENCIL_KERNEL void scale(In<float, 1> a, Out<float, 1> b, float s) { b() = s * a(); }
