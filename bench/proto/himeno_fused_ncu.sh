#!/usr/bin/env bash
# bench/proto/himeno_fused_ncu.sh BIN_DIR - on the GPU machine: ncu's memory
# and issue counters for one launch of Himeno's fused kernel
# (jacobi_fused_kernel, depth 2 as compiled) and one of its one-sweep kernel
# (jacobi_kernel), at sizes M and XL. BIN_DIR holds himeno
# (scripts/build-example himeno BIN_DIR). Asks whether the fused kernel is
# bound by L2 (its halo re-read from L2) where it fails to beat the loop.
set -uo pipefail
bin=${1:?usage: bench/proto/himeno_fused_ncu.sh BIN_DIR}
metrics=gpu__time_duration.sum,dram__bytes_read.sum,dram__bytes_write.sum
metrics+=,lts__t_bytes.sum,dram__throughput.avg.pct_of_peak_sustained_elapsed
metrics+=,lts__throughput.avg.pct_of_peak_sustained_elapsed
metrics+=,l1tex__throughput.avg.pct_of_peak_sustained_elapsed
metrics+=,sm__throughput.avg.pct_of_peak_sustained_elapsed
metrics+=,sm__warps_active.avg.pct_of_peak_sustained_active
metrics+=,smsp__issue_active.avg.pct_of_peak_sustained_active
metrics+=,launch__registers_per_thread,launch__grid_size,launch__block_size
for size in ${SIZES:-M XL}; do
  for kernel in jacobi_fused_kernel jacobi_kernel; do
    echo "== $size $kernel"
    flags=(--size "$size" --iters 12)
    [[ $kernel == jacobi_fused_kernel ]] && flags+=(--fused)
    timeout 240 ncu --metrics "$metrics" -k "regex:$kernel" --launch-skip 3 \
      --launch-count 1 "$bin/himeno" "${flags[@]}" 2>&1 |
      grep -E '^ +[a-z_]+__|launch__|==PROF==|Error|error' | grep -v '^==PROF== (Connected|Disconnected)'
  done
done
