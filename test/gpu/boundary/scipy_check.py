#!/usr/bin/env python3
"""Cross-checks the boundary rules against scipy.ndimage (an independent
implementation of the same modes) on the GPU machine:

    test/gpu/boundary/scipy_check.py BIN_DIR/boundary

runs `boundary --dump DIR` (the correlation kernels of boundary.spec.cpp on
integer data, reference and GPU outputs) and compares each output with
scipy.ndimage.correlate(input, weights, mode=MODE, cval=4) exactly (integer
sums are exact in float64). Prints one line per case and 'N passed, N failed';
exits 1 on any failure."""
import os
import subprocess
import sys
import tempfile

import numpy as np
from scipy import ndimage

MODES = {"wrap": "wrap", "nearest": "nearest", "reflect": "reflect",
         "mirror": "mirror", "constant": "constant"}


def main():
    if len(sys.argv) != 2:
        print(__doc__)
        return 2
    binary = sys.argv[1]
    # The kernels' weights: w[i][j] = (i + 2) * 5 + j + 3 for i in -1..1, j in -2..2.
    weights = np.array([[(i + 2) * 5 + j + 3 for j in range(-2, 3)] for i in range(-1, 2)],
                       dtype=np.float64)
    passed = failed = 0
    with tempfile.TemporaryDirectory() as d:
        subprocess.run([binary, "--dump", d], check=True)
        for name in sorted(os.listdir(d)):
            if not name.endswith(".input"):
                continue
            shape = tuple(int(x) for x in name.split(".")[1].split("x"))
            data = np.fromfile(os.path.join(d, name), dtype=np.float64).reshape(shape)
            base = name[: -len(".input")]
            for ours, mode in MODES.items():
                want = ndimage.correlate(data, weights, mode=mode, cval=4.0)
                for side in ("ref", "gpu"):
                    got = np.fromfile(os.path.join(d, f"{base}.{ours}.{side}"),
                                      dtype=np.float64).reshape(shape)
                    label = f"{base}.{ours}.{side} vs scipy mode='{mode}'"
                    if np.array_equal(got, want):
                        passed += 1
                        print(f"PASS {label}")
                    else:
                        failed += 1
                        bad = np.argwhere(got != want)
                        i = tuple(bad[0])
                        print(f"FAIL {label}: {len(bad)} points differ, first {i}: "
                              f"ours {got[i]} scipy {want[i]}")
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
