"""The stencilc workloads written once against any NumPy-like array module.

Each function is what a user of PyTorch or CuPy would write for the workload
(WORKLOADS.md): shifted slices for the neighbour reads, whole-array arithmetic,
one library reduction. The same function runs on torch tensors (eager and
under torch.compile), on CuPy arrays and on NumPy arrays, because it uses only
slicing, arithmetic, abs, max and sum(dtype=...). It writes the output grid's
interior in place and returns the reduction as a 0-d array on the device.

Indices are row-major with the last index contiguous, as in the DSL and the C
originals: a DSL read g(dj, di) is g[1 + dj : ..., 1 + di : ...] here.
"""


def shifted(offset):
    """The slice of length extent-2 that starts at 1 + offset (offset in -1..1)."""
    start = 1 + offset
    stop = offset - 1 if offset < 1 else None
    return slice(start, stop)


def at(grid, *offsets):
    """grid read at a constant offset from every interior point."""
    return grid[tuple(shifted(o) for o in offsets)]


def helmholtz_sweep(uold, f, u, ax, ay, b, omega, f64):
    """One Jacobi sweep of the Helmholtz equation; returns sum(resid^2)."""
    resid = (ax * (at(uold, 0, -1) + at(uold, 0, 1))
             + ay * (at(uold, -1, 0) + at(uold, 1, 0))
             + b * at(uold, 0, 0) - at(f, 0, 0)) / b
    u[1:-1, 1:-1] = at(uold, 0, 0) - omega * resid
    return (resid * resid).sum(dtype=f64)


def laplace_step(a, anew):
    """One Laplace Jacobi step; returns max |Anew - A| over the interior."""
    interior = 0.25 * (at(a, 0, 1) + at(a, 0, -1) + at(a, -1, 0) + at(a, 1, 0))
    anew[1:-1, 1:-1] = interior
    return abs(interior - at(a, 0, 0)).max()


def himeno_sweep(p, coef, wrk2, omega, f64):
    """One Himeno Point-Jacobi sweep; returns gosa accumulated in float64.

    coef is (a0, a1, a2, a3, b0, b1, b2, c0, c1, c2, wrk1, bnd), full-size
    arrays like p; the arithmetic stays in p's type (f32), as in the C.
    """
    a0, a1, a2, a3, b0, b1, b2, c0, c1, c2, wrk1, bnd = [at(g, 0, 0, 0) for g in coef]
    s0 = (a0 * at(p, 1, 0, 0) + a1 * at(p, 0, 1, 0) + a2 * at(p, 0, 0, 1)
          + b0 * (at(p, 1, 1, 0) - at(p, 1, -1, 0) - at(p, -1, 1, 0) + at(p, -1, -1, 0))
          + b1 * (at(p, 0, 1, 1) - at(p, 0, -1, 1) - at(p, 0, 1, -1) + at(p, 0, -1, -1))
          + b2 * (at(p, 1, 0, 1) - at(p, -1, 0, 1) - at(p, 1, 0, -1) + at(p, -1, 0, -1))
          + c0 * at(p, -1, 0, 0) + c1 * at(p, 0, -1, 0) + c2 * at(p, 0, 0, -1) + wrk1)
    ss = (s0 * a3 - at(p, 0, 0, 0)) * bnd
    wrk2[1:-1, 1:-1, 1:-1] = at(p, 0, 0, 0) + omega * ss
    return (ss * ss).sum(dtype=f64)
