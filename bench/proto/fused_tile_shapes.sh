#!/usr/bin/env bash
# fused_tile_shapes.sh - Himeno's fused sweep at other tile shapes than
# fuse-sweeps chose, without changing the pass: the IR's fuse line is edited
# and stencilc-opt emits the CUDA (session 35,
# bench/results/2026-12-02T1435Z-himeno-fused-shapes-h200.txt).
#
#   bench/proto/fused_tile_shapes.sh build OUT_DIR   # here: one binary a shape
#   bench/proto/fused_tile_shapes.sh run OUT_DIR     # on the GPU machine
#
# A shape is (chunk planes, rows, threads wide); a tile outputs width - 4
# columns at depth 2. `run` checks each binary (himeno --check --fused) before
# timing it at M and XL. Environment: STENCILC (build/stencilc), STENCILC_OPT
# (build/stencilc-opt), NVCC (nvcc), SHAPES (the list below).
set -euo pipefail
[[ $# -eq 2 && ( $1 == build || $1 == run ) ]] ||
  { echo "usage: $0 build|run OUT_DIR" >&2; exit 2; }
mode=$1 out=$2
cd "$(dirname "$0")/../.."
shapes=${SHAPES:-"32,4,32 32,4,64 32,8,32 32,2,64 64,4,32 16,4,32 32,6,32 32,8,64"}
compiled="32, 4, 32" # what fuse-sweeps chose at the session-35 build

if [[ $mode == run ]]; then
  for s in $shapes; do
    t=${s//,/x}
    echo "=== $t"
    timeout 60 "$out/himeno-$t" --check --fused --size M --iters 10 | tail -2
    for size in M XL; do
      timeout 90 "$out/himeno-$t" --bench --size $size --reps 10 | grep -E '^BENCH.*(fused|pipelined)'
    done
  done
  exit 0
fi

stencilc=${STENCILC:-build/stencilc}
opt=${STENCILC_OPT:-build/stencilc-opt}
nvcc=${NVCC:-nvcc}
mkdir -p "$out"
"$stencilc" examples/himeno/himeno.spec.cpp --distributed --emit=ir -o "$out/himeno.sir"
grep -q "tile ($compiled)" "$out/himeno.sir" ||
  { echo "$0: the IR's fuse line is not 'tile ($compiled)': update 'compiled'" >&2; exit 1; }
for s in $shapes; do
  t=${s//,/x}
  gen=$out/gen-$t
  mkdir -p "$gen"
  sed "s/tile ($compiled)/tile (${s//,/, })/" "$out/himeno.sir" >"$gen/himeno.sir"
  "$opt" "$gen/himeno.sir" --distributed --emit=cuda -o "$gen/himeno_gen.cu" --header "$gen/himeno_gen.h"
  "$nvcc" -arch=sm_90 -O3 -std=c++17 -I dsl -I runtime/include -I "$gen" \
    examples/himeno/main.cu "$gen/himeno_gen.cu" -o "$out/himeno-$t" &
  while (($(jobs -r | wc -l) >= 2)); do sleep 2; done
done
wait
echo "built: $shapes"
