#!/usr/bin/env python3
"""Mutation fuzzer for stencilc's frontend (issue 10, "Frontend robustness").

Takes the example and test specs (examples/*/*.spec.cpp, test/lit/**/*.cpp),
splits them roughly into tokens (identifiers, numbers, literals, comments,
punctuation, whitespace) and makes mutants: a token deleted, duplicated,
replaced by another token of the corpus or by a tricky one (huge integers,
1e309, '(', '}', 'template', '#define', non-ASCII, ...), or two tokens
swapped. Each mutant goes through `stencilc MUTANT.cpp -o /dev/null --header
/dev/null` (sometimes with --emit=ir, --reassociate, -O0 or --report). A mutant FAILS when
stencilc
  - dies of a signal (crash; under the sanitizer build, any ASan/UBSan report),
  - runs past --timeout seconds (hang),
  - exits with 3 or more (internal error),
  - exits with 2 (usage error: the options and the file are always valid), or
  - exits with 1 without a 'FILE:LINE:COL: error:' diagnostic whose FILE is
    the mutant, or a note in the mutant attached to an error in an included
    header (an error the user cannot locate).
Exit 0 and exit 1 with a located error are both fine: most mutants are not
valid specs.

Deterministic: mutant number I of seed S depends on (S, I) and the corpus
only, not on scheduling, so `--seed S --only I` reproduces one. Every failure
is written to OUT/seedS-I-KIND/ (mutant.cpp, stderr.txt, info.txt with the
command and exit status) and, unless --no-minimise, shrunk by token-level
delta debugging to a smaller input that fails the same way (min.cpp,
min-stderr.txt). Standard library only.

Exit status: 0 no failure, 1 at least one failure, 2 usage/setup error.
"""
import argparse
import multiprocessing
import os
import random
import resource
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))

TOKEN_RE = re.compile(r"""
    (?P<ws>\s+)
  | (?P<comment>//[^\n]*|/\*.*?\*/)
  | (?P<string>"(?:\\.|[^"\\\n])*"|'(?:\\.|[^'\\\n])*')
  | (?P<ident>[A-Za-z_]\w*)
  | (?P<number>(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?\w*)
  | (?P<punct>::|->|\+\+|--|<<=|>>=|<<|>>|<=|>=|==|!=|&&|\|\||[-+*/%&|^]=|\#\#|\.\.\.|.)
""", re.X | re.S)


def u8(s):
    """A Unicode string as the latin-1 string of its UTF-8 bytes (files are
    handled as latin-1 so that every byte round-trips)."""
    return s.encode("utf-8").decode("latin-1")


TRICKY = [
    "99999999999999999999999999999", "18446744073709551616", "2147483648",
    "-2147483649", "0x7fffffffffffffff", "1e309", "1e-400", "-1e309", "0.", "1.5f",
    "0", "-1", "65536", "(", ")", "{", "}", "[", "]", "<", ">", ";", ",", "::", "...",
    "?", ":", "=", "&", "*", "#", "\\", '"', "'", "//", "/*", "template", "typename", "#define",
    "\n#define X(a) a\n", "\n#include <stencil/stencil.hpp>\n", "\n#if 1\n",
    "\n#endif\n", "auto", "static", "return", "while", "for", "do", "goto",
    "throw", "new", "delete", "operator", "sizeof", "decltype", "constexpr",
    "virtual", "struct", "class", "union", "enum", "namespace", "using", "const",
    "volatile", "int", "unsigned", "long", "double", "float", "bool", "char",
    "void", "true", "nullptr", "In", "Out", "InOut", "Sum", "Min", "Max",
    "Histogram", "STENCIL_KERNEL", "STENCIL_HELPER", "index", "stencil",
    "In<double, 4>", "In<double, 0>", "Out<float, -1>", "__builtin_trap()",
    "__attribute__((noreturn))", "[[noreturn]]", "asm", "static_assert(false);",
    u8("é"), u8("\u202e"), u8("𝕏"), u8("\u00a0"), "\x00", "\xff", "\r", "\t",
]

OPTION_SETS = [  # (weight, extra options); the output always goes to /dev/null
    (60, []),
    (10, ["--reassociate", "--emit=ir"]),
    (10, ["--emit=ir"]),
    (10, ["-O0"]),
    (10, ["--report"]),
]

