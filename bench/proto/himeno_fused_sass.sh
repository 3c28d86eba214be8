#!/usr/bin/env bash
# bench/proto/himeno_fused_sass.sh BIN - on the GPU machine (cuobjdump and ncu
# are there, not here): the SASS of Himeno's fused kernel at depth 2 (int
# indices) into $OUT/fused.sass, and ncu's instruction mix and stall reasons
# for one launch of it at M (himeno --fused): which instructions a point
# costs, before changing the emitter.
set -uo pipefail
bin=${1:?usage: bench/proto/himeno_fused_sass.sh BIN}
out=${OUT:-.}
cuobjdump -sass "$bin" > "$out/all.sass" 2>&1
awk '/Function : .*jacobi_fused_kernel.*IiLi2E/{p=1} p&&/Function : /&&!/jacobi_fused_kernel.*IiLi2E/{p=0} p' "$out/all.sass" > "$out/fused.sass"
grep -c "^ */\*[0-9a-f]*\*/" "$out/fused.sass"
grep -o "^ */\*[0-9a-f]*\*/ *[@!A-Z0-9_.]* *[A-Z][A-Z0-9_.]*" "$out/fused.sass" | awk '{print $NF}' | sed 's/\..*//' | sort | uniq -c | sort -rn | head -40
timeout 300 ncu --section InstructionStats --section WarpStateStats --section SchedulerStats --section Occupancy \
  -k "regex:jacobi_fused_kernel" --launch-skip 3 --launch-count 1 "$bin" --size M --iters 12 --fused 2>&1 |
  grep -vE '^==PROF== (Connected|Disconnected)' | tail -80
