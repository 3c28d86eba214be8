#!/usr/bin/env python3
"""bench/peers/peers.py - the stencilc workloads in PyTorch eager, torch.compile
and CuPy, checked and timed the way the examples' --bench is.

  python3 bench/peers/peers.py --framework torch|torch.compile|cupy
          [--workloads jacobi2d,laplace2d,himeno,histogram] [--reps 20]
          [--himeno-sizes S,M,L,XL] [--device cuda|cpu] [sizes: see --help]

bench/run calls it once per framework (each in its own process, so that one
framework's cached memory or crash does not touch the next). For each
workload it first checks the framework's result against a point-by-point
float64 reference (reference.py) on small random inputs, with the output's
interior poisoned with NaN beforehand, and prints

  check VARIANT NAME SHAPE: PASS|FAIL  detail

then times the full-size workload and prints the line bench/run parses, in
the examples' BENCH protocol (examples/common/harness.hpp) plus the check:

  BENCH variant=VARIANT name=NAME points=... bytes_per_point=... ms=<median>
        min_ms=... max_ms=... reps=... GBps=... check=PASS|FAIL

Names, points and bytes_per_point are the examples' own, so bench/run can set
each peer against stencilc's row of the same name. Each timed call is what
the examples time: one step (the call, the swap of the grids, and reading the
reduction back to the host), the median of --reps calls after warm-up, CUDA
events around each. torch.compile compiles during the warm-up, outside the
timing. Histogram calls leave their counts on the device, as the example's do.

Progress lines start with "progress:". The exit status is 1 when a check
failed or a workload raised, 0 otherwise; timings are never asserted.
"""
import argparse
import math
import os
import sys
import time
import traceback

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import backends  # noqa: E402
import reference  # noqa: E402
import workloads  # noqa: E402

# The sizes of WORKLOADS.md section 3, as the examples run them: the original's
# (himenoBMTxpa.c) mimax x mjmax x mkmax points, boundaries included.
HIMENO_SIZES = {"XS": (32, 32, 64), "S": (64, 64, 128), "M": (128, 128, 256),
                "L": (256, 256, 512), "XL": (512, 512, 1024)}
HIMENO_OMEGA = 0.8

# Tolerances of the checks: relative 2-norm of the field error, relative error
# of each reduction. f64 work differs from the float64 reference by the order
# of operations and FMA contraction (the examples' own jacobi2d check allows
# 1e-10 on the residual); f32 work carries f32 rounding.
TOLERANCE = {"float64": (1e-10, 1e-10), "float32": (1e-5, 1e-4)}


class Run:
    """One framework's pass over the workloads: checks, timings, verdict."""

    def __init__(self, backend, args):
        self.backend = backend
        self.args = args
        self.variant = backend.variant
        self.failures = 0
        self.rng = np.random.default_rng()
        self.prepared = {}

    def progress(self, message):
        print(f"progress: [{self.variant}] {message}", flush=True)

    def function(self, name, function):
        """The workload function as this framework runs it (compiled once)."""
        if name not in self.prepared:
            self.prepared[name] = self.backend.prepare(function)
        return self.prepared[name]

    def report_check(self, name, shape, ok, detail):
        self.failures += 0 if ok else 1
        print(f"check {self.variant} {name} {shape}: {'PASS' if ok else 'FAIL'}  {detail}",
              flush=True)
        return "PASS" if ok else "FAIL"

    def bench(self, name, points, bytes_per_point, body, warmup, check):
        began = time.perf_counter()
        times = self.backend.time_calls(body, warmup, self.args.reps)
        median, low, high = backends.summary(times)
        gbps = points * bytes_per_point / (median * 1e6) if median > 0 else 0.0
        print(f"BENCH variant={self.variant} name={name} points={points} "
              f"bytes_per_point={bytes_per_point} ms={median:.6f} min_ms={low:.6f} "
              f"max_ms={high:.6f} reps={len(times)} GBps={gbps:.2f} check={check}", flush=True)
        self.progress(f"{name}: {median:.4f} ms median "
                      f"({time.perf_counter() - began:.1f} s with warm-up)")

    def upload_all(self, *arrays):
        return [self.backend.upload(np.ascontiguousarray(a)) for a in arrays]

    def download_all(self, *arrays):
        return [self.backend.download(a) for a in arrays]


