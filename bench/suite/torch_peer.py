#!/usr/bin/env python3
"""bench/suite/torch_peer.py - the suite's kernels in PyTorch, timed under torch.compile.

  python3 bench/suite/torch_peer.py [--only NAME,...] [--reps N] [--warmup N]
                                    [--out FILE] [--no-launch] [--list]

Issue 16 asks that stencilc at O2 be faster than torch.compile on every suite
kernel torch.compile can express, in the same run. This is that peer: each
kernel of bench/suite/kernels/NAME.spec.cpp written the way a PyTorch user
writes it (shifted slices for the neighbour reads, whole-array arithmetic,
torch.where, .sum/.min/.max, scatter_add_ for histograms), at the case's
bench extents, dtypes and input distributions (NAME.cu), over the same
domain (the interior where every read stays inside the grid), writing Out and
InOut grids in place over that domain and adding into histogram bins that
start from small counts, as the suite's cases do.

For every case:
  * inputs are made on the GPU (torch's generator, the case's distributions;
    not the suite's splitmix64 values, which only the C++ harness makes);
  * check: the eager function and torch.compile(fn) each run once on copies of
    the same inputs, at the bench size (the compiled graph that is timed is
    the one checked, and nothing compiles twice); every Out/InOut grid (its
    boundary too), every reduction and every histogram bin are compared:
    integers exactly, floats within a tolerance of their type (FMA contraction
    and summation order differ), histograms whose bin comes from float
    arithmetic (luma_hist, radial_hist) with the same total and at most 1e-4
    of the points in another bin. Prints `PASS|FAIL name=suite.NAME ...`;
  * timing: 3 more untimed calls, then --reps calls (20), each between two CUDA
    events on the current stream; a call is the compiled function and the
    read-back of its reductions to the host (one .tolist() of the stacked
    values), as stencilc's host API returns them. Outputs are preallocated
    grids written in place: nothing is allocated by the caller per call
    (torch's own temporaries inside the compiled graph are its business).
  * one BENCH line in the suite's format (suite.hpp) with variant=torch and the
    case's points, bytes_per_point, bytes and class, computed as suite.hpp
    does, so that bench/suite/table.py sets torch beside O2 and O0:
      BENCH variant=torch name=suite.NAME points=P bytes_per_point=B ms=MEDIAN
            min_ms=.. max_ms=.. reps=N GBps=.. bytes=TOTAL class=K extents=[AxB]
            check=PASS|FAIL
    (a FAIL row is printed all the same, marked check=FAIL).

torch.compile runs in the default mode with dynamic=False (static shapes, as
bench/peers does; the same code as the first compile of the default, without
a later switch to shape-generic kernels), torch._dynamo.reset() before each
case. TORCH_PEER_AUTOTUNE=1 also runs mode="max-autotune-no-cudagraphs" and
prints its rows as variant=torch-autotune (longer compiles).

The launch-bound sizes of the five cases that have one (suite.NAME@launch,
~1 MB) run too, unless --no-launch. No suite kernel is skipped: every one is
expressible with tensor ops; a case that raises prints `ERROR name=...` and
the others go on. `--list` prints the cases, sizes, points, bytes and class
without importing torch. Progress lines start with "progress:". Exit status 1
when a check fails or a case raises. Standard library and torch only.
"""
import argparse
import math
import os
import statistics
import sys
import time
import traceback
import zlib

torch = None  # imported in main(), so that --list and py_compile need no torch

#===----------------------------------------------------------------------===#
# Helpers the kernels use: the domain and shifted reads.
#===----------------------------------------------------------------------===#


def window(shape, radius, offset):
    """Index of the domain (the interior, radius points in from each side of
    each dimension) moved by offset: what a DSL read g(offset) covers."""
    return tuple(slice(r + o, n - r + o) for n, r, o in zip(shape, radius, offset))


def domain(grid, radius):
    """Index of the domain of grid, for writing an Out or InOut grid."""
    return window(grid.shape, radius, (0,) * len(radius))


def at(grid, radius, *offset):
    """grid read at a constant offset from every point of the domain."""
    return grid[window(grid.shape, radius, offset or (0,) * len(radius))]


def add_all(terms):
    """terms[0] + terms[1] + ... in that order."""
    acc = terms[0]
    for t in terms[1:]:
        acc = acc + t
    return acc


#===----------------------------------------------------------------------===#
# The kernels (bench/suite/kernels/NAME.spec.cpp), one function each. Grids
# come in the spec's parameter order (histograms after grids); scalars are the
# case's constants (NAME.cu). A function writes its Out/InOut grids over the
# domain in place and returns its reductions: one 0-d tensor, a stack of them
# (all of one dtype in every kernel here), or None.
#===----------------------------------------------------------------------===#


