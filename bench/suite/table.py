#!/usr/bin/env python3
"""bench/suite/table.py - the suite's table and summary from its BENCH lines.

  bench/suite/table.py --copy-log COPY.log --bench-lines LINES.txt [--markdown OUT.md]

COPY.log is bench/copybw's output (the best GB/s of its methods is the copy
bandwidth C); LINES.txt holds the suite binaries' `BENCH variant=V
name=suite.NAME ... bytes=B class=K ...` lines (bench/suite/suite.hpp). Per
kernel and variant (O2, O0): ms, the floor (B / C) and ms / floor, in four
groups by class:
  stream   >= 256 MB per call: the set issue 16 judges (median and worst)
  mid      between launch and stream
  bigbins  histograms whose bins do not fit in one block's shared memory
           (issue 16 reports them apart)
  launch   <= 16 MB per call, set against an empty kernel launch and a
           device-to-device copy of the same bytes timed in the same run
Then one SUITE line per variant and class with the median and worst ratio.
Standard library only.
"""
import argparse
import os
import statistics
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from report import parse_bench, read_copy  # noqa: E402

CLASSES = [
    ("stream", "bandwidth-bound (>= 256 MB per call): ms / floor, floor = compulsory bytes / copy bandwidth"),
    ("mid", "mid-size (16 MB .. 256 MB per call)"),
    ("bigbins", "histograms with more bins than fit in shared memory (reported apart; "
                "examples/histogram sets such sizes against plain atomics and CUB)"),
    ("launch", "launch-bound (<= 16 MB per call): against an empty kernel launch and a copy of the same bytes"),
]


def load(lines_path):
    rows = []
    with open(lines_path) as lines:
        for line in lines:
            if not line.startswith("BENCH "):
                continue
            f = parse_bench(line)
            try:
                row = {"variant": f.get("variant", "?"), "name": f.get("name", "?"),
                       "ms": float(f.get("ms", 0)), "bytes": int(f.get("bytes", 0)),
                       "class": f.get("class", "?"), "extents": f.get("extents", ""),
                       "empty_ms": float(f["empty_ms"]) if "empty_ms" in f else None,
                       "copy_ms": float(f["copy_ms"]) if "copy_ms" in f else None}
                for key in ("host_ms", "host_empty_ms", "host_copy_ms"):
                    row[key] = float(f[key]) if key in f else None
            except ValueError:
                continue
            if not row["bytes"]:
                row["bytes"] = int(f.get("points", 0)) * int(f.get("bytes_per_point", 0))
            if row["name"].startswith("suite."):
                row["name"] = row["name"][len("suite."):]
            rows.append(row)
    return rows


def render(header, body):
    widths = [max(len(h), *(len(r[i]) for r in body)) if body else len(h)
              for i, h in enumerate(header)]
    out = ["  ".join(h.ljust(w) if i < 2 else h.rjust(w)
                     for i, (h, w) in enumerate(zip(header, widths))).rstrip()]
    for r in body:
        out.append("  ".join(c.ljust(w) if i < 2 else c.rjust(w)
                             for i, (c, w) in enumerate(zip(r, widths))).rstrip())
    return out


