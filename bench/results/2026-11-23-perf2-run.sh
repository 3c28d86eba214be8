#!/usr/bin/env bash
# perf2's device call (2026-11-23-perf2-h100.txt): copy bandwidth, correctness
# of every variant, then timings. The variants (.gpu-perf2/*-{base,r32,r40})
# were built from stencilc's output at commit ccd076d, r32/r40 with
# `__maxnreg__(N)` inserted before each `*_kernel(` definition by sed.
set -u
B=.gpu-perf2
nvidia-smi --query-gpu=name,clocks.mem,clocks.sm --format=csv,noheader
$B/copybw --mib 2048 --reps 20
for v in base r32 r40; do
  echo "== check jacobi2d-$v"; $B/jacobi2d-$v --check --n 517 --m 263 --maxit 20 2>&1 | tail -2
  echo "== check himeno-$v"; $B/himeno-$v --check --size S 2>&1 | tail -2
done
JS=64x4:4,64x4:8,128x2:4,32x8:4,256x1:2
for rep in 1 2; do for v in base r32; do
  echo "== bench jacobi2d-$v rep $rep"; $B/jacobi2d-$v --bench --reps 50 --shapes $JS 2>&1 | grep BENCH | grep -v initialize
done; done
for v in base r32; do
  echo "== profile jacobi2d-$v"; STENCIL_PROFILE=1 $B/jacobi2d-$v --bench --reps 50 2>&1 | grep -i "sweep\|BENCH" | head -8
done
HS=128x4x1:8,128x4x1:16,128x2x1:8,128x2x1:16,256x2x1:16,64x4x1:16
for v in base r40 r32; do
  echo "== bench himeno-$v"; $B/himeno-$v --bench --size all --reps 20 --shapes $HS 2>&1 | grep BENCH
done
$B/copybw --mib 2048 --reps 20
