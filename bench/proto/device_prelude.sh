# bench/proto/device_prelude.sh - sourced by the one-call GPU prototypes
# (division_group_check.sh, warp_atomic_check.sh, warp_atomic_examples.sh):
# the repository root as the working directory, $root, $out (the device
# tool's $OUT, else .gpu/out), $t0 for the elapsed seconds, nvcc on PATH.
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
cd "$root" || exit 2
out=${OUT:-$root/.gpu/out}
mkdir -p "$out"
t0=$SECONDS
export PATH=$PATH:/usr/local/cuda/bin