def accumulate_i64(delta, running):
    t = running + delta  # int64 + int32 -> int64
    running.copy_(t)
    return t.sum()


BLUR9_R = (1, 1)


def blur9(image, blurred):
    acc = add_all([at(image, BLUR9_R, dy, dx) for dy in (-1, 0, 1) for dx in (-1, 0, 1)])
    blurred[domain(blurred, BLUR9_R)] = acc / 9.0


BOX125_R = (2, 2, 2)


def box125(u, v):
    r = range(-2, 3)
    acc = add_all([at(u, BOX125_R, i, j, k) for i in r for j in r for k in r])
    v[domain(v, BOX125_R)] = acc * 0.008


BOX5_R = (2, 2)


def box5(image, smooth):
    r = range(-2, 3)
    acc = add_all([(3 - abs(i)) * (3 - abs(j)) * at(image, BOX5_R, i, j) for i in r for j in r])
    v = acc / 81.0
    smooth[domain(smooth, BOX5_R)] = v
    return torch.stack([v.max(), v.sum()])  # peak, total (Sum<float>: f32)


CELL_AGE_R = (1, 1)


def cell_age(alive, age):
    a = lambda dy, dx: at(alive, CELL_AGE_R, dy, dx)  # noqa: E731
    neighbours = (a(-1, -1) + a(-1, 0) + a(-1, 1) + a(0, -1) + a(0, 1) + a(1, -1) + a(1, 0)
                  + a(1, 1))
    old = at(age, CELL_AGE_R)
    new = torch.where(a(0, 0) == 1, torch.clamp(old + 1, max=1000),
                      torch.clamp(old - neighbours, min=0))
    age[domain(age, CELL_AGE_R)] = new


def clamp3(a, lo, hi, clamped):
    v = torch.minimum(torch.maximum(a, lo), hi)
    clamped.copy_(v)
    return torch.stack([a.min(), (hi - lo).min(), v.min()])  # a_min, narrowest, clamped_min


DENSITY49_R = (3, 3)


def density49(occupied, count):
    r = range(-3, 4)
    n = add_all([at(occupied, DENSITY49_R, i, j) for i in r for j in r])
    count[domain(count, DENSITY49_R)] = n
    return n.min()  # sparsest


DILATE_INT_R = (2, 2)


def dilate_int(image, dilated):
    r = range(-2, 3)
    v = at(image, DILATE_INT_R, -2, -2)
    for i in r:
        for j in r:
            v = torch.maximum(v, at(image, DILATE_INT_R, i, j))
    dilated[domain(dilated, DILATE_INT_R)] = v


DERIV6_R = (3,)
DERIV6_INV_H = 64.0


def deriv6(f, df):
    s = lambda o: at(f, DERIV6_R, o)  # noqa: E731
    d = (45.0 * (s(1) - s(-1)) - 9.0 * (s(2) - s(-2)) + (s(3) - s(-3))) / 60.0
    g = d * DERIV6_INV_H
    df[domain(df, DERIV6_R)] = g
    return (g * g).sum()  # energy


DIFFUSION_VC_R = (1, 1)
DIFFUSION_VC_DT = 0.05


def diffusion_vc(u, kx, ky, source, unew):
    R = DIFFUSION_VC_R
    c = at(u, R)
    flux_x = at(kx, R, 0, 1) * (at(u, R, 0, 1) - c) - at(kx, R) * (c - at(u, R, 0, -1))
    flux_y = at(ky, R, 1, 0) * (at(u, R, 1, 0) - c) - at(ky, R) * (c - at(u, R, -1, 0))
    unew[domain(unew, R)] = c + DIFFUSION_VC_DT * (flux_x + flux_y + at(source, R))


def dots(a, b):
    return torch.stack([(a * b).sum(), (a * a).sum(), (b * b).sum()])  # ab, aa, bb


def error_norm(u):
    rows, cols = u.shape
    dx, dy = 2.0 / (cols - 1), 2.0 / (rows - 1)  # as error_norm.cu
    x = -1.0 + dx * torch.arange(cols, dtype=torch.float64, device=u.device)
    y = -1.0 + dy * torch.arange(rows, dtype=torch.float64, device=u.device)
    t = u - (1.0 - x * x)[None, :] * (1.0 - y * y)[:, None]
    return (t * t).sum()  # error


HEAT3D_R = (1, 1, 1)
HEAT3D_ALPHA = 0.1


