#!/usr/bin/env bash
# smem-cache helper's one device call: correctness with smem-cache forced,
# then copy bandwidth and the benches with and without it, in one run.
set -u
B=.gpu-smem/bin
L=${OUT:-/tmp}/logs; mkdir -p "$L"
nvidia-smi --query-gpu=name --format=csv,noheader
pass=0; fail=0
chk() { # expect-rc name cmd...
  local want=$1 name=$2; shift 2
  timeout 200 "$B/$@" >"$L/$name.log" 2>&1; local rc=$?
  if [[ $want == 0 && $rc == 0 ]] || [[ $want != 0 && $rc != 0 ]]; then
    pass=$((pass+1)); echo "PASS $name (rc=$rc)"; else fail=$((fail+1)); echo "FAIL $name (rc=$rc)"; tail -4 "$L/$name.log"; fi
}
chk 0 j.64x48 jacobi2d-smem --check --n 64 --m 48
chk 0 j.67x41 jacobi2d-smem --check --n 67 --m 41
chk 0 j.3x5 jacobi2d-smem --check --n 3 --m 5 --maxit 10
chk 0 j.129x7 jacobi2d-smem --check --n 129 --m 7 --maxit 20
chk 0 j.33x29tol jacobi2d-smem --check --n 33 --m 29 --tol 1e-4
chk 0 j.67x41np jacobi2d-smem --check --n 67 --m 41 --persistent 0
chk 0 j.full jacobi2d-smem --check --maxit 3
chk 0 j16.67x41 jacobi2d-smem-32x16 --check --n 67 --m 41
chk 0 j16.full jacobi2d-smem-32x16 --check --maxit 3
chk 0 l.f32.64 laplace2d-smem --check --n 64 --iters 300 --precision f32
chk 0 l.f64.64x48 laplace2d-smem --check --n 64 --m 48 --iters 300 --precision f64
chk 0 l.f32.97x61 laplace2d-smem --check --n 97 --m 61 --iters 150 --precision f32
chk 0 l.f64.97x61 laplace2d-smem --check --n 97 --m 61 --iters 150 --precision f64
chk 0 l.f32.3x3 laplace2d-smem --check --n 3 --iters 5 --precision f32
chk 0 l.f32.4096 laplace2d-smem --check --n 4096 --iters 5 --precision f32
chk 0 l.f64.4096 laplace2d-smem --check --n 4096 --iters 5 --precision f64
chk 1 j.block-refused jacobi2d-smem --check --n 67 --m 41 --block 64x4
grep -h "smem-cache compiled" "$L/j.block-refused.log"
echo "checks: $pass passed, $fail failed"
echo "== copybw"
$B/copybw --mib 2048 --reps 20 | grep -E "^(DEVICE|BENCH)"
echo "== bench"
for b in jacobi2d jacobi2d-smem jacobi2d-32x8 jacobi2d-smem-32x16; do
  echo "-- $b"; $B/$b --bench --reps 20 2>&1 | grep "^BENCH" | grep -v "name=init"
done
for p in f32 f64; do for b in laplace2d laplace2d-smem; do
  echo "-- $b $p"; $B/$b --bench --precision $p --reps 20 2>&1 | grep "^BENCH"
done; done
