#!/usr/bin/env bash
# bench/proto/warp_atomic_examples.sh - on the GPU machine, one call: the
# examples jacobi2d, laplace2d and himeno from the pack's generated code (A)
# and the same compiled with warp_atomic_header.py's reduction.hpp (D); D's
# --check (fused paths included), then each --bench, A and D alternated,
# two passes. Carry [".gpu/pack"]. Output under $OUT (or .gpu/out).
set -uo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/device_prelude.sh"
work=.gpu/wae
# PHASE=build builds only, PHASE=run runs what a build left (the two can
# then overlap another job's GPU work with this one's compiles).
phase=${PHASE:-all}
if [[ $phase != run ]]; then
rm -rf "$work" && mkdir -p "$work/wd/stencil/detail" "$work/bin"
tar -C "$work" -xJf .gpu/pack/gpu.tar.xz gen/jacobi2d gen/laplace2d gen/himeno || exit 2
python3 bench/proto/warp_atomic_header.py runtime/include/stencil/detail/reduction.hpp \
  "$work/wd/stencil/detail/reduction.hpp" || exit 2
for e in jacobi2d laplace2d himeno; do
  for v in A D; do
    printf '%s\n%s\n' "$e" "$v"
  done
done | xargs -d '\n' -n 2 -P 6 sh -c \
  'pre=; [ "$1" = D ] && pre="-I '"$work"'/wd"; nvcc -arch=sm_90 -O3 -std=c++17 $pre -I dsl -I runtime/include -I '"$work"'/gen/$0 examples/$0/main.cu '"$work"'/gen/$0/$0_gen.cu -o '"$work"'/bin/$0-$1 || echo "nvcc failed: $0 $1"'
echo "built in $((SECONDS - t0)) s"
fi
[[ $phase == build ]] && exit 0
b=$work/bin
{ $b/jacobi2d-D --check; $b/laplace2d-D --check; $b/laplace2d-D --check --precision f64
  $b/himeno-D --check --size M --fused; $b/himeno-D --check --size S --fused; } >"$out/wae-check-D.txt" 2>&1
echo "D checks rc=$?: $(grep -ci fail "$out/wae-check-D.txt") lines with FAIL"
for p in 1 2; do
  for v in A D; do
    $b/jacobi2d-$v --bench --reps 10 | sed "s/^/$v$p /" >>"$out/wae-bench.txt"
    $b/laplace2d-$v --bench --reps 10 | sed "s/^/$v$p /" >>"$out/wae-bench.txt"
    $b/laplace2d-$v --bench --reps 10 --precision f64 | sed "s/^/$v$p /" >>"$out/wae-bench.txt"
    $b/himeno-$v --bench --size S --reps 10 | sed "s/^/$v$p /" >>"$out/wae-bench.txt"
    $b/himeno-$v --bench --size M --reps 10 | sed "s/^/$v$p /" >>"$out/wae-bench.txt"
  done
  echo "pass $p at $((SECONDS - t0)) s"
done
grep -E "fused|solver|pipelined" "$out/wae-bench.txt" | awk '{print $1, $3, $6}' | head -80
echo "total $((SECONDS - t0)) s"