def relative_error(got, want):
    """||got - want|| / ||want|| in float64; infinity for NaN or a zero reference."""
    got = np.asarray(got, dtype=np.float64)
    want = np.asarray(want, dtype=np.float64)
    norm = np.linalg.norm(want)
    if not np.all(np.isfinite(got)) or norm == 0.0:
        return math.inf
    return float(np.linalg.norm(got - want) / norm)


def compare(fields, reductions, dtype):
    """(ok, detail) for [(label, got, want)] fields and [(got, want)] reductions."""
    field_tol, reduction_tol = TOLERANCE[dtype]
    parts, ok = [], True
    for label, got, want in fields:
        error = relative_error(got, want)
        ok &= error <= field_tol
        parts.append(f"{label} rel err {error:.2e}")
    worst = max(relative_error(g, w) for g, w in reductions)
    ok &= worst <= reduction_tol
    parts.append(f"{len(reductions)} reductions max rel err {worst:.2e} "
                 f"(tol {field_tol:.0e} / {reduction_tol:.0e})")
    return ok, ", ".join(parts)


def poisoned_copy(grid):
    """grid with its interior set to NaN: a point the step forgets shows up."""
    out = grid.copy()
    out[(slice(1, -1),) * grid.ndim] = np.nan
    return out


def run_steps(steps, step, grids):
    """steps calls of step(current, next) -> reduction, swapping the two grids."""
    current, following = grids
    results = []
    for _ in range(steps):
        results.append(step(current, following))
        current, following = following, current
    return results, current


# --- jacobi2d: Helmholtz sweep with sum(resid^2), f64 -----------------------------

def helmholtz_constants(n, m, alpha=1.0):
    dx, dy = 2.0 / (n - 1), 2.0 / (m - 1)
    ax, ay = 1.0 / (dx * dx), 1.0 / (dy * dy)
    return dx, dy, ax, ay, -2.0 / (dx * dx) - 2.0 / (dy * dy) - alpha


def jacobi2d(run):
    be, omega = run.backend, 0.5
    sweep = run.function("jacobi2d", workloads.helmholtz_sweep)
    f64 = be.dtype("float64")
    # Check: random fields on a small non-square grid, three sweeps.
    m, n = 13, 17
    _, _, ax, ay, b = helmholtz_constants(n, m)
    uold, f = run.rng.uniform(-1, 1, (m, n)), run.rng.uniform(-1, 1, (m, n))
    u = poisoned_copy(uold)
    want, want_u = run_steps(3, lambda a, c: reference.helmholtz_sweep(a, f, c, ax, ay, b, omega),
                             (uold.copy(), u.copy()))
    d_uold, d_f, d_u = run.upload_all(uold, f, u)
    got, got_u = run_steps(3, lambda a, c: be.scalar(sweep(a, d_f, c, ax, ay, b, omega, f64)),
                           (d_uold, d_u))
    ok, detail = compare([("u", be.download(got_u), want_u)], list(zip(got, want)), "float64")
    check = run.report_check("jacobi2d.sweep", f"{m}x{n}", ok, detail)
    be.free()

    # Timing: the workload's grid and initial state (WORKLOADS.md section 1).
    n, m = run.args.jacobi_n, run.args.jacobi_m
    dx, dy, ax, ay, b = helmholtz_constants(n, m)
    x, y = run.upload_all(-1.0 + dx * np.arange(n), -1.0 + dy * np.arange(m))
    x, y = x[None, :], y[:, None]
    f = -1.0 * (1 - x * x) * (1 - y * y) - 2 * (1 - x * x) - 2 * (1 - y * y)
    grids = [be.full((m, n), 0.0, "float64"), be.full((m, n), 0.0, "float64")]
    sink = []

    def body():
        grids.reverse()
        uold, u = grids
        sink.append(be.scalar(sweep(uold, f, u, ax, ay, b, omega, f64)))

    run.progress(f"jacobi2d.sweep {n}x{m}: warm-up")
    run.bench("jacobi2d.sweep", (n - 2) * (m - 2), 24, body, 5, check)
    del f, grids
    be.free()


