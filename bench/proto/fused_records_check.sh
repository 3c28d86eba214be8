#!/usr/bin/env bash
# bench/proto/fused_records_check.sh NEW_DIR OLD_DIR - on the GPU machine: the
# checks of the fused kernel reading carried grids from merge-arrays' records
# (NEW_DIR: fused and himeno built by the changed stencilc), then Himeno's
# fused sweep against the build before the change (OLD_DIR/himeno-gen), M and
# XL, the old one timed first and last.
set -uo pipefail
new=${1:?usage: NEW_DIR OLD_DIR}
old=${2:?usage: NEW_DIR OLD_DIR}
"$new/fused" --check 2>&1 | grep -E '^(PASS|FAIL)|relax3c|FAIL' | tail -12
for args in "--size M --iters 5" "--size L --iters 4" "--size XS --iters 9 --sweep-depth 2" \
            "--size XS --iters 9 --sweep-depth 3" "--size XS --iters 9 --sweep-depth 4" \
            "--size S --sweep-depth 2"; do
  # shellcheck disable=SC2086
  echo "himeno --check --fused $args: $("$new/himeno" --check --fused $args 2>&1 | grep -E '^(PASS|FAIL)' | tail -1)"
done
echo "himeno --check (one-sweep, S): $("$new/himeno" --check --size S 2>&1 | grep -E '^(PASS|FAIL)' | tail -1)"
for size in M XL; do
  for b in "$old/himeno-gen" "$new/himeno" "$old/himeno-gen" "$new/himeno"; do
    echo "== $size $b"
    "$b" --bench --size "$size" --reps 10 2>&1 | grep -E '^BENCH' | sed -E 's/ (points|bytes_per_point|min_ms)=[^ ]*//g'
  done
done
