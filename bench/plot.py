"""bench/plot.py - PNG charts of one bench run's JSON (run through bench/plot).

Two charts, each drawn only from the rows the run has (missing variants,
sizes or a missing histogram example are skipped, not errors):

  STAMP-bandwidth.png  achieved bandwidth (GB/s) of every stencil kernel and
                       size, one bar per variant (stencilc O2 and O0, the
                       peers), against the copy bandwidth measured in the same
                       run, drawn as the floor line
  STAMP-histogram.png  histogram time against bin count, log-log, one line
                       per variant (each lowering, CUB, torch, CuPy), one
                       panel per counter type

Histogram rows are those named histogram.COUNTER.BINS (the peers' names,
bench/README.md); fields bins= and counter= on the BENCH line take precedence.
"""
import argparse
import json
import os
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
from matplotlib import ticker  # noqa: E402

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import report  # noqa: E402

# Fixed colours per variant so charts of different runs compare at a glance.
COLOURS = {"O2": "#1f77b4", "O0": "#aec7e8", "torch": "#d62728", "torch.compile": "#ff7f0e",
           "cupy": "#2ca02c", "cub": "#9467bd"}


def colour(variant, index):
    return COLOURS.get(variant, plt.get_cmap("tab10")(index % 10))


def histogram_key(row):
    """(counter, bins) of a histogram row, or None for any other row."""
    match = report.HISTOGRAM_NAME.match(row["name"])
    if not match and "bins" not in row:
        return None
    counter = row.get("counter") or (match.group("counter") if match else "int")
    bins = row.get("bins") or match.group("bins")
    return counter, int(bins)


def ordered(values):
    seen = []
    for v in values:
        if v not in seen:
            seen.append(v)
    return seen


def bandwidth_chart(run, path):
    rows = [r for r in run["rows"] if histogram_key(r) is None and r["ms"] > 0]
    if not rows:
        print("plot: no stencil rows; bandwidth chart skipped")
        return False
    names = ordered(r["name"] for r in rows)
    variants = ordered(r["variant"] for r in rows)
    gbps = {(r["name"], r["variant"]): r["GBps"] for r in rows}
    over_floor = {(r["name"], r["variant"]): r.get("x_floor") for r in rows}
    copy = run["copy_bandwidth_GBps"]
    height = 0.8 / len(variants)
    fig, ax = plt.subplots(figsize=(10, 0.5 + 0.32 * len(names) * len(variants) ** 0.7 + 1.2))
    for i, variant in enumerate(variants):
        ys = [n - 0.4 + height * (i + 0.5) for n in range(len(names))]
        xs = [gbps.get((name, variant), 0.0) for name in names]
        present = [(y, x) for y, x in zip(ys, xs) if x > 0]
        if present:
            ax.barh([y for y, _ in present], [x for _, x in present], height=height,
                    color=colour(variant, i), label=variant)
        for name, y, x in zip(names, ys, xs):
            ratio = over_floor.get((name, variant))
            if x > 0 and ratio:
                ax.text(x + copy * 0.005, y, f"{ratio:.2f}x floor", va="center", fontsize=6)
    ax.axvline(copy, color="black", linestyle="--", linewidth=1.2,
               label=f"copy bandwidth {copy:.0f} GB/s (floor)")
    ax.set_yticks(range(len(names)))
    ax.set_yticklabels(names)
    ax.invert_yaxis()
    ax.set_xlabel("achieved bandwidth, GB/s (compulsory bytes / median time)")
    ax.set_xlim(0, copy * 1.12)
    ax.set_title(f"Stencil kernels against the copy bandwidth — {run['device']}, {run['date']}")
    ax.legend(loc="lower right", fontsize="small")
    ax.grid(axis="x", alpha=0.3)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)
    return True


def histogram_chart(run, path):
    series = {}
    for r in run["rows"]:
        key = histogram_key(r)
        if key and r["ms"] > 0:
            series.setdefault(key[0], {}).setdefault(r["variant"], []).append((key[1], r["ms"]))
    if not series:
        print("plot: no histogram rows; histogram chart skipped")
        return False
    counters = sorted(series)
    variants = ordered(v for r in run["rows"] for v in [r["variant"]])
    fig, axes = plt.subplots(1, len(counters), figsize=(6 * len(counters), 4.8), squeeze=False)
    for ax, counter in zip(axes[0], counters):
        for variant, points in series[counter].items():
            points.sort()
            ax.loglog([b for b, _ in points], [ms for _, ms in points], marker="o",
                      color=colour(variant, variants.index(variant)), label=variant)
        # Label the 2x and 5x ticks too: a run's times often span less than a decade.
        ax.yaxis.set_minor_locator(ticker.LogLocator(subs=(2.0, 5.0)))
        ax.yaxis.set_minor_formatter(ticker.FormatStrFormatter("%.3g"))
        ax.yaxis.set_major_formatter(ticker.FormatStrFormatter("%.3g"))
        ax.set_title(f"{counter} counters")
        ax.set_xlabel("bins")
        ax.set_ylabel("median time per histogram, ms")
        ax.grid(which="both", alpha=0.3)
        ax.legend(fontsize="small")
    fig.suptitle(f"Histogram of 10^7 doubles — {run['device']}, {run['date']}")
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)
    return True


def main(argv):
    parser = argparse.ArgumentParser(description="PNG charts of a bench run's JSON")
    parser.add_argument("json", help="a bench/run results file")
    parser.add_argument("--out-dir", help="where the PNGs go (default: beside the JSON)")
    args = parser.parse_args(argv)
    with open(args.json) as saved:
        run = json.load(saved)
    report.derive(run["rows"], run["copy_bandwidth_GBps"])  # older runs lack some fields
    out_dir = args.out_dir or os.path.dirname(os.path.abspath(args.json))
    stem = os.path.join(out_dir, os.path.splitext(os.path.basename(args.json))[0])
    for suffix, chart in (("bandwidth", bandwidth_chart), ("histogram", histogram_chart)):
        path = f"{stem}-{suffix}.png"
        if chart(run, path):
            print(f"plot: wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