def heat3d(u, unew):
    R = HEAT3D_R
    c = at(u, R)
    lap = (at(u, R, -1, 0, 0) + at(u, R, 1, 0, 0) + at(u, R, 0, -1, 0) + at(u, R, 0, 1, 0)
           + at(u, R, 0, 0, -1) + at(u, R, 0, 0, 1) - 6.0 * c)
    du = HEAT3D_ALPHA * lap
    unew[domain(unew, R)] = c + du
    return (du * du).sum()  # change


def init_field(u):
    n0, n1, n2 = u.shape
    h = 1.0 / (n2 - 1)  # as init_field.cu
    x = (h * torch.arange(n2, dtype=torch.float64, device=u.device)).view(1, 1, n2)
    y = (h * torch.arange(n1, dtype=torch.float64, device=u.device)).view(1, n1, 1)
    z = (h * torch.arange(n0, dtype=torch.float64, device=u.device)).view(n0, 1, 1)
    u.copy_(x * (1.0 - x) * y * (1.0 - y) + z * z * (1.0 - z) + 0.25)


KEY_HIST_BINS = 4096


def key_hist(key, counts):
    bin = (key * 7 + 3) % KEY_HIST_BINS  # keys >= 0: floor and C remainders agree
    counts.scatter_add_(0, bin.long(), (1 + key % 3).long())
    return key.sum()  # key_sum (int32 summed in int64)


LAP6_R = (3, 3)
LAP6_DT = 0.125


def lap6_accumulate(u, acc):
    R = LAP6_R
    s = lambda i, j: at(u, R, i, j)  # noqa: E731
    lap = -49.0 / 9.0 * s(0, 0)
    lap = lap + 1.5 * (s(0, 1) + s(0, -1) + s(1, 0) + s(-1, 0))
    lap = lap - 0.15 * (s(0, 2) + s(0, -2) + s(2, 0) + s(-2, 0))
    lap = lap + (s(0, 3) + s(0, -3) + s(3, 0) + s(-3, 0)) / 90.0
    acc[domain(acc, R)] = at(acc, R) + LAP6_DT * lap


LAPLACE4_R = (2, 2)
LAPLACE4_INV_H2 = 1.0 / (0.01 * 0.01)


def laplace4(u, lap):
    R = LAPLACE4_R
    near = at(u, R, 0, -1) + at(u, R, 0, 1) + at(u, R, -1, 0) + at(u, R, 1, 0)
    far = at(u, R, 0, -2) + at(u, R, 0, 2) + at(u, R, -2, 0) + at(u, R, 2, 0)
    lap[domain(lap, R)] = LAPLACE4_INV_H2 * (4.0 / 3.0 * near - far / 12.0 - 5.0 * at(u, R))


LAPLACE_I64_R = (1, 1)


def laplace_i64(a, lap):
    R = LAPLACE_I64_R
    l = at(a, R, -1, 0) + at(a, R, 1, 0) + at(a, R, 0, -1) + at(a, R, 0, 1) - 4 * at(a, R)  # noqa: E741
    lap[domain(lap, R)] = l
    return l.sum()  # total


LIFE_R = (1, 1)


def life(cells, next_cells):
    neighbours = add_all([at(cells, LIFE_R, dy, dx) for dy in (-1, 0, 1) for dx in (-1, 0, 1)
                          if dy != 0 or dx != 0])
    live = ((neighbours == 3) | ((neighbours == 2) & (at(cells, LIFE_R) == 1))).to(torch.int32)
    next_cells[domain(next_cells, LIFE_R)] = live
    return live.sum()  # alive


def luma_hist(red, green, blue, bins):
    luma = 0.299 * red + 0.587 * green + 0.114 * blue
    bin = torch.clamp((luma * 256.0).to(torch.int64), max=255)
    bins.scatter_add_(0, bin.reshape(-1), torch.ones(bin.numel(), dtype=bins.dtype,
                                                     device=bins.device))


MAJORITY3D_R = (1, 1, 1)


def majority3d(s, t):
    R = MAJORITY3D_R
    c = at(s, R)
    votes = (at(s, R, -1, 0, 0) + at(s, R, 1, 0, 0) + at(s, R, 0, -1, 0) + at(s, R, 0, 1, 0)
             + at(s, R, 0, 0, -1) + at(s, R, 0, 0, 1) + c)
    v = (votes >= 4).to(torch.int32)
    t[domain(t, R)] = v
    return (v != c).sum()  # flips


MEAN81_R = (4, 4)


