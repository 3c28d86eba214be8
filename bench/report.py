#!/usr/bin/env python3
"""bench/report.py - the table, JSON and markdown of one bench run.

  bench/report.py --copy-log COPY.log --bench-lines LINES.txt --json OUT.json
                  [--markdown OUT.md] [--device NAME] [--commit REV] [--date STAMP]
  bench/report.py --from-json RUN.json [--markdown OUT.md]

The first form is what bench/run calls: COPY.log is bench/copybw's output (a
DEVICE line and one BENCH line per copy method; the best GB/s is the copy
bandwidth), LINES.txt holds every row's `BENCH variant=... name=... points=...
bytes_per_point=... ms=...` line (examples/common/harness.hpp, peers/peers.py).
The second form re-prints the table of a saved run and writes its markdown.

Per row it derives, against the copy bandwidth C measured in the same run
(the compulsory bytes are points * bytes_per_point, or the line's bytes= field
where it has one: bench/suite's kernels count whole input grids and histogram
bins, which a whole number per point cannot say):
  GBps         bytes / ms: the effective bandwidth
  floor_ms     bytes / C: the compulsory bytes moved at C
  of_copy      GBps / C (the table's percentage)
  x_floor      ms / floor_ms
  vs_O2        ms / (ms of the O2 row with the same name): time relative to
               stencilc's default lowering; 1.00 for O2 itself, absent when the
               run has no O2 row of that name (histogram peers: see baseline_name)
Other key=value fields of a BENCH line (check=PASS, bins=..., ...) are kept in
the JSON row as they are. Standard library only: it runs on the device machine
and here.
"""
import argparse
import json
import sys

BASELINE = "O2"
NUMERIC = {"points": int, "bytes_per_point": int, "bytes": int, "ms": float,
           "min_ms": float, "max_ms": float, "reps": int}


def parse_bench(line):
    """The key=value fields of one `BENCH ...` line; the first of a repeated key wins."""
    fields = {}
    for word in line.split()[1:]:
        key, sep, value = word.partition("=")
        if sep and key not in fields:
            fields[key] = value
    return fields


def read_copy(path):
    """(device, [{"name", "ms", "GBps"}]) from bench/copybw's output."""
    device, copies = "", []
    with open(path) as log:
        for line in log:
            if line.startswith("DEVICE "):
                device = line.split('name="', 1)[-1].split('"', 1)[0]
            elif line.startswith("BENCH "):
                f = parse_bench(line)
                copies.append({"name": f.get("name", "?"), "ms": float(f.get("ms", 0)),
                               "GBps": float(f.get("GBps", 0))})
    return device, copies


def make_row(fields):
    row = {}
    for key, value in fields.items():
        convert = NUMERIC.get(key)
        try:
            row[key] = convert(value) if convert else value
        except ValueError:
            row[key] = value
    row.setdefault("variant", "?")
    row.setdefault("name", "?")
    for key in ("points", "bytes_per_point", "reps"):
        row.setdefault(key, 0)
    for key in ("ms", "min_ms", "max_ms"):
        row.setdefault(key, 0.0)
    return row


def derive(rows, copy_gbps):
    """Adds GBps, floor_ms, fraction_of_copy, x_floor and vs_O2 to every row."""
    baseline = {r["name"]: r["ms"] for r in rows if r["variant"] == BASELINE and r["ms"] > 0}
    for r in rows:
        nbytes = r.get("bytes") or r["points"] * r["bytes_per_point"]
        r["GBps"] = round(nbytes / (r["ms"] * 1e6), 2) if r["ms"] > 0 else 0.0
        r["floor_ms"] = round(nbytes / (copy_gbps * 1e6), 6) if copy_gbps > 0 else 0.0
        r["fraction_of_copy"] = round(r["GBps"] / copy_gbps, 4) if copy_gbps > 0 else 0.0
        r["x_floor"] = round(r["ms"] / r["floor_ms"], 3) if r["floor_ms"] > 0 else None
        base = baseline.get(baseline_name(r))
        r["vs_O2"] = round(r["ms"] / base, 3) if base else None
    return rows