KINDS = ("crash", "hang", "internal", "usage", "undiagnosed")


def tokenise(text):
    return [m.group(0) for m in TOKEN_RE.finditer(text)]


def mutable(tok):
    """Tokens that mutations pick and that replacements draw from: not
    whitespace, not comments (most of a lit test is CHECK comments)."""
    return bool(tok) and not tok.isspace() and not tok.startswith(("//", "/*"))


def token_class(tok):
    m = TOKEN_RE.fullmatch(tok)
    return m.lastgroup if m else None


def load_corpus(paths):
    corpus = []
    for p in paths:
        with open(p, "rb") as f:
            text = f.read().decode("latin-1")
        toks = tokenise(text)
        assert "".join(toks) == text, p
        corpus.append((os.path.relpath(p, ROOT), toks))
    return corpus


def default_corpus_paths():
    paths = []
    for base, pattern in (("examples", ".spec.cpp"), (os.path.join("test", "lit"), ".cpp")):
        for d, _, files in os.walk(os.path.join(ROOT, base)):
            paths += [os.path.join(d, f) for f in files if f.endswith(pattern)]
    return sorted(paths)


def make_mutant(corpus, pool, seed, index):
    """(source name, mutant text, description, options) of mutant INDEX."""
    rng = random.Random("%d:%d" % (seed, index))
    name, toks = corpus[rng.randrange(len(corpus))]
    toks = list(toks)
    ops = []
    for _ in range(rng.choice((1, 1, 1, 2, 2, 3))):
        solid = [i for i, t in enumerate(toks) if mutable(t)]
        if not solid:
            break
        i = rng.choice(solid)
        op = rng.choice(("delete", "duplicate", "replace", "tricky", "swap"))
        if op == "delete":
            ops.append("delete %d %r" % (i, toks[i]))
            toks[i] = ""
        elif op == "duplicate":
            ops.append("duplicate %d %r" % (i, toks[i]))
            toks[i] = toks[i] + rng.choice(("", " ")) + toks[i]
        elif op == "replace":
            # Mostly a token of the same class (a number for a number, ...):
            # more mutants get past the parser into the translator and passes.
            same = pool.get(token_class(toks[i])) if rng.random() < 0.7 else None
            new = rng.choice(same or pool[None])
            ops.append("replace %d %r -> %r" % (i, toks[i], new))
            toks[i] = new
        elif op == "tricky":
            new = rng.choice(TRICKY)
            ops.append("tricky %d %r -> %r" % (i, toks[i], new))
            toks[i] = new
        else:
            j = rng.choice(solid)
            ops.append("swap %d %r <-> %d %r" % (i, toks[i], j, toks[j]))
            toks[i], toks[j] = toks[j], toks[i]
    total = sum(w for w, _ in OPTION_SETS)
    pick = rng.randrange(total)
    for weight, options in OPTION_SETS:
        if pick < weight:
            break
        pick -= weight
    return name, "".join(toks), "; ".join(ops), options


DIAG_RE = re.compile(r"^(.+?):(\d+):(\d+): (fatal error|error|warning|note|remark): ", re.M)


def located_error(err, path):
    """Whether stderr ERR has an error the user can find in PATH: an error at
    FILE:LINE:COL in PATH, or an error elsewhere (an included header, e.g. a
    static_assert of the DSL) with a note of its own in PATH (Clang's "in
    instantiation of ... requested here")."""
    def here(f):
        return os.path.abspath(os.path.join(os.path.dirname(path), f)) == path
    in_error = False
    for m in DIAG_RE.finditer(err):
        kind = m.group(4)
        if kind in ("error", "fatal error"):
            in_error = True
            if here(m.group(1)):
                return True
        elif kind == "note":
            if in_error and here(m.group(1)):
                return True
        else:
            in_error = False
    return False