# --- laplace2d: Jacobi step with max |Anew - A|, f32 and f64 ------------------------

def laplace2d(run):
    be = run.backend
    step = run.function("laplace2d", workloads.laplace_step)
    for dtype, short, word in (("float32", "f32", 4), ("float64", "f64", 8)):
        name = f"laplace2d.step_{short}"
        m, n = 15, 12
        a = run.rng.uniform(0, 1, (m, n)).astype(dtype)
        anew = poisoned_copy(a)
        want, want_a = run_steps(3, reference.laplace_step,
                                 (a.astype(np.float64), anew.astype(np.float64)))
        d_a, d_anew = run.upload_all(a, anew)
        got, got_a = run_steps(3, lambda x, y: be.scalar(step(x, y)), (d_a, d_anew))
        ok, detail = compare([("A", be.download(got_a), want_a)], list(zip(got, want)), dtype)
        check = run.report_check(name, f"{m}x{n}", ok, detail)

        # The common form of the sample: A = 1 on the first column, 0 elsewhere.
        size = run.args.laplace_n
        grids = [be.full((size, size), 0.0, dtype), be.full((size, size), 0.0, dtype)]
        for g in grids:
            g[:, 0] = 1.0
        sink = []

        def body():
            sink.append(be.scalar(step(grids[0], grids[1])))
            grids.reverse()

        run.progress(f"{name} {size}x{size}: warm-up")
        run.bench(name, (size - 2) ** 2, 2 * word, body, 5, check)
        del grids
        be.free()


# --- himeno: 19-point Point-Jacobi with gosa, f32, 14 arrays -------------------------

HIMENO_VALUES = (1.0, 1.0, 1.0, 1.0 / 6.0, 0.0, 0.0, 0.0, 1.0, 1.0, 1.0, 0.0, 1.0)


def himeno(run):
    be = run.backend
    sweep = run.function("himeno", workloads.himeno_sweep)
    f64 = be.dtype("float64")
    # Check: random coefficients and p (b and wrk1 are zero in the workload;
    # random here so that every term is exercised), two sweeps.
    shape = (9, 10, 12)
    coef = [run.rng.uniform(0.5, 1.5, shape).astype(np.float32) for _ in range(12)]
    p = run.rng.uniform(0, 1, shape).astype(np.float32)
    wrk2 = poisoned_copy(p)
    want, want_p = run_steps(
        2, lambda q, w: reference.himeno_sweep(q, [c.astype(np.float64) for c in coef], w,
                                               HIMENO_OMEGA),
        (p.astype(np.float64), wrk2.astype(np.float64)))
    d_coef = run.upload_all(*coef)
    d_p, d_wrk2 = run.upload_all(p, wrk2)
    got, got_p = run_steps(2, lambda q, w: be.scalar(sweep(q, d_coef, w, HIMENO_OMEGA, f64)),
                           (d_p, d_wrk2))
    ok, detail = compare([("p", be.download(got_p), want_p)], list(zip(got, want)), "float32")
    check = run.report_check("himeno", "x".join(map(str, shape)), ok, detail)
    del d_coef, d_p, d_wrk2
    be.free()

    for size in run.args.himeno_sizes:
        mimax, mjmax, mkmax = HIMENO_SIZES[size]
        shape = (mimax, mjmax, mkmax)
        coef = [be.full(shape, v, "float32") for v in HIMENO_VALUES]
        # p[i][j][k] = (float)(i*i) / (float)((mimax-1)*(mimax-1)), in float as the C.
        column = (np.arange(mimax, dtype=np.float32) ** 2
                  / np.float32((mimax - 1) ** 2)).astype(np.float32)
        column = be.upload(column)
        grids = [be.full(shape, 0.0, "float32"), be.full(shape, 0.0, "float32")]
        for g in grids:
            g[...] = column[:, None, None]
        sink = []

        def body():
            sink.append(be.scalar(sweep(grids[0], coef, grids[1], HIMENO_OMEGA, f64)))
            grids.reverse()

        run.progress(f"himeno.{size} {mimax}x{mjmax}x{mkmax}: warm-up")
        points = (mimax - 2) * (mjmax - 2) * (mkmax - 2)
        run.bench(f"himeno.{size}", points, 56, body, 3, check)
        del coef, grids, column
        be.free()


