#!/usr/bin/env python3
"""Compiles every spec snippet of the documentation, so the docs cannot drift.

    doc-snippets.py STENCILC DSL_DIR [FILE.md ...]

Without files it reads README.md, docs/*.md and docs/*/*.md of the source tree.
Every fenced block opened with ```cpp is a complete spec (host code and
fragments use other fence languages: cuda, text, ...). Each snippet is written
to a file and:

  - compiled with stencilc (CUDA and header); it must succeed, unless it has
  - `// expect-error: TEXT` lines: then stencilc must exit with 1 and print
    every TEXT on stderr (the documented diagnostic);
  - `// expect-remark: TEXT` lines: stencilc --report must print every TEXT;
  - `// stencilc-flags: FLAGS` adds command-line flags (e.g. -O0);
  - snippets that stencilc accepts must also compile as plain C++17 (the
    CPU reference mode of the DSL) with the C++ compiler $CXX (default c++).

Run on the whole tree (no FILE arguments), it also checks that README.md links
every page under docs/ and that every relative link of those pages resolves.

A block of any language preceded by a line `<!-- file: PATH -->` must equal
the file PATH of the source tree, character for character: the tutorial shows
examples/cmake-consumer this way, and the cmake-consumer test builds and runs
those files.

Prints one line per failing snippet with its FILE:LINE and the reason, and a
summary; exits 1 when any snippet fails, 2 on a usage error.
"""
import concurrent.futures
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile

DIAGNOSTIC = re.compile(r"^\S.*?: (error|warning|note|remark): ")
FENCE = re.compile(r"^(\s*)```(\S*)\s*$")
FILE_MARK = re.compile(r"^\s*<!--\s*file:\s*(\S+)\s*-->\s*$")
DIRECTIVE = re.compile(r"//\s*(expect-error|expect-remark|stencilc-flags):\s*(.*?)\s*$", re.M)


def snippets(path):
    """Yields (line of the opening fence, language, text, file mark or None)
    for each fenced block."""
    with open(path, encoding="utf-8") as f:
        lines = f.read().split("\n")
    i = 0
    while i < len(lines):
        m = FENCE.match(lines[i])
        if not m:
            i += 1
            continue
        indent, lang = m.group(1), m.group(2)
        mark = FILE_MARK.match(lines[i - 1]) if i > 0 else None
        start = i + 1
        i += 1
        body = []
        while i < len(lines) and not re.match(r"^\s*```\s*$", lines[i]):
            body.append(lines[i][len(indent):] if lines[i].startswith(indent) else lines[i])
            i += 1
        if i == len(lines):
            raise SystemExit(f"{path}:{start}: unterminated code block")
        i += 1
        yield start, lang, "\n".join(body) + "\n", mark.group(1) if mark else None


def check(stencilc, dsl, cxx, path, line, text, workdir, index):
    """Returns a list of failure messages (empty when the snippet is good)."""
    directives = {"expect-error": [], "expect-remark": [], "stencilc-flags": []}
    for m in DIRECTIVE.finditer(text):
        directives[m.group(1)].append(m.group(2))
    flags = [f for group in directives["stencilc-flags"] for f in shlex.split(group)]
    spec = os.path.join(workdir, f"snippet{index}.cpp")
    with open(spec, "w", encoding="utf-8") as f:
        f.write(text)
    cmd = [stencilc, spec, "-o", os.path.join(workdir, f"snippet{index}.cu"),
           "--header", os.path.join(workdir, f"snippet{index}.h")] + flags
    if directives["expect-remark"]:
        cmd.append("--report")
    r = subprocess.run(cmd, capture_output=True, text=True)
    stderr = r.stderr.replace(spec, "snippet.cpp")
    # Only the messages count, not the source lines Clang echoes under them
    # (which hold the expect- comments themselves).
    messages = "\n".join(l for l in stderr.split("\n") if DIAGNOSTIC.match(l))
    problems = []
    if directives["expect-error"]:
        if r.returncode != 1:
            problems.append(f"expected stencilc to reject it (exit 1), got exit {r.returncode}")
        for want in directives["expect-error"]:
            if want not in messages:
                problems.append(f"expected the error '{want}'")
    else:
        if r.returncode != 0:
            problems.append(f"stencilc failed (exit {r.returncode})")
        for want in directives["expect-remark"]:
            if want not in messages:
                problems.append(f"expected the remark '{want}'")
        if cxx and r.returncode == 0:
            ref = subprocess.run([cxx, "-std=c++17", "-fsyntax-only", "-I", dsl, spec],
                                 capture_output=True, text=True)
            if ref.returncode != 0:
                problems.append("does not compile as plain C++17 (reference mode):\n"
                                + ref.stderr.replace(spec, "snippet.cpp"))
    if problems:
        problems.append("stencilc said:\n" + (stderr.strip() or "(nothing)"))
    return problems


