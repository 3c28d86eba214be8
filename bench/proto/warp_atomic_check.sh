#!/usr/bin/env bash
# bench/proto/warp_atomic_check.sh - on the GPU machine, one call: the O2
# kernel suite as stencilc generated it (A) against the same sources compiled
# with warp_atomic_header.py's reduction.hpp (D: one atomic per warp, no
# barrier); D checked against the CPU reference (every case, small and bench
# sizes), then bench/suite/ab A D over every case at the bench size.
# Carry [".gpu/pack"] built with GPU_COMPILE=device, SUITE_VARIANTS="".
set -uo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/device_prelude.sh"
work=.gpu/wac
rm -rf "$work" && mkdir -p "$work/wd/stencil/detail"
tar -C "$work" -xJf .gpu/pack/gpu.tar.xz suite || exit 2
python3 bench/proto/warp_atomic_header.py runtime/include/stencil/detail/reduction.hpp \
  "$work/wd/stencil/detail/reduction.hpp" || exit 2
python3 bench/proto/suite_o2_jobs.py "$work" | while read -r src obj inc; do
  printf '%s\n%s\n%s\nA\n' "$src" "${obj/\/suite\/obj\//\/objA\/}" "$inc"
  [[ $obj == */main.o ]] || printf '%s\n%s\n%s\nD\n' "$src" "${obj/\/suite\/obj\//\/objD\/}" "$inc"
done >"$work/jobs"
mkdir -p "$work/objA/O2" "$work/objD/O2"
echo "nvcc: $(($(wc -l <"$work/jobs") / 4)) objects on $(nproc) cores"
xargs -d '\n' -n 4 -P "$(nproc)" sh -c \
  'pre=; [ "$3" = D ] && pre="-I '"$work"'/wd"; nvcc -arch=sm_90 -O3 -std=c++17 $pre -I dsl -I runtime/include -I "$2" -I bench/suite/kernels -c "$0" -o "$1" || echo "nvcc failed: $0"' \
  <"$work/jobs"
nvcc -arch=sm_90 -o "$work/suiteA" "$work/objA/main.o" "$work"/objA/O2/*.o || exit 3
nvcc -arch=sm_90 -o "$work/suiteD" "$work/objA/main.o" "$work"/objD/O2/*.o || exit 3
echo "built in $((SECONDS - t0)) s"
"$work/suiteD" --check --size small,bench >"$out/wac-check-D.txt" 2>&1
echo "D --check rc=$?: $(tail -1 "$out/wac-check-D.txt")"
bench/suite/ab "$work/suiteA" "$work/suiteD" --size bench --reps 10 >"$out/wac-ad.txt" 2>&1
sed -n '/^case /,$p' "$out/wac-ad.txt"
echo "total $((SECONDS - t0)) s"
