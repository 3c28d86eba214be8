#!/usr/bin/env bash
# bench/tune-depth.sh BIN_DIR - STENCIL_TUNE choosing the fusion depth of
# NAME_sweeps (docs/runtime.md#autotuning), on the GPU machine. BIN_DIR holds
# any of fused (test/gpu/fused), himeno, jacobi2d and laplace2d, built here
# (a part whose binary is missing is left out):
#   EXAMPLE_DIR=test/gpu scripts/build-example fused .gpu-tune
#   scripts/build-example himeno .gpu-tune  (jacobi2d, laplace2d likewise)
# Then, in one call: fused --check (every depth, -1 included, against the
# loop) and --check-tuned (tuned twice, bit for bit); per Himeno size and for
# the Jacobi solver, the bench as compiled, with STENCIL_TUNE=1 and a fresh
# cache (its progress on stderr), and from that cache without tuning, each
# in the same call as the pipelined one-sweep loop it is compared with; and
# the fused check with the tuned depth; the Laplace solver (f32 and f64) as
# compiled, tuning and from the cache. Output: one log on stdout.
set -uo pipefail
bin=${1:?usage: bench/tune-depth.sh BIN_DIR}
out=$(mktemp -d)
nvidia-smi --query-gpu=name,clocks.max.sm,memory.total --format=csv,noheader
step() { echo "== $*"; }
have() { [[ -x $bin/$1 ]]; }
if have fused; then
  step "fused --check (depths -1, 0 to 4)"
  timeout 400 "$bin/fused" --check 2>&1 | grep -E 'FAIL|PASS|passed|failed' | tail -4
  step "fused --check-tuned"
  timeout 200 "$bin/fused" --check-tuned 2>"$out/fused-tuned.err" | tail -8
  grep -E 'tuned .*:' "$out/fused-tuned.err" | head -20
fi
# bench NAME CACHE ARGS...: one bench call, its BENCH lines.
bench() {
  local name=$1 cache=$2
  shift 2
  STENCIL_TUNE_CACHE=$cache timeout 200 "$bin/$name" --bench "$@" 2>>"$out/$name.err" |
    grep -E '^BENCH' | cut -c1-160
}
have himeno && for size in S M L XL; do
  cache=$out/himeno-$size.txt
  step "himeno $size as compiled"
  STENCIL_TUNE=0 bench himeno /nonexistent --size "$size" --reps 10
  step "himeno $size tuning (STENCIL_TUNE=1, fresh cache)"
  STENCIL_TUNE=1 bench himeno "$cache" --size "$size" --reps 10
  grep -E 'tuning|tuned|ms$' "$out/himeno.err" | tail -12
  : >"$out/himeno.err"
  step "himeno $size from the cache"
  bench himeno "$cache" --size "$size" --reps 10
  cat "$cache"
  step "himeno $size --check --fused from the cache"
  STENCIL_TUNE_CACHE=$cache timeout 200 "$bin/himeno" --check --fused --size "$size" --iters 5 2>&1 | tail -2
done
if have jacobi2d; then
  cache=$out/jacobi.txt
  step "jacobi2d as compiled"
  STENCIL_TUNE=0 bench jacobi2d /nonexistent --reps 10
  step "jacobi2d tuning"
  STENCIL_TUNE=1 bench jacobi2d "$cache" --reps 10
  grep -E 'tuning|tuned|ms$' "$out/jacobi2d.err" | grep -i sweeps | tail -12
  step "jacobi2d from the cache"
  bench jacobi2d "$cache" --reps 10
  grep sweeps "$cache"
fi
have laplace2d && for precision in f32 f64; do
  cache=$out/laplace-$precision.txt
  step "laplace2d $precision as compiled"
  STENCIL_TUNE=0 bench laplace2d /nonexistent --precision "$precision" --reps 10
  step "laplace2d $precision tuning"
  STENCIL_TUNE=1 bench laplace2d "$cache" --precision "$precision" --reps 10
  grep -E 'tuning|tuned|ms$' "$out/laplace2d.err" | grep -i sweeps | tail -12
  : >"$out/laplace2d.err"
  step "laplace2d $precision from the cache"
  bench laplace2d "$cache" --precision "$precision" --reps 10
  grep sweeps "$cache"
  # At 4096^2 the CPU reference would take minutes: the check tunes at a
  # small odd size of its own.
  step "laplace2d $precision --check --fused, tuning at 515 x 259"
  STENCIL_TUNE=1 STENCIL_TUNE_CACHE=$out/laplace-check.txt timeout 200 "$bin/laplace2d" \
    --check --fused --precision "$precision" --n 515 --m 259 --iters 100 2>&1 | tail -1
done
rm -rf "$out"