def same_as_file(root, rel, text):
    """A block marked <!-- file: REL --> must show that file as it is."""
    try:
        with open(os.path.join(root, rel), encoding="utf-8") as f:
            want = f.read()
    except OSError as e:
        return [f"the block shows {rel}, which cannot be read: {e.strerror}"]
    if want == text:
        return []
    a, b = want.split("\n"), text.split("\n")
    n = next((k for k in range(min(len(a), len(b))) if a[k] != b[k]), min(len(a), len(b)))
    return [f"the block differs from {rel} at its line {n + 1}: "
            f"file has {a[n] if n < len(a) else '(end)'!r}, block has "
            f"{b[n] if n < len(b) else '(end)'!r}"]


LINK = re.compile(r"\]\(([^)#\s]+)(?:#[^)]*)?\)")


def link_problems(root, files):
    """Pages README.md does not link, and relative links that lead nowhere."""
    problems = []
    with open(os.path.join(root, "README.md"), encoding="utf-8") as f:
        linked = {os.path.normpath(m.group(1)) for m in LINK.finditer(f.read())}
    for path in files:
        rel = os.path.relpath(path, root)
        if rel != "README.md" and rel not in linked:
            problems.append(f"FAIL: README.md does not link {rel}")
        with open(path, encoding="utf-8") as f:
            text = f.read()
        for m in LINK.finditer(text):
            target = m.group(1)
            if re.match(r"^[a-z]+:", target):
                continue  # http:, mailto:
            if not os.path.exists(os.path.join(os.path.dirname(path), target)):
                line = text.count("\n", 0, m.start()) + 1
                problems.append(f"FAIL: {rel}:{line}: link to {target}, which does not exist")
    return problems


def check_block(root, stencilc, dsl, cxx, path, line, lang, text, mark, workdir, index):
    problems = same_as_file(root, mark, text) if mark else []
    if lang == "cpp":
        problems += check(stencilc, dsl, cxx, path, line, text, workdir, index)
    return problems


def main(argv):
    if len(argv) < 3:
        print(__doc__.strip().split("\n\n")[1], file=sys.stderr)
        return 2
    stencilc, dsl = argv[1], argv[2]
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    files = argv[3:]
    if not files:
        docs = os.path.join(root, "docs")
        files = [os.path.join(root, "README.md")]
        for d, _, names in sorted(os.walk(docs)):
            if os.path.relpath(d, docs).count(os.sep) > 0:
                continue  # docs/*.md and docs/*/*.md only
            files += [os.path.join(d, n) for n in sorted(names) if n.endswith(".md")]
    cxx = os.environ.get("CXX", "c++")
    if not shutil.which(cxx):
        print(f"doc-snippets: no C++ compiler '{cxx}': reference-mode compiles skipped")
        cxx = None
    # Snippets are independent: check them on every core.
    jobs = []
    with tempfile.TemporaryDirectory(prefix="stencilc-doc-snippets.") as workdir, \
            concurrent.futures.ThreadPoolExecutor(os.cpu_count() or 1) as pool:
        for path in files:
            for line, lang, text, mark in snippets(path):
                if lang != "cpp" and not mark:
                    continue
                jobs.append((path, line, pool.submit(
                    check_block, root, stencilc, dsl, cxx, path, line, lang, text, mark,
                    workdir, len(jobs) + 1)))
        total, failed = len(jobs), 0
        for path, line, job in jobs:
            problems = job.result()
            if problems:
                failed += 1
                shown = os.path.relpath(path, root) if path.startswith(root) else path
                print(f"FAIL: {shown}:{line}: " + "\n  ".join(problems))
    links = link_problems(root, files) if not argv[3:] else []
    for problem in links:
        print(problem)
    print(f"doc-snippets: {total - failed} of {total} snippets from {len(files)} files pass"
          + (f"; {len(links)} link problems" if links else ""))
    if total == 0:
        print("doc-snippets: no ```cpp snippet found")
        return 1
    return 1 if failed or links else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