def run_stencilc(stencilc, path, options, timeout):
    """(kind or None, exit status or 'timeout', stderr) of one run."""
    cmd = [stencilc, path, "-o", "/dev/null", "--header", "/dev/null"] + options
    try:
        p = subprocess.run(cmd, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                           stderr=subprocess.PIPE, timeout=timeout,
                           cwd=os.path.dirname(path), start_new_session=True)
    except subprocess.TimeoutExpired as e:
        err = (e.stderr or b"").decode("latin-1")
        return "hang", "timeout", err
    err = p.stderr.decode("latin-1")
    rc = p.returncode
    if rc < 0:
        return "crash", rc, err
    # ASan/UBSan reports (sanitizer build) are crashes, whatever the status.
    if "ERROR: AddressSanitizer" in err or "runtime error:" in err \
            or "ERROR: LeakSanitizer" in err:
        return "crash", rc, err
    if rc >= 3:
        return "internal", rc, err
    if rc == 2:
        return "usage", rc, err
    if rc == 1:
        return (None if located_error(err, path) else "undiagnosed"), rc, err
    return None, rc, err


# --- workers -----------------------------------------------------------------
_state = {}


def _init(stencilc, corpus, pool, seed, timeout, tmp):
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _state.update(stencilc=stencilc, corpus=corpus, pool=pool, seed=seed,
                  timeout=timeout, dir=tempfile.mkdtemp(dir=tmp))


def _one(index):
    s = _state
    name, text, ops, options = make_mutant(s["corpus"], s["pool"], s["seed"], index)
    path = os.path.join(s["dir"], "mutant.cpp")
    with open(path, "wb") as f:
        f.write(text.encode("latin-1"))
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    kind, rc, err = run_stencilc(s["stencilc"], path, options, s["timeout"])
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
    return (index, name, ops, options, kind, rc, (err if kind else ""), (text if kind else ""),
            cpu)


