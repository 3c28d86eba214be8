#!/usr/bin/env python3
"""test/diff/gen.py - random valid stencilc specs from a seed (stdlib only).

    gen.py SEED [--out SPEC.cpp] [--meta META.json] [--no-transcendental]

A spec holds 1-4 kernels named d<SEED>_k<I>. Every value is kept finite and
every integer operation free of overflow and division by zero by tracking a
bound on each expression's magnitude (normalising with % or fmin/fmax when it
grows), so that the plain C++ reference has no undefined behaviour. Beside
each kernel, hidden from stencilc by #ifndef __STENCILC__, the spec defines
its "abs twin" d<SEED>_k<I>_abs: the same body with every Sum and every
floating-point histogram accumulating |term| in double, which gives the
driver the sum of |terms| for the summation-order bound.

About a quarter of the kernels without histograms give some In grids
boundary rules (docs/dsl.md#boundary-conditions): one rule for every
dimension or Boundary<...> with one per dimension, Interior among them.
Reads along a ruled dimension never leave the grid, so they do not shrink
the region, and extents along dimensions where every read is ruled may be
smaller than the stencil (down to 1 point). The rules come from a random
stream of their own: --no-boundary gives the specs the seed gave before
rules were generated.

The metadata (JSON) tells the driver each kernel's parameters, the extents
to run it at (random odd), the region (the interior from the footprint of
the reads without a rule, which the generator knows), scalar values, and
whether the kernel calls a transcendental function (exp, log, pow, sin,
cos: CUDA's are not correctly rounded, so those kernels are reported apart).
"""
import argparse
import json
import random
import sys

INT, I64, FLT, DBL, BOOL = "int", "int64_t", "float", "double", "bool"
NUMERIC = [INT, I64, FLT, DBL]
FLOATS = [FLT, DBL]
# The bound above which an expression is normalised, per type.
LIM = {INT: 1e5, I64: 1e9, FLT: 1e5, DBL: 1e7}
INPUT_BOUND = {INT: 100, I64: 1000, FLT: 10.0, DBL: 10.0}
TRANSCENDENTAL = ("exp", "log", "pow", "sin", "cos")
# Boundary rules (Constant's value: an integer every element type holds
# exactly, within the inputs' bound).
RULES = ["Periodic", "Clamp", "Reflect", "Mirror", "Constant"]
CONSTANTS = [0, 1, -1, 7, -100]


def pick_rule(rr, rank):
    """A boundary rule for an In grid of the given rank: the per-dimension
    rules (Interior where a dimension has none) and the template argument
    that spells them (one rule, or Boundary<...> with at least one that is
    not Interior)."""
    def one():
        e = rr.choice(RULES)
        return "Constant<%d>" % rr.choice(CONSTANTS) if e == "Constant" else e
    if rr.random() < 0.5:
        e = one()
        return [e] * rank, e
    while True:
        dims = [one() if rr.random() < 0.6 else "Interior" for _ in range(rank)]
        if any(d != "Interior" for d in dims):
            return dims, "Boundary<%s>" % ", ".join(dims)


def give_rules(rr, params, p_kernel, p_grid):
    """With probability p_kernel, each In grid gets a rule with probability
    p_grid (at least one grid does)."""
    grids = [p for p in params if p["kind"] == "in"]
    if not grids or rr.random() >= p_kernel:
        return
    chosen = [g for g in grids if rr.random() < p_grid] or [rr.choice(grids)]
    for g in chosen:
        g["rule"], g["rule_text"] = pick_rule(rr, g["rank"])


def lit(ty, v):
    if ty == FLT:
        return repr(float(v)) + "f"
    if ty == DBL:
        return repr(float(v))
    if ty == I64:
        return "int64_t(%d)" % int(v)
    if ty == BOOL:
        return "true" if v else "false"
    return str(int(v))


class E:
    """An expression: C++ text, type, bound on |value|."""

    def __init__(self, text, ty, bound):
        self.text, self.ty, self.bound = text, ty, float(bound)


