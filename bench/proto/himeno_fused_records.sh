#!/usr/bin/env bash
# bench/proto/himeno_fused_records.sh BIN_DIR - on the GPU machine: Himeno's
# fused sweep with its carried coefficients read from merge-arrays' records
# (bench/proto/himeno_fused_records.py makes the variants from stencilc's
# output) against the code stencilc emits, in one call: each binary's
# --check --fused first (M, and XS at depths 3 and 4), then --bench at M and
# XL, the stock binary timed first and last (the run's drift).
#   BIN_DIR/himeno-gen        the generated code as it is
#   BIN_DIR/himeno-rec        first-step loads from the records
#   BIN_DIR/himeno-rec-carry  and the carry as three float4 a point
set -uo pipefail
bin=${1:?usage: bench/proto/himeno_fused_records.sh BIN_DIR}
variants=(gen rec rec-carry)
for v in "${variants[@]}"; do
  for args in "--size M --iters 5" "--size XS --iters 9 --sweep-depth 3" "--size XS --iters 9 --sweep-depth 4"; do
    # shellcheck disable=SC2086
    echo "$v check $args: $("$bin/himeno-$v" --check --fused $args 2>&1 | grep -E '^(PASS|FAIL)' | tail -1)"
  done
done
for size in ${SIZES:-M XL}; do
  for v in "${variants[@]}" gen; do
    echo "== $size $v"
    "$bin/himeno-$v" --bench --size "$size" --reps "${REPS:-10}" 2>&1 | grep -E '^BENCH' | sed -E 's/ (points|bytes_per_point|min_ms)=[^ ]*//g'
  done
done