# --- minimisation --------------------------------------------------------------
def minimise(stencilc, text, options, kind, timeout, budget_s, workdir):
    """Token-level delta debugging: the smallest text found within BUDGET_S
    seconds for which stencilc still fails with KIND."""
    path = os.path.join(workdir, "min.cpp")
    deadline = time.monotonic() + budget_s

    def fails(toks):
        with open(path, "wb") as f:
            f.write("".join(toks).encode("latin-1"))
        return run_stencilc(stencilc, path, options, timeout)[0] == kind

    toks = tokenise(text)
    # Lines first (cheap, big steps), then tokens.
    for unit in ("line", "token"):
        if unit == "line":
            items = "".join(toks).splitlines(keepends=True)
        else:
            items = tokenise("".join(items))
        n = 2
        while len(items) >= 2 and time.monotonic() < deadline:
            chunk = max(1, len(items) // n)
            removed = False
            for start in range(0, len(items), chunk):
                if time.monotonic() >= deadline:
                    break
                trial = items[:start] + items[start + chunk:]
                if trial and fails(trial):
                    items, removed = trial, True
                    n = max(n - 1, 2)
                    break
            if not removed:
                if chunk == 1:
                    break
                n = min(len(items), n * 2)
        toks = items
    result = "".join(toks)
    with open(path, "wb") as f:
        f.write(result.encode("latin-1"))
    _, rc, err = run_stencilc(stencilc, path, options, timeout)
    return result, rc, err


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--stencilc", required=True, help="the stencilc to fuzz")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--count", type=int, default=2000, help="mutants to run")
    ap.add_argument("--first", type=int, default=0, help="number of the first mutant")
    ap.add_argument("--only", type=int, help="run mutant ONLY alone (reproduce)")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--timeout", type=float, default=10.0, help="seconds per stencilc run")
    ap.add_argument("--budget", type=float, default=0,
                    help="stop starting mutants after this many seconds (0: none)")
    ap.add_argument("--min-count", type=int, default=0,
                    help="fail if the budget ran out before this many mutants")
    ap.add_argument("--out", default="fuzz-failures", help="directory for failures")
    ap.add_argument("--no-minimise", action="store_true")
    ap.add_argument("--minimise-budget", type=float, default=60.0,
                    help="seconds spent shrinking each failure (at most 5 failures)")
    ap.add_argument("--print", action="store_true", help="print the mutant(s) and exit")
    ap.add_argument("corpus", nargs="*", help="spec files (default: examples and lit specs)")
    a = ap.parse_args(argv)

    stencilc = os.path.abspath(a.stencilc)
    if not os.access(stencilc, os.X_OK):
        print("fuzz: no stencilc at %s" % stencilc, file=sys.stderr)
        return 2
    corpus = load_corpus([os.path.abspath(p) for p in a.corpus] or default_corpus_paths())
    pool = {None: sorted({t for _, toks in corpus for t in toks if mutable(t)})}
    for t in pool[None]:
        pool.setdefault(token_class(t), []).append(t)
    indices = [a.only] if a.only is not None else list(range(a.first, a.first + a.count))
    if a.print:
        for i in indices:
            name, text, ops, options = make_mutant(corpus, pool, a.seed, i)
            print("// mutant %d of seed %d: %s: %s %s" % (i, a.seed, name, ops, " ".join(options)))
            sys.stdout.write(text)
        return 0

    print("fuzz: %s, seed %d, mutants %d..%d, %d corpus files, %d jobs, timeout %gs%s"
          % (a.stencilc, a.seed, indices[0], indices[-1], len(corpus), a.jobs, a.timeout,
             ", budget %gs" % a.budget if a.budget else ""), flush=True)
    start = time.monotonic()
    failures, done, cpu = [], 0, 0.0
    counts = {}
    tmp = tempfile.mkdtemp(prefix="stencilc-fuzz-")
    pool_ = multiprocessing.Pool(a.jobs, _init, (stencilc, corpus, pool, a.seed, a.timeout, tmp))
    try:
        for index, name, ops, options, kind, rc, err, text, c in pool_.imap_unordered(_one, indices, 4):
            done += 1
            cpu += c
            counts[rc] = counts.get(rc, 0) + 1
            if kind:
                failures.append((index, name, ops, options, kind, rc, err, text))
                print("FAIL %s: mutant %d (%s: %s) %s exit %s" % (kind, index, name, ops,
                      " ".join(options), rc), flush=True)
            if a.budget and time.monotonic() - start > a.budget:
                print("fuzz: budget of %gs spent" % a.budget, flush=True)
                break
    finally:
        pool_.terminate()
        pool_.join()
        shutil.rmtree(tmp, ignore_errors=True)
    elapsed = time.monotonic() - start
    print("fuzz: %d mutants in %.1fs (%.2f/s; stencilc CPU %.3fs per mutant), exit statuses %s,"
          " %d failures" % (done, elapsed, done / max(elapsed, 1e-9), cpu / max(done, 1),
                            ", ".join("%s: %d" % (k, v) for k, v in sorted(counts.items(), key=str)),
                            len(failures)), flush=True)

    if failures:
        os.makedirs(a.out, exist_ok=True)
        work = tempfile.mkdtemp(prefix="stencilc-fuzz-min-")
        failures.sort()
        for n, (index, name, ops, options, kind, rc, err, text) in enumerate(failures):
            d = os.path.join(a.out, "seed%d-%d-%s" % (a.seed, index, kind))
            os.makedirs(d, exist_ok=True)
            with open(os.path.join(d, "mutant.cpp"), "wb") as f:
                f.write(text.encode("latin-1"))
            with open(os.path.join(d, "stderr.txt"), "wb") as f:
                f.write(err.encode("latin-1"))
            cmd = "stencilc mutant.cpp -o /dev/null --header /dev/null " + " ".join(options)
            info = ["seed: %d" % a.seed, "mutant: %d" % index, "from: %s" % name,
                    "mutations: %s" % ops, "kind: %s" % kind, "exit: %s" % rc,
                    "command: %s" % cmd,
                    "reproduce: test/fuzz/fuzz.py --stencilc STENCILC --seed %d --only %d"
                    % (a.seed, index)]
            if not a.no_minimise and n < 5 and kind != "hang":
                small, mrc, merr = minimise(stencilc, text, options, kind, a.timeout,
                                            a.minimise_budget, work)
                with open(os.path.join(d, "min.cpp"), "wb") as f:
                    f.write(small.encode("latin-1"))
                with open(os.path.join(d, "min-stderr.txt"), "wb") as f:
                    f.write(merr.encode("latin-1"))
                info.append("minimised: %d -> %d bytes (min.cpp), exit %s" % (len(text), len(small), mrc))
            with open(os.path.join(d, "info.txt"), "w") as f:
                f.write("\n".join(info) + "\n")
            print("  saved %s" % d)
        shutil.rmtree(work, ignore_errors=True)
    if a.min_count and done < a.min_count:
        print("fuzz: only %d mutants within the budget (want %d)" % (done, a.min_count))
        return 1
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