def mean81(u, mean):
    r = range(-4, 5)
    acc = add_all([at(u, MEAN81_R, i, j) for i in r for j in r])
    mean[domain(mean, MEAN81_R)] = acc / 81.0


RADIAL_RMAX = math.sqrt(2.0)


def radial_hist(nbins):
    """radial_hist with nbins bins (the three cases differ in nbins alone)."""

    def radial_hist(x, y, bins):
        r = torch.sqrt(x * x + y * y)
        bin = torch.clamp((r / RADIAL_RMAX * nbins).to(torch.int64), max=nbins - 1)
        bins.scatter_add_(0, bin, torch.ones_like(r))

    return radial_hist


RELAX3D_OMEGA = 0.8


def relax3d(rhs, diag, x):
    r = rhs - diag * x
    x.copy_(x + RELAX3D_OMEGA * r / diag)
    return (r * r).sum(dtype=torch.float64)  # residual (Sum<float, double>)


SMOOTH27_R = (1, 1, 1)


def smooth27(u, v):
    r = (-1, 0, 1)
    acc = add_all([(2 - abs(i)) * (2 - abs(j)) * (2 - abs(k)) * at(u, SMOOTH27_R, i, j, k)
                   for i in r for j in r for k in r])
    v[domain(v, SMOOTH27_R)] = acc / 64.0


SOBEL_R = (1, 1)


def sobel_int(image, magnitude):
    p = lambda dy, dx: at(image, SOBEL_R, dy, dx)  # noqa: E731
    gx = p(-1, 1) + 2 * p(0, 1) + p(1, 1) - p(-1, -1) - 2 * p(0, -1) - p(1, -1)
    gy = p(1, -1) + 2 * p(1, 0) + p(1, 1) - p(-1, -1) - 2 * p(-1, 0) - p(-1, 1)
    m = gx.abs() + gy.abs()
    magnitude[domain(magnitude, SOBEL_R)] = m
    return torch.stack([gx.max(), gy.max(), m.max()])  # gx_max, gy_max, magnitude_max


def stats(x):
    return torch.stack([x.sum(), x.min(), x.max()])  # total, lowest, highest


TRIAD_SCALE = 3.0


def triad(b, c, a):
    a.copy_(b + TRIAD_SCALE * c)


WAVE1D_R = (1,)
WAVE1D_C2 = 0.25


def wave1d(prev, cur, next_u):
    R = WAVE1D_R
    c = at(cur, R)
    u = 2.0 * c - at(prev, R) + WAVE1D_C2 * (at(cur, R, -1) - 2.0 * c + at(cur, R, 1))
    next_u[domain(next_u, R)] = u
    return torch.stack([u.min(), u.max()])  # lowest, highest


WAVE3D_R = (4, 4, 4)
WAVE3D_DT2 = 0.01
FD8_WEIGHTS = {1: 1.6, 2: -0.2, 3: 0.0253968254, 4: -0.0017857143}


def wave3d_r4(u, vel2, prev):
    R = WAVE3D_R
    c = at(u, R)
    lap = -8.5416667 * c
    for r in range(1, 5):
        lap = lap + FD8_WEIGHTS[r] * (at(u, R, -r, 0, 0) + at(u, R, r, 0, 0) + at(u, R, 0, -r, 0)
                                      + at(u, R, 0, r, 0) + at(u, R, 0, 0, -r) + at(u, R, 0, 0, r))
    prev[domain(prev, R)] = 2.0 * c - at(prev, R) + WAVE3D_DT2 * at(vel2, R) * lap


WINDOW_R = (4,)


def window_i64(a, total):
    terms = [at(a, WINDOW_R, i) for i in range(-4, 5)]
    s = add_all(terms)
    hi, lo = terms[0], terms[0]
    for t in terms[1:]:
        hi, lo = torch.maximum(hi, t), torch.minimum(lo, t)
    total[domain(total, WINDOW_R)] = s
    return torch.stack([s.max(), at(a, WINDOW_R).max(), (hi - lo).max()])  # best_total, peak, widest


#===----------------------------------------------------------------------===#
# The cases: NAME.cu's sizes, grids and distributions.
#===----------------------------------------------------------------------===#

WIDTH = {"float32": 4, "float64": 8, "int32": 4, "int64": 8}
STREAM_BYTES, LAUNCH_BYTES = 256_000_000, 16_000_000  # suite.hpp
SHARED_OPTIN_H100 = 232448  # cudaDevAttrMaxSharedMemoryPerBlockOptin on sm_90


def uniform(lo, hi):
    return ("uniform", lo, hi)


def integers(lo, hi):
    return ("integers", lo, hi)


def bits(p):
    return ("bits", p)


