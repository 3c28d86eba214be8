"""Round trip of the textual IR over every spec in the repository.

For each example spec and lit input that stencilc compiles:
  1. print -> read -> print is the identity, after the frontend (-O0) and
     after the whole pipeline (-O2);
  2. the -O2 IR, read back and emitted by stencilc-opt, gives the CUDA and
     header stencilc writes (the decisions survive the text);
  3. the -O0 IR, read back and run through `--passes=default`, gives the
     same CUDA and header too (passes run from a file act as in stencilc);
  4. for the example specs, stencilc-opt --distributed writes what
     stencilc --distributed writes (the DistGrid launchers);
with --line-directives on, so that statement locations are compared too.
Prints one line per failure and 'roundtrip: N specs, M failures'. The specs
run on every core at once (each spec's stencilc runs are one after another).
"""
import concurrent.futures
import glob
import os
import subprocess
import sys
import tempfile

stencilc, opt, src = sys.argv[1:4]


def run(args, **kw):
    return subprocess.run(args, capture_output=True, text=True, **kw)


specs = sorted(glob.glob(os.path.join(src, "examples", "*", "*.spec.cpp")) +
               [f for f in glob.glob(os.path.join(src, "test", "lit", "**", "*.cpp"),
                                     recursive=True) if "/Inputs/" not in f])


def check(spec, tmp):
    """Checks one spec in directory tmp: (whether it was checked, failures)."""
    failed = []

    def fail(what):
        failed.append("FAIL %s: %s" % (os.path.relpath(spec, src), what))

    ir = {}
    for level in ("-O0", "-O2"):
        r = run([stencilc, spec, "--emit=ir", level])
        if r.returncode != 0:
            break
        ir[level] = r.stdout
    if len(ir) != 2:
        return False, failed  # a diagnostics test: nothing to round-trip
    for level, text in ir.items():
        back = run([opt, "-"], input=text)
        if back.returncode != 0 or back.stdout != text:
            fail("print(read(ir %s)) differs: %s" % (level, back.stderr.strip()))
    direct = run([stencilc, spec, "--line-directives", "-o", tmp + "/a.cu",
                  "--header", tmp + "/k.h"])
    if direct.returncode != 0:
        fail("stencilc failed: " + direct.stderr.strip())
        return True, failed
    want = open(tmp + "/a.cu").read() + open(tmp + "/k.h").read()
    for level, passes in (("-O2", []), ("-O0", ["--passes=default"])):
        r = run([opt, "-", "--emit=cuda", "--line-directives", "-o", tmp + "/b.cu",
                 "--header", tmp + "/k.h"] + passes, input=ir[level])
        got = (open(tmp + "/b.cu").read() + open(tmp + "/k.h").read()
               if r.returncode == 0 else None)
        if got != want:
            fail("CUDA from the %s IR %s differs: %s"
                 % (level, " ".join(passes), r.stderr.strip()))
    if "/examples/" not in spec:
        return True, failed
    direct = run([stencilc, spec, "--distributed", "-o", tmp + "/a.cu",
                  "--header", tmp + "/k.h"])
    if direct.returncode != 0:
        return True, failed  # a kernel the distributed launchers refuse
    want = open(tmp + "/a.cu").read() + open(tmp + "/k.h").read()
    r = run([opt, "-", "--emit=cuda", "--distributed", "-o", tmp + "/b.cu",
             "--header", tmp + "/k.h"], input=ir["-O2"])
    got = (open(tmp + "/b.cu").read() + open(tmp + "/k.h").read()
           if r.returncode == 0 else None)
    if got != want:
        fail("CUDA from the -O2 IR with --distributed differs: " + r.stderr.strip())
    return True, failed


def check_in_own_dir(spec):
    with tempfile.TemporaryDirectory() as tmp:
        return check(spec, tmp)


failures = checked = 0
with concurrent.futures.ThreadPoolExecutor(max_workers=os.cpu_count() or 1) as pool:
    for was_checked, failed in pool.map(check_in_own_dir, specs):
        checked += was_checked
        failures += len(failed)
        for line in failed:
            print(line)
print("roundtrip: %d specs, %d failures" % (checked, failures))
sys.exit(1 if failures or checked < 10 else 0)
