"""bench/plot.py - PNG charts of one bench run's JSON (run through bench/plot).

Two charts, each drawn only from the rows the run has (missing variants,
sizes or a missing histogram example are skipped, not errors):

  STAMP-bandwidth.png  achieved bandwidth (GB/s) of every stencil kernel and
                       size, one bar per variant (stencilc O2 and O0, the
                       peers), against the copy bandwidth measured in the same
                       run, drawn as the floor line
  STAMP-histogram.png  histogram time against bin count, log-log, one line
                       per variant and lowering (each lowering and launch
                       shape, the automatic choice, CUB, torch, CuPy), one
                       panel per counter type; stencilc's kernel times, or
                       with --call-times its whole-call times (CUB and the
                       peers are whole calls either way): report.histogram_times

Histogram rows are parsed by report.HistogramRow (bench/README.md).
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
           "cupy": "#2ca02c", "cub": "#9467bd", "auto": "#000000"}
# Other variants (e.g. the pass ablation's no-PASS) and stencilc's histogram
# lowerings, in order of appearance: none of the above.
OTHER_COLOURS = ["#8c564b", "#e377c2", "#7f7f7f", "#bcbd22", "#17becf", "#393b79", "#637939",
                 "#e7ba52", "#ad494a"]


def colour(variant, index):
    return COLOURS.get(variant) or OTHER_COLOURS[index % len(OTHER_COLOURS)]


def ordered(values):
    seen = []
    for v in values:
        if v not in seen:
            seen.append(v)
    return seen


def bandwidth_chart(run, path):
    rows = [r for r in run["rows"] if report.HistogramRow.parse(r) is None and r["ms"] > 0]
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


def histogram_chart(run, path, call_times):
    """One panel per counter type; one line per variant and lowering/shape label.

    stencilc's lowerings are drawn with their kernel times (or, with
    call_times, their .call rows); CUB and the peers time whole calls.
    """
    series = {counter: {line: sorted(times.items()) for line, times in lines.items()}
              for counter, lines in report.histogram_times(run["rows"], call_times).items()}
    if not series:
        print("plot: no histogram rows; histogram chart skipped")
        return False
    counters = sorted(series)
    fig, axes = plt.subplots(1, len(counters), figsize=(7 * len(counters), 5.5), squeeze=False)
    for ax, counter in zip(axes[0], counters):
        for index, (line, points) in enumerate(series[counter].items()):
            variant, _, label = line.partition(" ")
            # A lowering's shapes share a colour; the paper's launch shape is dashed.
            lowering = label.split(".")[0]
            if label:
                lowerings = ordered(l.partition(" ")[2].split(".")[0] for l in series[counter])
                tint = COLOURS.get(lowering) or OTHER_COLOURS[
                    lowerings.index(lowering) % len(OTHER_COLOURS)]
            else:
                tint = colour(variant, index)
            ax.loglog([b for b, _ in points], [ms for _, ms in points], marker="o",
                      markersize=3, linestyle="--" if label.endswith(".paper") else "-",
                      linewidth=2.2 if lowering == "auto" else 1.3, color=tint, label=line)
        # Label the 2x and 5x ticks too: a run's times often span less than a decade.
        ax.yaxis.set_minor_locator(ticker.LogLocator(subs=(2.0, 5.0)))
        ax.yaxis.set_minor_formatter(ticker.FormatStrFormatter("%.3g"))
        ax.yaxis.set_major_formatter(ticker.FormatStrFormatter("%.3g"))
        ax.set_title(f"{counter} counters")
        ax.set_xlabel("bins")
        ax.set_ylabel("median time per histogram, ms")
        ax.grid(which="both", alpha=0.3)
        ax.legend(fontsize="x-small")
    what = "whole calls" if call_times else "stencilc: kernel time; CUB and peers: whole calls"
    fig.suptitle(f"Histogram of 10^7 doubles ({what}) — {run['device']}, {run['date']}")
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)
    return True


def main(argv):
    parser = argparse.ArgumentParser(description="PNG charts of a bench run's JSON")
    parser.add_argument("json", help="a bench/run results file")
    parser.add_argument("--out-dir", help="where the PNGs go (default: beside the JSON)")
    parser.add_argument("--call-times", action="store_true",
                        help="draw stencilc's histogram lowerings with whole-call times")
    args = parser.parse_args(argv)
    with open(args.json) as saved:
        run = json.load(saved)
    report.derive(run["rows"], run["copy_bandwidth_GBps"])  # older runs lack some fields
    out_dir = args.out_dir or os.path.dirname(os.path.abspath(args.json))
    os.makedirs(out_dir, exist_ok=True)
    stem = os.path.join(out_dir, os.path.splitext(os.path.basename(args.json))[0])
    charts = (("bandwidth", bandwidth_chart),
              ("histogram", lambda run, path: histogram_chart(run, path, args.call_times)))
    for suffix, chart in charts:
        path = f"{stem}-{suffix}.png"
        if chart(run, path):
            print(f"plot: wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