class Case:
    """One case: grids are (name, role, dtype, gen) in parameter order, role In,
    Out or InOut (Out grids start from the suite's pattern, far from any
    result); hists (name, dtype, bins); radius the footprint per dimension."""

    def __init__(self, name, fn, bench, radius, grids, hists=(), launch=None,
                 float_bins=False):
        self.name, self.fn, self.bench, self.radius = name, fn, tuple(bench), tuple(radius)
        self.grids, self.hists, self.launch = grids, list(hists), launch
        self.float_bins = float_bins

    def points(self, extents):
        return math.prod(n - 2 * r for n, r in zip(extents, self.radius))

    def bytes(self, extents):
        """Compulsory bytes of one call, as suite.hpp counts them."""
        points, total = self.points(extents), 0
        for _, role, dtype, _ in self.grids:
            w = WIDTH[dtype]
            total += {"In": math.prod(extents) * w, "Out": points * w,
                      "InOut": 2 * points * w}[role]
        for _, dtype, bins in self.hists:
            total += 2 * bins * WIDTH[dtype]
        return total

    def klass(self, extents, shared_optin):
        shared = sum((bins * WIDTH[dtype] + 7) // 8 * 8 for _, dtype, bins in self.hists)
        nbytes = self.bytes(extents)
        if shared > 0 and shared > shared_optin - 1024:
            return "bigbins"
        if nbytes <= LAUNCH_BYTES:
            return "launch"
        return "stream" if nbytes >= STREAM_BYTES else "mid"


def In(name, dtype, gen):
    return (name, "In", dtype, gen)


def Out(name, dtype):
    return (name, "Out", dtype, None)


def InOut(name, dtype, gen):
    return (name, "InOut", dtype, gen)


F32, F64, I32, I64 = "float32", "float64", "int32", "int64"
N8K = (8192, 8192)

CASES = [
    Case("accumulate_i64", accumulate_i64, (1 << 26,), (0,),
         [In("delta", I32, integers(-1000, 1000)),
          InOut("running", I64, integers(-1_000_000_000, 1_000_000_000))]),
    Case("blur9", blur9, N8K, BLUR9_R,
         [In("image", F32, uniform(0.0, 1.0)), Out("blurred", F32)], launch=(256, 512)),
    Case("box125", box125, (384, 384, 384), BOX125_R,
         [In("u", F32, uniform(-1.0, 1.0)), Out("v", F32)]),
    Case("box5", box5, N8K, BOX5_R, [In("image", F32, uniform(0.0, 1.0)), Out("smooth", F32)]),
    Case("cell_age", cell_age, N8K, CELL_AGE_R,
         [In("alive", I32, bits(0.4)), InOut("age", I32, integers(0, 999))]),
    Case("clamp3", clamp3, (384, 384, 384), (0, 0, 0),
         [In("a", F32, uniform(-2.0, 2.0)), In("lo", F32, uniform(-1.0, -0.125)),
          In("hi", F32, uniform(0.25, 1.0)), Out("clamped", F32)]),
    Case("density49", density49, N8K, DENSITY49_R,
         [In("occupied", I32, bits(0.3)), Out("count", I32)]),
    Case("dilate_int", dilate_int, N8K, DILATE_INT_R,
         [In("image", I32, integers(0, 255)), Out("dilated", I32)]),
    Case("deriv6", deriv6, (1 << 26,), DERIV6_R, [In("f", F64, uniform(-1.0, 1.0)), Out("df", F64)]),
    Case("diffusion_vc", diffusion_vc, N8K, DIFFUSION_VC_R,
         [In("u", F64, uniform(0.0, 1.0)), In("kx", F64, uniform(0.5, 2.0)),
          In("ky", F64, uniform(0.5, 2.0)), In("source", F64, uniform(-0.1, 0.1)),
          Out("unew", F64)]),
    Case("dots", dots, N8K, (0, 0),
         [In("a", F64, uniform(0.5, 1.5)), In("b", F64, uniform(-0.5, 1.5))]),
    Case("error_norm", error_norm, (5000, 5120), (0, 0), [In("u", F64, uniform(0.0, 1.0))]),
    Case("heat3d", heat3d, (512, 512, 512), HEAT3D_R,
         [In("u", F64, uniform(0.0, 1.0)), Out("unew", F64)], launch=(40, 40, 40)),
    Case("init_field", init_field, (512, 512, 512), (0, 0, 0), [Out("u", F64)]),
    Case("key_hist", key_hist, (1 << 28,), (0,), [In("key", I32, integers(0, (1 << 27) - 1))],
         hists=[("counts", I64, KEY_HIST_BINS)]),
    Case("lap6_accumulate", lap6_accumulate, N8K, LAP6_R,
         [In("u", F32, uniform(-1.0, 1.0)), InOut("acc", F32, uniform(-1.0, 1.0))]),
    Case("laplace4", laplace4, N8K, LAPLACE4_R, [In("u", F64, uniform(-1.0, 1.0)), Out("lap", F64)]),
    Case("laplace_i64", laplace_i64, (4096, 8192), LAPLACE_I64_R,
         [In("a", I64, integers(-(1 << 40), 1 << 40)), Out("lap", I64)]),
    Case("life", life, N8K, LIFE_R, [In("cells", I32, bits(0.35)), Out("next", I32)]),
    Case("luma_hist", luma_hist, N8K, (0, 0),
         [In("red", F32, uniform(0.0, 1.0)), In("green", F32, uniform(0.0, 1.0)),
          In("blue", F32, uniform(0.0, 1.0))], hists=[("bins", I32, 256)], float_bins=True),
    Case("majority3d", majority3d, (384, 384, 384), MAJORITY3D_R,
         [In("s", I32, bits(0.5)), Out("t", I32)]),
    Case("mean81", mean81, (6144, 6144), MEAN81_R, [In("u", F64, uniform(-1.0, 1.0)), Out("mean", F64)]),
] + [
    Case(f"radial_hist_b{bins}", radial_hist(bins), (100_000_000,), (0,),
         [In("x", F64, uniform(-1.0, 1.0)), In("y", F64, uniform(-1.0, 1.0))],
         hists=[("bins", F64, bins)], float_bins=True)
    for bins in (100, 10_000, 1_000_000)
] + [
    Case("relax3d", relax3d, (512, 512, 512), (0, 0, 0),
         [In("rhs", F32, uniform(-1.0, 1.0)), In("diag", F32, uniform(1.0, 2.0)),
          InOut("x", F32, uniform(-1.0, 1.0))]),
    Case("smooth27", smooth27, (384, 384, 384), SMOOTH27_R,
         [In("u", F64, uniform(-1.0, 1.0)), Out("v", F64)]),
    Case("sobel_int", sobel_int, N8K, SOBEL_R, [In("image", I32, integers(0, 255)),
                                                 Out("magnitude", I32)]),
    Case("stats", stats, (1 << 27,), (0,), [In("x", F64, uniform(-1.0, 3.0))],
         launch=(1 << 17,)),
    Case("triad", triad, (1 << 27,), (0,),
         [In("b", F32, uniform(-1.0, 1.0)), In("c", F32, uniform(-1.0, 1.0)), Out("a", F32)],
         launch=(1 << 16,)),
    Case("wave1d", wave1d, (1 << 28,), WAVE1D_R,
         [In("prev", F32, uniform(-1.0, 1.0)), In("cur", F32, uniform(-1.0, 1.0)),
          Out("next", F32)], launch=(1 << 16,)),
    Case("wave3d_r4", wave3d_r4, (512, 512, 512), WAVE3D_R,
         [In("u", F32, uniform(-1.0, 1.0)), In("vel2", F32, uniform(0.5, 1.0)),
          InOut("prev", F32, uniform(-1.0, 1.0))]),
    Case("window_i64", window_i64, (1 << 26,), WINDOW_R,
         [In("a", I64, integers(-1_000_000_000_000, 1_000_000_000_000)), Out("total", I64)]),
]

#===----------------------------------------------------------------------===#
# Inputs, the check, the timing.
#===----------------------------------------------------------------------===#

# Tolerances (relative to max(|reference|, 1)): grids, reductions. Integers
# are exact.
TOLERANCE = {"float32": (1e-4, 1e-3), "float64": (1e-10, 1e-9)}
MOVED_BINS = 1e-4  # float-derived bins: fraction of the points allowed in another bin


def progress(message):
    print(f"progress: {message}", flush=True)


def fmt_extents(extents):
    return "[" + "x".join(str(n) for n in extents) + "]"


def make(shape, dtype, gen, generator):
    dt = getattr(torch, dtype)
    kind = gen[0]
    if kind == "uniform":
        return torch.empty(shape, dtype=dt, device="cuda").uniform_(gen[1], gen[2],
                                                                   generator=generator)
    if kind == "integers":
        return torch.randint(gen[1], gen[2] + 1, shape, dtype=dt, device="cuda",
                             generator=generator)
    return (torch.rand(shape, device="cuda", generator=generator) < gen[1]).to(dt)


def inputs(case, extents):
    """(args, mutable indices): grids in order, then histograms."""
    generator = torch.Generator(device="cuda")
    generator.manual_seed(zlib.crc32(case.name.encode()))
    args, mutable = [], []
    for name, role, dtype, gen in case.grids:
        if role == "Out":  # suite.hpp: a pattern far from any result
            gen = integers(-99, -90) if dtype.startswith("int") else uniform(-9.0, -8.0)
        if role != "In":
            mutable.append(len(args))
        args.append(make(tuple(extents), dtype, gen, generator))
    for name, dtype, bins in case.hists:
        mutable.append(len(args))
        args.append(make((bins,), dtype, integers(0, 3), generator))
    return args, mutable


def run_once(fn, args, mutable):
    """fn on copies of the mutable arguments: (those copies, (reductions as a
    list, their dtype) or None)."""
    args = list(args)
    for i in mutable:
        args[i] = args[i].clone()
    result = fn(*args)
    values = None
    if result is not None:
        values = (result.reshape(-1).tolist(), str(result.dtype).replace("torch.", ""))
    return [args[i] for i in mutable], values


def compare(case, labels, got, want, got_values, want_values, points):
    ok, parts = True, []
    for label, g, w in zip(labels, got, want):
        dtype = str(w.dtype).replace("torch.", "")
        is_hist = label.startswith("hist:")
        if not w.dtype.is_floating_point and not (is_hist and case.float_bins):
            differ = int((g != w).sum().item())
            ok &= differ == 0
            parts.append(f"{label} {differ} differ")
        elif is_hist:  # counts from float arithmetic: FMA contraction may move a point
            total_g, total_w = g.double().sum().item(), w.double().sum().item()
            moved = (g.double() - w.double()).abs().sum().item() / 2
            good = total_g == total_w and moved <= MOVED_BINS * points
            ok &= good
            parts.append(f"{label} {moved:.0f} of {points} moved, totals "
                         f"{'equal' if total_g == total_w else f'{total_g} vs {total_w}'}")
        else:
            tol = TOLERANCE[dtype][0]
            err = (g - w).abs().max().item()
            scale = max(w.abs().max().item(), 1.0)
            good = math.isfinite(err) and err <= tol * scale
            ok &= good
            parts.append(f"{label} max err {err:.2e} (tol {tol * scale:.1e})")
    if want_values is not None:
        want_list, dtype = want_values
        got_list = got_values[0] if got_values is not None else []
        worst = 0.0 if len(got_list) == len(want_list) else math.inf
        for g, w in zip(got_list, want_list):
            if dtype.startswith("int"):
                err = 0.0 if g == w else math.inf
            else:
                err = abs(g - w) / max(abs(w), 1.0)
            worst = max(worst, err)
        tol = TOLERANCE[dtype][1] if dtype in TOLERANCE else 0.0
        good = math.isfinite(worst) and worst <= tol
        ok &= good
        parts.append(f"{len(want_list)} {dtype} reductions worst rel err {worst:.1e} "
                     f"(tol {tol:.0e})")
    return ok, "; ".join(parts)


def time_calls(fn, args, warmup, reps):
    def call():
        result = fn(*args)
        if result is not None:
            result.tolist()  # the read-back of the reductions, as stencilc's host API

    for _ in range(warmup):
        call()
    torch.cuda.synchronize()
    start = torch.cuda.Event(enable_timing=True)
    stop = torch.cuda.Event(enable_timing=True)
    times = []
    for _ in range(reps):
        start.record()
        call()
        stop.record()
        stop.synchronize()
        times.append(start.elapsed_time(stop))
    return times


def modes():
    out = [("torch", None)]
    if os.environ.get("TORCH_PEER_AUTOTUNE", "0") == "1":
        out.append(("torch-autotune", "max-autotune-no-cudagraphs"))
    return out


def run_case(case, extents, size_name, args_ns, shared_optin, emit):
    """Check and time one case at one size; returns the number of failures."""
    name = f"suite.{case.name}{'@launch' if size_name == 'launch' else ''}"
    points, nbytes = case.points(extents), case.bytes(extents)
    klass = case.klass(extents, shared_optin)
    began = time.perf_counter()
    args, mutable = inputs(case, extents)
    labels = [f"{g[0]}" for g in case.grids if g[1] != "In"] + \
             [f"hist:{h[0]}" for h in case.hists]
    want, want_values = run_once(case.fn, args, mutable)  # eager
    torch.cuda.synchronize()
    failures = 0
    for variant, mode in modes():
        torch._dynamo.reset()
        compiled = torch.compile(case.fn, dynamic=False, mode=mode)
        t0 = time.perf_counter()
        got, got_values = run_once(compiled, args, mutable)  # compiles
        torch.cuda.synchronize()
        compile_s = time.perf_counter() - t0
        ok, detail = compare(case, labels, got, want, got_values, want_values, points)
        del got
        check = "PASS" if ok else "FAIL"
        failures += 0 if ok else 1
        print(f"{check} name={name} variant={variant} extents={fmt_extents(extents)}: {detail}",
              flush=True)
        times = time_calls(compiled, args, args_ns.warmup, args_ns.reps)
        median = statistics.median(times)
        line = (f"BENCH variant={variant} name={name} points={points} "
                f"bytes_per_point={int(math.floor(nbytes / points + 0.5))} ms={median:.6f} "
                f"min_ms={min(times):.6f} max_ms={max(times):.6f} reps={len(times)} "
                f"GBps={nbytes / (median * 1e6) if median > 0 else 0.0:.2f} bytes={nbytes} "
                f"class={klass} extents={fmt_extents(extents)} check={check}")
        emit(line)
        progress(f"{name} [{variant}]: {median:.4f} ms median, compile and check "
                 f"{compile_s:.1f} s")
    del want, args
    torch.cuda.empty_cache()
    progress(f"{name}: {time.perf_counter() - began:.1f} s in all")
    return failures


def sizes_of(case, args_ns):
    out = [(case.bench, "bench")]
    if case.launch and not args_ns.no_launch:
        out.append((case.launch, "launch"))
    return out


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--only", default="", help="cases, comma-separated (NAME or suite.NAME)")
    parser.add_argument("--reps", type=int, default=20)
    parser.add_argument("--warmup", type=int, default=3,
                        help="untimed calls after the compile and check (3, as suite --bench)")
    parser.add_argument("--out", help="append the BENCH lines to this file too")
    parser.add_argument("--no-launch", action="store_true",
                        help="leave out the @launch sizes")
    parser.add_argument("--list", action="store_true",
                        help="the cases, sizes, points, bytes and class (no torch needed)")
    args_ns = parser.parse_args(argv)
    if args_ns.reps < 1:
        parser.error("--reps must be at least 1")
    wanted = [w[len("suite."):] if w.startswith("suite.") else w
              for w in args_ns.only.split(",") if w]
    known = {c.name for c in CASES}
    for w in wanted:
        if w not in known:
            parser.error(f"no case named '{w}' (--list names them)")
    cases = [c for c in CASES if not wanted or c.name in wanted]

    if args_ns.list:
        for case in cases:
            for extents, size_name in sizes_of(case, args_ns):
                nbytes, points = case.bytes(extents), case.points(extents)
                print(f"{case.name:<22} {size_name:<6} {fmt_extents(extents):<16} "
                      f"points {points:<11} bytes {nbytes:<11} B/pt "
                      f"{int(math.floor(nbytes / points + 0.5))} class "
                      f"{case.klass(extents, SHARED_OPTIN_H100)}")
        return 0

    global torch
    try:
        import torch as torch_module
        import torch._dynamo  # noqa: F401
    except Exception as error:
        print(f"ERROR torch_peer: cannot import torch: {error}", flush=True)
        return 1
    torch = torch_module
    if not torch.cuda.is_available():
        print("ERROR torch_peer: torch sees no CUDA device", flush=True)
        return 1
    props = torch.cuda.get_device_properties(0)
    shared_optin = getattr(props, "shared_memory_per_block_optin", SHARED_OPTIN_H100)
    try:
        import triton
        triton_version = triton.__version__
    except Exception:
        triton_version = "?"
    progress(f"torch {torch.__version__}, triton {triton_version} on {props.name}; "
             f"{len(cases)} cases, --reps {args_ns.reps}")

    def emit(line):
        print(line, flush=True)
        if args_ns.out:
            with open(args_ns.out, "a") as out:
                out.write(line + "\n")

    began = time.perf_counter()
    failures = errors = 0
    for case in cases:
        for extents, size_name in sizes_of(case, args_ns):
            name = f"suite.{case.name}{'@launch' if size_name == 'launch' else ''}"
            try:
                failures += run_case(case, extents, size_name, args_ns, shared_optin, emit)
            except Exception as error:
                errors += 1
                print(f"ERROR name={name}: {type(error).__name__}: {error}", flush=True)
                traceback.print_exc(file=sys.stdout)
                torch.cuda.empty_cache()
    progress(f"done in {time.perf_counter() - began:.1f} s: {failures} failed checks, "
             f"{errors} errors")
    return 1 if failures or errors else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
