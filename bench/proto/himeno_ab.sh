#!/usr/bin/env bash
# bench/proto/himeno_ab.sh BIN_DIR - on the GPU machine: Himeno binaries
# built from variants of stencilc's code (hand-made, or two stencilc builds)
# against each other in one call: each binary's --check --fused (M, and XS at
# depths 2-4) first, then --bench at each size, the first variant timed again
# last (the run's drift).
#   VARIANTS  the binaries BIN_DIR/himeno-V to run (default "base jam jam8":
#             session 37's two rows a thread, bench/proto/himeno_fused_jam.py;
#             "base b12": its __launch_bounds__(128, 12); "base chunk":
#             session 38's fusedChunk)
#   SIZES     the --bench sizes (default "M XL"); REPS its --reps (10)
set -uo pipefail
bin=${1:?usage: bench/proto/himeno_ab.sh BIN_DIR}
read -r -a variants <<<"${VARIANTS:-base jam jam8}"
for v in "${variants[@]}"; do
  for args in "--size M --iters 5" "--size XS --iters 9 --sweep-depth 2" "--size XS --iters 9 --sweep-depth 3" "--size XS --iters 9 --sweep-depth 4"; do
    # shellcheck disable=SC2086
    echo "$v check $args: $("$bin/himeno-$v" --check --fused $args 2>&1 | grep -E '^(PASS|FAIL)' | tail -1)"
  done
done
for size in ${SIZES:-M XL}; do
  for v in "${variants[@]}" "${variants[0]}"; do
    echo "== $size $v"
    "$bin/himeno-$v" --bench --size "$size" --reps "${REPS:-10}" 2>&1 | grep -E '^BENCH.*(pipelined|fused)' | sed -E 's/ (points|bytes_per_point|min_ms)=[^ ]*//g'
  done
done
