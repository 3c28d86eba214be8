#!/usr/bin/env bash
# bench/proto/division_group_check.sh - on the GPU machine, one call: the O2
# kernel suite as stencilc generated it (A) against the same code with each
# jammed group of exact divisions tested for range once
# (division_group_check.py: B), both compiled here from the pack's
# generated code; B checked against the CPU reference (every case, small and
# bench sizes), then bench/suite/ab A B (two passes each, alternated).
# Carry [".gpu/pack"] built with GPU_COMPILE=device (scripts/gpu-roundtrip;
# SUITE_VARIANTS="" keeps the pack small). Output under $OUT (or .gpu/out).
# Written in session 45, not yet run (no device time left); see the
# prediction in division_group_check.py.
set -uo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/device_prelude.sh"
work=.gpu/dgc
rm -rf "$work" && mkdir -p "$work"
tar -C "$work" -xJf .gpu/pack/gpu.tar.xz suite || exit 2
python3 bench/proto/division_group_check.py "$work/suite/gen" "$work/genB" | tee "$out/dgc-transform.txt"
# The O2 objects of the pack's recorded suite build (suite_o2_jobs.py), A and B.
python3 bench/proto/suite_o2_jobs.py "$work" | while read -r src obj inc; do
  printf '%s\n%s\n%s\n' "$src" "${obj/\/suite\/obj\//\/objA\/}" "$inc"
  name=$(basename "$src")
  if [[ $src == "$work"/suite/gen/* ]] && ! cmp -s "$src" "$work/genB/$name"; then
    printf '%s\n%s\n%s\n' "$work/genB/$name" "${obj/\/suite\/obj\/O2\//\/objB\/}" "$work/genB"
  fi
done >"$work/jobs"
mkdir -p "$work/objA/O2" "$work/objB"
echo "nvcc: $(($(wc -l <"$work/jobs") / 3)) objects on $(nproc) cores"
xargs -d '\n' -n 3 -P "$(nproc)" sh -c \
  'nvcc -arch=sm_90 -O3 -std=c++17 -I dsl -I runtime/include -I "$2" -I bench/suite/kernels -c "$0" -o "$1" || echo "nvcc failed: $0"' \
  <"$work/jobs"
for o in "$work"/objA/O2/*.o; do
  [[ -f $work/objB/$(basename "$o") ]] || cp "$o" "$work/objB/"
done
# C (session 46): the A sources that divide, compiled against
# exact_division.hpp with the dividend's range tested on its bits
# (range_bits_header.py); the rest as A.
mkdir -p "$work/rb/stencil/detail" "$work/objC"
python3 bench/proto/range_bits_header.py runtime/include/stencil/detail/exact_division.hpp \
  "$work/rb/stencil/detail/exact_division.hpp" || exit 2
for s in $(grep -l divideExact "$work"/suite/gen/*_gen.cu); do
  b=$(basename "$s" .cu)
  printf '%s\n%s\n' "$s" "$work/objC/$b.o"
done >"$work/jobsC"
xargs -d '\n' -n 2 -P "$(nproc)" sh -c \
  'nvcc -arch=sm_90 -O3 -std=c++17 -I '"$work/rb"' -I dsl -I runtime/include -I '"$work/suite/gen"' -I bench/suite/kernels -c "$0" -o "$1" || echo "nvcc failed: $0"' \
  <"$work/jobsC"
for o in "$work"/objA/O2/*.o; do
  [[ -f $work/objC/$(basename "$o") ]] || cp "$o" "$work/objC/"
done
nvcc -arch=sm_90 -o "$work/suiteC" "$work/objA/main.o" "$work"/objC/*.o || exit 3
nvcc -arch=sm_90 -o "$work/suiteA" "$work/objA/main.o" "$work"/objA/O2/*.o || exit 3
nvcc -arch=sm_90 -o "$work/suiteB" "$work/objA/main.o" "$work"/objB/*.o || exit 3
echo "built in $((SECONDS - t0)) s"
only="--only box5,blur9,mean81,deriv6,laplace4,lap6_accumulate,radial_hist_b100,radial_hist_b10000,triad"
"$work/suiteB" --check --size small,bench $only >"$out/dgc-check-B.txt" 2>&1
echo "B --check rc=$?: $(tail -1 "$out/dgc-check-B.txt")"
"$work/suiteC" --check --size small,bench $only >"$out/dgc-check-C.txt" 2>&1
echo "C --check rc=$?: $(tail -1 "$out/dgc-check-C.txt")"
bench/suite/ab "$work/suiteA" "$work/suiteB" --size bench --reps 10 $only >"$out/dgc-ab.txt" 2>&1
sed -n '/^case /,$p' "$out/dgc-ab.txt"
bench/suite/ab "$work/suiteA" "$work/suiteC" --size bench --reps 10 $only >"$out/dgc-ac.txt" 2>&1
sed -n '/^case /,$p' "$out/dgc-ac.txt"
echo "total $((SECONDS - t0)) s"