def grouped(rows):
    """Rows grouped by kernel name, names and variants in order of first appearance."""
    names, variants = [], []
    for r in rows:
        if r["name"] not in names:
            names.append(r["name"])
        if r["variant"] not in variants:
            variants.append(r["variant"])
    return sorted(rows, key=lambda r: (names.index(r["name"]), variants.index(r["variant"])))


def optional(value, form):
    return "-" if value is None else form.format(value)


# (title, format, key, right-aligned)
COLUMNS = [("variant", "{}", "variant", False), ("kernel", "{}", "name", False),
           ("points", "{:d}", "points", True), ("B/pt", "{:d}", "bytes_per_point", True),
           ("ms", "{:.4f}", "ms", True), ("min ms", "{:.4f}", "min_ms", True),
           ("GB/s", "{:.1f}", "GBps", True), ("floor ms", "{:.4f}", "floor_ms", True),
           ("of copy", "{:.1%}", "fraction_of_copy", True), ("x floor", "{:.2f}", "x_floor", True),
           ("vs O2", "{:.2f}", "vs_O2", True), ("check", "{}", "check", False)]


def table(rows):
    """The plain-text table, one block of rows per kernel name."""
    body = [[optional(r.get(key), form) for _, form, key, _ in COLUMNS] for r in grouped(rows)]
    widths = [max([len(title)] + [len(line[i]) for line in body])
              for i, (title, _, _, _) in enumerate(COLUMNS)]

    def render(line):
        return "  ".join(cell.rjust(w) if right else cell.ljust(w)
                         for cell, w, (_, _, _, right) in zip(line, widths, COLUMNS)).rstrip()

    lines = [render([title for title, _, _, _ in COLUMNS])]
    for i, line in enumerate(body):
        if i and line[1] != body[i - 1][1]:
            lines.append("")
        lines.append(render(line))
    return "\n".join(lines)


class HistogramRow:
    """What a histogram row's name says: histogram.COUNTER[.LABEL...].[b]BINS[.call].

    COUNTER is the counter type (int, double), LABEL the lowering and launch
    shape (examples/histogram: "warp-aggregate.paper", "cub"; empty for the
    peers, whose variant says what they are), BINS the bin count, and a final
    ".call" marks the time of the whole host call rather than the kernel.
    Fields counter= and bins= on the BENCH line take precedence.
    """

    def __init__(self, counter, label, bins, call):
        self.counter, self.label, self.bins, self.call = counter, label, bins, call

    @staticmethod
    def parse(row):
        parts = row["name"].split(".")
        if len(parts) < 3 or parts[0] != "histogram":
            return None
        call = parts[-1] == "call"
        if call:
            parts = parts[:-1]
        bins = parts[-1][1:] if parts[-1].startswith("b") else parts[-1]
        bins = str(row.get("bins", bins))
        if len(parts) < 3 or not bins.isdigit():
            return None
        return HistogramRow(str(row.get("counter", parts[1])), ".".join(parts[2:-1]),
                            int(bins), call)

    def series(self, variant):
        """The line of a chart or column of a table this row belongs to."""
        return " ".join(x for x in (variant, self.label, "call" if self.call else "") if x)


def baseline_name(row):
    """The name of the O2 row that row is set against (vs_O2).

    The same name, except for the histogram peers (no label): they time the
    whole call of a library function, so they are set against the whole call
    of stencilc's automatic choice at the default launch shape.
    """
    h = HistogramRow.parse(row)
    if h is None or h.label or row["variant"] == BASELINE:
        return row["name"]
    return f"histogram.{h.counter}.auto.default.b{h.bins}.call"


def histogram_times(rows, call_times=False):
    """{counter: {series: {bins: ms}}} of the histogram rows.

    A series is a variant and lowering label; of a row's kernel and .call
    times, the kernel time is taken (the call time with call_times), and the
    other where only that one exists. -O0 rows are left out: they are in the
    table. The peers and CUB time whole calls either way.
    """
    times = {}
    for r in rows:
        h = HistogramRow.parse(r)
        if h is None or r["ms"] <= 0 or r["variant"] == "O0":
            continue
        line = HistogramRow(h.counter, h.label, h.bins, False).series(r["variant"])
        times.setdefault((h.counter, line, h.bins), {})[h.call] = r["ms"]
    out = {}
    for (counter, line, bins), by_kind in times.items():
        ms = by_kind.get(call_times, by_kind.get(not call_times))
        out.setdefault(counter, {}).setdefault(line, {})[bins] = ms
    return out


