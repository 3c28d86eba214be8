"""Point-by-point float64 references for the peers' correctness checks.

Written from WORKLOADS.md with explicit loops over the interior, the way the
C originals read, and deliberately not with the shifted slices of
workloads.py: an indexing mistake there (a wrong offset, a swapped axis)
makes the check fail instead of being repeated by the oracle. Loops in Python
are slow, so the checks run at small sizes (a few thousand points).
All arithmetic is in float64 whatever the inputs' type.
"""
import numpy as np


def helmholtz_sweep(uold, f, u, ax, ay, b, omega):
    m, n = uold.shape
    error = 0.0
    for j in range(1, m - 1):
        for i in range(1, n - 1):
            resid = (ax * (uold[j][i - 1] + uold[j][i + 1])
                     + ay * (uold[j - 1][i] + uold[j + 1][i])
                     + b * uold[j][i] - f[j][i]) / b
            u[j][i] = uold[j][i] - omega * resid
            error += resid * resid
    return error


def laplace_step(a, anew):
    m, n = a.shape
    error = 0.0
    for j in range(1, m - 1):
        for i in range(1, n - 1):
            anew[j][i] = 0.25 * (a[j][i + 1] + a[j][i - 1] + a[j - 1][i] + a[j + 1][i])
            error = max(error, abs(anew[j][i] - a[j][i]))
    return error


def himeno_sweep(p, coef, wrk2, omega):
    a0, a1, a2, a3, b0, b1, b2, c0, c1, c2, wrk1, bnd = coef
    imax, jmax, kmax = p.shape
    gosa = 0.0
    for i in range(1, imax - 1):
        for j in range(1, jmax - 1):
            for k in range(1, kmax - 1):
                s0 = (a0[i][j][k] * p[i + 1][j][k] + a1[i][j][k] * p[i][j + 1][k]
                      + a2[i][j][k] * p[i][j][k + 1]
                      + b0[i][j][k] * (p[i + 1][j + 1][k] - p[i + 1][j - 1][k]
                                       - p[i - 1][j + 1][k] + p[i - 1][j - 1][k])
                      + b1[i][j][k] * (p[i][j + 1][k + 1] - p[i][j - 1][k + 1]
                                       - p[i][j + 1][k - 1] + p[i][j - 1][k - 1])
                      + b2[i][j][k] * (p[i + 1][j][k + 1] - p[i - 1][j][k + 1]
                                       - p[i + 1][j][k - 1] + p[i - 1][j][k - 1])
                      + c0[i][j][k] * p[i - 1][j][k] + c1[i][j][k] * p[i][j - 1][k]
                      + c2[i][j][k] * p[i][j][k - 1] + wrk1[i][j][k])
                ss = (s0 * a3[i][j][k] - p[i][j][k]) * bnd[i][j][k]
                gosa += ss * ss
                wrk2[i][j][k] = p[i][j][k] + omega * ss
    return gosa


def histogram(x, bins):
    """Counts with the DSL example's binning: bin = min(int(x * bins), bins - 1)."""
    index = np.minimum((x * bins).astype(np.int64), bins - 1)
    return np.bincount(index, minlength=bins)
