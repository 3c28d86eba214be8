#!/usr/bin/env python3
"""bench/proto/himeno_fused_jam.py IN.cu OUT.cu - a hand-made variant of
stencilc's generated Himeno code, to measure before changing the emitter:
in the rank-3 fused kernel's inner path (a tile inside the domain) each
thread computes two consecutive rows of a step (groups of 2 rows, group g to
thread row g % 4), both rows' loads before either row's stores, so that
the compiler loads each element of the level the two rows share once (the
rank-2 fused kernel's `jam 2`). Himeno's 19 loads a point from shared
memory become 14 a point.
"""
import re
import sys

src, dst = sys.argv[1:3]
lines = open(src).read().split('\n')
out = []
i = 0
done = 0
head = '          for (int k_ = 0; k_ <= rows_ / 4; ++k_) {'


def rename(s):
    s = re.sub(r'\br_\b', 'rB_', s)
    for name in ['i1_', 'sat_', 'at_', 'own_', 'next_', 'from_v_', 'to_v_']:
        s = re.sub(r'\b' + re.escape(name) + r'(?![A-Za-z0-9_])', name[:-1] + 'B_', s)
    s = re.sub(r'\brec0_v(\d)_', r'rec0B_v\1_', s)
    s = re.sub(r'\b(\w+?)_cv_', r'\1B_cv_', s)
    s = re.sub(r'\bs0\b', 's0B', s)
    s = re.sub(r'\bss\b', 'ssB', s)
    return s


while i < len(lines):
    line = lines[i]
    if line != head:
        out.append(line)
        i += 1
        continue
    # The loop's body, to its closing brace at this indent.
    j = i + 1
    while lines[j] != '          }':
        j += 1
    body = lines[i + 3:j]  # after the r_ line and the break
    def find(prefix, start=0):
        for k in range(start, len(body)):
            if body[k].strip().startswith(prefix):
                return k
        raise SystemExit('not found: ' + prefix)
    g = find('double& gosa')
    idx = body[:g]
    gosa_ref = body[g]
    ld0 = find('float4 rec0_v0_')
    cs = find('if constexpr (Carry_ && step_ < Steps) {', ld0)
    loads = body[ld0:cs]
    ce = cs
    depth = 0
    while True:
        depth += body[ce].count('{') - body[ce].count('}')
        ce += 1
        if depth == 0:
            break
    cstore = body[cs:ce]
    c25 = find('// himeno.spec.cpp:25', ce)
    c32 = find('// himeno.spec.cpp:32', c25)
    c33 = find('// himeno.spec.cpp:33', c32)
    compute = body[c25:c32]
    gosa = body[c32:c33]
    nxt = body[c33:]
    ind = '            '
    new = ['          for (int g_ = ty_; g_ < rows_ / 2; g_ += 4) {',
           ind + 'const int r_ = step_ * R1_ + 2 * g_;']
    new += idx + [ind + 'const int rB_ = r_ + 1;'] + [rename(l) for l in idx]
    new += [gosa_ref] + loads + [rename(l) for l in loads]
    new += compute + [rename(l) for l in compute]
    new += cstore + [rename(l) for l in cstore]
    new += gosa + [rename(l) for l in gosa]
    new += nxt + [rename(l) for l in nxt]
    new += ['          }']
    out += new
    i = j + 1
    done += 1
open(dst, 'w').write('\n'.join(out))
print('jam 2: %d inner loops' % done)
