#!/usr/bin/env python3
"""bench/proto/suite_o2_jobs.py WORK - the O2 suite's nvcc jobs as the pack
recorded them (WORK/suite/compile.sh, extracted from .gpu/pack/gpu.tar.xz):
one line "SOURCE OBJECT INCLUDE_DIR" per O2 object and for main.o, with the
pack's .gpu/suite/ paths moved under WORK/suite/. The A/B prototypes
(division_group_check.sh, warp_atomic_check.sh) build their variants from
these lines.
"""
import sys

work = sys.argv[1]
lines = open(work + "/suite/compile.sh").read().split("\n")
first = next(k for k, l in enumerate(lines) if l.startswith("printf '%s\\n'"))
items = []
for l in lines[first + 1:]:
    if not l.startswith("  ") or l.strip().startswith("|"):
        break
    items.append(l.strip().rstrip("\\").strip())
for k in range(0, len(items) - 2, 3):
    src, obj, inc = (x.replace(".gpu/suite/", work + "/suite/") for x in items[k:k + 3])
    if "/obj/O2/" in obj or obj.endswith("/main.o"):
        print(src, obj, inc)