def fmt(value, form):
    return "-" if value is None else form.format(value)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--copy-log", required=True)
    ap.add_argument("--bench-lines", required=True)
    ap.add_argument("--markdown")
    args = ap.parse_args()

    device, copies = read_copy(args.copy_log)
    copy_gbps = max((c["GBps"] for c in copies), default=0.0)
    rows = load(args.bench_lines)
    variants = []
    for r in rows:
        if r["variant"] not in variants:
            variants.append(r["variant"])
    if "O2" in variants:
        variants.remove("O2")
        variants.insert(0, "O2")

    text = [f"suite on {device or '?'}: copy bandwidth {copy_gbps:.2f} GB/s "
            "(best of memcpy and copy kernel, read + write)", ""]
    summary = []
    for cls, title in CLASSES:
        names = []
        for r in rows:
            if r["class"] == cls and r["name"] not in names:
                names.append(r["name"])
        if not names:
            continue
        by = {(r["name"], r["variant"]): r for r in rows if r["class"] == cls}
        text.append(f"{cls}: {title}")
        if cls == "launch":
            header = ["kernel", "extents", "MB"]
            for v in variants:
                header += [f"{v} ms"]
            header += ["empty ms", "copy ms"]
            for v in variants:
                header += [f"{v}/copy", f"{v}/empty"]
            # By the host's clock up to the stream's end (what a caller
            # waits; the events' stop costs a launcher that already waited
            # for its reductions a second round trip).
            for v in variants:
                header += [f"{v} host/copy", f"{v} host/empty"]
        else:
            header = ["kernel", "extents", "MB", "floor ms"]
            for v in variants:
                header += [f"{v} ms", f"{v} x"]
        body = []
        ratios = {v: [] for v in variants}
        host_ratios = {v: [] for v in variants}
        for name in names:
            first = next(by[(name, v)] for v in variants if (name, v) in by)
            floor = first["bytes"] / (copy_gbps * 1e6) if copy_gbps > 0 else None
            line = [name, first["extents"], f"{first['bytes'] / 1e6:.1f}"]
            if cls == "launch":
                base = by.get((name, "O2"), first)
                for v in variants:
                    line.append(fmt(by[(name, v)]["ms"] if (name, v) in by else None, "{:.4f}"))
                line += [fmt(base["empty_ms"], "{:.4f}"), fmt(base["copy_ms"], "{:.4f}")]
                for v in variants:
                    r = by.get((name, v))
                    vs_copy = r["ms"] / base["copy_ms"] if r and base["copy_ms"] else None
                    vs_empty = r["ms"] / base["empty_ms"] if r and base["empty_ms"] else None
                    line += [fmt(vs_copy, "{:.2f}"), fmt(vs_empty, "{:.2f}")]
                    if vs_copy is not None:
                        ratios[v].append((vs_copy, name))
                for v in variants:
                    r = by.get((name, v))
                    host = r.get("host_ms") if r else None
                    vs_copy = host / base["host_copy_ms"] if host and base.get("host_copy_ms") else None
                    vs_empty = host / base["host_empty_ms"] if host and base.get("host_empty_ms") else None
                    line += [fmt(vs_copy, "{:.2f}"), fmt(vs_empty, "{:.2f}")]
                    if vs_copy is not None:
                        host_ratios[v].append((vs_copy, name))
            else:
                line.append(fmt(floor, "{:.4f}"))
                for v in variants:
                    r = by.get((name, v))
                    x = r["ms"] / floor if r and floor and r["ms"] > 0 else None
                    line += [fmt(r["ms"] if r else None, "{:.4f}"), fmt(x, "{:.2f}")]
                    if x is not None:
                        ratios[v].append((x, name))
            body.append(line)
        text += render(header, body)
        what = "ms / copy of the same bytes" if cls == "launch" else "x floor"
        for v in variants:
            if not ratios[v]:
                continue
            values = [x for x, _ in ratios[v]]
            worst, worst_name = max(ratios[v])
            med = statistics.median(values)
            within = ""
            if cls != "launch":
                within = (f", <= 1.10: {sum(x <= 1.10 for x in values)}, "
                          f"<= 1.30: {sum(x <= 1.30 for x in values)}")
            text.append(f"  {v}: {len(values)} kernels, median {what} {med:.3f}, "
                        f"worst {worst:.3f} ({worst_name}){within}")
            summary.append(f"SUITE variant={v} class={cls} kernels={len(values)} "
                           f"median={med:.3f} worst={worst:.3f} worst_kernel={worst_name}")
        for v in variants:
            if cls != "launch" or not host_ratios[v]:
                continue
            values = [x for x, _ in host_ratios[v]]
            worst, worst_name = max(host_ratios[v])
            text.append(f"  {v} by the host clock: {len(values)} kernels, median {what} "
                        f"{statistics.median(values):.3f}, worst {worst:.3f} ({worst_name})")
        text.append("")
    text += summary
    print("\n".join(text))
    if args.markdown:
        with open(args.markdown, "w") as md:
            md.write("# Kernel suite\n\n```\n" + "\n".join(text) + "\n```\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