def histogram_pivot(rows):
    """Markdown lines per counter type: ms by bin count (rows) and series (columns)."""
    checks = {}
    for r in rows:
        h = HistogramRow.parse(r)
        if h and "check" in r:
            checks[(h.counter, h.series(r["variant"]))] = r["check"]
    lines = []
    for counter, series in sorted(histogram_times(rows).items()):
        columns = list(series)
        lines += ["", f"Histogram, {counter} counters: ms per histogram (stencilc: kernel "
                  "time, the .call rows of the table add the host call; CUB and peers: whole "
                  "calls)", "",
                  "| bins | " + " | ".join(
                      c + (f" ({checks[(counter, c)]})" if (counter, c) in checks else "")
                      for c in columns) + " |",
                  "|---:|" + "---:|" * len(columns)]
        for b in sorted({b for times in series.values() for b in times}):
            lines.append(f"| {b} | " + " | ".join(
                optional(series[c].get(b), "{:.4f}") for c in columns) + " |")
    return lines


def markdown(run):
    copy = run["copy_bandwidth_GBps"]
    lines = [f"# bench run {run['date']}", "",
             f"Device: {run['device']}; commit {run['commit']}; copy bandwidth "
             f"{copy:.1f} GB/s (best of {', '.join(c['name'] for c in run['copy'])}, "
             "bytes read + written).", "",
             "ms: median per call (host API call including the reduction read-back for the "
             "stencils). floor ms: compulsory bytes (B/pt x points) at the copy bandwidth. "
             "x floor = ms / floor ms. vs O2 = ms / stencilc O2 ms for the same kernel. "
             "check: the peer's correctness check in the same run (stencilc's is "
             "test/gpu/run-all).", "",
             "| kernel | variant | ms | GB/s | of copy | x floor | vs O2 | check |",
             "|---|---|---:|---:|---:|---:|---:|---|"]
    for r in grouped(run["rows"]):
        if HistogramRow.parse(r):
            continue
        lines.append(f"| {r['name']} | {r['variant']} | {r['ms']:.4f} | {r['GBps']:.1f} | "
                     f"{r['fraction_of_copy']:.1%} | {optional(r.get('x_floor'), '{:.2f}')} | "
                     f"{optional(r.get('vs_O2'), '{:.2f}')} | {r.get('check', '-')} |")
    lines += histogram_pivot(run["rows"])
    return "\n".join(lines) + "\n"


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--copy-log")
    parser.add_argument("--bench-lines")
    parser.add_argument("--from-json")
    parser.add_argument("--json")
    parser.add_argument("--markdown")
    parser.add_argument("--device", default="")
    parser.add_argument("--commit", default="unknown")
    parser.add_argument("--date", default="")
    args = parser.parse_args(argv)

    if args.from_json:
        with open(args.from_json) as saved:
            run = json.load(saved)
        derive(run["rows"], run["copy_bandwidth_GBps"])
    else:
        if not (args.copy_log and args.bench_lines and args.json):
            parser.error("needs --copy-log, --bench-lines and --json (or --from-json)")
        device, copies = read_copy(args.copy_log)
        copy_gbps = max((c["GBps"] for c in copies), default=0.0)
        if copy_gbps <= 0:
            print("report: no copy bandwidth in " + args.copy_log, file=sys.stderr)
            return 1
        with open(args.bench_lines) as lines:
            rows = [make_row(parse_bench(l)) for l in lines if l.startswith("BENCH ")]
        run = {"date": args.date, "commit": args.commit, "device": args.device or device,
               "copy_bandwidth_GBps": copy_gbps, "copy": copies,
               "rows": derive(rows, copy_gbps)}
        with open(args.json, "w") as out:
            json.dump(run, out, indent=1)
            out.write("\n")

    print(table(run["rows"]))
    print()
    print(f"copy bandwidth {run['copy_bandwidth_GBps']:.2f} GB/s on {run['device']}: "
          "floor ms = compulsory bytes at that bandwidth; ms = median per call")
    if args.markdown:
        with open(args.markdown, "w") as out:
            out.write(markdown(run))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
