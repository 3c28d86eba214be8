#!/usr/bin/env python3
"""bench/proto/division_group_check.py GEN_IN GEN_OUT - a hand-made variant
of the generated suite code, for one A/B call (division_group_check.sh).

Prediction to test (session 45, from the PTX of box5's one-sweep kernel,
<int, 4, 0, false>: 16 points a thread, 173 branches, one fast-range test
and one branch per exact division): hoist-division's `divideExactOneStep`
tests each dividend's range and branches per point. A jammed kernel divides
its lanes' values in consecutive statements; testing every lane's range in
one predicate (bitwise &, no short circuit) and branching once to a fix-up
that redoes the group with the exact path leaves the fast path straight-line
code (16 branches a group fewer in box5), which ptxas can schedule across.
Predicted: box5 and blur9 -1 to -3% (the kernel waits on latency, not
issue), mean81 within +-1% (4 divisions a group of 81-term sums).

The values are the same bits by construction: the fast path is
divideExactOneStep's own fast path, taken only where every lane of the group
is in range, and otherwise the whole group is recomputed by
divideExactOneStep itself.

The transform: a run of two or more consecutive lines, each with exactly one
`stencil::detail::divideExactOneStep(A, B, Y)` whose A is a name, with the
same B and Y throughout and no line of the run assigning one of the As,
becomes

    T dg_K_0 = stencil::detail::divideOneStepFast(A0, B, Y);  (each lane)
    if (!(inFastRange(A0, B) & inFastRange(A1, B) & ...)) {
      dg_K_0 = stencil::detail::divideExactOneStep(A0, B, Y); ...
    }
    <the run's lines, each call replaced by its dg_K_i>

with T the type of the run's declarations (float or double, from B's
literal). divideOneStepFast is added to the file (not to the runtime).
"""
import os
import re
import sys

CALL = re.compile(
    r"stencil::detail::divideExactOneStep\(([A-Za-z_][A-Za-z0-9_]*), "
    r"([^,()]+), ([A-Za-z_][A-Za-z0-9_]*)\)")

HELPER = """
namespace stencil { namespace detail {
// bench/proto/division_group_check.py: divideExactOneStep's fast path alone.
template <class T> __device__ inline T divideOneStepFast(T A, T B, T Y) {
  const T Q = roundedProduct(A, Y);
  return fusedMultiplyAdd(fusedMultiplyAdd(-Q, B, A), Y, Q);
}
} }
"""


def literal_type(b):
    return "float" if b.strip().endswith("f") else "double"


def transform(text):
    lines = text.split("\n")
    out, i, groups, calls = [], 0, 0, 0
    while i < len(lines):
        run = []
        j = i
        while j < len(lines):
            found = CALL.findall(lines[j])
            if len(found) != 1:
                break
            if run and (found[0][1:] != run[0][1][1:]):
                break
            run.append((j, found[0]))
            j += 1
        names = [f[0] for _, f in run]
        assigned = any(re.search(r"\b%s\s*=[^=]" % re.escape(n), lines[k])
                       for k, _ in run for n in names)
        if len(run) < 2 or len(set(names)) != len(names) or assigned:
            out.append(lines[i])
            i += 1
            continue
        indent = re.match(r"\s*", lines[i]).group(0)
        b, y = run[0][1][1], run[0][1][2]
        t = literal_type(b)
        tmp = ["dg%d_%d_" % (groups, k) for k in range(len(run))]
        for k, n in enumerate(names):
            out.append("%s%s %s = stencil::detail::divideOneStepFast(%s, %s, %s);"
                       % (indent, t, tmp[k], n, b, y))
        test = " & ".join("stencil::detail::inFastRange(%s, %s)" % (n, b)
                          for n in names)
        out.append("%sif (!(%s)) {" % (indent, test))
        for k, n in enumerate(names):
            out.append("%s  %s = stencil::detail::divideExactOneStep(%s, %s, %s);"
                       % (indent, tmp[k], n, b, y))
        out.append("%s}" % indent)
        for k, (line_no, f) in enumerate(run):
            out.append(CALL.sub(tmp[k], lines[line_no], count=1))
        groups += 1
        calls += len(run)
        i = j
    text = "\n".join(out)
    if groups:
        # After the includes, before the first kernel.
        at = text.find("\n", text.rfind("#include"))
        text = text[:at + 1] + HELPER + text[at + 1:]
    return text, groups, calls


def main():
    src, dst = sys.argv[1], sys.argv[2]
    os.makedirs(dst, exist_ok=True)
    for name in sorted(os.listdir(src)):
        with open(os.path.join(src, name)) as f:
            text = f.read()
        if name.endswith("_gen.cu"):
            text, groups, calls = transform(text)
            if groups:
                print("%s: %d groups, %d divisions" % (name, groups, calls))
        with open(os.path.join(dst, name), "w") as f:
            f.write(text)


if __name__ == "__main__":
    main()