class Kernel:
    def __init__(self, g, name, rank, allow_transc):
        self.g, self.r = g, g.r
        self.name, self.rank = name, rank
        self.allow_transc = allow_transc
        self.uses_transc = False
        self.params = []  # dicts, in declaration order
        # footprint of the reads without a boundary rule: most negative
        # offset (as a positive number) and most positive, per dimension
        self.lo = [0] * rank
        self.hi = [0] * rank
        self.ruled = [False] * rank  # some read along d follows a rule
        self.locals = []  # (name, type), in scope
        self.loopvars = []  # (name, lo, hi) of enclosing unrolled loops
        self.nlocal = 0
        self.far = None  # (dim, magnitude) of a far read, if any
        self.sum_mult = {}  # sum/histogram name -> updates per point (max)

    # ---- parameters -------------------------------------------------------
    def by_kind(self, *kinds):
        return [p for p in self.params if p["kind"] in kinds]

    def add_param(self, **p):
        self.params.append(p)
        return p

    def footprint(self, g, d, omin, omax):
        """Counts a read of grid g at offsets omin..omax along dimension d:
        in the region's footprint unless g has a rule along d."""
        if g.get("rule", ["Interior"] * self.rank)[d] != "Interior":
            self.ruled[d] = self.ruled[d] or omin != 0 or omax != 0
            return
        self.lo[d] = max(self.lo[d], -omin)
        self.hi[d] = max(self.hi[d], omax)

    # ---- expressions ------------------------------------------------------
    def norm(self, e):
        """Brings e's bound under LIM[e.ty]."""
        if e.ty == BOOL or e.bound <= LIM[e.ty]:
            return e
        return self.squash(e)

    def squash(self, e, to=None):
        r = self.r
        if e.ty in (INT, I64):
            m = int(to or r.choice([97, 1000, 9973]))
            return E("((%s) %% %s)" % (e.text, lit(e.ty, m)), e.ty, m - 1)
        b = to or r.choice([10.0, 100.0, 1000.0])
        if r.random() < 0.5:
            return E("stencil::fmin(stencil::fmax(%s, %s), %s)" % (e.text, lit(e.ty, -b), lit(e.ty, b)), e.ty, b)
        # x / (|x| + 1) * b: bounded by b, no zero divisor
        return E("((%s) / (fabs(%s) + %s) * %s)" % (e.text, e.text, lit(e.ty, 1), lit(e.ty, b)),
                 e.ty, b)

    def cast(self, e, ty):
        if e.ty == ty:
            return e
        if ty in (INT, I64) and e.ty in FLOATS and e.bound > 2e9:
            e = self.squash(e, 1e6)
        if ty == INT and e.ty == I64 and e.bound > 2e9:
            e = self.squash(e, 9973)
        form = self.r.choice(["%s(%s)", "static_cast<%s>(%s)", "(%s)(%s)"])
        b = 1 if ty == BOOL else e.bound + 1
        return E(form % (ty, e.text), ty, b)

    def grid_read(self, ty):
        r = self.r
        grids = self.by_kind("in", "inout")
        if not grids:
            return None
        g = r.choice(grids)
        if g["kind"] == "inout" or g.get("centre_only"):
            e = E("%s()" % g["name"], g["type"], g.get("bound", INPUT_BOUND[g["type"]]))
        else:
            offs = []
            rad = g.get("radius")  # a sweep's state: offsets up to its radius
            for d in range(self.rank):
                lv = [v for v in self.loopvars if v[2] - v[1] <= 4]
                if rad is not None:
                    o = r.choice([0, 0] + list(range(-rad, rad + 1)))
                    text, omin, omax = str(o), o, o
                elif lv and r.random() < 0.25:
                    v = r.choice(lv)
                    c = r.randint(-1, 1)
                    text = "%s%s" % (v[0], "" if c == 0 else "%+d" % c)
                    omin, omax = v[1] + c, v[2] + c
                elif self.far and self.far[0] == d and r.random() < 0.3:
                    o = r.choice([-1, 1]) * self.far[1]
                    text, omin, omax = str(o), o, o
                else:
                    o = r.choice([0, 0, 0, -1, 1, -1, 1, -2, 2, -3, 3])
                    text, omin, omax = str(o), o, o
                offs.append(text)
                self.footprint(g, d, omin, omax)
            if all(o == "0" for o in offs) and r.random() < 0.5:
                offs = []
            e = E("%s(%s)" % (g["name"], ", ".join(offs)), g["type"], INPUT_BOUND[g["type"]])
        return self.cast(e, ty)

    def leaf(self, ty):
        r = self.r
        for _ in range(8):
            k = r.random()
            if k < 0.45:
                e = self.grid_read(ty)
                if e:
                    return e
            elif k < 0.6:
                loc = [l for l in self.locals]
                if loc:
                    n, lty = r.choice(loc)[:2]
                    return self.cast(E(n, lty, LIM[lty] if lty != BOOL else 1), ty)
            elif k < 0.7:
                sc = [p for p in self.by_kind("scalar") if p["type"] != BOOL]
                if sc:
                    p = r.choice(sc)
                    return self.cast(E(p["name"], p["type"], abs(p["value"])), ty)
            elif k < 0.78:
                d = r.randrange(self.rank)
                return self.cast(E("index(%d)" % d, INT, 1 << 21), ty)
            elif k < 0.83 and self.loopvars:
                v = r.choice(self.loopvars)
                return self.cast(E(v[0], INT, max(abs(v[1]), abs(v[2]))), ty)
            else:
                if ty in FLOATS:
                    v = r.choice([0.5, 0.25, 1.5, 2.0, 3.0, 0.1, 0.75, 1e-3, 7.0])
                    return E(lit(ty, v), ty, v)
                v = r.randint(1, 9)
                return E(lit(ty, v), ty, v)
        v = 1
        return E(lit(ty, v), ty, v)

    def cond(self, depth):
        r = self.r
        k = r.random()
        bp = [p for p in self.by_kind("scalar") if p["type"] == BOOL]
        if depth <= 0 or k < 0.6:
            if bp and r.random() < 0.2:
                return E(r.choice(bp)["name"], BOOL, 1)
            ty = r.choice(NUMERIC)
            a, b = self.expr(ty, depth - 1), self.expr(ty, depth - 1)
            op = r.choice(["<", "<=", ">", ">=", "==", "!="])
            return E("(%s %s %s)" % (a.text, op, b.text), BOOL, 1)
        if k < 0.7:
            return E("!%s" % self.cond(depth - 1).text, BOOL, 1)
        op = r.choice(["&&", "||"])
        return E("(%s %s %s)" % (self.cond(depth - 1).text, op, self.cond(depth - 1).text), BOOL, 1)

    def expr(self, ty, depth):
        if ty == BOOL:
            return self.cond(depth)
        return self.norm(self._expr(ty, depth))

    def _expr(self, ty, depth):
        r = self.r
        if depth <= 0 or r.random() < 0.25:
            return self.leaf(ty)
        k = r.random()
        sub = lambda: self.expr(ty, depth - 1)
        if k < 0.3:  # + - *
            op = r.choice(["+", "-", "*"])
            a, b = sub(), sub()
            if op == "*":
                cap = 4e4 if ty == INT else (2e9 if ty == I64 else 1e18)
                if a.bound * b.bound > cap * cap / 1e4 and ty in (INT, I64):
                    a, b = self.squash(a, 97), self.squash(b, 97)
                return E("(%s * %s)" % (a.text, b.text), ty, a.bound * b.bound)
            return E("(%s %s %s)" % (a.text, op, b.text), ty, a.bound + b.bound)
        if k < 0.4:  # division: by a scalar (hoist-division's pattern) or by |x| + 1
            a = sub()
            sc = [p for p in self.by_kind("scalar") if p["type"] == ty]
            if sc and r.random() < 0.6:
                p = r.choice(sc)
                return E("(%s / %s)" % (a.text, p["name"]), ty, a.bound / min(abs(p["value"]), 1.0) + 1)
            b = sub()
            absf = "fabs" if ty in FLOATS else "abs"
            return E("(%s / (%s(%s) + %s))" % (a.text, absf, b.text, lit(ty, 1)), ty, a.bound)
        if k < 0.45 and ty in (INT, I64):
            a, b = sub(), sub()
            sc = [p for p in self.by_kind("scalar") if p["type"] == ty]
            if sc and r.random() < 0.5:
                return E("(%s %% %s)" % (a.text, r.choice(sc)["name"]), ty, a.bound)
            return E("(%s %% (abs(%s) + %s))" % (a.text, b.text, lit(ty, 1)), ty, min(a.bound, b.bound + 1))
        if k < 0.5:
            a = sub()
            return E("(-%s)" % a.text, ty, a.bound)
        if k < 0.6:  # ?:
            c = self.cond(depth - 1)
            a, b = sub(), sub()
            return E("(%s ? %s : %s)" % (c.text, a.text, b.text), ty, max(a.bound, b.bound))
        if k < 0.68:  # min/max (fmin/fmax for floats)
            a, b = sub(), sub()
            f = r.choice(["min", "max"] + (["fmin", "fmax"] if ty in FLOATS else []))
            # The draw is made for fmin/fmax too, so that the stream is the
            # one the seeds gave when they were written std::fmin 1 time in
            # 5: the DSL's fmin/fmax are spelt stencil:: (C's leave the sign
            # of fmin(-0.0, +0.0) to the library; docs/dsl.md, the body).
            std = r.random() < 0.2
            if f in ("fmin", "fmax"):
                f = "stencil::" + f
            elif std:
                f = "std::" + f
            return E("%s(%s, %s)" % (f, a.text, b.text), ty, max(a.bound, b.bound))
        if k < 0.73:  # a cast from another type
            other = r.choice([t for t in NUMERIC + [BOOL] if t != ty])
            return self.cast(self.expr(other, depth - 1), ty)
        if ty in (INT, I64):
            a = sub()
            if r.random() < 0.5:
                return E("abs(%s)" % a.text, ty, a.bound)
            # an integer from a floating-point computation
            f = self.expr(r.choice(FLOATS), depth - 1)
            g = r.choice(["floor", "ceil"])
            return self.cast(E("%s(%s)" % (g, f.text), f.ty, f.bound + 1), ty)
        return self.math(ty, depth)

    def math(self, ty, depth):
        r = self.r
        a = self.expr(ty, depth - 1)
        one = lit(ty, 1)
        choices = ["sqrt", "fabs", "floor", "ceil", "abs"]
        if self.allow_transc:
            choices += ["exp", "log", "pow", "sin", "cos"]
        f = r.choice(choices)
        if f in TRANSCENDENTAL:
            self.uses_transc = True
        if f == "sqrt":
            return E("sqrt(fabs(%s) + %s)" % (a.text, one), ty, a.bound ** 0.5 + 1)
        if f in ("fabs", "abs"):
            return E("%s(%s)" % (f, a.text), ty, a.bound)
        if f in ("floor", "ceil"):
            return E("%s(%s)" % (f, a.text), ty, a.bound + 1)
        if f == "exp":
            return E("exp(stencil::fmin(stencil::fmax(%s, %s), %s))" % (a.text, lit(ty, -10), lit(ty, 10)), ty, 22027)
        if f == "log":
            return E("log(fabs(%s) + %s)" % (a.text, one), ty, a.bound ** 0.5 + 20)
        if f == "pow":
            if a.bound > 100:
                a = self.squash(a, 100)
            c = r.choice([0.5, 1.5, 2.0, 3.0, -1.0])
            return E("pow(fabs(%s) + %s, %s)" % (a.text, one, lit(ty, c)), ty, (a.bound + 1) ** max(c, 0) + 1)
        return E("%s(%s)" % (f, a.text), ty, 1)

    # ---- statements -------------------------------------------------------
    def new_local(self):
        self.nlocal += 1
        return "v%d" % self.nlocal

    def block(self, depth, nstmts, ind):
        out = []
        saved = len(self.locals)
        for _ in range(nstmts):
            out += self.stmt(depth, ind)
        del self.locals[saved:]
        return out

    def update_mult(self, name):
        m = 1
        for v in self.loopvars:
            m *= v[3]
        self.sum_mult[name] = self.sum_mult.get(name, 0) + m

    def stmt(self, depth, ind):
        r = self.r
        pad = "  " * ind
        k = r.random()
        if k < 0.3 or (k < 0.45 and not [l for l in self.locals if len(l) == 2]):
            ty = r.choice(NUMERIC + [BOOL])
            e = self.expr(ty, 3)
            if ty != BOOL and e.bound > LIM[ty]:
                e = self.squash(e)
            n = self.new_local()
            const = r.random() < 0.2
            self.locals.append((n, ty) if not const else (n, ty, "const"))
            decl = ("const " if const else "") + ty
            return ["%s%s %s = %s;" % (pad, decl, n, e.text)]
        if k < 0.45 and [l for l in self.locals if len(l) == 2]:  # (compound) assignment to a local
            n, ty = r.choice([l for l in self.locals if len(l) == 2])
            if ty == BOOL:
                return ["%s%s = %s;" % (pad, n, self.cond(2).text)]
            ops = ["=", "+=", "-=", "*=", "/=", "++", "--"] + (["%="] if ty in (INT, I64) else [])
            op = r.choice(ops)
            lines = []
            if op == "=":
                e = self.expr(ty, 3)
                if e.bound > LIM[ty]:
                    e = self.squash(e)
                lines.append("%s%s = %s;" % (pad, n, e.text))
            elif op in ("++", "--"):
                lines.append("%s%s%s;" % (pad, n, op) if r.random() < 0.5 else "%s%s%s;" % (pad, op, n))
            elif op in ("/=", "%="):
                e = self.expr(ty, 2)
                absf = "fabs" if ty in FLOATS else "abs"
                lines.append("%s%s %s (%s(%s) + %s);" % (pad, n, op, absf, e.text, lit(ty, 1)))
            else:
                e = self.squash(self.expr(ty, 2), 97) if op == "*=" else self.expr(ty, 2)
                if op == "*=" and ty in FLOATS:
                    e = E(e.text, ty, 97)
                lines.append("%s%s %s %s;" % (pad, n, op, e.text))
            # back under the local's bound
            lines.append("%s%s = %s;" % (pad, n, self.squash(E(n, ty, 2 * LIM[ty]),
                                                             LIM[ty] / 10).text))
            return lines
        if k < 0.6 and depth > 0:  # if / else
            c = self.cond(2)
            lines = ["%sif (%s) {" % (pad, c.text)]
            lines += self.block(depth - 1, r.randint(1, 3), ind + 1)
            if r.random() < 0.6:
                lines.append("%s} else {" % pad)
                lines += self.block(depth - 1, r.randint(1, 3), ind + 1)
            lines.append("%s}" % pad)
            return lines
        if k < 0.7 and depth > 0 and len(self.loopvars) < 2:  # unrolled loop
            v = "i%d" % (len(self.loopvars))
            a = r.randint(-2, 1)
            step = r.choice([1, 1, 2])
            trip = r.randint(1, 4)
            b = a + step * trip  # exclusive
            last = a + step * (trip - 1)
            inc = "++%s" % v if step == 1 else "%s += %d" % (v, step)
            cmp_ = "%s < %d" % (v, b) if r.random() < 0.5 else "%s <= %d" % (v, last)
            self.loopvars.append((v, a, last, trip))
            lines = ["%sfor (int %s = %d; %s; %s) {" % (pad, v, a, cmp_, inc)]
            lines += self.block(depth - 1, r.randint(1, 3), ind + 1)
            lines.append("%s}" % pad)
            self.loopvars.pop()
            return lines
        # a reduction or histogram update, or an InOut write
        cands = self.by_kind("sum", "max", "min", "hist", "inout")
        if not cands:
            return []
        p = r.choice(cands)
        return self.update(p, pad)

    def update(self, p, pad):
        r = self.r
        ty = p["type"]
        if p["kind"] == "inout":
            e = self.cast(self.expr(ty, 3), ty)
            if e.bound > p["bound"]:
                e = self.squash(e, p["bound"])
            return ["%s%s() = %s;" % (pad, p["name"], e.text)]
        if p["kind"] == "sum":
            ety = r.choice([ty, ty, r.choice(NUMERIC)])
            e = self.expr(ety, 3)
            if ty in (INT, I64) and e.bound > 1000:
                e = self.squash(e, 1000)
            self.update_mult(p["name"])
            return ["%s%s += %s;" % (pad, p["name"], e.text)]
        if p["kind"] in ("max", "min"):
            e = self.cast(self.expr(ty, 3), ty)
            f = "max" if p["kind"] == "max" else "min"
            if ty == DBL and r.random() < 0.4:
                f = "f" + f
            args = (p["name"], e.text) if r.random() < 0.5 else (e.text, p["name"])
            return ["%s%s = %s(%s, %s);" % (pad, p["name"], f, args[0], args[1])]
        # histogram: a computed bin clamped into [0, nbins)
        nb = p["nbins_param"]
        k = r.random()
        if k < 0.35:
            # the radial histogram: int(r / rmax * nbins)
            fty = r.choice(FLOATS)
            x = self.squash(self.expr(fty, 2), 10.0)
            y = self.squash(self.expr(fty, 2), 10.0)
            sp = [q for q in self.by_kind("scalar") if q["type"] == fty and q.get("positive")]
            rmax = sp[0]["name"] if sp else lit(fty, 15.0)
            bin_ = "min(int(sqrt(%s * %s + %s * %s) / %s * %s), %s - 1)" % (
                x.text, x.text, y.text, y.text, rmax, nb, nb)
            bin_ = "max(%s, 0)" % bin_
        elif k < 0.7:
            fty = r.choice(FLOATS)
            f = self.squash(self.expr(fty, 2), 1000.0)
            bin_ = "min(max(int(floor(%s)), 0), %s - 1)" % (f.text, nb)
        else:
            i = self.expr(INT, 2)
            bin_ = "abs(%s) %% %s" % (i.text, nb)
        if ty in (INT, I64) or p["exact"]:
            w = self.squash(self.expr(INT, 2), 5)
            w = self.cast(w, ty)
        else:
            w = self.cast(self.squash(self.expr(r.choice(FLOATS), 2), 100.0), ty)
        self.update_mult(p["name"])
        return ["%s%s[%s] += %s;" % (pad, p["name"], bin_, w.text)]


