#!/usr/bin/env bash
# bench/proto/himeno_fused_jam.sh BIN_DIR - on the GPU machine: Himeno's fused
# kernel with two rows of a step a thread (bench/proto/himeno_fused_jam.py)
# against stencilc's code, one call: each binary's --check --fused (M, XS at
# depths 2-4), then --bench at M and XL, the stock binary first and last.
#   BIN_DIR/himeno-base   stencilc's code
#   BIN_DIR/himeno-jam    rows in pairs, __launch_bounds__(128, 10) (48 registers)
#   BIN_DIR/himeno-jam8   the same at __launch_bounds__(128, 8) (64 registers)
# VARIANTS="base b12" times others (himeno-b12: __launch_bounds__(128, 12)).
set -uo pipefail
bin=${1:?usage: bench/proto/himeno_fused_jam.sh BIN_DIR}
read -r -a variants <<<"${VARIANTS:-base jam jam8}" # the first is timed again last
for v in "${variants[@]}"; do
  for args in "--size M --iters 5" "--size XS --iters 9 --sweep-depth 2" "--size XS --iters 9 --sweep-depth 3" "--size XS --iters 9 --sweep-depth 4"; do
    # shellcheck disable=SC2086
    echo "$v check $args: $("$bin/himeno-$v" --check --fused $args 2>&1 | grep -E '^(PASS|FAIL)' | tail -1)"
  done
done
for size in M XL; do
  for v in "${variants[@]}" "${variants[0]}"; do
    echo "== $size $v"
    "$bin/himeno-$v" --bench --size "$size" --reps 10 2>&1 | grep -E '^BENCH.*(pipelined|fused)' | sed -E 's/ (points|bytes_per_point|min_ms)=[^ ]*//g'
  done
done
