#!/usr/bin/env bash
# bench/proto/done_flag_ab.sh BIN_DIR - on the GPU machine: Himeno binaries
# from variants of the result hand-over (session 41) against each other in
# one call. BIN_DIR holds done_flag (bench/proto/done_flag.cu) and, per
# variant V, himeno-V and launch_bound-V (fused-V: test/gpu/fused, optional):
#   base  the generated code with __threadfence_system() for markWritten,
#         against the runtime before the flag (git archive 71420b3
#         runtime/include): waits on events alone
#   flag  173554e: the finalize sets a done flag the host reads first
#   hand  the persistent kernel's last block hands the totals over (no
#         finalize launch after a persistent launch)
#   1. done_flag at 3 and 20 us of work: the primitive, flag against event
#   2. the last variant's checks: himeno --check --fused at XS, S, M;
#      fused --check and --check-tuned; compute-sanitizer memcheck,
#      racecheck and synccheck on himeno XS and fused --check --quick
#   3. bench/proto/himeno_ab.sh at XS S M (the first variant again last: the
#      run's drift), ROUNDS times at REPS (30)
#   4. launch_bound --calls: each variant, the first again last
#   VARIANTS (default "base flag"), ROUNDS (1), PRIMITIVE=0 skips 1.
set -uo pipefail
bin=${1:?usage: bench/proto/done_flag_ab.sh BIN_DIR}
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
read -r -a variants <<<"${VARIANTS:-base flag}"
last=${variants[${#variants[@]} - 1]}
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv,noheader
if [[ ${PRIMITIVE:-1} != 0 ]]; then
  echo "## done_flag"
  "$bin/done_flag" --reps 400 --work-ns 3000
  "$bin/done_flag" --reps 400 --work-ns 20000
fi
echo "## checks ($last)"
for size in XS S M; do
  echo "check $size: $("$bin/himeno-$last" --check --fused --size "$size" --iters 9 2>&1 | grep -E '^(PASS|FAIL)' | tail -1)"
done
for tool in memcheck racecheck synccheck; do
  echo "sanitizer $tool himeno XS: $(compute-sanitizer --tool "$tool" "$bin/himeno-$last" --check --fused --size XS --iters 5 2>&1 | grep -E 'ERROR SUMMARY|^(PASS|FAIL)' | tr '\n' ' ')"
done
if [[ -x $bin/fused-$last ]]; then
  for args in --check --check-tuned; do
    echo "fused $args: $("$bin/fused-$last" "$args" 2>&1 | grep -E '^(PASS|FAIL)' | tail -1)"
  done
  for tool in memcheck racecheck synccheck; do
    echo "sanitizer $tool fused: $(compute-sanitizer --tool "$tool" "$bin/fused-$last" --check --quick 2>&1 | grep -E 'ERROR SUMMARY|^(PASS|FAIL)' | tr '\n' ' ')"
  done
fi
echo "## himeno --bench"
for ((r = 1; r <= ${ROUNDS:-1}; ++r)); do
  VARIANTS="${variants[*]}" SIZES="XS S M" REPS=${REPS:-30} "$here/himeno_ab.sh" "$bin" | grep -E '^(==|BENCH)'
done
echo "## launch_bound --calls"
for v in "${variants[@]}" "${variants[0]}"; do
  echo "== $v"
  "$bin/launch_bound-$v" --calls 2>&1 | grep -E '^(FIT|PRIM|CALL (XS|S) N +(1|10|32) )'
done
