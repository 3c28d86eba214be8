#!/usr/bin/env bash
# bench/proto/warp_atomic_check.sh - on the GPU machine, one call: the O2
# kernel suite as stencilc generated it (A) against the same sources compiled
# with warp_atomic_header.py's reduction.hpp (D: one atomic per warp, no
# barrier); D checked against the CPU reference (every case, small and bench
# sizes), then bench/suite/ab A D over every case at the bench size.
# Carry [".gpu/pack"] built with GPU_COMPILE=device, SUITE_VARIANTS="".
set -uo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
cd "$root"
out=${OUT:-$root/.gpu/out}
mkdir -p "$out"
t0=$SECONDS
export PATH=$PATH:/usr/local/cuda/bin
work=.gpu/wac
rm -rf "$work" && mkdir -p "$work/wd/stencil/detail"
tar -C "$work" -xJf .gpu/pack/gpu.tar.xz suite || exit 2
python3 bench/proto/warp_atomic_header.py runtime/include/stencil/detail/reduction.hpp \
  "$work/wd/stencil/detail/reduction.hpp" || exit 2
python3 - "$work" >"$work/jobs" <<'PY'
import sys
work = sys.argv[1]
lines = open(work + '/suite/compile.sh').read().split('\n')
i = next(k for k, l in enumerate(lines) if l.startswith("printf '%s\\n'"))
items = []
for l in lines[i + 1:]:
    if not l.startswith('  ') or l.strip().startswith('|'):
        break
    items.append(l.strip().rstrip('\\').strip())
for k in range(0, len(items) - 2, 3):
    src, obj, inc = (x.replace('.gpu/suite/', work + '/suite/') for x in items[k:k + 3])
    if '/obj/O2/' not in obj and not obj.endswith('/main.o'):
        continue
    for v in ('A', 'D'):
        if v == 'D' and obj.endswith('/main.o'):
            continue
        print(src, obj.replace('/suite/obj/', '/obj%s/' % v), inc, v, sep='\n')
PY
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