# --- histogram: 10^7 doubles in [0, 1) into 1 .. 10^7 bins ---------------------------

def histogram(run):
    be = run.backend
    methods = be.histograms()
    if not methods:
        run.progress(f"histogram: not measured for {run.variant} (see backends.py)")
        return
    checks = {}
    x_small = run.rng.random(100_000)
    d_small = be.upload(x_small)
    for counter, (description, count) in methods.items():
        results = []
        for bins in (1, 10, 1000, 100_000, 1_000_000):
            got = be.download(count(d_small, bins)).astype(np.int64)
            want = reference.histogram(x_small, bins)
            results.append((bins, got.shape == want.shape and np.array_equal(got, want),
                            int(np.sum(got != want)) if got.shape == want.shape else -1))
        ok = all(r[1] for r in results)
        detail = f"{description}; exact counts at bins " + ", ".join(
            f"{b}:{'ok' if good else f'{bad} bins differ'}" for b, good, bad in results)
        checks[counter] = run.report_check(f"histogram.{counter}", f"n={x_small.size}", ok, detail)
    del d_small

    points = run.args.histogram_points
    x = be.upload(np.random.default_rng(2026).random(points))
    for counter, (description, count) in methods.items():
        for bins in (10 ** e for e in range(8) if 10 ** e <= run.args.histogram_max_bins):
            name = f"histogram.{counter}.{bins}"
            run.progress(f"{name}: warm-up")
            run.bench(name, points, 8, lambda: count(x, bins), 3, checks[counter])
    del x
    be.free()


WORKLOADS = {"jacobi2d": jacobi2d, "laplace2d": laplace2d, "himeno": himeno,
             "histogram": histogram}


def parse_args(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--framework", required=True, choices=sorted(backends.BACKENDS))
    parser.add_argument("--workloads", default=",".join(WORKLOADS))
    parser.add_argument("--reps", type=int, default=20)
    parser.add_argument("--himeno-sizes", default="S,M,L,XL")
    parser.add_argument("--jacobi-n", type=int, default=5120, help="columns (contiguous)")
    parser.add_argument("--jacobi-m", type=int, default=5000, help="rows")
    parser.add_argument("--laplace-n", type=int, default=4096)
    parser.add_argument("--histogram-points", type=int, default=10_000_000)
    parser.add_argument("--histogram-max-bins", type=int, default=10_000_000)
    parser.add_argument("--device", default="cuda",
                        help="cuda; cpu for torch or numpy without a GPU (tests)")
    args = parser.parse_args(argv)
    args.workloads = [w for w in args.workloads.split(",") if w]
    args.himeno_sizes = [s for s in args.himeno_sizes.split(",") if s]
    for w in args.workloads:
        if w not in WORKLOADS:
            parser.error(f"unknown workload '{w}' (known: {', '.join(WORKLOADS)})")
    for s in args.himeno_sizes:
        if s not in HIMENO_SIZES:
            parser.error(f"unknown himeno size '{s}' (known: {', '.join(HIMENO_SIZES)})")
    if args.reps < 1:
        parser.error("--reps must be at least 1")
    return args


def main(argv):
    args = parse_args(argv)
    began = time.perf_counter()
    try:
        backend = backends.BACKENDS[args.framework](args.device)
    except Exception as error:  # a missing framework is reported, not a crash
        print(f"ERROR {args.framework}: cannot start: {error}", flush=True)
        return 1
    run = Run(backend, args)
    run.progress(f"{backend.version} on {backend.name}")
    errors = 0
    for name in args.workloads:
        try:
            WORKLOADS[name](run)
        except Exception as error:
            errors += 1
            print(f"ERROR {run.variant} {name}: {type(error).__name__}: {error}", flush=True)
            traceback.print_exc(file=sys.stdout)
            backend.free()
    run.progress(f"done in {time.perf_counter() - began:.1f} s: "
                 f"{run.failures} failed checks, {errors} errors")
    return 1 if run.failures or errors else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