class Gen:
    def __init__(self, seed, allow_transc=True, sweeps=True, boundary=True, branch_stores=True,
                 sweep_rules=False):
        self.seed = seed
        self.sweep_rules = sweep_rules
        self.r = random.Random(seed * 7919 + 17)
        self.allow_transc = allow_transc
        self.sweeps = sweeps
        self.boundary = boundary
        self.branch_stores = branch_stores

    def rules(self, idx, params, p_kernel, p_grid):
        """Boundary rules for kernel idx's In grids (give_rules), from a
        random stream of the seed and kernel alone, so that the rest of the
        spec is what the seed gave without rules. None in kernels with
        histograms (stencilc refuses them there)."""
        if not self.boundary or any(p["kind"] == "hist" for p in params):
            return
        give_rules(random.Random(self.seed * 15485863 + 31 * idx + 7), params, p_kernel, p_grid)

    def kernel(self, idx):
        r = self.r
        rank = r.choice([1, 2, 2, 3, 3])
        name = "d%d_k%d" % (self.seed, idx)
        k = Kernel(self, name, rank, self.allow_transc and r.random() < 0.3)
        if rank < 3 and r.random() < 0.06:
            k.far = (r.randrange(rank), r.choice([1048576, r.randint(100, 1048576)]))
        np_ = 0

        def pname(prefix):
            nonlocal np_
            np_ += 1
            return "%s%d" % (prefix, np_)

        params = []
        for _ in range(r.randint(1, 3)):
            params.append(dict(kind="in", type=r.choice(NUMERIC), name=pname("a")))
        for _ in range(r.randint(0, 2)):
            params.append(dict(kind="out", type=r.choice(NUMERIC), name=pname("u")))
        if r.random() < 0.4:
            t = r.choice(NUMERIC)
            params.append(dict(kind="inout", type=t, name=pname("q"), bound=INPUT_BOUND[t] * 10))
        self.reductions(params, pname)
        hists = r.choice([0, 0, 1, 2])
        for _ in range(hists):
            t = r.choice(NUMERIC)
            n = pname("h")
            params.append(dict(kind="hist", type=t, name=n, bins=r.choice([1, 3, 7, 10, 33, 100, 257, 1000]),
                               exact=(t in (INT, I64)) or r.random() < 0.5, nbins_param="nb_" + n[1:]))
        if not any(p["kind"] in ("out", "inout", "sum", "max", "min", "hist") for p in params):
            t = r.choice(NUMERIC)
            params.append(dict(kind="out", type=t, name=pname("u")))
        r.shuffle(params)
        for p in params:
            p["rank"] = rank
        self.rules(idx, params, 0.25, 0.6)
        # scalars: a histogram's bin count, positive rmax-style divisors, others
        for p in list(params):
            if p["kind"] == "hist":
                params.append(dict(kind="scalar", type=INT, name=p["nbins_param"], value=p["bins"]))
        self.scalars(params, pname)
        k.params = params

        # body
        body = []
        ninit = r.randint(1, 5)
        for _ in range(ninit):
            body += k.stmt(2, 1)
        for p in params:  # every reduction / histogram / InOut gets at least one update
            if p["kind"] in ("sum", "max", "min", "hist", "inout"):
                body += k.update(p, "  ")
        for _ in range(r.randint(0, 3)):
            body += k.stmt(2, 1)
        for p in params:
            if p["kind"] == "out":
                e = k.cast(k.expr(p["type"], 4), p["type"])
                body.append("  %s() = %s;" % (p["name"], e.text))
        if r.random() < 0.1:
            body.append("  return;")
        k.body = body
        return k

    def reductions(self, params, pname):
        """0-3 Sum/Max/Min parameters, appended to params."""
        r = self.r
        for _ in range(r.randint(0, 3)):
            kind = r.choice(["sum", "sum", "max", "min"])
            t = r.choice(NUMERIC)
            acc = t
            if kind == "sum" and r.random() < 0.4:
                acc = {INT: r.choice([I64, INT]), I64: I64, FLT: r.choice([DBL, FLT]), DBL: DBL}[t]
            params.append(dict(kind=kind, type=t, acc=acc, name=pname(kind[0])))

    def scalars(self, params, pname):
        """0-3 scalars of any type and maybe a positive floating one, appended
        to params; then which scalars are const."""
        r = self.r
        for _ in range(r.randint(0, 3)):
            t = r.choice(NUMERIC + [BOOL, FLT, DBL])
            if t == BOOL:
                v = r.random() < 0.5
            elif t in FLOATS:
                v = r.choice([1, -1]) * round(r.uniform(0.5, 4.0), 3)
                if r.random() < 0.3:
                    v = r.choice([3.0, 7.0, 0.3, 1.7, 10.0])  # 1/v inexact for most
            else:
                v = r.choice([1, -1]) * r.randint(1, 9)
            params.append(dict(kind="scalar", type=t, name=pname("s"), value=v,
                               positive=(t in FLOATS and v > 0)))
        if r.random() < 0.5:
            t = r.choice(FLOATS)
            params.append(dict(kind="scalar", type=t, name=pname("s"), value=r.choice([1.0, 2.5, 3.0, 7.0, 9.9]),
                               positive=True))
        for p in params:
            if p["kind"] == "scalar":
                p["const"] = r.random() < 0.2

    def sweep_kernel(self, name):
        """A ping-pong sweep (fuse-sweeps' pattern, docs/passes/fuse-sweeps.md):
        the state In grid `st`, read at two or more offsets, and the next state
        Out grid `nx` of its type, stored once at the end outside any if;
        0-2 other In grids, of other types (any offsets) or of the state's
        type read at the centre only (coefficients, which fusion carries),
        and in 40% of rank-2 and rank-3 sweeps 2-4 more such coefficients,
        each multiplying the state in the update (Himeno's pattern: a record);
        0-3 reductions; no InOut grid, no histogram, no transcendental
        function. The next state is squashed into the inputs' bound, so that
        every sweep starts from values the generator's bounds assume."""
        r = self.r
        rank = r.choice([1, 2, 2, 3, 3])
        if self.sweep_rules:
            rank = 2
        k = Kernel(self, name, rank, False)
        T = r.choice(NUMERIC)
        n = [0]

        def pname(prefix):
            n[0] += 1
            return "%s%d" % (prefix, n[0])

        state = dict(kind="in", type=T, name="st", radius=r.choice([1, 1, 1, 2, 3, 4]))
        params = [state]
        for _ in range(r.randint(0, 2)):
            if r.random() < 0.5:
                params.append(dict(kind="in", type=T, name=pname("c"), centre_only=True))
            else:
                params.append(dict(kind="in", type=r.choice([t for t in NUMERIC if t != T]), name=pname("a")))
        # Himeno's pattern, in ranks 2 and 3: 2-4 grids of the state's type
        # read at the centre only, each a product with the state in the update,
        # so that merge-arrays packs them into a record that the fused kernel
        # reads and carries (fuse-sweeps' carriedRecords).
        coeffs = []
        if rank >= 2 and r.random() < 0.4:
            for _ in range(r.randint(2, 4)):
                coeffs.append(dict(kind="in", type=T, name=pname("c"), centre_only=True))
            params += coeffs
        params.append(dict(kind="out", type=T, name="nx"))
        self.reductions(params, pname)
        r.shuffle(params)
        for p in params:
            p["rank"] = rank
        # Rules: as for any kernel (fuse-sweeps refuses most: NAME_sweeps
        # then runs its loop, every point of a ruled dimension written), or
        # with --sweep-rules at rank 2 on the state alone, none periodic,
        # along every dimension: the sweeps fuse-sweeps fuses with their
        # rules (docs/passes/fuse-sweeps.md#boundary-rules).
        if self.sweep_rules and rank == 2 and self.boundary:
            rr = random.Random(self.seed * 15485863 + 31 * 1000 + 7)
            dims = []
            for _ in range(rank):
                e = rr.choice([x for x in RULES if x != "Periodic"])
                dims.append("Constant<%d>" % rr.choice(CONSTANTS) if e == "Constant" else e)
            state["rule"] = dims
            state["rule_text"] = dims[0] if dims[0] == dims[1] else "Boundary<%s>" % ", ".join(dims)
        else:
            self.rules(1000, params, 0.3, 0.7)
        self.scalars(params, pname)
        k.params = params
        body = []
        for _ in range(r.randint(1, 4)):
            body += k.stmt(2, 1)
        for p in params:
            if p["kind"] in ("sum", "max", "min"):
                body += k.update(p, "  ")
        for _ in range(r.randint(0, 2)):
            body += k.stmt(2, 1)
        # The state at two offsets, one of them off the centre, so that it is
        # the In grid of its type read at the most offsets.
        reads = []
        for centre in (False, r.random() < 0.5):
            offs = [0] * rank
            while not centre and not any(offs):
                offs = [r.randint(-state["radius"], state["radius"]) for _ in range(rank)]
            for d in range(rank):
                k.footprint(state, d, offs[d], offs[d])
            reads.append("st(%s)" % ", ".join(map(str, offs)))
        e = k.cast(k.expr(T, 3), T)
        total = E("((%s + %s) + %s)" % (reads[0], reads[1], e.text), T, 2 * INPUT_BOUND[T] + e.bound)
        for c in coeffs:
            total = E("(%s + %s() * %s)" % (total.text, c["name"], reads[0]), T,
                      total.bound + INPUT_BOUND[T] * INPUT_BOUND[T])
        body += self.store_next(k, T, k.squash(total, INPUT_BOUND[T]).text)
        k.body = body
        return k

    def store_next(self, k, T, value):
        """The sweep's store of its next state: `nx() = value;`, or (30%,
        when branch stores are on) stored on every path but in branches or
        twice, the shapes fuse-sweeps turns into one store of a local:
        if/else with another value in one branch, or a store then an if
        that stores again. Drawn from a random stream of its own (and the
        kernel's expressions from it meanwhile), so that without branch
        stores the spec is what the seed gave before."""
        br = random.Random(self.seed * 2750159 + 3)
        if not self.branch_stores or br.random() >= 0.3:
            return ["  nx() = %s;" % value]
        saved, k.r = k.r, br
        cond = k.cond(2).text
        other = k.squash(k.cast(k.expr(T, 2), T), INPUT_BOUND[T]).text
        k.r = saved
        if br.random() < 0.5:
            first, second = (value, other) if br.random() < 0.5 else (other, value)
            return ["  if (%s) {" % cond, "    nx() = %s;" % first, "  } else {",
                    "    nx() = %s;" % second, "  }"]
        return ["  nx() = %s;" % value, "  if (%s)" % cond, "    nx() = %s;" % other]

    def render_params(self, k, twin):
        out = []
        for p in k.params:
            t, kind = p["type"], p["kind"]
            if kind in ("in", "out", "inout"):
                rule = ", " + p["rule_text"] if "rule_text" in p else ""
                out.append("%s<%s, %d%s> %s" % ({"in": "In", "out": "Out", "inout": "InOut"}[kind], t, k.rank,
                                                rule, p["name"]))
            elif kind == "sum":
                if twin and t in FLOATS or twin and p["acc"] in FLOATS:
                    out.append("Sum<double, double> %s" % p["name"])
                elif p["acc"] != t:
                    out.append("Sum<%s, %s> %s" % (t, p["acc"], p["name"]))
                else:
                    out.append("Sum<%s> %s" % (t, p["name"]))
            elif kind in ("max", "min"):
                out.append("%s<%s> %s" % (kind.capitalize(), t, p["name"]))
            elif kind == "hist":
                tt = "double" if twin and t in FLOATS else t
                out.append("Histogram<%s> %s" % (tt, p["name"]))
            else:
                out.append("%s%s %s" % ("const " if p.get("const") else "", t, p["name"]))
        return ", ".join(out)

    def twin_body(self, k):
        """The body with each float Sum / float histogram update adding |term| in double."""
        floatsum = {p["name"] for p in k.params if p["kind"] == "sum" and (p["type"] in FLOATS or p["acc"] in FLOATS)}
        floathist = {p["name"] for p in k.params if p["kind"] == "hist" and p["type"] in FLOATS}
        out = []
        for line in k.body:
            s = line.strip()
            head = s.split(" ", 1)[0]
            if head in floatsum and s.startswith(head + " += "):
                e = s[len(head) + 4:-1]
                line = line[: len(line) - len(s)] + "%s += fabs(double(%s));" % (head, e)
            else:
                hn = s.split("[", 1)[0]
                if hn in floathist and "] += " in s:
                    i = s.rindex("] += ")
                    line = line[: len(line) - len(s)] + s[: i + 5] + "fabs(double(%s));" % s[i + 5:-1]
            out.append(line)
        return out

    def render(self, k):
        """Kernel k and, hidden from stencilc, its abs twin."""
        return (["STENCIL_KERNEL void %s(%s) {" % (k.name, self.render_params(k, False))] + k.body +
                ["}", "#ifndef __STENCILC__",
                 "inline void %s_abs(%s) {" % (k.name, self.render_params(k, True))] +
                self.twin_body(k) + ["}", "#endif", ""])

    def spec(self, nkernels=None):
        r = self.r
        n = nkernels or r.randint(1, 4)
        ks = [self.kernel(i) for i in range(n)]
        src = ["// generated by test/diff/gen.py, seed %d" % self.seed,
               "#include <stencil/stencil.hpp>", "using namespace stencil;", ""]
        metas = []
        for k in ks:
            src += self.render(k)
            metas.append(self.meta(k))
        # About a third of the specs end with a ping-pong sweep, run through
        # NAME_sweeps (test/diff/run). Its own random stream: the kernels
        # above are those the seed gave before sweeps were generated.
        sg = Gen(self.seed, False, True, self.boundary, self.branch_stores, self.sweep_rules)
        sg.r = random.Random(self.seed * 104729 + 5)
        # --sweep-rules: every spec ends with one, of rank 2 (sweep_kernel).
        if self.sweeps and (sg.r.random() < 0.35 or self.sweep_rules):
            k = sg.sweep_kernel("d%d_sw" % self.seed)
            src += self.render(k)
            metas.append(sg.meta(k, sweep=True))
        return "\n".join(src) + "\n", metas

    def meta(self, k, sweep=False):
        """The driver's view of kernel k. A sweep's grids are larger (several
        fused tiles along each dimension: 32 x 56 points at rank 2, chunks of
        planes of 4 x 28 at rank 3) and its metadata names the state and the
        next state."""
        r = self.r
        ext = []
        small = random.Random(self.seed * 49979687 + len(k.name) * 131 + k.rank)
        for d in range(k.rank):
            foot = k.lo[d] + k.hi[d]
            if sweep:
                w = {1: r.randint(1, 3001), 2: r.randint(1, 151), 3: r.randint(1, 41)}[k.rank]
            elif k.far is not None and foot >= 100:
                w = r.randint(1, 6)
            elif k.far is not None:
                w = r.randint(1, 4)
            else:
                w = {1: r.randint(1, 2001), 2: r.randint(1, 61), 3: r.randint(1, 15)}[k.rank]
            e = foot + w
            if e % 2 == 0:
                e += 1
            e = max(e, 5) | 1
            # Ruled reads along d and none without a rule: now and then a
            # grid smaller than the stencil (rules wrap or reflect again).
            if k.ruled[d] and foot == 0 and small.random() < 0.3:
                e = small.choice([1, 2, 3, 4])
            ext.append(e)
        m = dict(name=k.name, rank=k.rank, extents=ext, lo=k.lo, hi=k.hi, params=k.params,
                 transcendental=k.uses_transc, sum_mult=k.sum_mult,
                 boundary=any("rule" in p for p in k.params),
                 fill_seed=r.getrandbits(62))
        if sweep:
            m["sweep"] = dict(state="st", next="nx")
        return m


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("seed", type=int)
    ap.add_argument("--out")
    ap.add_argument("--meta")
    ap.add_argument("--no-transcendental", action="store_true")
    ap.add_argument("--no-sweeps", action="store_true")
    ap.add_argument("--no-boundary", action="store_true",
                    help="no boundary rules: the specs the seed gave before rules were generated")
    ap.add_argument("--no-branch-stores", action="store_true",
                    help="every sweep stores its next state once at the end, as before session 42")
    ap.add_argument("--sweep-rules", action="store_true",
                    help="every spec ends with a rank-2 sweep whose state alone has rules, none "
                         "periodic, along every dimension (the shape fuse-sweeps fuses since session 43)")
    a = ap.parse_args()
    text, meta = Gen(a.seed, not a.no_transcendental, not a.no_sweeps, not a.no_boundary,
                     not a.no_branch_stores, a.sweep_rules).spec()
    if a.out:
        open(a.out, "w").write(text)
    else:
        sys.stdout.write(text)
    if a.meta:
        json.dump(meta, open(a.meta, "w"), indent=1)


if __name__ == "__main__":
    main()
